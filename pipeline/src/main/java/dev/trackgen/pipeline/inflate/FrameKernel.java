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
    protected void run(int begin, int end, float[] c, int nMax, int[] count, float[] tan, float[] nrm,
                       float[] kappa) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            frameEnv(c, b, count[e], tan, nrm, kappa, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for slots {@code [from, to)} of the env whose rows start at {@code b} ({@code cn}
     * points); {@code kappa} may be null (the CPU runtime's fused inflation front, whose callers
     * never read the curvature), else it is written too.
     */
    static void frameEnv(float[] c, int b, int cn, float[] tan, float[] nrm, float[] kappa, int from, int to) {
        int realEnd = Math.min(to, b + cn);
        int t = from;
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
            if (kappa != null) {
                kappa[t] = Geometry.menger(xp, yp, c[2 * t], c[2 * t + 1], xn, yn);
            }
        }
        for (; t < to; t++) {
            tan[2 * t] = Float.NaN;
            tan[2 * t + 1] = Float.NaN;
            nrm[2 * t] = Float.NaN;
            nrm[2 * t + 1] = Float.NaN;
            if (kappa != null) {
                kappa[t] = Float.NaN;
            }
        }
    }
}
