package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Constant per-point half-widths, one thread per slot ({@code dim = E * nMax}).
 *
 * <p>{@code tg_width_fill(halfWidth, nMax, count, left, right)}: every real point of env
 * {@code e} ({@code i < count[e]}) gets {@code halfWidth} on both sides, every slot past the count
 * NaN. The constant-width default of the {@code Track}'s {@code leftHalfWidth} and
 * {@code rightHalfWidth}, which {@link OffsetAreaKernel}, {@link OffsetAssignKernel} and
 * {@link ValidityKernel} then read.
 *
 * <p>Shapes: {@code left, right: [E*nMax]} floats, world units; {@code count: [E]}.
 */
public final class WidthFillKernel extends WidthFillKernelBase {
    /** The kernel instance. */
    public static final WidthFillKernel INSTANCE = new WidthFillKernel();

    private WidthFillKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_width_fill(float halfWidth, int nMax, @In I32Array count, @Out F32Array left, @Out F32Array right);
    }

    @Override
    protected void run(int begin, int end, float hw, int nMax, int[] count, float[] left, float[] right) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            fillEnv(hw, b, count[e], left, right, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for slots {@code [from, to)} of the env whose rows start at {@code b} ({@code cn}
     * real points). Shared by this kernel and the fused host inflation.
     */
    static void fillEnv(float hw, int b, int cn, float[] left, float[] right, int from, int to) {
        int realEnd = Math.min(to, b + cn);
        int t = from;
        for (; t < realEnd; t++) {
            left[t] = hw;
            right[t] = hw;
        }
        for (; t < to; t++) {
            left[t] = Float.NaN;
            right[t] = Float.NaN;
        }
    }
}
