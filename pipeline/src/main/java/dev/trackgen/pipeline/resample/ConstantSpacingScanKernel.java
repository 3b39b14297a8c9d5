package dev.trackgen.pipeline.resample;

import dev.trackgen.api.kernel.ArcLengthScan;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Constant-spacing resample, step 1: per-track perimeter and point count, one thread per
 * environment ({@code dim = E}).
 *
 * <p>{@code tg_cs_scan(center, N, spacing, nMax, seg, s, count, valid)}: for env {@code e}'s closed
 * loop of {@code N} points, writes the segment lengths, the cumulative arc length (accumulated in
 * double) and {@code count[e] = floor(perimeter / spacing) + 1}, decremented while
 * {@code (count - 1) * spacing >= perimeter} so every gap is at most {@code spacing}, then capped
 * at {@code nMax}. A track that needs more than {@code nMax} points is truncated by the cap and
 * marked invalid ({@code valid[e] = 0}), however large its quotient (checked before any cast to
 * int, so a spacing of 1e-9 cannot wrap the count to 1); a NaN or zero perimeter gives
 * {@code count[e] = 0}.
 *
 * <p>Shapes: {@code center: [E*N]} pairs; {@code seg: [E*N]}; {@code s: [E*(N+1)]};
 * {@code count, valid: [E]}.
 */
public final class ConstantSpacingScanKernel extends ConstantSpacingScanKernelBase {
    /** The kernel instance. */
    public static final ConstantSpacingScanKernel INSTANCE = new ConstantSpacingScanKernel();

    private ConstantSpacingScanKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_cs_scan(@In Vec2Array center, int N, float spacing, int nMax, @Out F32Array seg, @Out F32Array s,
                @Out I32Array count, @InOut I32Array valid);
    }

    @Override
    protected void run(int begin, int end, float[] c, int n, float spacing, int nMax, float[] seg, float[] s,
                       int[] count, int[] valid) {
        for (int e = begin; e < end; e++) {
            scanEnv(c, n, spacing, nMax, seg, e * n, s, e * (n + 1), count, valid, e);
        }
    }

    /**
     * The body for env {@code e}: its segment lengths from {@code seg[sb]}, its cumulative arc
     * length from {@code s[ss]}, its count and flag. Shared by this kernel (rows of {@code E}-sized
     * arrays) and the CPU runtime's fused resample (one worker's buffers, offsets 0).
     */
    static void scanEnv(float[] c, int n, float spacing, int nMax, float[] seg, int sb, float[] s, int ss,
                        int[] count, int[] valid, int e) {
        int b = e * n;
        float total = (float) ArcLengthScan.scan(c, b, n, seg, sb, s, ss);
        if (!(total > 0f)) {
            count[e] = 0;
            valid[e] = 0;
            return;
        }
        float q = (float) Math.floor(total / spacing);
        if (q > (float) nMax) {
            // Beyond N_max (also an infinite quotient): truncated; never cast a huge q to int.
            count[e] = nMax;
            valid[e] = 0;
            return;
        }
        int k = (int) q + 1;
        while (k > 1 && (float) (k - 1) * spacing >= total) {
            k--;
        }
        if (k > nMax) {
            valid[e] = 0;
        }
        count[e] = Math.min(Math.max(k, 1), nMax);
    }
}
