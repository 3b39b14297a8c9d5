package dev.trackgen.generators.voronoi;

import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * One round of Chaikin corner cutting of a closed polygon, one thread per output point
 * ({@code dim = E * 2K}).
 *
 * <p>{@code tg_chaikin(poly, K, out)}: edge {@code i} of env {@code e}'s {@code K}-gon, from
 * {@code p_i} to {@code p_{i+1 mod K}}, gives {@code out[2i] = 0.75 p_i + 0.25 p_{i+1}} and
 * {@code out[2i+1] = 0.25 p_i + 0.75 p_{i+1}}.
 *
 * <p>Shapes: {@code poly: [E*K]} pairs; {@code out: [E*2K]} pairs.
 */
public final class ChaikinKernel extends ChaikinKernelBase {
    /** The kernel instance. */
    public static final ChaikinKernel INSTANCE = new ChaikinKernel();

    private ChaikinKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_VORONOI)
    interface Signature {
        void tg_chaikin(@In Vec2Array poly, int K, @Out Vec2Array out);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] p = a.poly();
        int k = a.K();
        float[] out = a.out();
        int per = 2 * k;
        for (int t = begin; t < end; t++) {
            int e = t / per;
            int r = t - e * per;
            int i = r >> 1;
            float w0 = (r & 1) == 0 ? 0.75f : 0.25f;
            float w1 = 1f - w0;
            int i0 = e * k + i;
            int i1 = e * k + (i + 1) % k;
            out[2 * t] = w0 * p[2 * i0] + w1 * p[2 * i1];
            out[2 * t + 1] = w0 * p[2 * i0 + 1] + w1 * p[2 * i1 + 1];
        }
    }
}
