package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The fractional-Sobolev preconditioner applied to two fields, one thread per point
 * ({@code dim = E * n}).
 *
 * <p>{@code tg_rep_conv2(a, b, h, n, frozen, outA, outB)}: the circular convolutions
 * {@code outA_i = sum_j h[(i - j) mod n] a_j} and likewise for {@code b}, where {@code h} is the
 * real-space row of the circulant inverse {@code A^-1} (see {@link RepulsiveSchedule#sobolevRow}).
 * Frozen envs are skipped.
 *
 * <p>Shapes: {@code a, b, outA, outB: [E*n]} pairs; {@code h: [n]}; {@code frozen: [E]}.
 */
public final class RepulsiveConvKernel extends RepulsiveConvKernelBase {
    /** The kernel instance. */
    public static final RepulsiveConvKernel INSTANCE = new RepulsiveConvKernel();

    private RepulsiveConvKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE)
    interface Signature {
        void tg_rep_conv2(@In Vec2Array a, @In Vec2Array b, @In F32Array h, int n, @In I32Array frozen,
                @Out Vec2Array outA, @Out Vec2Array outB);
    }

    @Override
    protected void run(Args args, int begin, int end) {
        float[] a = args.a();
        float[] b = args.b();
        float[] h = args.h();
        int n = args.n();
        int[] frozen = args.frozen();
        float[] outA = args.outA();
        float[] outB = args.outB();
        for (int t = begin; t < end; t++) {
            int e = t / n;
            if (frozen[e] == 1) {
                continue;
            }
            int i = t - e * n;
            int base = e * n;
            float ax = 0f;
            float ay = 0f;
            float bx = 0f;
            float by = 0f;
            // j <= i: h[i - j]; j > i: h[i - j + n]
            for (int j = 0; j <= i; j++) {
                float w = h[i - j];
                ax += w * a[2 * (base + j)];
                ay += w * a[2 * (base + j) + 1];
                bx += w * b[2 * (base + j)];
                by += w * b[2 * (base + j) + 1];
            }
            for (int j = i + 1; j < n; j++) {
                float w = h[i - j + n];
                ax += w * a[2 * (base + j)];
                ay += w * a[2 * (base + j) + 1];
                bx += w * b[2 * (base + j)];
                by += w * b[2 * (base + j) + 1];
            }
            outA[2 * t] = ax;
            outA[2 * t + 1] = ay;
            outB[2 * t] = bx;
            outB[2 * t + 1] = by;
        }
    }
}
