package dev.trackgen.course.kernel;

/** The PTX module holding the collision kernels' CUDA C bodies (the kernels: the generated {@code CourseKernelIndex}). */
public final class CollisionKernels {
    /** PTX resource of the CUDA C bodies ({@code course/src/main/cuda/course_collision.cu}). */
    public static final String PTX = "trackgen-ptx/course_collision.ptx";

    private CollisionKernels() {
    }
}
