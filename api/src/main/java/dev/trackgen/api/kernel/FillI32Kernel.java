package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;

/**
 * {@code tg_fill_i32(out, value)}: writes {@code value} into {@code out[t]}; launch with
 * {@code dim = out.length()}.
 */
public final class FillI32Kernel extends AbstractKernel {
    /** The kernel instance. */
    public static final FillI32Kernel INSTANCE = new FillI32Kernel();

    private FillI32Kernel() {
        super("tg_fill_i32", ApiKernels.PTX, KernelParam.i32("out"), KernelParam.intValue("value"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] out = a.i32(0);
        int v = a.intValue(1);
        for (int t = begin; t < end; t++) {
            out[t] = v;
        }
    }
}
