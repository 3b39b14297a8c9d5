package dev.trackgen.course.progress;

import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.course.grid.StartGridKernel;
import dev.trackgen.course.localize.LocalizeKernel;
import dev.trackgen.course.localize.LocalizeResetKernel;
import dev.trackgen.course.profile.CurvatureKernel;
import dev.trackgen.course.profile.SpeedProfileKernel;

import java.util.List;

/**
 * The kernels of localization, profiles, the start grid, checkpoints and progress, whose CUDA C
 * bodies live in {@code course/src/main/cuda/course_progress.cu}.
 */
public final class CourseProgressKernels {
    /** PTX resource holding the CUDA bodies ({@code course/src/main/cuda/course_progress.cu}). */
    public static final String PTX = "trackgen-ptx/course_progress.ptx";

    private CourseProgressKernels() {
    }

    /** @return every kernel of this part of the course module, each with a CUDA body in {@link #PTX} */
    public static List<Kernel> all() {
        return List.of(LocalizeKernel.INSTANCE, LocalizeResetKernel.INSTANCE, CurvatureKernel.INSTANCE,
                SpeedProfileKernel.INSTANCE, StartGridKernel.INSTANCE, CheckpointKernel.INSTANCE,
                ProgressUpdateKernel.INSTANCE, ProgressResetKernel.INSTANCE);
    }
}
