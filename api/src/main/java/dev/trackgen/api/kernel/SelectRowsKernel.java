package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;

/**
 * Per-environment row select, one thread per point ({@code dim = E * n}).
 *
 * <p>{@code tg_select_rows(a, b, flag, n, out)}: {@code out[t] = flag[t / n] > 0 ? b[t] : a[t]}.
 * {@code out} may alias {@code a} or {@code b}.
 *
 * <p>Shapes: {@code a, b, out: [E*n]} pairs; {@code flag: [E]}.
 */
public final class SelectRowsKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final SelectRowsKernel INSTANCE = new SelectRowsKernel();

    private SelectRowsKernel() {
        super("tg_select_rows", ApiKernels.PTX,
                KernelParam.vec2("a"), KernelParam.vec2("b"), KernelParam.i32("flag"),
                KernelParam.intValue("n"), KernelParam.vec2("out"));
    }

    @Override
    public void run(KernelArgs args, int begin, int end) {
        float[] a = args.vec2(0);
        float[] b = args.vec2(1);
        int[] flag = args.i32(2);
        int n = args.intValue(3);
        float[] out = args.vec2(4);
        for (int t = begin; t < end; t++) {
            float[] src = flag[t / n] > 0 ? b : a;
            out[2 * t] = src[2 * t];
            out[2 * t + 1] = src[2 * t + 1];
        }
    }
}
