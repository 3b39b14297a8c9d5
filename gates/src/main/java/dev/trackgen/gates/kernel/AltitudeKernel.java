package dev.trackgen.gates.kernel;

import dev.trackgen.api.kernel.AltitudeProfile;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The altitude stage, one thread per env ({@code dim = E}): the plan-view cumulative chord length
 * of the ordered gates ({@link AltitudeProfile#closedChords}) and the configured profile over it
 * ({@link AltitudeProfile#fill}); {@code cum} and {@code z} are NaN past {@code count}.
 *
 * <p>Shapes: {@code plan [E * gMax]} pairs, {@code count, seeds [E]}, {@code cum, z [E * gMax]}.
 */
public final class AltitudeKernel extends AltitudeKernelBase {
    /** The kernel instance. */
    public static final AltitudeKernel INSTANCE = new AltitudeKernel();

    private AltitudeKernel() {
    }

    @KernelSignature(ptx = GatesKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_gate_altitude(@In Vec2Array plan, @In I32Array count, @In I32Array seeds, int gMax, int profile,
                              float zBase, float zMin, float zMax, float zMaxStep, float zNoiseAmplitude,
                              int zNoiseHarmonics, @Out F32Array cum, @Out F32Array z);
    }

    @Override
    protected void run(int begin, int end, float[] plan, int[] count, int[] seeds, int gMax, int profile, float zBase,
                       float zMin, float zMax, float zMaxStep, float amplitude, int harmonics, float[] cum, float[] z) {
        for (int e = begin; e < end; e++) {
            int g = e * gMax;
            int n = Math.min(Math.max(count[e], 0), gMax);
            float perim = AltitudeProfile.closedChords(plan, g, n, cum, g);
            AltitudeProfile.fill(profile, seeds[e], cum, g, n, perim, zBase, zMin, zMax, zMaxStep, amplitude, harmonics,
                    z, g);
            for (int i = n; i < gMax; i++) {
                cum[g + i] = Float.NaN;
                z[g + i] = Float.NaN;
            }
        }
    }
}
