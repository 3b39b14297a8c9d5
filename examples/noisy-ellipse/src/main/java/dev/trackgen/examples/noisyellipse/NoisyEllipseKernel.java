package dev.trackgen.examples.noisyellipse;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * {@code example_noisy_ellipse(seeds, noise, n, out)}, one thread per point
 * ({@code dim = E * n}); a Java body only (no CUDA module).
 *
 * <p>Per environment, from the seed's own stream: semi-major axis {@code a ~ U(0.75, 1)}, aspect
 * {@code b / a ~ U(0.6, 0.85)}, rotation {@code phi ~ U(0, 2 pi)}, and for harmonics
 * {@code k = 2, 3, 4} coefficients {@code c_k, s_k ~ U(-1, 1)} weighted {@code 1 / (k - 1)}.
 * Point {@code i} at {@code theta = 2 pi i / n} is
 * {@code R(phi) (a cos theta, b sin theta) (1 + noise f(theta))}, where {@code f} is the harmonic
 * sum scaled so that {@code |f| <= 1}: for {@code noise <= 0.5} the radius stays positive and the
 * loop simple (counter-clockwise).
 *
 * <p>Shapes: {@code seeds: [E]}, {@code out: [E * n]} points.
 *
 * <p>Declared once, by {@link Signature}: the annotation processor of {@code trackgen-codegen}
 * generates {@code NoisyEllipseKernelBase} (name, parameters, the typed binding {@code Args}).
 */
public final class NoisyEllipseKernel extends NoisyEllipseKernelBase {
    /** The kernel instance. */
    public static final NoisyEllipseKernel INSTANCE = new NoisyEllipseKernel();

    /** RNG stream of this plugin's draws (any constant distinct from the built-in ones). */
    static final int STREAM = 0x0E11_1753;

    /** Sum over k = 2..4 of sqrt(2) / (k - 1): the largest |harmonic sum| before scaling. */
    private static final float F_BOUND = (float) (Math.sqrt(2.0) * (1.0 + 1.0 / 2 + 1.0 / 3));
    private static final float TWO_PI = (float) (2 * Math.PI);

    private NoisyEllipseKernel() {
    }

    /** No {@code ptx}: a Java body only. */
    @KernelSignature
    interface Signature {
        void example_noisy_ellipse(@In I32Array seeds, float noise, int n, @Out Vec2Array out);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        int[] seeds = a.seeds();
        float noise = a.noise() / F_BOUND;
        int n = a.n();
        float[] out = a.out();
        // Walk the range env by env: the per-env draws are made once per env, not per point,
        // and held in locals so a launch allocates nothing.
        int t = begin;
        while (t < end) {
            int e = t / n;
            int envEnd = Math.min(end, (e + 1) * n);
            int seed = seeds[e];
            float major = CounterRng.uniform(seed, STREAM, 0, 0.75f, 1.0f);
            float minor = major * CounterRng.uniform(seed, STREAM, 1, 0.6f, 0.85f);
            float phi = CounterRng.uniform(seed, STREAM, 2, 0f, TWO_PI);
            float c2 = CounterRng.uniform(seed, STREAM, 3, -1f, 1f);
            float s2 = CounterRng.uniform(seed, STREAM, 4, -1f, 1f);
            float c3 = CounterRng.uniform(seed, STREAM, 5, -1f, 1f) / 2f;
            float s3 = CounterRng.uniform(seed, STREAM, 6, -1f, 1f) / 2f;
            float c4 = CounterRng.uniform(seed, STREAM, 7, -1f, 1f) / 3f;
            float s4 = CounterRng.uniform(seed, STREAM, 8, -1f, 1f) / 3f;
            float cosPhi = (float) Math.cos(phi);
            float sinPhi = (float) Math.sin(phi);
            for (; t < envEnd; t++) {
                float theta = TWO_PI * (t - e * n) / n;
                float f = c2 * (float) Math.cos(2 * theta) + s2 * (float) Math.sin(2 * theta)
                        + c3 * (float) Math.cos(3 * theta) + s3 * (float) Math.sin(3 * theta)
                        + c4 * (float) Math.cos(4 * theta) + s4 * (float) Math.sin(4 * theta);
                float r = 1f + noise * f;
                float x = major * (float) Math.cos(theta) * r;
                float y = minor * (float) Math.sin(theta) * r;
                out[2 * t] = cosPhi * x - sinPhi * y;
                out[2 * t + 1] = sinPhi * x + cosPhi * y;
            }
        }
    }
}
