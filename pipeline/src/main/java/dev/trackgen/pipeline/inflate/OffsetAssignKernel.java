package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Constant half-width borders, one thread per point ({@code dim = E * nMax}).
 *
 * <p>{@code tg_offset_assign(center, normal, halfWidth, nMax, count, areaA, areaB, outer, inner)}:
 * each real point is offset by {@code +-halfWidth} along its normal; the candidate whose loop
 * encloses the larger absolute area ({@link OffsetAreaKernel}) becomes {@code outer}, the other
 * {@code inner}, index-aligned with the centerline. Padding slots get NaN.
 *
 * <p>Shapes: {@code center, normal, outer, inner: [E*nMax]} pairs; {@code count, areaA, areaB: [E]}.
 */
public final class OffsetAssignKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final OffsetAssignKernel INSTANCE = new OffsetAssignKernel();

    private OffsetAssignKernel() {
        super("tg_offset_assign", PipelineKernels.PTX,
                KernelParam.vec2("center"), KernelParam.vec2("normal"), KernelParam.floatValue("halfWidth"),
                KernelParam.intValue("nMax"), KernelParam.i32("count"), KernelParam.f32("areaA"),
                KernelParam.f32("areaB"), KernelParam.vec2("outer"), KernelParam.vec2("inner"));
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
        float[] outer = args.vec2(7);
        float[] inner = args.vec2(8);
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            int realEnd = Math.min(envEnd, b + count[e]);
            float sign = Math.abs(areaA[e]) >= Math.abs(areaB[e]) ? 1f : -1f;
            for (; t < realEnd; t++) {
                float ox = sign * hw * n[2 * t];
                float oy = sign * hw * n[2 * t + 1];
                outer[2 * t] = c[2 * t] + ox;
                outer[2 * t + 1] = c[2 * t + 1] + oy;
                inner[2 * t] = c[2 * t] - ox;
                inner[2 * t + 1] = c[2 * t + 1] - oy;
            }
            for (; t < envEnd; t++) {
                outer[2 * t] = Float.NaN;
                outer[2 * t + 1] = Float.NaN;
                inner[2 * t] = Float.NaN;
                inner[2 * t + 1] = Float.NaN;
            }
        }
    }
}
