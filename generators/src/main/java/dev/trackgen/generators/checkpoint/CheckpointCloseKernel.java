package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.Fdlibm;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Additive heading-ramp closure of each steered path, one thread per candidate
 * ({@code dim = E * K}).
 *
 * <p>{@code tg_checkpoint_close(path, N, heading, cand)}: with {@code h_i} the heading of edge
 * {@code i} (from point {@code i} to point {@code i+1 mod N}) and
 * {@code d_i = wrap(h_i - h_{i-1})} for {@code i >= 1}, {@code d_0 = 0}, a constant drift
 * {@code delta = (2 pi - sum d_i) / N} is added to every increment, so the rebuilt headings
 * {@code g_i = sum_{j<=i} d_j + i delta} turn by exactly one loop, yet keep the steered local
 * curvature (a multiplicative rescale would flatten it). Edges {@code (cos g_i, sin g_i) / N} minus
 * their mean (which closes the gap) are summed into points, which are then centred on their
 * centroid. {@code heading} holds the {@code g_i}.
 *
 * <p>Shapes: {@code path, cand: [E*K*N]} pairs; {@code heading: [E*K*N]} scratch.
 */
public final class CheckpointCloseKernel extends CheckpointCloseKernelBase {
    /** The kernel instance. */
    public static final CheckpointCloseKernel INSTANCE = new CheckpointCloseKernel();

    private CheckpointCloseKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CHECKPOINT)
    interface Signature {
        void tg_checkpoint_close(@In Vec2Array path, int N, @Out F32Array heading, @Out Vec2Array cand);
    }

    /** Threads per block of the CUDA body. */
    public static final int CUDA_THREADS = 128;

    /**
     * One block of {@value #CUDA_THREADS} threads per candidate: the threads share the per-point
     * headings and their cos/sin, one thread adds the order-dependent sums.
     */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, CUDA_THREADS, 0);
    }

    @Override
    protected void run(int begin, int end, float[] path, int n, float[] heading, float[] cand) {
        for (int slot = begin; slot < end; slot++) {
            closeSlot(path, heading, cand, slot * n, n);
        }
    }

    /**
     * One candidate's closure: path, headings and candidate points from index {@code b} (pairs for
     * the points). This kernel's body for one thread, shared with {@link CheckpointHostKernel}.
     */
    static void closeSlot(float[] path, float[] heading, float[] cand, int b, int n) {
        float ds = 1f / n;
        float prev = 0f;
        float sum = 0f;
        for (int i = 0; i < n; i++) {
            int j = b + (i + 1) % n;
            float h = (float) Fdlibm.atan2(path[2 * j + 1] - path[2 * (b + i) + 1], path[2 * j] - path[2 * (b + i)]);
            float d = i == 0 ? 0f : Geometry.wrapAngle(h - prev);
            heading[b + i] = d;
            sum += d;
            prev = h;
        }
        float drift = (float) ((2.0 * Math.PI - sum) / n);
        float acc = 0f;
        float mx = 0f;
        float my = 0f;
        for (int i = 0; i < n; i++) {
            acc += heading[b + i] + drift;
            float g = acc - drift;
            heading[b + i] = g;
            mx += ds * (float) Math.cos(g);
            my += ds * (float) Math.sin(g);
        }
        mx /= n;
        my /= n;
        float px = 0f;
        float py = 0f;
        float sx = 0f;
        float sy = 0f;
        for (int i = 0; i < n; i++) {
            float g = heading[b + i];
            px += ds * (float) Math.cos(g) - mx;
            py += ds * (float) Math.sin(g) - my;
            cand[2 * (b + i)] = px;
            cand[2 * (b + i) + 1] = py;
            sx += px;
            sy += py;
        }
        float cx = sx / n;
        float cy = sy / n;
        for (int i = 0; i < n; i++) {
            cand[2 * (b + i)] -= cx;
            cand[2 * (b + i) + 1] -= cy;
        }
    }
}
