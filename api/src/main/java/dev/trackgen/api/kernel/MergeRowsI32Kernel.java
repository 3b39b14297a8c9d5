package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;

/**
 * Per-environment row merge, one thread per element ({@code dim = E * n}).
 *
 * <p>{@code tg_merge_rows_i32(fresh, flags, n, out)}: {@code out[t] = fresh[t]} where
 * {@code flags[t / n] != 0}; the other rows of {@code out} keep their values. A masked
 * regeneration takes the new seeds of the selected envs with it and keeps the others' seeds.
 *
 * <p>Shapes: {@code fresh, out: [E*n]} int32; {@code flags: [E]}.
 */
public final class MergeRowsI32Kernel extends MergeRowsI32KernelBase {
    /** The kernel instance. */
    public static final MergeRowsI32Kernel INSTANCE = new MergeRowsI32Kernel();

    private MergeRowsI32Kernel() {
    }

    @KernelSignature(ptx = ApiKernels.PTX)
    interface Signature {
        void tg_merge_rows_i32(@In I32Array fresh, @In I32Array flags, int n, @InOut I32Array out);
    }

    @Override
    protected void run(int begin, int end, int[] fresh, int[] flags, int n, int[] out) {
        for (int t = begin; t < end; t++) {
            if (flags[t / n] != 0) {
                out[t] = fresh[t];
            }
        }
    }
}
