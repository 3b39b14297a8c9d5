package dev.trackgen.generators.repulsive;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Per-environment growth state, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_rep_seed(seeds, rInit, growLo, growHi, lFinal, lInit, lTarget, reached, frozen,
 * live, areaPrev)}: {@code lInit = lTarget = 2 pi rInit} (the seed circle's perimeter),
 * {@code lFinal = g * lInit} with {@code g = growLo + u (growHi - growLo)}, {@code u} draw 0 of the
 * seed's {@link GeneratorKernels#STREAM_REPULSIVE_GROWTH} stream; {@code reached}, {@code frozen}
 * and the previous area are zeroed and {@code live = 1}.
 *
 * <p>Shapes: every array {@code [E]}.
 */
public final class RepulsiveSeedKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final RepulsiveSeedKernel INSTANCE = new RepulsiveSeedKernel();

    private RepulsiveSeedKernel() {
        super("tg_rep_seed", GeneratorKernels.PTX_REPULSIVE,
                KernelParam.i32("seeds"), KernelParam.floatValue("rInit"), KernelParam.floatValue("growLo"),
                KernelParam.floatValue("growHi"), KernelParam.f32("lFinal"), KernelParam.f32("lInit"),
                KernelParam.f32("lTarget"), KernelParam.i32("reached"), KernelParam.i32("frozen"),
                KernelParam.i32("live"), KernelParam.f32("areaPrev"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] seeds = a.i32(0);
        float rInit = a.floatValue(1);
        float lo = a.floatValue(2);
        float hi = a.floatValue(3);
        float[] lFinal = a.f32(4);
        float[] lInit = a.f32(5);
        float[] lTarget = a.f32(6);
        int[] reached = a.i32(7);
        int[] frozen = a.i32(8);
        int[] live = a.i32(9);
        float[] areaPrev = a.f32(10);
        float l0 = (float) (2.0 * Math.PI) * rInit;
        for (int e = begin; e < end; e++) {
            float g = CounterRng.uniform(seeds[e], GeneratorKernels.STREAM_REPULSIVE_GROWTH, 0, lo, hi);
            lInit[e] = l0;
            lTarget[e] = l0;
            lFinal[e] = g * l0;
            reached[e] = 0;
            frozen[e] = 0;
            live[e] = 1;
            areaPrev[e] = 0f;
        }
    }
}
