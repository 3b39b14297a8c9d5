package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Border candidates' signed areas, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_offset_area(center, normal, halfWidth, nMax, count, areaA, areaB)}: the shoelace
 * areas of the two constant offsets {@code a = c + hw * n} and {@code b = c - hw * n} of env
 * {@code e}'s closed centerline. {@link OffsetAssignKernel} takes the larger one as the outer
 * border, whatever the winding.
 *
 * <p>Shapes: {@code center, normal: [E*nMax]} pairs; {@code count, areaA, areaB: [E]}.
 */
public final class OffsetAreaKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final OffsetAreaKernel INSTANCE = new OffsetAreaKernel();

    private OffsetAreaKernel() {
        super("tg_offset_area", PipelineKernels.PTX,
                KernelParam.vec2("center"), KernelParam.vec2("normal"), KernelParam.floatValue("halfWidth"),
                KernelParam.intValue("nMax"), KernelParam.i32("count"), KernelParam.f32("areaA"),
                KernelParam.f32("areaB"));
    }

    @Override
    public void run(KernelArgs args, int begin, int end) {
        float[] c = args.vec2(0);
        float[] n = args.vec2(1);
        float hw = args.floatValue(2);
        int nMax = args.intValue(3);
        int[] count = args.i32(4);
        float[] areaA = args.f32(5);
        float[] areaB = args.f32(6);
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            float sa = 0f;
            float sb = 0f;
            for (int i = 0; i < cn; i++) {
                int t = b + i;
                int u = b + (i + 1 == cn ? 0 : i + 1);
                float ax = c[2 * t] + hw * n[2 * t];
                float ay = c[2 * t + 1] + hw * n[2 * t + 1];
                float bx = c[2 * t] - hw * n[2 * t];
                float by = c[2 * t + 1] - hw * n[2 * t + 1];
                float anx = c[2 * u] + hw * n[2 * u];
                float any = c[2 * u + 1] + hw * n[2 * u + 1];
                float bnx = c[2 * u] - hw * n[2 * u];
                float bny = c[2 * u + 1] - hw * n[2 * u + 1];
                sa += 0.5f * (ax * any - anx * ay);
                sb += 0.5f * (bx * bny - bnx * by);
            }
            areaA[e] = sa;
            areaB[e] = sb;
        }
    }
}
