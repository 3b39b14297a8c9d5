package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Border candidates' signed areas, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_offset_area(center, normal, left, right, nMax, count, areaA, areaB)}: the
 * shoelace areas of the two offsets {@code a = c + w_l * n} and {@code b = c - w_r * n} of env
 * {@code e}'s closed centerline, at each point's own half-widths. {@link OffsetAssignKernel} takes the larger one as the outer
 * border, whatever the winding.
 *
 * <p>Shapes: {@code center, normal: [E*nMax]} pairs; {@code left, right: [E*nMax]};
 * {@code count, areaA, areaB: [E]}.
 */
public final class OffsetAreaKernel extends OffsetAreaKernelBase {
    /** The kernel instance. */
    public static final OffsetAreaKernel INSTANCE = new OffsetAreaKernel();

    private OffsetAreaKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_offset_area(@In Vec2Array center, @In Vec2Array normal, @In F32Array left, @In F32Array right, int nMax,
                @In I32Array count, @Out F32Array areaA, @Out F32Array areaB);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] n, float[] wl, float[] wr, int nMax, int[] count, float[] areaA,
                       float[] areaB) {
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            float sa = 0f;
            float sb = 0f;
            for (int i = 0; i < cn; i++) {
                int t = b + i;
                int u = b + (i + 1 == cn ? 0 : i + 1);
                float ax = c[2 * t] + wl[t] * n[2 * t];
                float ay = c[2 * t + 1] + wl[t] * n[2 * t + 1];
                float bx = c[2 * t] - wr[t] * n[2 * t];
                float by = c[2 * t + 1] - wr[t] * n[2 * t + 1];
                float anx = c[2 * u] + wl[u] * n[2 * u];
                float any = c[2 * u + 1] + wl[u] * n[2 * u + 1];
                float bnx = c[2 * u] - wr[u] * n[2 * u];
                float bny = c[2 * u + 1] - wr[u] * n[2 * u + 1];
                sa += 0.5f * (ax * any - anx * ay);
                sb += 0.5f * (bx * bny - bnx * by);
            }
            areaA[e] = sa;
            areaB[e] = sb;
        }
    }
}
