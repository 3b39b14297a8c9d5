package dev.trackgen.course.progress;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;

/**
 * One progress step, one thread per agent ({@code dim = E * A}).
 *
 * <p>{@code tg_course_progress_update(cpPosition, cpTangent, cpInner, cpOuter, cpCount,
 * maxCheckpoints, position, agents, previous, next, progress, starts, passed, lapCompleted,
 * wrongWay, wrongCheckpoint, laps, distToNext)}. Agent {@code t} of env {@code e = t / agents}
 * moved from {@code previous[t]} to {@code position[t]}; that swept segment <em>crosses</em>
 * checkpoint {@code k} forward when its start is on or behind the checkpoint's line
 * ({@code (q - C_k) . T_k <= 0}) and its end strictly ahead, backward in the mirrored case, and
 * only when the crossing point lies on the checkpoint's cross-section from inner to outer border.
 * <ul>
 *   <li>a forward crossing of the target {@code g = next[t]} passes it: {@code passed = 1},
 *       {@code progress + 1}, {@code next = g + 1 (mod M)}; passing checkpoint 0 (the start
 *       line) for the second time or later completes a lap ({@code lapCompleted = 1});</li>
 *   <li>otherwise a backward crossing of the last passed checkpoint {@code g - 1} (when
 *       {@code progress > 0}) takes that pass back (and the lap it completed);</li>
 *   <li>{@code wrongWay = 1} when any checkpoint was crossed backward; {@code wrongCheckpoint}
 *       is the lowest index of a checkpoint other than {@code g} crossed forward (a skipped
 *       checkpoint), else -1;</li>
 *   <li>{@code laps = max(0, starts - 1)} with {@code starts} the net passes of checkpoint 0;
 *       {@code distToNext = |position - C_next|} after the update.</li>
 * </ul>
 * A NaN {@code previous[t]} (the sentinel a reset arms) makes the step a priming step: no event,
 * and for an agent without progress the target becomes the first checkpoint ahead of it (the
 * nearest checkpoint, or the one after it when the agent is already past its line). A NaN
 * position pauses the agent: no event, {@code distToNext = NaN}, and the sentinel is re-armed. An
 * env without checkpoints reports no event and NaN distance.
 *
 * <p>Shapes: {@code cp*: [E*maxCheckpoints]} pairs, {@code cpCount: [E]}, everything else
 * {@code [E*agents]} ({@code position, previous}: pairs).
 */
