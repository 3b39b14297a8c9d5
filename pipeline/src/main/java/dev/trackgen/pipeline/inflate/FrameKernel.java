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
public final class FrameKernel extends FrameKernelBase {
    /** The kernel instance. */
    public static final FrameKernel INSTANCE = new FrameKernel();

    private FrameKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_frame(@In Vec2Array center, int nMax, @In I32Array count, @Out Vec2Array tangent,
                @Out Vec2Array normal, @Out F32Array kappa);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] c = a.center();
        int nMax = a.nMax();
        int[] count = a.count();
        float[] tan = a.tangent();
        float[] nrm = a.normal();
        float[] kappa = a.kappa();
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
