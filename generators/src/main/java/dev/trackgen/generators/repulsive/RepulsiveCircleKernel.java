package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The seed circle, one thread per point ({@code dim = E * n}).
 *
 * <p>{@code tg_rep_circle(center, n, rInit)}: point {@code i} of every env is
 * {@code rInit (cos(2 pi i / n), sin(2 pi i / n))}, counter-clockwise; growth breaks the symmetry.
 *
 * <p>Shapes: {@code center: [E*n]} pairs (the prefix of a larger buffer).
 */
public final class RepulsiveCircleKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final RepulsiveCircleKernel INSTANCE = new RepulsiveCircleKernel();

    private RepulsiveCircleKernel() {
        super("tg_rep_circle", GeneratorKernels.PTX_REPULSIVE,
                KernelParam.vec2("center"), KernelParam.intValue("n"), KernelParam.floatValue("rInit"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] c = a.vec2(0);
        int n = a.intValue(1);
        float r = a.floatValue(2);
        for (int t = begin; t < end; t++) {
            int i = t % n;
            double ang = i * (2.0 * Math.PI / n);
            c[2 * t] = r * (float) Math.cos(ang);
            c[2 * t + 1] = r * (float) Math.sin(ang);
        }
    }
}
