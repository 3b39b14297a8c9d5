package dev.trackgen.course.kernel;

/**
 * The PTX module of the kernels of localization, profiles, the start grid, checkpoints and progress,
 * whose CUDA C bodies live in {@code course/src/main/cuda/course_progress.cu} (the kernels: the
 * generated {@code CourseKernelIndex}; this class imports no kernel).
 */
public final class CourseProgressKernels {
    /** PTX resource holding the CUDA bodies ({@code course/src/main/cuda/course_progress.cu}). */
    public static final String PTX = "trackgen-ptx/course_progress.ptx";

    private CourseProgressKernels() {
    }
}
