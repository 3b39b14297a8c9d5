package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * Gate-plane progress, one thread per agent ({@code dim = E * A}).
 *
 * <p>{@code tg_gate_progress(position, gatePos, gateQuat, halfSize, gateCount, gMax, agents, prev,
 * next, progress, laps, passed, lapCompleted, wrongGate, distToNext)}: agent {@code q} of env
 * {@code e = q / agents} moved from {@code prev[q]} to {@code position[q]}. With {@code G =
 * gateCount[e]} and target {@code k = next[q]}:
 * <ul>
 *   <li>a <b>pass</b> ({@code passed = 1}, {@code progress + 1}, {@code next = (k + 1) mod G})
 *       when the motion segment crosses gate {@code k}'s plane forward (signed distance along the
 *       gate's body x from {@code <= 0} to {@code > 0}) at a point inside its square opening
 *       ({@code |lateral| <= halfSize} and {@code |vertical| <= halfSize} in the gate's frame);
 *       passing the last gate {@code G - 1} completes a <b>lap</b> ({@code lapCompleted = 1},
 *       {@code laps + 1});</li>
 *   <li>{@code wrongGate} = the lowest index of another gate whose opening the segment crosses
 *       forward, else -1;</li>
 *   <li>{@code distToNext = |position - gatePos[next]|} after the update.</li>
 * </ul>
 * A NaN {@code prev} (after a reset) only primes: no event, {@code prev = position}. A NaN
 * position pauses the agent: no event, {@code distToNext = NaN}, {@code prev = NaN}. An env with
 * {@code G < 1} reports no event and {@code distToNext = NaN}.
 *
 * <p>Shapes: {@code position, prev: [E*agents*3]}, {@code gatePos: [E*gMax*3]},
 * {@code gateQuat: [E*gMax*4]}, {@code halfSize: [E*gMax]}, {@code gateCount: [E]}, the rest
 * {@code [E*agents]}.
 */
public final class GateProgressKernel extends GateProgressKernelBase {
    /** The kernel instance. */
    public static final GateProgressKernel INSTANCE = new GateProgressKernel();

    private GateProgressKernel() {
    }

    @KernelSignature(ptx = CourseGateKernels.PTX)
    interface Signature {
        void tg_gate_progress(@In F32Array position, @In F32Array gatePos, @In F32Array gateQuat,
                              @In F32Array halfSize, @In I32Array gateCount, int gMax, int agents,
                              @InOut F32Array prev, @InOut I32Array next, @InOut I32Array progress,
                              @InOut I32Array laps, @Out I32Array passed, @Out I32Array lapCompleted,
                              @Out I32Array wrongGate, @Out F32Array distToNext);
    }

    @Override
    protected void run(int begin, int end, float[] position, float[] gatePos, float[] gateQuat, float[] halfSize,
                       int[] gateCount, int gMax, int agents, float[] prev, int[] next, int[] progress, int[] laps,
                       int[] passed, int[] lapCompleted, int[] wrongGate, float[] distToNext) {
        for (int q = begin; q < end; q++) {
            int e = q / agents;
            int g = Math.min(gateCount[e], gMax);
            passed[q] = 0;
            lapCompleted[q] = 0;
            wrongGate[q] = -1;
            float bx = position[3 * q];
            float by = position[3 * q + 1];
            float bz = position[3 * q + 2];
            float ax = prev[3 * q];
            float ay = prev[3 * q + 1];
            float az = prev[3 * q + 2];
            if (g < 1 || !(bx - bx == 0.0f) || !(by - by == 0.0f) || !(bz - bz == 0.0f)) {
                prev[3 * q] = Float.NaN;
                prev[3 * q + 1] = Float.NaN;
                prev[3 * q + 2] = Float.NaN;
                distToNext[q] = Float.NaN;
                continue;
            }
            int base = e * gMax;
            int k = next[q];
            if (k < 0 || k >= g) {
                k = 0;
            }
            if (ax - ax == 0.0f && ay - ay == 0.0f && az - az == 0.0f) {
                for (int j = 0; j < g; j++) {
                    int c = GateFrames.crossesForward(ax, ay, az, bx, by, bz, gatePos, gateQuat, halfSize[base + j],
                            base + j);
                    if (c == 0) {
                        continue;
                    }
                    if (j == k) {
                        passed[q] = 1;
                    } else if (wrongGate[q] < 0) {
                        wrongGate[q] = j;
                    }
                }
                if (passed[q] != 0) {
                    progress[q] = progress[q] + 1;
                    if (k == g - 1) {
                        laps[q] = laps[q] + 1;
                        lapCompleted[q] = 1;
                    }
                    k = k + 1 == g ? 0 : k + 1;
                }
            }
            next[q] = k;
            prev[3 * q] = bx;
            prev[3 * q + 1] = by;
            prev[3 * q + 2] = bz;
            int c = 3 * (base + k);
            float dx = bx - gatePos[c];
            float dy = by - gatePos[c + 1];
            float dz = bz - gatePos[c + 2];
            distToNext[q] = (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
}
