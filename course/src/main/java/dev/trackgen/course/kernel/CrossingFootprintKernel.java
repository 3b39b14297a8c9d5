package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Flags the points of a bridge crossing's footprint, one thread per env ({@code dim = E}), once
 * per generation on bridge courses (docs/elevation.md, "Bridges"); {@link LevelOffRoadKernel}
 * reads the flags every step.
 *
 * <p>{@code tg_course_crossing_footprint(center, inner, outer, length, left, right, count, nMax,
 * footprint)}: with {@code w_max} the env's largest half-width (left or right, over its points) and
 * {@code band = (int) (2 w_max / (length / count)) + 2} points (as {@link CheckpointClearKernel}),
 * point {@code q < count} gets {@code footprint[q] = 1} when its cross-section, the segment from
 * {@code inner[q]} to {@code outer[q]}, comes closer in the plan view than {@code 2 w_max} to a
 * centerline segment {@code j -> j + 1} whose start is more than {@code band} points from
 * {@code q} along the loop (another branch's road, with a half-width of margin for a car just off
 * its own band), else 0; points {@code count..nMax-1} get 0, and an env with fewer than 6 points
 * gets 0 everywhere. Squared distances, no square root.
 *
 * <p>Shapes: {@code center, inner, outer, left, right, footprint: [E*nMax]},
 * {@code length, count: [E]}. {@code O(count^2)} per env.
 */
public final class CrossingFootprintKernel extends CrossingFootprintKernelBase {
    /** The kernel instance. */
    public static final CrossingFootprintKernel INSTANCE = new CrossingFootprintKernel();

    private CrossingFootprintKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_course_crossing_footprint(@In Vec2Array center, @In Vec2Array inner, @In Vec2Array outer,
                                          @In F32Array length, @In F32Array left, @In F32Array right,
                                          @In I32Array count, int nMax, @Out I32Array footprint);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] inner, float[] outer, float[] length, float[] left,
                       float[] right, int[] count, int nMax, int[] footprint) {
        for (int e = begin; e < end; e++) {
            int b = e * nMax;
            int cn = count[e];
            for (int i = 0; i < nMax; i++) {
                footprint[b + i] = 0;
            }
            if (cn < 6 || cn > nMax) {
                continue;
            }
            float wMax = 0.0f;
            for (int i = 0; i < cn; i++) {
                wMax = Math.max(wMax, Math.max(left[b + i], right[b + i]));
            }
            int band = (int) (2.0f * wMax / (length[e] / (float) cn)) + 2;
            float r2 = 4.0f * wMax * wMax;
            for (int q = 0; q < cn; q++) {
                footprint[b + q] = near(c, inner, outer, b, cn, q, band, r2) ? 1 : 0;
            }
        }
    }

    /** Whether point q's cross-section comes within sqrt(r2) of a centerline segment beyond the band. */
    static boolean near(float[] c, float[] inner, float[] outer, int b, int cn, int q, int band, float r2) {
        float ax = inner[2 * (b + q)];
        float ay = inner[2 * (b + q) + 1];
        float bx = outer[2 * (b + q)];
        float by = outer[2 * (b + q) + 1];
        for (int j = 0; j < cn; j++) {
            int di = j > q ? j - q : q - j;
            if (Math.min(di, cn - di) <= band) {
                continue;
            }
            int j1 = j + 1 == cn ? 0 : j + 1;
            if (CheckpointClearKernel.segmentDistance2(ax, ay, bx, by, c[2 * (b + j)], c[2 * (b + j) + 1],
                    c[2 * (b + j1)], c[2 * (b + j1) + 1]) < r2) {
                return true;
            }
        }
        return false;
    }
}
