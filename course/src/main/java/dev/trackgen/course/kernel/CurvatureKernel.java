package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.kernel.CourseProgressKernels;

/**
 * Signed curvature per centerline point, one thread per point ({@code dim = E * nMax}).
 *
 * <p>{@code tg_course_curvature(center, count, nMax, window, kappa)}: the signed Menger
 * curvature through points {@code (i - 1, i, i + 1)} (modulo {@code count[e]}),
 * {@code 2 cross(b - a, c - b) / (|b - a| |c - b| |c - a|)}: {@code +1/R} on a counter-clockwise
 * circle of radius {@code R}, {@code -1/R} clockwise, exact for points on a circle; then the mean
 * over the {@code 2 * window + 1} points centred on {@code i} (added in index order from
 * {@code i - window}; {@code window = 0}: no smoothing). Padding slots get NaN, and so do all
 * points of an env with fewer than 3 points.
 *
 * <p>Shapes: {@code center: [E*nMax]} pairs, {@code count: [E]}, {@code kappa: [E*nMax]}.
 */
public final class CurvatureKernel extends CurvatureKernelBase {
    /** The kernel instance. */
    public static final CurvatureKernel INSTANCE = new CurvatureKernel();

    private CurvatureKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX)
    interface Signature {
        void tg_course_curvature(@In Vec2Array center, @In I32Array count, int nMax, int window, @Out F32Array kappa);
    }

    @Override
    protected void run(int begin, int end, float[] c, int[] count, int nMax, int window, float[] kappa) {
        for (int t = begin; t < end; t++) {
            int e = t / nMax;
            int b = e * nMax;
            int i = t - b;
            int cn = count[e];
            if (i >= cn || cn < 3) {
                kappa[t] = Float.NaN;
                continue;
            }
            int w = Math.min(window, (cn - 1) / 2);
            int k = i - w;
            if (k < 0) {
                k += cn;
            }
            float sum = 0.0f;
            for (int m = 0; m <= 2 * w; m++) {
                sum += signedMenger(c, b, cn, k);
                k = k + 1 == cn ? 0 : k + 1;
            }
            kappa[t] = sum / (float) (2 * w + 1);
        }
    }

    /** Signed Menger curvature at point {@code i} of the closed loop at {@code b} with {@code cn} points. */
    static float signedMenger(float[] c, int b, int cn, int i) {
        int ip = b + (i == 0 ? cn - 1 : i - 1);
        int in = b + (i + 1 == cn ? 0 : i + 1);
        int ic = b + i;
        float ax = c[2 * ic] - c[2 * ip];
        float ay = c[2 * ic + 1] - c[2 * ip + 1];
        float bx = c[2 * in] - c[2 * ic];
        float by = c[2 * in + 1] - c[2 * ic + 1];
        float cx = c[2 * in] - c[2 * ip];
        float cy = c[2 * in + 1] - c[2 * ip + 1];
        float area2 = ax * by - ay * bx;
        float denom = (float) Math.sqrt(ax * ax + ay * ay) * (float) Math.sqrt(bx * bx + by * by)
                * (float) Math.sqrt(cx * cx + cy * cy);
        return denom > 1.0e-20f ? 2.0f * area2 / denom : 0.0f;
    }
}
