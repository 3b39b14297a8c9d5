package dev.trackgen.generators.repulsive;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
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
public final class RepulsiveSeedKernel extends RepulsiveSeedKernelBase {
    /** The kernel instance. */
    public static final RepulsiveSeedKernel INSTANCE = new RepulsiveSeedKernel();

    private RepulsiveSeedKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE, perEnvironment = true)
    interface Signature {
        void tg_rep_seed(@In I32Array seeds, float rInit, float growLo, float growHi, @Out F32Array lFinal,
                @Out F32Array lInit, @Out F32Array lTarget, @Out I32Array reached, @Out I32Array frozen,
                @Out I32Array live, @Out F32Array areaPrev);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, float rInit, float lo, float hi, float[] lFinal,
                       float[] lInit, float[] lTarget, int[] reached, int[] frozen, int[] live, float[] areaPrev) {
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
