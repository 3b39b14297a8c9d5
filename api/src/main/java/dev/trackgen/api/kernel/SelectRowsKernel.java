package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Per-environment row select, one thread per point ({@code dim = E * n}).
 *
 * <p>{@code tg_select_rows(a, b, flag, n, out)}: {@code out[t] = flag[t / n] > 0 ? b[t] : a[t]}.
 * {@code out} may alias {@code a} or {@code b}.
 *
 * <p>Shapes: {@code a, b, out: [E*n]} pairs; {@code flag: [E]}.
 */
public final class SelectRowsKernel extends SelectRowsKernelBase {
    /** The kernel instance. */
    public static final SelectRowsKernel INSTANCE = new SelectRowsKernel();

    private SelectRowsKernel() {
    }

    @KernelSignature(ptx = ApiKernels.PTX)
    interface Signature {
        void tg_select_rows(@In Vec2Array a, @In Vec2Array b, @In I32Array flag, int n, @Out Vec2Array out);
    }

    @Override
    protected void run(Args args, int begin, int end) {
        float[] a = args.a();
        float[] b = args.b();
        int[] flag = args.flag();
        int n = args.n();
        float[] out = args.out();
        for (int t = begin; t < end; t++) {
            float[] src = flag[t / n] > 0 ? b : a;
            out[2 * t] = src[2 * t];
            out[2 * t + 1] = src[2 * t + 1];
        }
    }
}
