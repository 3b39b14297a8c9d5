package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.Fdlibm;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The bounded-turn steering walk, one thread per candidate ({@code dim = E * K}).
 *
 * <p>{@code tg_checkpoint_steer(checkpoints, C, N, turnRate, steerGain, lookahead, path)}: a fixed
 * walk of {@code N} steps of length {@code dl = L / N}, {@code L} the perimeter of the closed
 * checkpoint polygon, so it makes about one lap. It starts at checkpoint 0 heading toward
 * checkpoint 1 with target index 1; each step records the position, advances the target (modulo
 * {@code C}) when the position is within {@code lookahead} of it, turns the heading by
 * {@code clamp(steerGain * wrap(bearing - heading), -turnRate, turnRate)} toward the target's
 * bearing, and moves {@code dl} along the new heading. The path is open; see
 * {@link CheckpointCloseKernel}.
 *
 * <p>Shapes: {@code checkpoints: [E*K*C]} pairs; {@code path: [E*K*N]} pairs.
 */
public final class CheckpointSteerKernel extends CheckpointSteerKernelBase {
    /** The kernel instance. */
    public static final CheckpointSteerKernel INSTANCE = new CheckpointSteerKernel();

    private CheckpointSteerKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CHECKPOINT)
    interface Signature {
        void tg_checkpoint_steer(@In Vec2Array checkpoints, int C, int N, float turnRate, float steerGain,
                float lookahead, @Out Vec2Array path);
    }

    @Override
    protected void run(int begin, int end, float[] cp, int c, int n, float turn, float gain, float look,
                       float[] path) {
        for (int slot = begin; slot < end; slot++) {
            steerSlot(cp, slot * c, c, n, turn, gain, look, path, slot * n);
        }
    }

    /**
     * One candidate's walk: checkpoints from pair {@code cb}, path from pair {@code pb}. This
     * kernel's body for one thread, shared with {@link CheckpointHostKernel}.
     */
    static void steerSlot(float[] cp, int cb, int c, int n, float turn, float gain, float look, float[] path,
                          int pb) {
        float perim = 0f;
        for (int i = 0; i < c; i++) {
            int j = cb + (i + 1) % c;
            perim += Geometry.length(cp[2 * j] - cp[2 * (cb + i)], cp[2 * j + 1] - cp[2 * (cb + i) + 1]);
        }
        float dl = perim / n;
        float px = cp[2 * cb];
        float py = cp[2 * cb + 1];
        float theta = (float) Fdlibm.atan2(cp[2 * (cb + 1) + 1] - py, cp[2 * (cb + 1)] - px);
        int tgt = 1;
        for (int i = 0; i < n; i++) {
            path[2 * (pb + i)] = px;
            path[2 * (pb + i) + 1] = py;
            int ti = cb + tgt % c;
            if (Geometry.length(cp[2 * ti] - px, cp[2 * ti + 1] - py) < look) {
                tgt++;
                ti = cb + tgt % c;
            }
            float bearing = (float) Fdlibm.atan2(cp[2 * ti + 1] - py, cp[2 * ti] - px);
            float err = Geometry.wrapAngle(bearing - theta);
            theta += Math.min(Math.max(gain * err, -turn), turn);
            px += dl * (float) Math.cos(theta);
            py += dl * (float) Math.sin(theta);
        }
    }
}
