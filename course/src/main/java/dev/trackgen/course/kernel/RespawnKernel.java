package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Puts the agents of the envs a mask selects back on their starting slots, one thread per agent
 * ({@code dim = E * A}).
 *
 * <p>{@code tg_course_respawn(mask, gridPosition, gridHeading, slots, agents, position, heading,
 * agentMask)}: agent {@code q} belongs to env {@code e = q / agents} and is agent
 * {@code a = q % agents} of it. Where {@code mask[e] != 0} it writes
 * {@code position[q] = gridPosition[e * slots + a]},
 * {@code heading[q] = atan2(hy, hx)} of the slot's unit heading (radians, counter-clockwise from
 * {@code +x}, computed in double and rounded to float) and {@code agentMask[q] = 1}; elsewhere it
 * leaves the pose alone and writes {@code agentMask[q] = 0}. The per-agent mask then drives the
 * localizer's and the progress tracker's resets.
 *
 * <p>Shapes: {@code mask: [E]}, {@code gridPosition, gridHeading: [E * slots]} pairs,
 * {@code position: [E * agents]} pairs, {@code heading, agentMask: [E * agents]};
 * {@code 1 <= agents <= slots}.
 */
public final class RespawnKernel extends RespawnKernelBase {
    /** The kernel instance. */
    public static final RespawnKernel INSTANCE = new RespawnKernel();

    private RespawnKernel() {
    }

    @KernelSignature(ptx = CourseKernels.PTX)
    interface Signature {
        void tg_course_respawn(@In I32Array mask, @In Vec2Array gridPosition, @In Vec2Array gridHeading, int slots,
                               int agents, @InOut Vec2Array position, @InOut F32Array heading,
                               @Out I32Array agentMask);
    }

    @Override
    protected void run(int begin, int end, int[] mask, float[] gridPosition, float[] gridHeading, int slots,
                       int agents, float[] position, float[] heading, int[] agentMask) {
        for (int q = begin; q < end; q++) {
            int e = q / agents;
            if (mask[e] == 0) {
                agentMask[q] = 0;
                continue;
            }
            int g = e * slots + (q - e * agents);
            position[2 * q] = gridPosition[2 * g];
            position[2 * q + 1] = gridPosition[2 * g + 1];
            heading[q] = (float) Math.atan2(gridHeading[2 * g + 1], gridHeading[2 * g]);
            agentMask[q] = 1;
        }
    }
}
