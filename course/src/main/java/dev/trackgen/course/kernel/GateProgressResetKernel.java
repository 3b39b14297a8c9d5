package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;

/**
 * Resets the gate progress of the agents a mask selects, one thread per agent
 * ({@code dim = E * A}).
 *
 * <p>{@code tg_gate_progress_reset(mask, prev, next, progress, laps)}: where
 * {@code mask[q] != 0}: {@code prev[q] = (NaN, NaN, NaN)} (the next update only primes),
 * {@code next = progress = laps = 0} (gate 0 is the target).
 *
 * <p>Shapes: {@code prev: [E*A*3]}, the rest {@code [E*A]}.
 */
public final class GateProgressResetKernel extends GateProgressResetKernelBase {
    /** The kernel instance. */
    public static final GateProgressResetKernel INSTANCE = new GateProgressResetKernel();

    private GateProgressResetKernel() {
    }

    @KernelSignature(ptx = CourseGateKernels.PTX)
    interface Signature {
        void tg_gate_progress_reset(@In I32Array mask, @InOut F32Array prev, @InOut I32Array next,
                                    @InOut I32Array progress, @InOut I32Array laps);
    }

    @Override
    protected void run(int begin, int end, int[] mask, float[] prev, int[] next, int[] progress, int[] laps) {
        for (int q = begin; q < end; q++) {
            if (mask[q] == 0) {
                continue;
            }
            prev[3 * q] = Float.NaN;
            prev[3 * q + 1] = Float.NaN;
            prev[3 * q + 2] = Float.NaN;
            next[q] = 0;
            progress[q] = 0;
            laps[q] = 0;
        }
    }
}
