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
    protected void run(int begin, int end, float[] real, float[] seg, float[] s, int[] countReal, int m, int num,
                       float[] out) {
        int t = begin;
        while (t < end) {
            int e = t / num;
            int envEnd = Math.min(end, (e + 1) * num);
            lookupEnv(real, e * m, seg, s, e * (m + 1), countReal[e], num, out, e * num, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for output slots {@code [from, to)} of one env whose output row starts at
     * {@code ob}: {@code r = countReal[e]} real points from {@code real[rb]}, segment lengths from
     * {@code seg[rb]}, cumulative arc length from {@code s[sb]}. Shared by this kernel and the CPU
     * runtime's fused resample (one worker's buffers, offsets 0).
     */
    static void lookupEnv(float[] real, int rb, float[] seg, float[] s, int sb, int r, int num, float[] out, int ob,
                          int from, int to) {
        if (r < 0) {
            return;
        }
        int t = from;
        if (r < 2) {
            for (; t < to; t++) {
                out[2 * t] = Float.NaN;
                out[2 * t + 1] = Float.NaN;
            }
            return;
        }
        float total = s[sb + r];
        int idx = 0;
        for (; t < to; t++) {
            int k = t - ob;
            float target = (float) k * total / (float) num;
            // Targets grow with k, so the search resumes where the previous point stopped.
            idx = ArcLengthLookup.write(real, rb, r, seg, rb, s, sb, target, idx, out, t);
        }
    }
}
