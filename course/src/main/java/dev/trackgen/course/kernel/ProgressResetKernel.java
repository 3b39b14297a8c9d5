package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Clears progress state, one thread per agent ({@code dim = E * A}).
 *
 * <p>{@code tg_course_progress_reset(mask, previous, next, progress, starts, laps)}: where
 * {@code mask[t] != 0}, the previous position becomes the NaN sentinel (the next update only
 * primes it and can report no crossing) and the counters become 0.
 *
 * <p>Shapes: all {@code [E*A]} ({@code previous}: pairs).
 */
public final class ProgressResetKernel extends ProgressResetKernelBase {
    /** The kernel instance. */
    public static final ProgressResetKernel INSTANCE = new ProgressResetKernel();

    private ProgressResetKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX)
    interface Signature {
        void tg_course_progress_reset(@In I32Array mask, @InOut Vec2Array previous, @InOut I32Array next,
                                      @InOut I32Array progress, @InOut I32Array starts, @InOut I32Array laps);
    }

    @Override
    protected void run(int begin, int end, int[] mask, float[] prev, int[] next, int[] progress, int[] starts,
                       int[] laps) {
        for (int t = begin; t < end; t++) {
            if (mask[t] != 0) {
                prev[2 * t] = Float.NaN;
                prev[2 * t + 1] = Float.NaN;
                next[t] = 0;
                progress[t] = 0;
                starts[t] = 0;
                laps[t] = 0;
            }
        }
    }
}
