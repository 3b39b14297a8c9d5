package dev.trackgen.pipeline.resample;

import dev.trackgen.api.kernel.ArcLengthLookup;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Constant-spacing resample, step 2: one thread per output slot ({@code dim = E * nMax}).
 *
 * <p>{@code tg_cs_lookup(center, seg, s, N, spacing, nMax, count, out)}: slot {@code k < count[e]}
 * gets the point at arc length {@code k * spacing} along env {@code e}'s closed loop (first
 * segment whose cumulative end reaches it, linear interpolation); slots {@code k >= count[e]} get
 * NaN.
 *
 * <p>Shapes: {@code center: [E*N]} pairs; {@code seg: [E*N]}; {@code s: [E*(N+1)]};
 * {@code count: [E]}; {@code out: [E*nMax]} pairs.
 */
public final class ConstantSpacingLookupKernel extends ConstantSpacingLookupKernelBase {
    /** The kernel instance. */
    public static final ConstantSpacingLookupKernel INSTANCE = new ConstantSpacingLookupKernel();

    private ConstantSpacingLookupKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX)
    interface Signature {
        void tg_cs_lookup(@In Vec2Array center, @In F32Array seg, @In F32Array s, int N, float spacing, int nMax,
                @In I32Array count, @Out Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] seg, float[] s, int n, float spacing, int nMax,
                       int[] count, float[] out) {
        int t = begin;
        while (t < end) {
            int e = t / nMax;
            int envEnd = Math.min(end, e * nMax + nMax);
            lookupEnv(c, seg, e * n, s, e * (n + 1), n, spacing, nMax, count[e], out, e, t, envEnd);
            t = envEnd;
        }
    }

    /**
     * The body for slots {@code [from, to)} of env {@code e} ({@code count} real points), reading
     * its segment lengths from {@code seg[sb]} and cumulative arc length from {@code s[ss]}. Shared
     * by this kernel and the CPU runtime's fused resample (one worker's buffers, offsets 0).
     */
    static void lookupEnv(float[] c, float[] seg, int sb, float[] s, int ss, int n, float spacing, int nMax,
                          int count, float[] out, int e, int from, int to) {
        int base = e * nMax;
        int realEnd = Math.min(to, base + count);
        int eb = e * n;
        int idx = 0;
        int t = from;
        for (; t < realEnd; t++) {
            float target = (float) (t - base) * spacing;
            idx = ArcLengthLookup.write(c, eb, n, seg, sb, s, ss, target, idx, out, t);
        }
        for (; t < to; t++) {
            out[2 * t] = Float.NaN;
            out[2 * t + 1] = Float.NaN;
        }
    }
}
