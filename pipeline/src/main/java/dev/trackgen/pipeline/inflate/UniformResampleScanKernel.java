package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
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
public final class UniformResampleScanKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final UniformResampleScanKernel INSTANCE = new UniformResampleScanKernel();

    private UniformResampleScanKernel() {
        super("tg_uniform_scan", PipelineKernels.PTX,
                KernelParam.vec2("center"), KernelParam.intValue("nMax"), KernelParam.i32("count"),
                KernelParam.f32("seg"), KernelParam.f32("s"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] c = a.vec2(0);
        int nMax = a.intValue(1);
        int[] count = a.i32(2);
        float[] seg = a.f32(3);
        float[] s = a.f32(4);
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
