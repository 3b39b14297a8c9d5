package dev.trackgen.pipeline.inflate;

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
    protected void run(Args a, int begin, int end) {
        float[] c = a.center();
        float[] seg = a.seg();
        float[] s = a.s();
        int nMax = a.nMax();
        int[] count = a.count();
        float[] out = a.out();
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int b = e * nMax;
            int envEnd = Math.min(end, b + nMax);
            int cn = count[e];
            int realEnd = Math.min(envEnd, b + cn);
            int es = e * (nMax + 1);
            float total = cn > 0 ? s[es + cn] : 0f;
            int idx = 0;
            for (; t < realEnd; t++) {
                float tk = (float) (t - b) * total / (float) cn;
                while (idx < cn - 1 && s[es + idx + 1] < tk) {
                    idx++;
                }
                float segl = Math.max(seg[b + idx], 1.0e-12f);
                float frac = Math.min(Math.max((tk - s[es + idx]) / segl, 0f), 1f);
                int i1 = idx + 1 == cn ? 0 : idx + 1;
                float p0x = c[2 * (b + idx)];
                float p0y = c[2 * (b + idx) + 1];
                out[2 * t] = p0x + frac * (c[2 * (b + i1)] - p0x);
                out[2 * t + 1] = p0y + frac * (c[2 * (b + i1) + 1] - p0y);
            }
            for (; t < envEnd; t++) {
                out[2 * t] = Float.NaN;
                out[2 * t + 1] = Float.NaN;
            }
        }
    }
}
