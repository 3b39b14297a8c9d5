package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.kernel.CourseProgressKernels;
import dev.trackgen.course.grid.StartRule;
import dev.trackgen.course.internal.Projection;

/**
 * Start/finish line and starting grid, one thread per env ({@code dim = E}).
 *
 * <p>{@code tg_course_start_grid(center, tangent, arclen, length, count, kappa, nMax, rule,
 * straightKappa, slots, front, rowGap, lateral, inner, outer, left, right, avoidCrossings,
 * startIndex, startS, gridPosition, gridHeading)}:
 * picks the line's point index by {@code rule} ({@link StartRule#code()}; the longest straight
 * uses {@code |kappa| <= straightKappa}); with {@code avoidCrossings != 0} (bridge courses,
 * docs/elevation.md "Bridges") and at least 6 points, a line whose cross-section is shadowed by
 * another branch (the test of {@link CheckpointClearKernel}: closer in the plan view than
 * {@code max(left[j], right[j])} to a centerline segment {@code j -> j + 1} more than
 * {@code band = (int) (2 w_max / (length / count)) + 2} points away along the loop) moves forward
 * to the first point {@code line + 1, line + 2, ...} (cyclically) that is not, and stays where no
 * point is clear; it writes it to {@code startIndex[e]} and its arc length to
 * {@code startS[e]}, then places slot {@code k} at arc length
 * {@code startS - front - k * rowGap} (modulo the lap), offset {@code +lateral} (even {@code k},
 * left of the direction of travel) or {@code -lateral} (odd {@code k}) along the left normal of
 * the interpolated unit tangent, heading along that tangent. Envs with fewer than 3 points get
 * {@code startIndex = -1}, {@code startS = NaN} and NaN poses.
 *
 * <p>Shapes: {@code center, tangent, inner, outer: [E*nMax]} pairs, {@code arclen, kappa, left, right: [E*nMax]},
 * {@code length, count, startIndex, startS: [E]}, {@code gridPosition, gridHeading: [E*slots]}
 * pairs (headings are unit vectors).
 */
public final class StartGridKernel extends StartGridKernelBase {
    /** The kernel instance. */
    public static final StartGridKernel INSTANCE = new StartGridKernel();

