package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Constant half-width borders, one thread per point ({@code dim = E * nMax}).
 *
 * <p>{@code tg_offset_assign(center, normal, halfWidth, nMax, count, areaA, areaB, outer, inner)}:
 * each real point is offset by {@code +-halfWidth} along its normal; the candidate whose loop
 * encloses the larger absolute area ({@link OffsetAreaKernel}) becomes {@code outer}, the other
 * {@code inner}, index-aligned with the centerline. Padding slots get NaN.
 *
 * <p>Shapes: {@code center, normal, outer, inner: [E*nMax]} pairs; {@code left, right: [E*nMax]}; {@code count, areaA, areaB: [E]}.
 */
public final class OffsetAssignKernel extends OffsetAssignKernelBase {
    /** The kernel instance. */
    public static final OffsetAssignKernel INSTANCE = new OffsetAssignKernel();

    private OffsetAssignKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_offset_assign(@In Vec2Array center, @In Vec2Array normal, @In F32Array left, @In F32Array right, int nMax,
                @In I32Array count, @In F32Array areaA, @In F32Array areaB, @Out Vec2Array outer,
                @Out Vec2Array inner);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] n, float[] wl, float[] wr, int nMax, int[] count, float[] areaA,
                       float[] areaB, float[] outer, float[] inner) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            int realEnd = Math.min(envEnd, b + count[e]);
            boolean plusOuter = Math.abs(areaA[e]) >= Math.abs(areaB[e]);
            float[] po = plusOuter ? outer : inner;
            float[] mo = plusOuter ? inner : outer;
            for (; t < realEnd; t++) {
                // c + w_l n and c - w_r n: at w_l = w_r = hw the same floats as c +- sign * hw * n
                po[2 * t] = c[2 * t] + wl[t] * n[2 * t];
                po[2 * t + 1] = c[2 * t + 1] + wl[t] * n[2 * t + 1];
                mo[2 * t] = c[2 * t] - wr[t] * n[2 * t];
                mo[2 * t + 1] = c[2 * t + 1] - wr[t] * n[2 * t + 1];
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
