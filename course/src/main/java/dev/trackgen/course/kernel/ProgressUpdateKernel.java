package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.internal.Projection;

/**
 * One progress step, one thread per agent ({@code dim = E * A}).
 *
 * <p>{@code tg_course_progress_update(cpPosition, cpTangent, cpInner, cpOuter, cpS, cpCount,
 * maxCheckpoints, center, arclen, length, count, nMax, position, agents, previous, next, progress,
 * starts, passed, lapCompleted, wrongWay, wrongCheckpoint, laps, distToNext)}. Agent {@code t} of env {@code e = t / agents}
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
 * first checkpoint at or after the agent's arc length, found by projecting it onto the whole
 * centerline; past the last checkpoint, checkpoint 0). A NaN
 * position pauses the agent: no event, {@code distToNext = NaN}, and the sentinel is re-armed. An
 * env without checkpoints reports no event and NaN distance.
 *
 * <p>Shapes: {@code cp*: [E*maxCheckpoints]} pairs, {@code cpCount: [E]}, everything else
 * {@code [E*agents]} ({@code position, previous}: pairs).
 */
public final class ProgressUpdateKernel extends ProgressUpdateKernelBase {
    /** The kernel instance. */
    public static final ProgressUpdateKernel INSTANCE = new ProgressUpdateKernel();

    private ProgressUpdateKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX)
    interface Signature {
        void tg_course_progress_update(@In Vec2Array cpPosition, @In Vec2Array cpTangent, @In Vec2Array cpInner,
                                       @In Vec2Array cpOuter, @In F32Array cpS, @In I32Array cpCount, int maxCheckpoints,
                                       @In Vec2Array center, @In F32Array arclen, @In F32Array length, @In I32Array count, int nMax,
                                       @In Vec2Array position, int agents, @InOut Vec2Array previous,
                                       @InOut I32Array next, @InOut I32Array progress, @InOut I32Array starts,
                                       @Out I32Array passed, @Out I32Array lapCompleted, @Out I32Array wrongWay,
                                       @Out I32Array wrongCheckpoint, @Out I32Array laps, @Out F32Array distToNext);
    }

    @Override
    protected void run(int begin, int end, float[] cpPosition, float[] cpTangent, float[] cpInner, float[] cpOuter,
                       float[] cpS, int[] cpCount, int maxCheckpoints, float[] center, float[] arclen, float[] length,
                       int[] count, int nMax, float[] position, int agents, float[] previous, int[] next,
                       int[] progress, int[] starts, int[] passed, int[] lapCompleted, int[] wrongWay,
                       int[] wrongCheckpoint, int[] laps, float[] distToNext) {
        update(cpPosition, cpTangent, cpInner, cpOuter, cpS, cpCount, maxCheckpoints, center, arclen,
                length, count, nMax, position, agents, previous, next, progress,
                starts, passed, lapCompleted, wrongWay, wrongCheckpoint, laps, distToNext, begin, end);
    }

    static void update(float[] cpPos, float[] cpTan, float[] cpIn, float[] cpOut, float[] cpS, int[] cpCount,
                       int mMax, float[] center, float[] arclen, float[] length, int[] count, int nMax, float[] pos, int agents, float[] prev, int[] next, int[] progress, int[] starts,
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
                        g = firstAhead(center, arclen, length[e], e * nMax, count[e], cpS, base, m, px, py);
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

    /** The first checkpoint at or after the arc length of {@code p}'s projection (0 past the last). */
    static int firstAhead(float[] center, float[] arclen, float lap, int b, int cn, float[] cpS, int base, int m,
                          float px, float py) {
        if (cn < 2) {
            return 0;
        }
        int seg = Projection.nearestSegment(center, b, cn, px, py, 0, cn);
        if (seg < 0) {
            return 0;
        }
        float s0 = cpS[base];
        float a = Projection.arcAt(center, arclen, lap, b, cn, seg, px, py) - s0;
        if (a < 0.0f) {
            a += lap;
        }
        if (a <= 0.0f) {
            return 0;
        }
        for (int k = 1; k < m; k++) {
            float ahead = cpS[base + k] - s0;
            if (ahead < 0.0f) {
                ahead += lap;
            }
            if (ahead >= a) {
                return k;
            }
        }
        return 0;
    }
}
