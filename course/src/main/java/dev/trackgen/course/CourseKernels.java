package dev.trackgen.course;

import dev.trackgen.api.runtime.Kernel;

import java.util.List;

/**
 * The kernels of the {@link Course} facade itself, whose CUDA C bodies live in
 * {@code course/src/main/cuda/course_session.cu}.
 */
public final class CourseKernels {
    /** PTX resource holding the CUDA bodies ({@code course/src/main/cuda/course_session.cu}). */
    public static final String PTX = "trackgen-ptx/course_session.ptx";

    private CourseKernels() {
    }

    /** @return every kernel of the facade, each with a CUDA body in {@link #PTX} */
    public static List<Kernel> all() {
        return List.of(RespawnKernel.INSTANCE);
    }
}
