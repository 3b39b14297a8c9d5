package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
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

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_uniform_scan(@In Vec2Array center, int nMax, @In I32Array count, @Out F32Array seg,
                @Out F32Array s);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] c = a.center();
        int nMax = a.nMax();
        int[] count = a.count();
        float[] seg = a.seg();
        float[] s = a.s();
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            int es = e * (nMax + 1);
            s[es] = 0f;
            double acc = 0.0;
            for (int i = 0; i < cn; i++) {
                int in = i + 1 == cn ? 0 : i + 1;
                float l = Geometry.length(c[2 * (b + in)] - c[2 * (b + i)], c[2 * (b + in) + 1] - c[2 * (b + i) + 1]);
                seg[b + i] = l;
                acc += l;
                s[es + i + 1] = (float) acc;
            }
        }
    }
}
