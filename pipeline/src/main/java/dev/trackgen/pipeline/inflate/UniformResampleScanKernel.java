package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.ArcLengthScan;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Count-aware re-uniformization, step 1, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_uniform_scan(center, nMax, count, seg, s)}: segment lengths and cumulative arc
 * length (accumulated in double) of env {@code e}'s closed chain of {@code count[e]} points.
 *
 * <p>Shapes: {@code center: [E*nMax]} pairs; {@code count: [E]}; {@code seg: [E*nMax]};
 * {@code s: [E*(nMax+1)]}.
 */
public final class UniformResampleScanKernel extends UniformResampleScanKernelBase {
    /** The kernel instance. */
    public static final UniformResampleScanKernel INSTANCE = new UniformResampleScanKernel();

    private UniformResampleScanKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_uniform_scan(@In Vec2Array center, int nMax, @In I32Array count, @Out F32Array seg,
                @Out F32Array s);
    }

    @Override
    protected void run(int begin, int end, float[] c, int nMax, int[] count, float[] seg, float[] s) {
        for (int e = begin; e < end; e++) {
            scanEnv(c, e * nMax, count[e], seg, e * nMax, s, e * (nMax + 1));
        }
    }

    /**
     * The body for one env's chain of {@code cn} points from {@code c[b]}: segment lengths from
     * {@code seg[sb]}, cumulative arc length from {@code s[ss]}. Shared by this kernel and the CPU
     * runtime's fused inflation front (one worker's buffers, offsets 0).
     */
    static void scanEnv(float[] c, int b, int cn, float[] seg, int sb, float[] s, int ss) {
        ArcLengthScan.scan(c, b, cn, seg, sb, s, ss);
    }
}
