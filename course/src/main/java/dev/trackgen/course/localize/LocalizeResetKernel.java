package dev.trackgen.course.localize;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.course.progress.CourseProgressKernels;

/**
 * Forgets warm-start memory, one thread per query ({@code dim = E * A}).
 *
 * <p>{@code tg_course_localize_reset(mask, segment)}: {@code segment[t] = -1} where
 * {@code mask[t] != 0}, so the next query of {@code t} scans every segment.
 *
 * <p>Shapes: {@code mask, segment: [E*A]}.
 */
public final class LocalizeResetKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final LocalizeResetKernel INSTANCE = new LocalizeResetKernel();

    private LocalizeResetKernel() {
        super("tg_course_localize_reset", CourseProgressKernels.PTX, KernelParam.i32("mask"),
                KernelParam.i32("segment"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] mask = a.i32(0);
        int[] seg = a.i32(1);
        for (int t = begin; t < end; t++) {
            if (mask[t] != 0) {
                seg[t] = -1;
            }
        }
    }
}
