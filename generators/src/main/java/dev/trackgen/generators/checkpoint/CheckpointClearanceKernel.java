package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.ChunkBounds;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Thin-pinch flags of the closed candidates, one thread per candidate ({@code dim = E * K}).
 *
 * <p>{@code tg_checkpoint_clearance(cand, N, halfWidth, targetExtent, boxes, thin)}: the candidate
 * will be scaled by {@code s = targetExtent / extent} (its bounding box's longer side), so in
 * output units it is {@code s * L} long for a loop length {@code L}. It is flagged
 * {@code thin[slot] = 1} when two of its points at least {@code D = max(3, ceil(2 pi halfWidth N / (s L)))}
 * indices apart around the loop (a full hairpin's arc) lie closer than
 * {@code GAP_FRACTION * halfWidth / s} ({@value #GAP_FRACTION}): two
 * far-apart stretches of road that nearly touch, a pinch that relaxation often cannot open (it
 * turns it into a figure eight). Chunks of {@value #CHUNK} points whose bounding boxes lie farther
 * apart than the threshold are skipped ({@code boxes} is scratch); the search stops at the first
 * close pair.
 *
 * <p>Shapes: {@code cand: [E*K*N]} pairs; {@code boxes: [E*K * 4 * ceil(N / CHUNK)]};
 * {@code thin: [E*K]}.
 */
public final class CheckpointClearanceKernel extends CheckpointClearanceKernelBase {
    /**
     * Gap below which two far-apart stretches count as a pinch, as a fraction of the half-width.
     * Measured at the default config, E = 4096, seeds 10000..14095: yield 0.9932 without the
     * pinch tie-break, 0.9971 with it (0.9973 at 0.5 and 1.0, which shift the mean compactness
     * further from the original's: 0.636 here, 0.642 and 0.648 there, 0.632 without).
     */
    @CudaConstant("TG_CLEARANCE_GAP_FRACTION")
    public static final float GAP_FRACTION = 0.25f;

    /** Points per broadphase chunk. */
    @CudaConstant("TG_CLEARANCE_CHUNK")
    public static final int CHUNK = 8;

    /** The kernel instance. */
    public static final CheckpointClearanceKernel INSTANCE = new CheckpointClearanceKernel();

    private CheckpointClearanceKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CHECKPOINT)
    interface Signature {
        void tg_checkpoint_clearance(@In Vec2Array cand, int N, float halfWidth, float targetExtent,
                @Out F32Array boxes, @Out I32Array thin);
    }

    /**
     * @param n points per candidate
     * @return floats of box scratch per candidate
     */
    public static int boxFloats(int n) {
        return 4 * ((n + CHUNK - 1) / CHUNK);
    }

    /** Threads per block of the CUDA body. */
    public static final int CUDA_THREADS = 64;

    /** One block of {@value #CUDA_THREADS} threads per candidate sharing out the chunk pairs. */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, CUDA_THREADS, 0);
    }

    @Override
    protected void run(int begin, int end, float[] p, int n, float hw, float target, float[] boxes, int[] thin) {
        for (int slot = begin; slot < end; slot++) {
            thin[slot] = thinSlot(p, slot * n, n, hw, target, boxes, slot * boxFloats(n));
        }
    }

    /**
     * One candidate's flag: points from pair {@code b}, box scratch from {@code bb}
     * ({@link #boxFloats} floats). This kernel's body for one thread, shared with
     * {@link CheckpointHostKernel}.
     *
     * @return 1 for a thin pinch, else 0
     */
    static int thinSlot(float[] p, int b, int n, float hw, float target, float[] boxes, int bb) {
        float minx = Float.POSITIVE_INFINITY;
        float miny = Float.POSITIVE_INFINITY;
        float maxx = Float.NEGATIVE_INFINITY;
        float maxy = Float.NEGATIVE_INFINITY;
        float len = 0f;
        for (int i = 0; i < n; i++) {
            int j = b + (i + 1) % n;
            float x = p[2 * (b + i)];
            float y = p[2 * (b + i) + 1];
            minx = Math.min(minx, x);
            maxx = Math.max(maxx, x);
            miny = Math.min(miny, y);
            maxy = Math.max(maxy, y);
            len += Geometry.length(p[2 * j] - x, p[2 * j + 1] - y);
        }
        float s = target / Math.max(Math.max(maxx - minx, maxy - miny), 1.0e-8f);
        float c = GAP_FRACTION * hw / s;
        float c2 = c * c;
        int d = Math.max(3, (int) Math.ceil(2.0 * Math.PI * hw * n / Math.max(s * len, 1.0e-8f)));
        int chunks = ChunkBounds.compute(p, b, n, CHUNK, false, false, boxes, bb);
        int found = 0;
        for (int ci = 0; ci < chunks && found == 0; ci++) {
            for (int cj = ci; cj < chunks && found == 0; cj++) {
                if (boxes[bb + 4 * ci] - c > boxes[bb + 4 * cj + 2] || boxes[bb + 4 * cj] - c > boxes[bb + 4 * ci + 2]
                        || boxes[bb + 4 * ci + 1] - c > boxes[bb + 4 * cj + 3]
                        || boxes[bb + 4 * cj + 1] - c > boxes[bb + 4 * ci + 3]) {
                    continue;
                }
                int iEnd = Math.min(n, (ci + 1) * CHUNK);
                int jEnd = Math.min(n, (cj + 1) * CHUNK);
                for (int i = ci * CHUNK; i < iEnd && found == 0; i++) {
                    float xi = p[2 * (b + i)];
                    float yi = p[2 * (b + i) + 1];
                    for (int j = Math.max(cj * CHUNK, i + d); j < jEnd; j++) {
                        if (n - (j - i) < d) {
                            break;
                        }
                        float dx = p[2 * (b + j)] - xi;
                        float dy = p[2 * (b + j) + 1] - yi;
                        if (dx * dx + dy * dy < c2) {
                            found = 1;
                            break;
                        }
                    }
                }
            }
        }
        return found;
    }
}
