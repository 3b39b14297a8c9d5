package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * Constant per-point half-widths, one thread per point ({@code dim = E * nMax}):
 * {@code left[t] = right[t] = halfWidth} for the real points of each env, NaN past
 * {@code count[e]}. The stand-in for the {@code Track}'s {@code leftHalfWidth()} and
 * {@code rightHalfWidth()} arrays (the per-point width contract) until a track carries them.
 *
 * <p>Shapes: {@code count: [E]}, {@code left, right: [E * nMax]} (world units).
 */
public final class RacelineWidthsKernel extends RacelineWidthsKernelBase {
    /** The kernel instance. */
    public static final RacelineWidthsKernel INSTANCE = new RacelineWidthsKernel();

    private RacelineWidthsKernel() {
    }

    @KernelSignature(ptx = RacelineKernels.PTX)
    interface Signature {
        void tg_raceline_widths(@In I32Array count, int nMax, float halfWidth, @Out F32Array left, @Out F32Array right);
    }

    @Override
    protected void run(int begin, int end, int[] count, int nMax, float halfWidth, float[] left, float[] right) {
        for (int t = begin; t < end; t++) {
            int e = t / nMax;
            float w = t - e * nMax < count[e] ? halfWidth : Float.NaN;
            left[t] = w;
            right[t] = w;
        }
    }
}
