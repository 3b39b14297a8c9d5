package dev.trackgen.generators.bezier;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Per-environment Bezier style, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_bezier_style(seeds, radLo, radHi, scaleLo, scaleHi, clampLo, clampHi, rad, scale,
 * clamp)}: draws {@code rad}, {@code scale} and {@code handle_clamp_frac} uniformly from their
 * ranges, in that order, from the seed's style stream. A range with {@code lo == hi} yields the
 * constant, which is how style sampling is switched off.
 *
 * <p>Shapes: {@code seeds, rad, scale, clamp: [E]}.
 */
public final class StyleSampleKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final StyleSampleKernel INSTANCE = new StyleSampleKernel();

    private StyleSampleKernel() {
        super("tg_bezier_style", GeneratorKernels.PTX,
                KernelParam.i32("seeds"), KernelParam.floatValue("radLo"), KernelParam.floatValue("radHi"),
                KernelParam.floatValue("scaleLo"), KernelParam.floatValue("scaleHi"),
                KernelParam.floatValue("clampLo"), KernelParam.floatValue("clampHi"),
                KernelParam.f32("rad"), KernelParam.f32("scale"), KernelParam.f32("clamp"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        int[] seeds = a.i32(0);
        float radLo = a.floatValue(1);
        float radHi = a.floatValue(2);
        float scaleLo = a.floatValue(3);
        float scaleHi = a.floatValue(4);
        float clampLo = a.floatValue(5);
        float clampHi = a.floatValue(6);
        float[] rad = a.f32(7);
        float[] scale = a.f32(8);
        float[] clamp = a.f32(9);
        for (int e = begin; e < end; e++) {
            int s = seeds[e];
            rad[e] = CounterRng.uniform(s, GeneratorKernels.STREAM_STYLE, 0, radLo, radHi);
            scale[e] = CounterRng.uniform(s, GeneratorKernels.STREAM_STYLE, 1, scaleLo, scaleHi);
            clamp[e] = CounterRng.uniform(s, GeneratorKernels.STREAM_STYLE, 2, clampLo, clampHi);
        }
    }
}
