package dev.trackgen.generators.checkpoint;

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
    protected void run(Args a, int begin, int end) {
        float[] cp = a.checkpoints();
        int c = a.C();
        int n = a.N();
        float turn = a.turnRate();
        float gain = a.steerGain();
        float look = a.lookahead();
        float[] path = a.path();
        for (int slot = begin; slot < end; slot++) {
            int cb = slot * c;
            int pb = slot * n;
            float perim = 0f;
            for (int i = 0; i < c; i++) {
                int j = cb + (i + 1) % c;
                perim += Geometry.length(cp[2 * j] - cp[2 * (cb + i)], cp[2 * j + 1] - cp[2 * (cb + i) + 1]);
            }
            float dl = perim / n;
            float px = cp[2 * cb];
            float py = cp[2 * cb + 1];
            float theta = (float) Math.atan2(cp[2 * (cb + 1) + 1] - py, cp[2 * (cb + 1)] - px);
            int tgt = 1;
            for (int i = 0; i < n; i++) {
                path[2 * (pb + i)] = px;
                path[2 * (pb + i) + 1] = py;
                int ti = cb + tgt % c;
                if (Geometry.length(cp[2 * ti] - px, cp[2 * ti + 1] - py) < look) {
                    tgt++;
                    ti = cb + tgt % c;
                }
                float bearing = (float) Math.atan2(cp[2 * ti + 1] - py, cp[2 * ti] - px);
                float err = Geometry.wrapAngle(bearing - theta);
                theta += Math.min(Math.max(gain * err, -turn), turn);
                px += dl * (float) Math.cos(theta);
                py += dl * (float) Math.sin(theta);
            }
        }
    }
}
