package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The length gradient, one thread per point ({@code dim = E * n}).
 *
 * <p>{@code tg_rep_length_dir(center, n, lg)}: {@code lg_i = dir(x_i - x_{i-1}) - dir(x_{i+1} - x_i)},
 * the gradient of the perimeter with respect to {@code x_i} ({@code dir(u) = u / max(|u|, 1e-8)}).
 *
 * <p>Shapes: {@code center, lg: [E*n]} pairs.
 */
public final class RepulsiveLengthDirKernel extends RepulsiveLengthDirKernelBase {
    /** The kernel instance. */
    public static final RepulsiveLengthDirKernel INSTANCE = new RepulsiveLengthDirKernel();

    private RepulsiveLengthDirKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE)
    interface Signature {
        void tg_rep_length_dir(@In Vec2Array center, int n, @Out Vec2Array lg);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] x = a.center();
        int n = a.n();
        float[] lg = a.lg();
        for (int t = begin; t < end; t++) {
            int e = t / n;
            int i = t - e * n;
            int tn = e * n + (i + 1 == n ? 0 : i + 1);
            int tp = e * n + (i == 0 ? n - 1 : i - 1);
            float fx = x[2 * tn] - x[2 * t];
            float fy = x[2 * tn + 1] - x[2 * t + 1];
            float bx = x[2 * t] - x[2 * tp];
            float by = x[2 * t + 1] - x[2 * tp + 1];
            float fi = 1f / Math.max((float) Math.sqrt(fx * fx + fy * fy), 1.0e-8f);
            float bi = 1f / Math.max((float) Math.sqrt(bx * bx + by * by), 1.0e-8f);
            lg[2 * t] = bx * bi - fx * fi;
            lg[2 * t + 1] = by * bi - fy * fi;
        }
    }
}
