package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.ArcLengthLookup;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Count-aware re-uniformization, step 2, one thread per slot ({@code dim = E * nMax}).
 *
 * <p>{@code tg_uniform_lookup(center, seg, s, nMax, count, out)}: slot {@code k < count[e]} gets
 * the point at arc length {@code k * perimeter / count[e]} of env {@code e}'s closed chain; other
 * slots get NaN. Evens out the spacing the relaxation leaves, so frames and curvature are not
 * biased by it.
 *
 * <p>Shapes: {@code center, out: [E*nMax]} pairs; {@code seg: [E*nMax]};
 * {@code s: [E*(nMax+1)]}; {@code count: [E]}.
 */
public final class UniformResampleLookupKernel extends UniformResampleLookupKernelBase {
    /** The kernel instance. */
    public static final UniformResampleLookupKernel INSTANCE = new UniformResampleLookupKernel();

    private UniformResampleLookupKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_uniform_lookup(@In Vec2Array center, @In F32Array seg, @In F32Array s, int nMax, @In I32Array count,
                @Out Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] seg, float[] s, int nMax, int[] count, float[] out) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            lookupEnv(c, b, count[e], seg, b, s, e * (nMax + 1), out, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for slots {@code [from, to)} of the env whose chain and output rows start at
     * {@code b} ({@code cn} points), reading segment lengths from {@code seg[sb]} and cumulative arc
     * length from {@code s[ss]}. Shared by this kernel and the CPU runtime's fused inflation front.
     */
    static void lookupEnv(float[] c, int b, int cn, float[] seg, int sb, float[] s, int ss, float[] out, int from,
                          int to) {
        int realEnd = Math.min(to, b + cn);
        float total = cn > 0 ? s[ss + cn] : 0f;
        int idx = 0;
        int t = from;
        for (; t < realEnd; t++) {
            float tk = (float) (t - b) * total / (float) cn;
            idx = ArcLengthLookup.write(c, b, cn, seg, sb, s, ss, tk, idx, out, t);
        }
        for (; t < to; t++) {
            out[2 * t] = Float.NaN;
            out[2 * t + 1] = Float.NaN;
        }
    }
}
