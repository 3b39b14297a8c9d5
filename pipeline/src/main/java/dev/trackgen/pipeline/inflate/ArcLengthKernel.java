package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Cumulative arc length, perimeter and winding sign, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_arc_length(center, nMax, count, arclen, length, winding)}:
 * {@code arclen[e*nMax + i]} is the length of the chain before point {@code i} (0 at point 0,
 * accumulated in double), {@code length[e]} the closed perimeter including the closing edge,
 * NaN past {@code count[e]}; {@code winding[e]} is the sign of the shoelace area: +1
 * counter-clockwise, -1 clockwise, 0 degenerate (fewer than 3 points, zero area or NaN).
 *
 * <p>Shapes: {@code center: [E*nMax]} pairs; {@code arclen: [E*nMax]};
 * {@code count, length, winding: [E]}.
 */
public final class ArcLengthKernel extends ArcLengthKernelBase {
    /** The kernel instance. */
    public static final ArcLengthKernel INSTANCE = new ArcLengthKernel();

    private ArcLengthKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_arc_length(@In Vec2Array center, int nMax, @In I32Array count, @Out F32Array arclen,
                @Out F32Array length, @Out F32Array winding);
    }

    @Override
    protected void run(int begin, int end, float[] c, int nMax, int[] count, float[] arclen, float[] length,
                       float[] winding) {
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            double acc = 0.0;
            float area2 = 0f;
            for (int i = 0; i < cn; i++) {
                arclen[b + i] = (float) acc;
                int in = i + 1 == cn ? 0 : i + 1;
                float px = c[2 * (b + i)];
                float py = c[2 * (b + i) + 1];
                float qx = c[2 * (b + in)];
                float qy = c[2 * (b + in) + 1];
                acc += Geometry.length(qx - px, qy - py);
                area2 += px * qy - qx * py;
            }
            length[e] = (float) acc;
            winding[e] = area2 > 0f ? 1f : (area2 < 0f ? -1f : 0f);
            for (int i = cn; i < nMax; i++) {
                arclen[b + i] = Float.NaN;
            }
        }
    }
}