    private StartGridKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_course_start_grid(@In Vec2Array center, @In Vec2Array tangent, @In F32Array arclen, @In F32Array length,
                                  @In I32Array count, @In F32Array kappa, int nMax, int rule, float straightKappa, int slots,
                                  float front, float rowGap, float lateral, @In Vec2Array inner,
                                  @In Vec2Array outer, @In F32Array left, @In F32Array right, int avoidCrossings,
                                  @Out I32Array startIndex,
                                  @Out F32Array startS, @Out Vec2Array gridPosition, @Out Vec2Array gridHeading);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] tan, float[] arclen, float[] length, int[] count,
                       float[] kappa, int nMax, int rule, float straight, int slots, float front, float rowGap,
                       float lateral, float[] inner, float[] outer, float[] left, float[] right, int avoid,
                       int[] startIndex, float[] startS, float[] pos, float[] head) {
        for (int e = begin; e < end; e++) {
            int b = e * nMax;
            int cn = count[e];
            float lap = length[e];
            if (cn < 3 || !(lap > 0.0f)) {
                startIndex[e] = -1;
                startS[e] = Float.NaN;
                for (int k = 0; k < slots; k++) {
                    int g = e * slots + k;
                    pos[2 * g] = Float.NaN;
                    pos[2 * g + 1] = Float.NaN;
                    head[2 * g] = Float.NaN;
                    head[2 * g + 1] = Float.NaN;
                }
                continue;
            }
            int line = 0;
            if (rule == 0) {
                float depth = front + (float) (slots - 1) * rowGap;
                line = straightLine(kappa, arclen, b, cn, lap, straight, depth);
            }
            if (avoid != 0 && cn >= 6) {
                float wMax = 0.0f;
                for (int i = 0; i < cn; i++) {
                    wMax = Math.max(wMax, Math.max(left[b + i], right[b + i]));
                }
                int band = (int) (2.0f * wMax / (lap / (float) cn)) + 2;
                for (int step = 0; step < cn; step++) {
                    int q = line + step >= cn ? line + step - cn : line + step;
                    if (!CheckpointClearKernel.shadowed(c, inner, outer, left, right, b, cn, q, band)) {
                        line = q;
                        break;
                    }
                }
            }
            float s0 = arclen[b + line];
            startIndex[e] = line;
            startS[e] = s0;
            for (int k = 0; k < slots; k++) {
                int g = e * slots + k;
                float s = (s0 - front - (float) k * rowGap) % lap;
                if (s < 0.0f) {
                    s += lap;
                }
                int i = Projection.segmentAt(arclen, b, cn, s);
                int j = i + 1 == cn ? 0 : i + 1;
                float seg = (i + 1 == cn ? lap : arclen[b + i + 1]) - arclen[b + i];
                float f = seg > 0.0f ? Math.min(Math.max((s - arclen[b + i]) / seg, 0.0f), 1.0f) : 0.0f;
                float x = c[2 * (b + i)] + f * (c[2 * (b + j)] - c[2 * (b + i)]);
                float y = c[2 * (b + i) + 1] + f * (c[2 * (b + j) + 1] - c[2 * (b + i) + 1]);
                float tx = tan[2 * (b + i)] + f * (tan[2 * (b + j)] - tan[2 * (b + i)]);
                float ty = tan[2 * (b + i) + 1] + f * (tan[2 * (b + j) + 1] - tan[2 * (b + i) + 1]);
                float inv = 1.0f / Math.max((float) Math.sqrt(tx * tx + ty * ty), 1.0e-12f);
                tx *= inv;
                ty *= inv;
                float side = (k & 1) == 0 ? lateral : -lateral;
                pos[2 * g] = x - side * ty;
                pos[2 * g + 1] = y + side * tx;
                head[2 * g] = tx;
                head[2 * g + 1] = ty;
            }
        }
    }

    /** The start line's point on the longest straight (see {@link StartRule#LONGEST_STRAIGHT}). */
    static int straightLine(float[] kappa, float[] arclen, int b, int cn, float lap, float straight, float depth) {
        int first = -1; // a curved point to start the circular scan from
        int calm = 0;
        for (int i = 0; i < cn; i++) {
            float k = Math.abs(kappa[b + i]);
            if (!(k <= straight) && first < 0) {
                first = i;
            }
            if (k < Math.abs(kappa[b + calm])) {
                calm = i;
            }
        }
        int runStart;
        int runLen;
        if (first < 0) { // straight everywhere (not a closed loop, but defined)
            runStart = 0;
            runLen = cn;
        } else {
            runStart = calm;
            runLen = 0;
            int curStart = -1;
            int curLen = 0;
            for (int m = 1; m <= cn; m++) {
                int i = first + m;
                if (i >= cn) {
                    i -= cn;
                }
                if (Math.abs(kappa[b + i]) <= straight) {
                    if (curLen == 0) {
                        curStart = i;
                    }
                    curLen++;
                    if (curLen > runLen) {
                        runLen = curLen;
                        runStart = curStart;
                    }
                } else {
                    curLen = 0;
                }
            }
            if (runLen == 0) {
                return calm;
            }
        }
        float s = arclen[b + runStart];
        int last = runStart + runLen - 1;
        if (last >= cn) {
            last -= cn;
        }
        float runArc = arclen[b + last] - s;
        if (runArc < 0.0f) {
            runArc += lap;
        }
        float target = s + Math.min(depth, runArc);
        if (target >= lap) {
            target -= lap;
        }
        int i = Projection.segmentAt(arclen, b, cn, target);
        int j = i + 1 == cn ? 0 : i + 1;
        float next = i + 1 == cn ? lap : arclen[b + i + 1];
        return next - target < target - arclen[b + i] ? j : i;
    }
}
