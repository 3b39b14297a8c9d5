package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Each agent's lateral distance to its env's racing line and the line's speed there, one thread
 * per agent ({@code dim = E * A}, agent {@code a} of env {@code e} at {@code e * A + a}).
 *
 * <p>The line's point {@code i} belongs to centerline point {@code i} (it is offset along that
 * point's normal), so the search starts from the agent's nearest centerline segment
 * ({@code segment[t]}, the localizer's answer of the same step) and scans the line's segments
 * {@code segment - window .. segment + window} (cyclic): on the nearest one, at parameter
 * {@code u} in {@code [0, 1]}, {@code lateral} is the distance to it, positive when the agent is
 * left of the line's direction of travel, and {@code lineSpeed} is the line's speed interpolated
 * linearly in {@code u}. A NaN position, {@code segment < 0} or an env of fewer than
 * {@link RacelineSolveKernel#MIN_POINTS} points gives NaN for both.
 *
 * <p>Shapes: {@code line: [E * nMax]} pairs, world units; {@code speed: [E * nMax]} m/s;
 * {@code count: [E]}; {@code position: [E * A]} pairs; {@code segment, lateral, lineSpeed:
 * [E * A]} (lateral in world units, lineSpeed in m/s).
 */
public final class RacelineAgentKernel extends RacelineAgentKernelBase {
    /** The kernel instance. */
    public static final RacelineAgentKernel INSTANCE = new RacelineAgentKernel();

    private RacelineAgentKernel() {
    }

    @KernelSignature(ptx = RacelineKernels.PTX)
    interface Signature {
        void tg_raceline_agent(@In Vec2Array line, @In F32Array speed, @In I32Array count, int nMax,
                               @In Vec2Array position, @In I32Array segment, int agents, int window,
                               @Out F32Array lateral, @Out F32Array lineSpeed);
    }

    @Override
    protected void run(int begin, int end, float[] line, float[] speed, int[] count, int nMax, float[] position,
                       int[] segment, int agents, int window, float[] lateral, float[] lineSpeed) {
        for (int t = begin; t < end; t++) {
            int e = t / agents;
            int cn = count[e];
            int seg = segment[t];
            float px = position[2 * t];
            float py = position[2 * t + 1];
            float bl = Float.NaN;
            float bv = Float.NaN;
            if (cn >= RacelineSolveKernel.MIN_POINTS && seg >= 0 && seg < cn && !Float.isNaN(px) && !Float.isNaN(py)) {
                int b = e * nMax;
                float best = Float.POSITIVE_INFINITY;
                for (int k = -window; k <= window; k++) {
                    int i = ((seg + k) % cn + cn) % cn;
                    int j = i + 1 == cn ? 0 : i + 1;
                    float ax = line[2 * (b + i)];
                    float ay = line[2 * (b + i) + 1];
                    float dx = line[2 * (b + j)] - ax;
                    float dy = line[2 * (b + j) + 1] - ay;
                    float rx = px - ax;
                    float ry = py - ay;
                    float l2 = dx * dx + dy * dy;
                    float u = l2 > 0.0f ? (rx * dx + ry * dy) / l2 : 0.0f;
                    u = Math.min(Math.max(u, 0.0f), 1.0f);
                    float qx = rx - u * dx;
                    float qy = ry - u * dy;
                    float d2 = qx * qx + qy * qy;
                    if (d2 < best) {
                        best = d2;
                        float d = (float) Math.sqrt(d2);
                        bl = dx * ry - dy * rx < 0.0f ? -d : d;
                        float v0 = speed[b + i];
                        bv = v0 + u * (speed[b + j] - v0);
                    }
                }
            }
            lateral[t] = bl;
            lineSpeed[t] = bv;
        }
    }
}
