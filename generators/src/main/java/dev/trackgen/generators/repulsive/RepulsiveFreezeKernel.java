package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The stall detector, one thread per environment ({@code dim = E}), launched once per stall window
 * at the final resolution.
 *
 * <p>{@code tg_rep_freeze(center, n, reached, tol, areaPrev, frozen, live)}: the enclosed area
 * {@code A = |shoelace| / 2} (unchanged by reparameterization, unlike point displacements) is
 * compared with the previous window's; an env that has {@code reached} its final length and whose
 * relative change {@code |A - areaPrev| / max(A, 1e-9)} is below {@code tol} is frozen for the rest
 * of the call ({@code live = 1 - frozen}, the selection flag of the periodic reparameterization,
 * which leaves frozen envs alone so that no env's result depends on when the others settle).
 * {@code areaPrev} becomes {@code A}.
 *
 * <p>Shapes: {@code center: [E*n]} pairs; {@code reached, areaPrev, frozen, live: [E]}.
 */
public final class RepulsiveFreezeKernel extends RepulsiveFreezeKernelBase {
    /** The kernel instance. */
    public static final RepulsiveFreezeKernel INSTANCE = new RepulsiveFreezeKernel();

    private RepulsiveFreezeKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE, perEnvironment = true)
    interface Signature {
        void tg_rep_freeze(@In Vec2Array center, int n, @In I32Array reached, float tol, @InOut F32Array areaPrev,
                @InOut I32Array frozen, @Out I32Array live);
    }

    @Override
    protected void run(int begin, int end, float[] x, int n, int[] reached, float tol, float[] areaPrev, int[] frozen,
                       int[] live) {
        for (int e = begin; e < end; e++) {
            int b = e * n;
            float a2 = 0f;
            for (int i = 0; i < n; i++) {
                int k = b + i;
                int kn = b + (i + 1 == n ? 0 : i + 1);
                a2 += x[2 * k] * x[2 * kn + 1] - x[2 * kn] * x[2 * k + 1];
            }
            float area = Math.abs(a2) * 0.5f;
            float rel = Math.abs(area - areaPrev[e]) / Math.max(area, 1.0e-9f);
            areaPrev[e] = area;
            if (reached[e] == 1 && frozen[e] == 0 && rel < tol) {
                frozen[e] = 1;
            }
            live[e] = 1 - frozen[e];
        }
    }
}
