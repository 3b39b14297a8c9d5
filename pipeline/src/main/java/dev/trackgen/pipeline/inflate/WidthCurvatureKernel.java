package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * The curvature width profile, one thread per slot ({@code dim = E * nMax}): wider at tight
 * corners, narrower on straights and fast sweeps (knob {@code width_profile = curvature}).
 *
 * <p>{@code tg_width_curvature(center, nMax, count, wMin, wMax, cornerRadius, window, left, right)}:
 * real point {@code k} of env {@code e} averages the Menger curvature of the points
 * {@code k - m .. k + m} of its closed centerline ({@code m = min(window, (count - 1) / 2)},
 * summed in that order) into {@code kbar}, and gets
 * {@code w = wMin + (wMax - wMin) * min(1, kbar * cornerRadius)} on both sides; slots past the
 * count get NaN. A corner of radius {@code cornerRadius} or tighter is thus at {@code wMax}, a
 * straight at {@code wMin}, and the width changes no faster than the averaged curvature.
 *
 * <p>Shapes: {@code center: [E*nMax]} pairs; {@code left, right: [E*nMax]} floats, world
 * units; {@code count: [E]}. {@code window} is in points ({@code round(width_smoothness /
 * spacing)}).
 */
public final class WidthCurvatureKernel extends WidthCurvatureKernelBase {
    /** The kernel instance. */
    public static final WidthCurvatureKernel INSTANCE = new WidthCurvatureKernel();

    private WidthCurvatureKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_width_curvature(@In Vec2Array center, int nMax, @In I32Array count, float wMin, float wMax,
                float cornerRadius, int window, @Out F32Array left, @Out F32Array right);
    }

    @Override
    protected void run(int begin, int end, float[] c, int nMax, int[] count, float wMin, float wMax,
                       float cornerRadius, int window, float[] left, float[] right) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            curvatureEnv(c, b, count[e], wMin, wMax, cornerRadius, window, left, right, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for slots {@code [from, to)} of the env whose rows start at {@code b} ({@code cn}
     * real points). Shared by this kernel and the fused host inflation.
     */
    static void curvatureEnv(float[] c, int b, int cn, float wMin, float wMax, float cornerRadius, int window,
                             float[] left, float[] right, int from, int to) {
        int realEnd = Math.min(to, b + cn);
        int m = Math.min(window, (cn - 1) / 2);
        float inv = 1f / (float) (2 * m + 1);
        int t = from;
        for (; t < realEnd; t++) {
            int k = t - b;
            float sum = 0f;
            for (int j = k - m; j <= k + m; j++) {
                int i = j < 0 ? j + cn : (j >= cn ? j - cn : j);
                int p = i == 0 ? cn - 1 : i - 1;
                int n = i + 1 == cn ? 0 : i + 1;
                sum += Geometry.menger(c[2 * (b + p)], c[2 * (b + p) + 1], c[2 * (b + i)], c[2 * (b + i) + 1],
                        c[2 * (b + n)], c[2 * (b + n) + 1]);
            }
            float f = Math.min(1f, sum * inv * cornerRadius);
            float w = wMin + (wMax - wMin) * f;
            left[t] = w;
            right[t] = w;
        }
        for (; t < to; t++) {
            left[t] = Float.NaN;
            right[t] = Float.NaN;
        }
    }
}
