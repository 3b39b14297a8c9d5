package dev.trackgen.course.kernel;

import dev.trackgen.course.Course;

/**
 * The PTX module of the kernels of the {@link Course} facade itself, whose CUDA C bodies live in
 * {@code course/src/main/cuda/course_session.cu}.
 */
public final class CourseKernels {
    /** PTX resource holding the CUDA bodies ({@code course/src/main/cuda/course_session.cu}). */
    public static final String PTX = "trackgen-ptx/course_session.ptx";

    private CourseKernels() {
    }
}
