package dev.trackgen.course.kernel;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Moves checkpoints off bridge crossings, one thread per env ({@code dim = E}), after
 * {@link CheckpointKernel} when the checkpoints are built to avoid crossings (docs/elevation.md,
 * "Bridges"): on a track whose road passes over itself, an agent on one level would otherwise
 * cross the line of a checkpoint of the other level.
 *
 * <p>{@code tg_course_checkpoints_clear(center, tangent, inner, outer, arclen, length, left, right,
 * count, nMax, maxCheckpoints, cpCount, cpPosition, cpTangent, cpInner, cpOuter, cpS, cpIndex)}:
 * checkpoint {@code k >= 1} of env {@code e} (at point {@code p = cpIndex}) is <em>shadowed</em>
 * when its cross-section, the segment from {@code inner[p]} to {@code outer[p]}, comes closer in
 * the plan view than {@code max(left[j], right[j])} to a centerline segment {@code j -> j + 1}
 * whose start is more than {@code band = (int) (2 w_max / (length / count)) + 2} points from
 * {@code p} along the loop (another branch's road: an on-road agent there could touch the line).
 * A shadowed checkpoint moves to the first point {@code p + 1, p + 2, ...} (at most
 * {@code max(1, count / M - 2) - 1} ahead, {@code M = cpCount[e]}, so short of the next checkpoint's
 * first place) whose cross-section is clear,
 * taking that point's position, tangent, cross-section, arc length and index; with none clear it
 * stays. Checkpoint 0 (the start line) never moves. On a track without crossings or near passes
 * nothing changes. Squared distances, no square root.
 *
 * <p>Shapes: track arrays {@code [E*nMax]}, {@code length, count, cpCount: [E]},
 * {@code cp*: [E*maxCheckpoints]}. {@code O(M count)} per env when nothing is shadowed.
 */
public final class CheckpointClearKernel extends CheckpointClearKernelBase {
    /** The kernel instance. */
    public static final CheckpointClearKernel INSTANCE = new CheckpointClearKernel();

    private CheckpointClearKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_course_checkpoints_clear(@In Vec2Array center, @In Vec2Array tangent, @In Vec2Array inner,
                                         @In Vec2Array outer, @In F32Array arclen, @In F32Array length,
                                         @In F32Array left, @In F32Array right, @In I32Array count, int nMax,
                                         int maxCheckpoints, @In I32Array cpCount, @InOut Vec2Array cpPosition,
                                         @InOut Vec2Array cpTangent, @InOut Vec2Array cpInner,
                                         @InOut Vec2Array cpOuter, @InOut F32Array cpS, @InOut I32Array cpIndex);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] tan, float[] inner, float[] outer, float[] arclen,
                       float[] length, float[] left, float[] right, int[] count, int nMax, int mMax, int[] cpCount,
                       float[] cpPos, float[] cpTan, float[] cpIn, float[] cpOut, float[] cpS, int[] cpIndex) {
        for (int e = begin; e < end; e++) {
            int b = e * nMax;
            int cn = count[e];
            int m = cpCount[e];
            if (m < 2 || cn < 6) {
                continue;
            }
            float wMax = 0.0f;
            for (int i = 0; i < cn; i++) {
                wMax = Math.max(wMax, Math.max(left[b + i], right[b + i]));
            }
            int band = (int) (2.0f * wMax / (length[e] / (float) cn)) + 2;
            int limit = Math.max(1, cn / m - 2);
            for (int k = 1; k < m; k++) {
                int o = e * mMax + k;
                int p = cpIndex[o];
                if (p < 0 || p >= cn) {
                    continue;
                }
                for (int step = 0; step < limit; step++) {
                    int q = p + step >= cn ? p + step - cn : p + step;
                    if (shadowed(c, inner, outer, left, right, b, cn, q, band)) {
                        continue;
                    }
                    if (step > 0) {
                        int t = b + q;
                        cpPos[2 * o] = c[2 * t];
                        cpPos[2 * o + 1] = c[2 * t + 1];
                        cpTan[2 * o] = tan[2 * t];
                        cpTan[2 * o + 1] = tan[2 * t + 1];
                        cpIn[2 * o] = inner[2 * t];
                        cpIn[2 * o + 1] = inner[2 * t + 1];
                        cpOut[2 * o] = outer[2 * t];
                        cpOut[2 * o + 1] = outer[2 * t + 1];
                        cpS[o] = arclen[t];
                        cpIndex[o] = q;
                    }
                    break;
                }
            }
        }
    }

    /** Whether point q's cross-section comes within a half-width of a centerline segment beyond the band. */
    static boolean shadowed(float[] c, float[] inner, float[] outer, float[] left, float[] right, int b, int cn, int q,
                            int band) {
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
            float cx = c[2 * (b + j)];
            float cy = c[2 * (b + j) + 1];
            float dx = c[2 * (b + j1)];
            float dy = c[2 * (b + j1) + 1];
            float w = Math.max(left[b + j], right[b + j]);
            if (segmentDistance2(ax, ay, bx, by, cx, cy, dx, dy) < w * w) {
                return true;
            }
        }
        return false;
    }

    /** Squared plan-view distance between segments a-b and c-d (0 when they cross). */
    static float segmentDistance2(float ax, float ay, float bx, float by, float cx, float cy, float dx, float dy) {
        float d1 = Geometry.orient(ax, ay, bx, by, cx, cy);
        float d2 = Geometry.orient(ax, ay, bx, by, dx, dy);
        float d3 = Geometry.orient(cx, cy, dx, dy, ax, ay);
        float d4 = Geometry.orient(cx, cy, dx, dy, bx, by);
        if (((d1 > 0.0f && d2 < 0.0f) || (d1 < 0.0f && d2 > 0.0f))
                && ((d3 > 0.0f && d4 < 0.0f) || (d3 < 0.0f && d4 > 0.0f))) {
            return 0.0f;
        }
        return Math.min(Math.min(pointSegment2(ax, ay, cx, cy, dx, dy), pointSegment2(bx, by, cx, cy, dx, dy)),
                Math.min(pointSegment2(cx, cy, ax, ay, bx, by), pointSegment2(dx, dy, ax, ay, bx, by)));
    }

    /** Squared distance from p to segment a-b. */
    static float pointSegment2(float px, float py, float ax, float ay, float bx, float by) {
        float ux = bx - ax;
        float uy = by - ay;
        float l2 = ux * ux + uy * uy;
        float u = l2 > 0.0f ? Math.min(Math.max(((px - ax) * ux + (py - ay) * uy) / l2, 0.0f), 1.0f) : 0.0f;
        float qx = px - ax - u * ux;
        float qy = py - ay - u * uy;
        return qx * qx + qy * qy;
    }
}
