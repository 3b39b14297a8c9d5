package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
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
public final class RepulsiveConvKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final RepulsiveConvKernel INSTANCE = new RepulsiveConvKernel();

    private RepulsiveConvKernel() {
        super("tg_rep_conv2", GeneratorKernels.PTX_REPULSIVE,
                KernelParam.vec2("a"), KernelParam.vec2("b"), KernelParam.f32("h"), KernelParam.intValue("n"),
                KernelParam.i32("frozen"), KernelParam.vec2("outA"), KernelParam.vec2("outB"));
    }

    @Override
    public void run(KernelArgs args, int begin, int end) {
        float[] a = args.vec2(0);
        float[] b = args.vec2(1);
        float[] h = args.f32(2);
        int n = args.intValue(3);
        int[] frozen = args.i32(4);
        float[] outA = args.vec2(5);
        float[] outB = args.vec2(6);
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
