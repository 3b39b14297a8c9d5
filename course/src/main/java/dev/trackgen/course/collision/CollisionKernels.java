package dev.trackgen.course.collision;

import dev.trackgen.api.runtime.Kernel;

import java.util.List;

/** The collision kernels and the PTX module holding their CUDA C bodies. */
public final class CollisionKernels {
    /** PTX resource of the CUDA C bodies ({@code course/src/main/cuda/course_collision.cu}). */
    public static final String PTX = "trackgen-ptx/course_collision.ptx";

    private CollisionKernels() {
    }

    /** @return every collision kernel (for twin tests and runtime support checks) */
    public static List<Kernel> all() {
        return List.of(OffRoadSegmentsKernel.INSTANCE, SdfBakeKernel.INSTANCE, OffRoadSdfKernel.INSTANCE,
                BoxDiscsKernel.INSTANCE);
    }
}
