package dev.trackgen.generators.bezier;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
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
public final class StyleSampleKernel extends StyleSampleKernelBase {
    /** The kernel instance. */
    public static final StyleSampleKernel INSTANCE = new StyleSampleKernel();

    private StyleSampleKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_bezier_style(@In I32Array seeds, float radLo, float radHi, float scaleLo, float scaleHi, float clampLo,
                float clampHi, @Out F32Array rad, @Out F32Array scale, @Out F32Array clamp);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, float radLo, float radHi, float scaleLo, float scaleHi,
                       float clampLo, float clampHi, float[] rad, float[] scale, float[] clamp) {
        for (int e = begin; e < end; e++) {
            int s = seeds[e];
            rad[e] = CounterRng.uniform(s, GeneratorKernels.STREAM_STYLE, 0, radLo, radHi);
            scale[e] = CounterRng.uniform(s, GeneratorKernels.STREAM_STYLE, 1, scaleLo, scaleHi);
            clamp[e] = CounterRng.uniform(s, GeneratorKernels.STREAM_STYLE, 2, clampLo, clampHi);
        }
    }
}
