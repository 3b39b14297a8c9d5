package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * Puts the agents of the envs a mask selects on their start slots in front of gate 0, one thread
 * per agent ({@code dim = E * A}).
 *
 * <p>{@code tg_gate_respawn(mask, gatePos, gateQuat, gateCount, gMax, agents, back, spacing,
 * position, orientation, agentMask)}: where {@code mask[e] != 0}, agent {@code a} of env {@code e}
 * goes to {@code c - back * F + (a - (agents - 1) / 2) * spacing * L} (gate 0's centre {@code c},
 * body x {@code F} and body y {@code L}: one row across the approach, {@code back} before the
 * gate's plane) with gate 0's orientation quaternion, and {@code agentMask[q] = 1}; an env without
 * gates gets NaN poses (the agents are paused). Elsewhere the pose is left alone and
 * {@code agentMask[q] = 0}.
 *
 * <p>Shapes: {@code mask, gateCount: [E]}, {@code gatePos: [E*gMax*3]}, {@code gateQuat:
 * [E*gMax*4]}, {@code position: [E*agents*3]}, {@code orientation: [E*agents*4]},
 * {@code agentMask: [E*agents]}.
 */
public final class GateRespawnKernel extends GateRespawnKernelBase {
    /** The kernel instance. */
    public static final GateRespawnKernel INSTANCE = new GateRespawnKernel();

    private GateRespawnKernel() {
    }

    @KernelSignature(ptx = CourseGateKernels.PTX)
    interface Signature {
        void tg_gate_respawn(@In I32Array mask, @In F32Array gatePos, @In F32Array gateQuat, @In I32Array gateCount,
                             int gMax, int agents, float back, float spacing, @InOut F32Array position,
                             @InOut F32Array orientation, @Out I32Array agentMask);
    }

    @Override
    protected void run(int begin, int end, int[] mask, float[] gatePos, float[] gateQuat, int[] gateCount, int gMax,
                       int agents, float back, float spacing, float[] position, float[] orientation,
                       int[] agentMask) {
        for (int q = begin; q < end; q++) {
            int e = q / agents;
            if (mask[e] == 0) {
                agentMask[q] = 0;
                continue;
            }
            agentMask[q] = 1;
            if (gateCount[e] < 1) {
                for (int k = 0; k < 3; k++) {
                    position[3 * q + k] = Float.NaN;
                }
                for (int k = 0; k < 4; k++) {
                    orientation[4 * q + k] = Float.NaN;
                }
                continue;
            }
            int g = e * gMax;
            int o = 4 * g;
            float qx = gateQuat[o];
            float qy = gateQuat[o + 1];
            float qz = gateQuat[o + 2];
            float qw = gateQuat[o + 3];
            float fx = 1.0f - 2.0f * (qy * qy + qz * qz);
            float fy = 2.0f * (qx * qy + qw * qz);
            float fz = 2.0f * (qx * qz - qw * qy);
            float lx = 2.0f * (qx * qy - qw * qz);
            float ly = 1.0f - 2.0f * (qx * qx + qz * qz);
            float lz = 2.0f * (qy * qz + qw * qx);
            float side = ((float) (q - e * agents) - 0.5f * (float) (agents - 1)) * spacing;
            position[3 * q] = gatePos[3 * g] - back * fx + side * lx;
            position[3 * q + 1] = gatePos[3 * g + 1] - back * fy + side * ly;
            position[3 * q + 2] = gatePos[3 * g + 2] - back * fz + side * lz;
            orientation[4 * q] = qx;
            orientation[4 * q + 1] = qy;
            orientation[4 * q + 2] = qz;
            orientation[4 * q + 3] = qw;
        }
    }
}
