package dev.trackgen.generators.circuit;

import dev.trackgen.api.kernel.HostFusedKernel;
import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The circuit generator's layouts and best-of-K choice fused for host runtimes, one index per
 * environment ({@code dim = E}), Java body only: for one env at a time, {@link CircuitLayoutKernel}'s
 * body for its {@code K} candidates in order, then {@link CircuitEmitKernel}'s sampling of the kept
 * one.
 *
 * <p>The emit keeps the first candidate of the lowest score, so a later candidate must score
 * strictly below the best so far. Each candidate is scored against that bound
 * ({@link CircuitLayoutKernel#candidate}): one with the turn penalty is not sampled when the best
 * has none, one whose shape term alone reaches the best is not scanned for contacts, and the
 * contact scan stops at the count that can no longer win (the first contact, when the best has
 * none). The kept candidate, and so the output, is the one the separate launches keep, bit for bit.
 * Pieces (the kept candidate's and the current one's), coarse points and boxes of one candidate
 * are in buffers a launch chunk takes from a {@link ScratchPool}, instead of {@code [E * K]} rows;
 * a runtime without Java bodies (CUDA) gets the two launches.
 *
 * <p>{@code tg_circuit_host(seeds, K, S, slotsLo, slotsHi, Nc, length, spread, rMin, rMax, share,
 * chicaneProb, clearance, hw, compactLo, compactHi, N, out)}: the layout kernel's arguments and
 * the emit's {@code N}; shapes: {@code seeds: [E]}; {@code out: [E*N]} pairs.
 */
final class CircuitHostKernel extends CircuitHostKernelBase implements HostFusedKernel {
    /** The kernel instance. */
    static final CircuitHostKernel INSTANCE = new CircuitHostKernel();
    private static final ScratchPool<Buffers> POOL = new ScratchPool<>(Buffers::new);

    private CircuitHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_circuit_host(@In I32Array seeds, int K, int S, int slotsLo, int slotsHi, int Nc, float length,
                             float spread, float rMin, float rMax, float share, float chicaneProb, float clearance,
                             float hw, float compactLo, float compactHi, int N, @Out Vec2Array out);
    }

    /** @return the layout and emit kernels */
    @Override
    public List<Kernel> standsFor() {
        return List.of(CircuitLayoutKernel.INSTANCE, CircuitEmitKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int kk, int slotsMax, int slotsLo, int slotsHi, int nc,
                       float length, float spread, float rMin, float rMax, float share, float chicaneProb,
                       float clearance, float hw, float compactLo, float compactHi, int n, float[] out) {
        int pieces = 8 * slotsMax;
        Buffers b = POOL.acquire().fit(pieces, nc);
        try {
            for (int e = begin; e < end; e++) {
                int seed = seeds[e];
                int kept = 0;
                int bestScore = Integer.MAX_VALUE;
                float len0 = 0.0f;
                int keptSlots = 0;
                for (int c = 0; c < kk; c++) {
                    // candidate c writes its pieces into the half of the buffer the kept one is not in
                    int half = c == 0 ? 0 : 1 - kept;
                    int sc = CircuitLayoutKernel.candidate(seed, c, slotsMax, slotsLo, slotsHi, nc, length, spread,
                            rMin, rMax, share, chicaneProb, clearance, hw, compactLo, compactHi, b.pieces,
                            half * pieces, b.coarse, 0, b.boxes, 0, b.info, 0, bestScore, b.disp);
                    if (c == 0) {
                        len0 = b.info[0];
                    }
                    if (sc < bestScore) {
                        bestScore = sc;
                        kept = half;
                        keptSlots = (int) b.info[1];
                    }
                }
                CircuitEmitKernel.emitEnv(b.pieces, kept * pieces, 8 * keptSlots, bestScore >= CircuitLayoutKernel.FAIL,
                        len0, rMin, rMax, n, out, e * n);
            }
        } finally {
            POOL.release(b);
        }
    }

    /** One chunk's buffers, grown to the largest sizes seen, never shrunk. */
    private static final class Buffers {
        float[] pieces = new float[0];
        float[] coarse = new float[0];
        float[] boxes = new float[0];
        float[] info = new float[2];
        double[] disp = new double[0];

        Buffers fit(int piecesPerCandidate, int nc) {
            if (disp.length < 2 * piecesPerCandidate) {
                pieces = new float[2 * 6 * piecesPerCandidate];
                disp = new double[2 * piecesPerCandidate];
            }
            if (coarse.length < 2 * nc) {
                coarse = new float[2 * nc];
                boxes = new float[4 * ((nc + CircuitLayoutKernel.CHUNK - 1) / CircuitLayoutKernel.CHUNK)];
            }
            return this;
        }
    }
}
