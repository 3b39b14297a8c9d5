package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Radial checkpoint rings, one thread per checkpoint of each candidate ({@code dim = E * K * C}).
 *
 * <p>{@code tg_checkpoint_sample(seeds, K, C, radiusMinFrac, angleJitter, checkpoints)}: checkpoint
 * {@code c} of candidate {@code k} of env {@code e} lies at angle
 * {@code sigma c + (2 u_a - 1) angleJitter sigma}, {@code sigma = 2 pi / C}, and radius
 * {@code f + u_r (1 - f)}, {@code f = radiusMinFrac} (outer radius 1), where
 * {@code u_a, u_r} are draws {@code 2C k + 2c} and {@code 2C k + 2c + 1} of the seed's
 * {@link GeneratorKernels#STREAM_CHECKPOINTS} stream: every candidate has its own block of draws,
 * so the {@code K} candidates are decorrelated.
 *
 * <p>Shapes: {@code seeds: [E]}; {@code checkpoints: [E*K*C]} pairs, candidate slot
 * {@code e*K + k} at {@code (e*K + k) * C}.
 */
public final class CheckpointSampleKernel extends CheckpointSampleKernelBase {
    /** The kernel instance. */
    public static final CheckpointSampleKernel INSTANCE = new CheckpointSampleKernel();

    private CheckpointSampleKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CHECKPOINT)
    interface Signature {
        void tg_checkpoint_sample(@In I32Array seeds, int K, int C, float radiusMinFrac, float angleJitter,
                @Out Vec2Array checkpoints);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int k, int c, float rmin, float jitter, float[] out) {
        double sigma = 2.0 * Math.PI / c;
        for (int t = begin; t < end; t++) {
            int slot = t / c;
            int ci = t - slot * c;
            int e = slot / k;
            sampleOne(seeds[e], slot - e * k, ci, c, sigma, rmin, jitter, out, t);
        }
    }

    /**
     * Checkpoint {@code ci} of candidate {@code cand} of the env with seed {@code seed}, into pair
     * {@code t} of {@code out}: this kernel's body for one thread, shared with
     * {@link CheckpointHostKernel}. {@code sigma = 2 pi / c} in double.
     */
    static void sampleOne(int seed, int cand, int ci, int c, double sigma, float rmin, float jitter, float[] out,
                          int t) {
        int d = 2 * c * cand + 2 * ci;
        float ua = CounterRng.uniform(seed, GeneratorKernels.STREAM_CHECKPOINTS, d);
        float ur = CounterRng.uniform(seed, GeneratorKernels.STREAM_CHECKPOINTS, d + 1);
        double ang = ci * sigma + (2f * ua - 1f) * jitter * sigma;
        float r = rmin + ur * (1f - rmin);
        out[2 * t] = r * (float) Math.cos(ang);
        out[2 * t + 1] = r * (float) Math.sin(ang);
    }
}
