package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
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
public final class CheckpointSampleKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final CheckpointSampleKernel INSTANCE = new CheckpointSampleKernel();

    private CheckpointSampleKernel() {
        super("tg_checkpoint_sample", GeneratorKernels.PTX_CHECKPOINT,
                KernelParam.i32("seeds"), KernelParam.intValue("K"), KernelParam.intValue("C"),
                KernelParam.floatValue("radiusMinFrac"), KernelParam.floatValue("angleJitter"),
                KernelParam.vec2("checkpoints"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] seeds = a.i32(0);
        int k = a.intValue(1);
        int c = a.intValue(2);
        float rmin = a.floatValue(3);
        float jitter = a.floatValue(4);
        float[] out = a.vec2(5);
        double sigma = 2.0 * Math.PI / c;
        for (int t = begin; t < end; t++) {
            int slot = t / c;
            int ci = t - slot * c;
            int e = slot / k;
            int cand = slot - e * k;
            int seed = seeds[e];
            int d = 2 * c * cand + 2 * ci;
            float ua = CounterRng.uniform(seed, GeneratorKernels.STREAM_CHECKPOINTS, d);
            float ur = CounterRng.uniform(seed, GeneratorKernels.STREAM_CHECKPOINTS, d + 1);
            double ang = ci * sigma + (2f * ua - 1f) * jitter * sigma;
            float r = rmin + ur * (1f - rmin);
            out[2 * t] = r * (float) Math.cos(ang);
            out[2 * t + 1] = r * (float) Math.sin(ang);
        }
    }
}
