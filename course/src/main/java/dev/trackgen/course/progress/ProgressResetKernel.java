package dev.trackgen.course.progress;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;

/**
 * Clears progress state, one thread per agent ({@code dim = E * A}).
 *
 * <p>{@code tg_course_progress_reset(mask, previous, next, progress, starts, laps)}: where
 * {@code mask[t] != 0}, the previous position becomes the NaN sentinel (the next update only
 * primes it and can report no crossing) and the counters become 0.
 *
 * <p>Shapes: all {@code [E*A]} ({@code previous}: pairs).
 */
public final class ProgressResetKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final ProgressResetKernel INSTANCE = new ProgressResetKernel();

    private ProgressResetKernel() {
        super("tg_course_progress_reset", CourseProgressKernels.PTX, KernelParam.i32("mask"),
                KernelParam.vec2("previous"), KernelParam.i32("next"), KernelParam.i32("progress"),
                KernelParam.i32("starts"), KernelParam.i32("laps"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] mask = a.i32(0);
        float[] prev = a.vec2(1);
        int[] next = a.i32(2);
        int[] progress = a.i32(3);
        int[] starts = a.i32(4);
        int[] laps = a.i32(5);
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
