package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * {@code tg_fill_i32(out, value)}: writes {@code value} into {@code out[t]}; launch with
 * {@code dim = out.length()}.
 */
public final class FillI32Kernel extends FillI32KernelBase {
    /** The kernel instance. */
    public static final FillI32Kernel INSTANCE = new FillI32Kernel();

    private FillI32Kernel() {
    }

    @KernelSignature(ptx = ApiKernels.PTX)
    interface Signature {
        void tg_fill_i32(@Out I32Array out, int value);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        int[] out = a.out();
        int v = a.value();
        for (int t = begin; t < end; t++) {
            out[t] = v;
        }
    }
}
