package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The hard length ratchet, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_rep_ratchet(lTarget, lFinal, growth, reached)}:
 * {@code lTarget = min(lTarget (1 + growth), lFinal)}; {@code reached = 1} once
 * {@code lTarget >= lFinal - 1e-9}.
 *
 * <p>Shapes: every array {@code [E]}.
 */
public final class RepulsiveRatchetKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final RepulsiveRatchetKernel INSTANCE = new RepulsiveRatchetKernel();

    private RepulsiveRatchetKernel() {
        super("tg_rep_ratchet", GeneratorKernels.PTX_REPULSIVE,
                KernelParam.f32("lTarget"), KernelParam.f32("lFinal"), KernelParam.floatValue("growth"),
                KernelParam.i32("reached"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] lt = a.f32(0);
        float[] lf = a.f32(1);
        float growth = a.floatValue(2);
        int[] reached = a.i32(3);
        for (int e = begin; e < end; e++) {
            float v = Math.min(lt[e] * (1f + growth), lf[e]);
            lt[e] = v;
            reached[e] = v >= lf[e] - 1.0e-9f ? 1 : 0;
        }
    }
}
