package dev.trackgen.generators.polar;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Polar control knots, one thread per knot ({@code dim = E * K}).
 *
 * <p>{@code tg_polar_knots(seeds, K, radialJitter, angularJitter, knots)}: knot {@code i} of env
 * {@code e} lies at angle {@code theta_i = 2 pi (i + a_i) / K} and radius
 * {@code r_i = max(1 + d_i, 0.1)}, with {@code d_i = (2 u_{2i} - 1) * radialJitter} and
 * {@code a_i = (2 u_{2i+1} - 1) * angularJitter}, {@code u_j} draw {@code j} of the seed's
 * {@link GeneratorKernels#STREAM_POLAR_KNOTS} stream. With {@code angularJitter < 0.5} the index order
 * is the angular order, so the knots form a star-shaped loop without sorting.
 *
 * <p>Shapes: {@code seeds: [E]}; {@code knots: [E*K]} pairs.
 */
public final class PolarKnotsKernel extends AbstractKernel {
    /** Smallest knot radius, relative to the working radius 1. */
    public static final float MIN_RADIUS = 0.1f;

    /** The kernel instance. */
    public static final PolarKnotsKernel INSTANCE = new PolarKnotsKernel();

    private PolarKnotsKernel() {
        super("tg_polar_knots", GeneratorKernels.PTX_POLAR,
                KernelParam.i32("seeds"), KernelParam.intValue("K"), KernelParam.floatValue("radialJitter"),
                KernelParam.floatValue("angularJitter"), KernelParam.vec2("knots"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] seeds = a.i32(0);
        int k = a.intValue(1);
        float radial = a.floatValue(2);
        float angular = a.floatValue(3);
        float[] knots = a.vec2(4);
        for (int t = begin; t < end; t++) {
            int e = t / k;
            int i = t - e * k;
            int seed = seeds[e];
            float d = (2f * CounterRng.uniform(seed, GeneratorKernels.STREAM_POLAR_KNOTS, 2 * i) - 1f) * radial;
            float da = (2f * CounterRng.uniform(seed, GeneratorKernels.STREAM_POLAR_KNOTS, 2 * i + 1) - 1f) * angular;
            float r = Math.max(1f + d, MIN_RADIUS);
            double theta = 2.0 * Math.PI * (i + da) / k;
            knots[2 * t] = r * (float) Math.cos(theta);
            knots[2 * t + 1] = r * (float) Math.sin(theta);
        }
    }
}
