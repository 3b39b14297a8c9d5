package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.LaunchShape;

/**
 * Counts proper crossings between non-adjacent edges of each closed polygon, one thread per
 * environment ({@code dim = E}).
 *
 * <p>{@code tg_self_intersections(poly, stride, count, boxes, maxCount, out)}: env {@code e}'s
 * polygon is {@code poly[e*stride .. e*stride + count[e])}, closed; edge {@code i} joins point
 * {@code i} to point {@code i+1 mod n}. Each unordered pair of edges whose circular index
 * distance exceeds 1 is tested with {@link Geometry#properCrossing}; non-finite coordinates
 * are read as 0. Counting stops early at {@code maxCount} when it is positive (1 answers
 * "does it cross at all?"). A broadphase over chunks of {@value Crossings#CHUNK} edges skips chunk pairs
 * whose bounding boxes are disjoint, using {@code boxes} as scratch (see {@link Crossings}).
 *
 * <p>Shapes: {@code poly: [E*stride]} pairs; {@code count, out: [E]};
 * {@code boxes: [E * boxFloats(stride)]}.
 */
public final class SelfIntersectionsKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final SelfIntersectionsKernel INSTANCE = new SelfIntersectionsKernel();

    private SelfIntersectionsKernel() {
        super("tg_self_intersections", ApiKernels.PTX,
                KernelParam.vec2("poly"), KernelParam.intValue("stride"), KernelParam.i32("count"),
                KernelParam.f32("boxes"), KernelParam.intValue("maxCount"), KernelParam.i32("out"));
    }

    /**
     * @param stride the polygon stride (most points per env)
     * @return floats of box scratch needed per environment
     */
    public static int boxFloats(int stride) {
        return Crossings.boxFloats(stride);
    }

    /** Threads per block of the CUDA body. */
    public static final int CUDA_THREADS = 64;

    /** One block of {@value #CUDA_THREADS} threads per env sharing out the chunk pairs. */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, CUDA_THREADS, 0);
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] p = a.vec2(0);
        int stride = a.intValue(1);
        int[] count = a.i32(2);
        float[] boxes = a.f32(3);
        int maxCount = a.intValue(4);
        int[] out = a.i32(5);
        int perEnv = boxFloats(stride);
        for (int e = begin; e < end; e++) {
            out[e] = Crossings.count(p, e * stride, count[e], boxes, e * perEnv, maxCount);
        }
    }
}
