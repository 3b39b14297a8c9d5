package dev.trackgen.course.kernel;

/**
 * PTX resource and layout constants of the racing-line kernels ({@link RacelineSolveKernel},
 * {@link RacelineSpeedKernel}); imports no kernel.
 */
public final class RacelineKernels {
    /** PTX resource holding the CUDA bodies ({@code course/src/main/cuda/course_raceline.cu}). */
    public static final String PTX = "trackgen-ptx/course_raceline.ptx";

    /** Scratch rows per env of {@link RacelineSolveKernel}: the solver's work array is {@code [E * SLOTS * N_max]}. */
    public static final int SOLVER_SLOTS = 16;

    private RacelineKernels() {
    }
}