public final class ProgressUpdateKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final ProgressUpdateKernel INSTANCE = new ProgressUpdateKernel();

    private ProgressUpdateKernel() {
        super("tg_course_progress_update", CourseProgressKernels.PTX, KernelParam.vec2("cpPosition"),
                KernelParam.vec2("cpTangent"), KernelParam.vec2("cpInner"), KernelParam.vec2("cpOuter"),
                KernelParam.i32("cpCount"), KernelParam.intValue("maxCheckpoints"), KernelParam.vec2("position"),
                KernelParam.intValue("agents"), KernelParam.vec2("previous"), KernelParam.i32("next"),
                KernelParam.i32("progress"), KernelParam.i32("starts"), KernelParam.i32("passed"),
                KernelParam.i32("lapCompleted"), KernelParam.i32("wrongWay"), KernelParam.i32("wrongCheckpoint"),
                KernelParam.i32("laps"), KernelParam.f32("distToNext"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        update(a.vec2(0), a.vec2(1), a.vec2(2), a.vec2(3), a.i32(4), a.intValue(5), a.vec2(6), a.intValue(7),
                a.vec2(8), a.i32(9), a.i32(10), a.i32(11), a.i32(12), a.i32(13), a.i32(14), a.i32(15), a.i32(16),
                a.f32(17), begin, end);
    }

    static void update(float[] cpPos, float[] cpTan, float[] cpIn, float[] cpOut, int[] cpCount, int mMax,
                       float[] pos, int agents, float[] prev, int[] next, int[] progress, int[] starts,
                       int[] passedOut, int[] lapOut, int[] wrongWayOut, int[] wrongCpOut, int[] lapsOut,
                       float[] distOut, int begin, int end) {
        for (int t = begin; t < end; t++) {
            int e = t / agents;
            int m = cpCount[e];
            int base = e * mMax;
            float px = pos[2 * t];
            float py = pos[2 * t + 1];
            float qx = prev[2 * t];
            float qy = prev[2 * t + 1];
            boolean pFinite = px - px == 0.0f && py - py == 0.0f;
            boolean qFinite = qx - qx == 0.0f && qy - qy == 0.0f;
            int passed = 0;
            int lap = 0;
            int wrongWay = 0;
            int wrongCp = -1;
            int g = next[t];
            int pr = progress[t];
            int z = starts[t];
            if (g < 0 || g >= m) {
                g = 0;
            }
            float dist = Float.NaN;
            if (m < 1) {
                prev[2 * t] = px;
                prev[2 * t + 1] = py;
            } else if (!pFinite) {
                prev[2 * t] = Float.NaN;
                prev[2 * t + 1] = Float.NaN;
            } else {
                if (!qFinite) {
                    if (pr == 0 && z == 0) {
                        g = firstAhead(cpPos, cpTan, base, m, px, py);
                    }
                } else {
                    int g0 = g;
                    if (crossing(cpPos, cpTan, cpIn, cpOut, base + g0, qx, qy, px, py) > 0) {
                        passed = 1;
                        pr++;
                        if (g0 == 0) {
                            z++;
                            if (z >= 2) {
                                lap = 1;
                            }
                        }
                        g = g0 + 1 == m ? 0 : g0 + 1;
                    } else if (pr > 0) {
                        int last = g0 == 0 ? m - 1 : g0 - 1;
                        if (crossing(cpPos, cpTan, cpIn, cpOut, base + last, qx, qy, px, py) < 0) {
                            pr--;
                            if (last == 0) {
                                z--;
                            }
                            g = last;
                        }
                    }
                    for (int k = 0; k < m; k++) {
                        int c = crossing(cpPos, cpTan, cpIn, cpOut, base + k, qx, qy, px, py);
                        if (c < 0) {
                            wrongWay = 1;
                        } else if (c > 0 && k != g0 && wrongCp < 0) {
                            wrongCp = k;
                        }
                    }
                }
                prev[2 * t] = px;
                prev[2 * t + 1] = py;
                float dx = px - cpPos[2 * (base + g)];
                float dy = py - cpPos[2 * (base + g) + 1];
                dist = (float) Math.sqrt(dx * dx + dy * dy);
            }
            next[t] = g;
            progress[t] = pr;
            starts[t] = z;
            passedOut[t] = passed;
            lapOut[t] = lap;
            wrongWayOut[t] = wrongWay;
            wrongCpOut[t] = wrongCp;
            lapsOut[t] = z > 1 ? z - 1 : 0;
            distOut[t] = dist;
        }
    }

    /**
     * Whether the move {@code q -> p} crosses checkpoint {@code o}'s cross-section.
     *
     * @return +1 forward, -1 backward, 0 not at all
     */
    static int crossing(float[] cpPos, float[] cpTan, float[] cpIn, float[] cpOut, int o, float qx, float qy,
                        float px, float py) {
        float cx = cpPos[2 * o];
        float cy = cpPos[2 * o + 1];
        float tx = cpTan[2 * o];
        float ty = cpTan[2 * o + 1];
        float sq = (qx - cx) * tx + (qy - cy) * ty;
        float sp = (px - cx) * tx + (py - cy) * ty;
        int dir;
        if (sq <= 0.0f && sp > 0.0f) {
            dir = 1;
        } else if (sp <= 0.0f && sq > 0.0f) {
            dir = -1;
        } else {
            return 0;
        }
        float f = sq / (sq - sp);
        float xx = qx + f * (px - qx);
        float xy = qy + f * (py - qy);
        float ax = cpIn[2 * o];
        float ay = cpIn[2 * o + 1];
        float gx = cpOut[2 * o] - ax;
        float gy = cpOut[2 * o + 1] - ay;
        float u = (xx - ax) * gx + (xy - ay) * gy;
        return u >= 0.0f && u <= gx * gx + gy * gy ? dir : 0;
    }

    /** The first checkpoint ahead of {@code p}: the nearest, or the next one when p is past its line. */
    static int firstAhead(float[] cpPos, float[] cpTan, int base, int m, float px, float py) {
        int best = 0;
        float bestD = Float.POSITIVE_INFINITY;
        for (int k = 0; k < m; k++) {
            float dx = px - cpPos[2 * (base + k)];
            float dy = py - cpPos[2 * (base + k) + 1];
            float d = dx * dx + dy * dy;
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        float dx = px - cpPos[2 * (base + best)];
        float dy = py - cpPos[2 * (base + best) + 1];
        float side = dx * cpTan[2 * (base + best)] + dy * cpTan[2 * (base + best) + 1];
        return side > 0.0f ? (best + 1 == m ? 0 : best + 1) : best;
    }
}
