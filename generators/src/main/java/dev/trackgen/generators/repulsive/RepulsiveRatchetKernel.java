package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
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
public final class RepulsiveRatchetKernel extends RepulsiveRatchetKernelBase {
    /** The kernel instance. */
    public static final RepulsiveRatchetKernel INSTANCE = new RepulsiveRatchetKernel();

    private RepulsiveRatchetKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE, perEnvironment = true)
    interface Signature {
        void tg_rep_ratchet(@InOut F32Array lTarget, @In F32Array lFinal, float growth, @Out I32Array reached);
    }

    @Override
    protected void run(int begin, int end, float[] lt, float[] lf, float growth, int[] reached) {
        for (int e = begin; e < end; e++) {
            float v = Math.min(lt[e] * (1f + growth), lf[e]);
            lt[e] = v;
            reached[e] = v >= lf[e] - 1.0e-9f ? 1 : 0;
        }
    }
}
