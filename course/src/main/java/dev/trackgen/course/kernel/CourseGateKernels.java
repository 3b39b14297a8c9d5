package dev.trackgen.course.kernel;

/**
 * The PTX module of the gate-course kernels of the {@code gates} course mode (course-line
 * localization, gate-plane progress, gate collision, respawn in front of gate 0), whose CUDA C
 * bodies live in {@code course/src/main/cuda/course_gates.cu}. Imports no kernel.
 */
public final class CourseGateKernels {
    /** PTX resource holding the CUDA bodies ({@code course/src/main/cuda/course_gates.cu}). */
    public static final String PTX = "trackgen-ptx/course_gates.ptx";

    private CourseGateKernels() {
    }
}
