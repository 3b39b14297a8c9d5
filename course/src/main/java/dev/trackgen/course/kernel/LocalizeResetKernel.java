package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.course.kernel.CourseProgressKernels;

/**
 * Forgets warm-start memory, one thread per query ({@code dim = E * A}).
 *
 * <p>{@code tg_course_localize_reset(mask, segment)}: {@code segment[t] = -1} where
 * {@code mask[t] != 0}, so the next query of {@code t} scans every segment.
 *
 * <p>Shapes: {@code mask, segment: [E*A]}.
 */
public final class LocalizeResetKernel extends LocalizeResetKernelBase {
    /** The kernel instance. */
    public static final LocalizeResetKernel INSTANCE = new LocalizeResetKernel();

    private LocalizeResetKernel() {
    }

    @KernelSignature(ptx = CourseProgressKernels.PTX)
    interface Signature {
        void tg_course_localize_reset(@In I32Array mask, @InOut I32Array segment);
    }

    @Override
    protected void run(int begin, int end, int[] mask, int[] seg) {
        for (int t = begin; t < end; t++) {
            if (mask[t] != 0) {
                seg[t] = -1;
            }
        }
    }
}
