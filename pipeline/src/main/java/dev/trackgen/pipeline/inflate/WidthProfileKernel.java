package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Per-point half-widths from a given width profile, one thread per slot ({@code dim = E * nMax}):
 * the widths a caller passed with its centerlines ({@code CenterlinePipeline}, {@code trackgen
 * import}), carried to the output points by arc-length fraction.
 *
 * <p>{@code tg_width_profile(profileLeft, profileRight, p, nMax, count, left, right)}: env
 * {@code e}'s profile holds {@code p} left and right half-widths at the arc-length fractions
 * {@code 0, 1/p, ..., (p-1)/p} of its closed input loop; real point {@code k} of the output
 * (at fraction {@code k / count[e]} of the output loop, whose points are arc-equal) gets the
 * periodic linear interpolation of the profile at {@code u = k * p / count[e]}; slots past the
 * count get NaN.
 *
 * <p>Shapes: {@code profileLeft, profileRight: [E*p]}; {@code left, right: [E*nMax]} floats,
 * world units; {@code count: [E]}.
 */
public final class WidthProfileKernel extends WidthProfileKernelBase {
    /** The kernel instance. */
    public static final WidthProfileKernel INSTANCE = new WidthProfileKernel();

    private WidthProfileKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_width_profile(@In F32Array profileLeft, @In F32Array profileRight, int p, int nMax,
                @In I32Array count, @Out F32Array left, @Out F32Array right);
    }

    @Override
    protected void run(int begin, int end, float[] pl, float[] pr, int p, int nMax, int[] count, float[] left,
                       float[] right) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            profileEnv(pl, pr, e * p, p, b, count[e], left, right, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for slots {@code [from, to)} of the env whose rows start at {@code b} ({@code cn}
     * real points) and whose profile starts at {@code pb}. Shared by this kernel and the fused
     * host inflation.
     */
    static void profileEnv(float[] pl, float[] pr, int pb, int p, int b, int cn, float[] left, float[] right,
                           int from, int to) {
        int realEnd = Math.min(to, b + cn);
        int t = from;
        for (; t < realEnd; t++) {
            float u = (float) (t - b) * (float) p / (float) cn;
            int i0 = Math.min((int) u, p - 1);
            float f = u - (float) i0;
            int i1 = i0 + 1 == p ? 0 : i0 + 1;
            left[t] = pl[pb + i0] + f * (pl[pb + i1] - pl[pb + i0]);
            right[t] = pr[pb + i0] + f * (pr[pb + i1] - pr[pb + i0]);
        }
        for (; t < to; t++) {
            left[t] = Float.NaN;
            right[t] = Float.NaN;
        }
    }
}
