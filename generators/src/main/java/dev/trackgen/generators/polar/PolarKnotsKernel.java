package dev.trackgen.generators.polar;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
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
public final class PolarKnotsKernel extends PolarKnotsKernelBase {
    /** Smallest knot radius, relative to the working radius 1. */
    public static final float MIN_RADIUS = 0.1f;

    /** The kernel instance. */
    public static final PolarKnotsKernel INSTANCE = new PolarKnotsKernel();

    private PolarKnotsKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_POLAR)
    interface Signature {
        void tg_polar_knots(@In I32Array seeds, int K, float radialJitter, float angularJitter, @Out Vec2Array knots);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        int[] seeds = a.seeds();
        int k = a.K();
        float radial = a.radialJitter();
        float angular = a.angularJitter();
        float[] knots = a.knots();
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
