package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.internal.Projection;

/**
 * Checkpoints sampled from the centerline, one thread per env ({@code dim = E}).
 *
 * <p>{@code tg_course_checkpoints(center, tangent, inner, outer, arclen, length, count, nMax,
 * startIndex, spacing, maxCheckpoints, cpPosition, cpTangent, cpInner, cpOuter, cpS, cpIndex,
 * cpCount)}: env {@code e} gets {@code M = min(maxCheckpoints, count / 2, max(3, round(length /
 * spacing)))} checkpoints ({@code M = 0} below 6 points). Checkpoint {@code k} is the centerline
 * point nearest in arc length to {@code arclen[startIndex] + k * length / M} (modulo the lap;
 * {@code startIndex[e]} outside {@code [0, count)} means 0), so checkpoint 0 is the start line;
 * it stores that point, its unit tangent (the forward direction), and the road's cross-section
 * there from {@code inner} to {@code outer} (index-aligned borders), its arc length and point
 * index. Slots past {@code M} get NaN and index -1.
 *
 * <p>Shapes: track arrays {@code [E*nMax]}, {@code length, count, startIndex, cpCount: [E]},
 * {@code cp*: [E*maxCheckpoints]}.
 */
public final class CheckpointKernel extends CheckpointKernelBase {
    /** The kernel instance. */
    public static final CheckpointKernel INSTANCE = new CheckpointKernel();

    private CheckpointKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_course_checkpoints(@In Vec2Array center, @In Vec2Array tangent, @In Vec2Array inner, @In Vec2Array outer,
                                   @In F32Array arclen, @In F32Array length, @In I32Array count, int nMax, @In I32Array startIndex,
                                   float spacing, int maxCheckpoints, @Out Vec2Array cpPosition,
                                   @Out Vec2Array cpTangent, @Out Vec2Array cpInner, @Out Vec2Array cpOuter,
                                   @Out F32Array cpS, @Out I32Array cpIndex, @Out I32Array cpCount);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] tan, float[] inner, float[] outer, float[] arclen,
                       float[] length, int[] count, int nMax, int[] start, float spacing, int mMax, float[] cpPos,
                       float[] cpTan, float[] cpIn, float[] cpOut, float[] cpS, int[] cpIndex, int[] cpCount) {
        for (int e = begin; e < end; e++) {
            int b = e * nMax;
            int cn = count[e];
            float lap = length[e];
            int m = 0;
            if (cn >= 6 && lap > 0.0f) {
                int want = Math.max(3, (int) (lap / spacing + 0.5f));
                m = Math.min(mMax, Math.min(cn / 2, want));
            }
            int s0i = start[e];
            if (s0i < 0 || s0i >= cn) {
                s0i = 0;
            }
            float s0 = m > 0 ? arclen[b + s0i] : 0.0f;
            for (int k = 0; k < mMax; k++) {
                int o = e * mMax + k;
                if (k >= m) {
                    cpPos[2 * o] = Float.NaN;
                    cpPos[2 * o + 1] = Float.NaN;
                    cpTan[2 * o] = Float.NaN;
                    cpTan[2 * o + 1] = Float.NaN;
                    cpIn[2 * o] = Float.NaN;
                    cpIn[2 * o + 1] = Float.NaN;
                    cpOut[2 * o] = Float.NaN;
                    cpOut[2 * o + 1] = Float.NaN;
                    cpS[o] = Float.NaN;
                    cpIndex[o] = -1;
                    continue;
                }
                int p;
                if (k == 0) {
                    p = s0i;
                } else {
                    float target = s0 + (float) k * lap / (float) m;
                    if (target >= lap) {
                        target -= lap;
                    }
                    int i = Projection.segmentAt(arclen, b, cn, target);
                    float next = i + 1 == cn ? lap : arclen[b + i + 1];
                    p = next - target < target - arclen[b + i] ? (i + 1 == cn ? 0 : i + 1) : i;
                }
                int q = b + p;
                cpPos[2 * o] = c[2 * q];
                cpPos[2 * o + 1] = c[2 * q + 1];
                cpTan[2 * o] = tan[2 * q];
                cpTan[2 * o + 1] = tan[2 * q + 1];
                cpIn[2 * o] = inner[2 * q];
                cpIn[2 * o + 1] = inner[2 * q + 1];
                cpOut[2 * o] = outer[2 * q];
                cpOut[2 * o + 1] = outer[2 * q + 1];
                cpS[o] = arclen[q];
                cpIndex[o] = p;
            }
            cpCount[e] = m;
        }
    }
}
