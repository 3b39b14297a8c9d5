package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

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
public final class SelfIntersectionsKernel extends SelfIntersectionsKernelBase {
    /** The kernel instance. */
    public static final SelfIntersectionsKernel INSTANCE = new SelfIntersectionsKernel();

    private SelfIntersectionsKernel() {
    }

    @KernelSignature(ptx = ApiKernels.PTX)
    interface Signature {
        void tg_self_intersections(@In Vec2Array poly, int stride, @In I32Array count, @Out F32Array boxes,
                int maxCount, @Out I32Array out);
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
    protected void run(Args a, int begin, int end) {
        float[] p = a.poly();
        int stride = a.stride();
        int[] count = a.count();
        float[] boxes = a.boxes();
        int maxCount = a.maxCount();
        int[] out = a.out();
        int perEnv = boxFloats(stride);
        for (int e = begin; e < end; e++) {
            out[e] = Crossings.count(p, e * stride, count[e], boxes, e * perEnv, maxCount);
        }
    }
}
