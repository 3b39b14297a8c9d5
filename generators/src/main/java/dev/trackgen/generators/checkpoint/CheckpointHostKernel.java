package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.HostFusedKernel;
import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The checkpoint generator's candidates and best-of-K choice fused for host runtimes, one index
 * per environment ({@code dim = E}), Java body only: for one env at a time, the bodies of
 * {@link CheckpointSampleKernel}, {@link CheckpointSteerKernel} and {@link CheckpointCloseKernel}
 * for its {@code K} candidates, then (when {@code K > 1}) their crossing counts
 * ({@link SelfIntersectionsKernel} over {@code N} points each) and pinch flags
 * ({@link CheckpointClearanceKernel}), and {@link CheckpointSelectKernel}'s copy of the kept one.
 * Candidates are scored in order and the search stops early where the choice is already known:
 * after the first candidate of score 0 (no crossing, no pinch; no later one can beat it), and a
 * candidate's crossing count stops once it cannot score below the best so far (its pinch flag is
 * then not computed), so the kept candidate is the one the separate launches keep.
 * Checkpoints, paths, headings, candidates and box scratch
 * ({@code K * (2C + 5N)} values and the two kernels' box scratch for one polygon) are in buffers a launch chunk takes from
 * a {@link ScratchPool}, reused for every env, instead of {@code [E * K]} rows. Same arithmetic, so
 * the same output bit for bit; a runtime without Java bodies (CUDA) gets the separate launches.
 *
 * <p>{@code tg_checkpoint_host(seeds, K, C, radiusMinFrac, angleJitter, N, turnRate, steerGain,
 * lookahead, halfWidth, targetExtent, out)}; shapes: {@code seeds: [E]}; {@code out: [E*N]} pairs.
 */
final class CheckpointHostKernel extends CheckpointHostKernelBase implements HostFusedKernel {
    /** The kernel instance. */
    static final CheckpointHostKernel INSTANCE = new CheckpointHostKernel();
    private static final ScratchPool<Buffers> POOL = new ScratchPool<>(Buffers::new);

    private CheckpointHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_checkpoint_host(@In I32Array seeds, int K, int C, float radiusMinFrac, float angleJitter, int N,
                                float turnRate, float steerGain, float lookahead, float halfWidth,
                                float targetExtent, @Out Vec2Array out);
    }

    /** @return the sample, steer, close, fill, self-intersection, clearance and select kernels */
    @Override
    public List<Kernel> standsFor() {
        return List.of(CheckpointSampleKernel.INSTANCE, CheckpointSteerKernel.INSTANCE, CheckpointCloseKernel.INSTANCE,
                FillI32Kernel.INSTANCE, SelfIntersectionsKernel.INSTANCE, CheckpointClearanceKernel.INSTANCE,
                CheckpointSelectKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int k, int c, float rmin, float jitter, int n, float turn,
                       float gain, float look, float hw, float target, float[] out) {
        double sigma = 2.0 * Math.PI / c;
        Buffers b = POOL.acquire().fit(k, c, n);
        try {
            for (int e = begin; e < end; e++) {
                int seed = seeds[e];
                // CheckpointSelectKernel keeps the first candidate of the lowest score (2 * crossings
                // + thin): a later candidate must score strictly less, so a candidate that cannot
                // (its crossings alone reach the best score) stops counting, and a score of 0 ends
                // the search; the kept candidate and its points are the same as when all K are scored
                int best = 0;
                long bestScore = Long.MAX_VALUE;
                for (int cand = 0; cand < k && bestScore > 0; cand++) {
                    for (int ci = 0; ci < c; ci++) {
                        CheckpointSampleKernel.sampleOne(seed, cand, ci, c, sigma, rmin, jitter, b.checkpoints,
                                cand * c + ci);
                    }
                    CheckpointSteerKernel.steerSlot(b.checkpoints, cand * c, c, n, turn, gain, look, b.path, cand * n);
                    CheckpointCloseKernel.closeSlot(b.path, b.heading, b.cand, cand * n, n);
                    if (k == 1) {
                        break;
                    }
                    int cap = bestScore == Long.MAX_VALUE ? 0 : (int) ((bestScore + 1) / 2);
                    int cross = Crossings.count(b.cand, cand * n, n, b.boxes, 0, cap);
                    if (cap > 0 && cross >= cap) {
                        continue;
                    }
                    int thin = CheckpointClearanceKernel.thinSlot(b.cand, cand * n, n, hw, target,
                            b.clearanceBoxes, 0);
                    long score = CheckpointSelectKernel.score(cross, thin);
                    if (score < bestScore) {
                        bestScore = score;
                        best = cand;
                    }
                }
                System.arraycopy(b.cand, 2 * best * n, out, 2 * e * n, 2 * n);
            }
        } finally {
            POOL.release(b);
        }
    }

    /** One chunk's buffers, grown to the largest sizes seen, never shrunk. */
    private static final class Buffers {
        float[] checkpoints = new float[0];
        float[] path = new float[0];
        float[] heading = new float[0];
        float[] cand = new float[0];
        float[] boxes = new float[0];
        float[] clearanceBoxes = new float[0];

        Buffers fit(int k, int c, int n) {
            if (checkpoints.length < 2 * k * c) {
                checkpoints = new float[2 * k * c];
            }
            if (heading.length < k * n) {
                path = new float[2 * k * n];
                heading = new float[k * n];
                cand = new float[2 * k * n];
            }
            if (boxes.length < Crossings.boxFloats(n)) {
                boxes = new float[Crossings.boxFloats(n)];
            }
            if (clearanceBoxes.length < CheckpointClearanceKernel.boxFloats(n)) {
                clearanceBoxes = new float[CheckpointClearanceKernel.boxFloats(n)];
            }
            return this;
        }
    }
}
