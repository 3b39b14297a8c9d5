package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Second half of the closed-loop arc-length resample, one thread per output point
 * ({@code dim = E * num}).
 *
 * <p>{@code tg_arc_lookup(real, seg, s, countReal, M, num, out)}: output point {@code k} of env
 * {@code e} lies at arc length {@code k * total / num} along the closed loop of the {@code R}
 * compacted points written by {@link ArcResampleScanKernel}; it is found on the first segment
 * whose cumulative end reaches the target and linearly interpolated. Envs with {@code R < 2}
 * get NaN rows; envs skipped by a selected scan ({@code R = -1}) are left untouched.
 *
 * <p>Shapes: {@code real: [E*M]} pairs; {@code seg: [E*M]}; {@code s: [E*(M+1)]};
 * {@code countReal: [E]}; {@code out: [E*num]} pairs.
 */
public final class ArcResampleLookupKernel extends ArcResampleLookupKernelBase {
    /** The kernel instance. */
    public static final ArcResampleLookupKernel INSTANCE = new ArcResampleLookupKernel();

    private ArcResampleLookupKernel() {
    }

    @KernelSignature(ptx = ApiKernels.PTX)
    interface Signature {
        void tg_arc_lookup(@In Vec2Array real, @In F32Array seg, @In F32Array s, @In I32Array countReal, int M,
                int num, @InOut Vec2Array out);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] real = a.real();
        float[] seg = a.seg();
        float[] s = a.s();
        int[] countReal = a.countReal();
        int m = a.M();
        int num = a.num();
        float[] out = a.out();
        int t = begin;
        while (t < end) {
            int e = t / num;
            int envEnd = Math.min(end, (e + 1) * num);
            int r = countReal[e];
            if (r < 0) {
                t = envEnd;
                continue;
            }
            if (r < 2) {
                for (; t < envEnd; t++) {
                    out[2 * t] = Float.NaN;
                    out[2 * t + 1] = Float.NaN;
                }
                continue;
            }
            int rb = e * m;
            int es = e * (m + 1);
            float total = s[es + r];
            int idx = 0;
            for (; t < envEnd; t++) {
                int k = t - e * num;
                float target = (float) k * total / (float) num;
                // Targets grow with k, so the search resumes where the previous point stopped.
                while (idx < r - 1 && s[es + idx + 1] < target) {
                    idx++;
                }
                float s0 = s[es + idx];
                float segl = Math.max(seg[rb + idx], 1.0e-12f);
                float frac = Math.min(Math.max((target - s0) / segl, 0f), 1f);
                int i1 = idx + 1 == r ? 0 : idx + 1;
                float p0x = real[2 * (rb + idx)];
                float p0y = real[2 * (rb + idx) + 1];
                out[2 * t] = p0x + frac * (real[2 * (rb + i1)] - p0x);
                out[2 * t + 1] = p0y + frac * (real[2 * (rb + i1) + 1] - p0y);
            }
        }
    }
}
