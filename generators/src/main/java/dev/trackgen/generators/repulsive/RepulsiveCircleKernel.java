package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The seed circle, one thread per point ({@code dim = E * n}).
 *
 * <p>{@code tg_rep_circle(center, n, rInit)}: point {@code i} of every env is
 * {@code rInit (cos(2 pi i / n), sin(2 pi i / n))}, counter-clockwise; growth breaks the symmetry.
 *
 * <p>Shapes: {@code center: [E*n]} pairs (the prefix of a larger buffer).
 */
public final class RepulsiveCircleKernel extends RepulsiveCircleKernelBase {
    /** The kernel instance. */
    public static final RepulsiveCircleKernel INSTANCE = new RepulsiveCircleKernel();

    private RepulsiveCircleKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE)
    interface Signature {
        void tg_rep_circle(@Out Vec2Array center, int n, float rInit);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] c = a.center();
        int n = a.n();
        float r = a.rInit();
        for (int t = begin; t < end; t++) {
            int i = t % n;
            double ang = i * (2.0 * Math.PI / n);
            c[2 * t] = r * (float) Math.cos(ang);
            c[2 * t + 1] = r * (float) Math.sin(ang);
        }
    }
}
