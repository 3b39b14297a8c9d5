package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Frames and curvature, one thread per point ({@code dim = E * nMax}).
 *
 * <p>{@code tg_frame(center, nMax, count, tangent, normal, kappa)}: the unit tangent is the
 * central difference {@code (x_{i+1} - x_{i-1}) / |...|} (floored at 1e-8), the normal the left
 * normal {@code (-t_y, t_x)}, and {@code kappa} the unsigned Menger curvature through
 * (i-1, i, i+1). Padding slots get NaN.
 *
 * <p>Shapes: {@code center, tangent, normal: [E*nMax]} pairs; {@code kappa: [E*nMax]};
 * {@code count: [E]}.
 */
public final class FrameKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final FrameKernel INSTANCE = new FrameKernel();

    private FrameKernel() {
        super("tg_frame", PipelineKernels.PTX,
                KernelParam.vec2("center"), KernelParam.intValue("nMax"), KernelParam.i32("count"),
                KernelParam.vec2("tangent"), KernelParam.vec2("normal"), KernelParam.f32("kappa"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] c = a.vec2(0);
        int nMax = a.intValue(1);
        int[] count = a.i32(2);
        float[] tan = a.vec2(3);
        float[] nrm = a.vec2(4);
        float[] kappa = a.f32(5);
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            int cn = count[e];
            int realEnd = Math.min(envEnd, b + cn);
            for (; t < realEnd; t++) {
                int i = t - b;
                int in = b + (i + 1 == cn ? 0 : i + 1);
                int ip = b + (i == 0 ? cn - 1 : i - 1);
                float xp = c[2 * ip];
                float yp = c[2 * ip + 1];
                float xn = c[2 * in];
                float yn = c[2 * in + 1];
                float dx = xn - xp;
                float dy = yn - yp;
                float inv = 1.0f / Math.max(Geometry.length(dx, dy), 1.0e-8f);
                float tx = dx * inv;
                float ty = dy * inv;
                tan[2 * t] = tx;
                tan[2 * t + 1] = ty;
                nrm[2 * t] = -ty;
                nrm[2 * t + 1] = tx;
                kappa[t] = Geometry.menger(xp, yp, c[2 * t], c[2 * t + 1], xn, yn);
            }
            for (; t < envEnd; t++) {
                tan[2 * t] = Float.NaN;
                tan[2 * t + 1] = Float.NaN;
                nrm[2 * t] = Float.NaN;
                nrm[2 * t + 1] = Float.NaN;
                kappa[t] = Float.NaN;
            }
        }
    }
}
