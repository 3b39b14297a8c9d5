package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.AltitudeProfile;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;

/**
 * The elevation and banking stage after the inflation: one {@link ElevationKernel} launch over
 * the envs that writes the {@link Track}'s heights ({@code centerZ, outerZ, innerZ}), bank angles,
 * 3D arc length and tangent, and clears {@code valid} for tracks over the grade or bank bounds
 * (docs/elevation.md). It reads the inflation's plan-view arrays and never changes them, so the
 * flat default leaves every plan-view output as it was. Scratch: two {@code [E * z_control_points]}
 * rows of knots, allocated here once.
 */
public final class Elevation {
    private final LaunchPlan plan;

    /**
     * Allocates the knot scratch and binds the launch.
     *
     * @param runtime where arrays live
     * @param config  the configuration ({@link ElevationKnobs})
     * @param seeds   {@code [E]} per-env seeds the random profiles draw from
     * @param track   the inflated batch; its elevation arrays are written
     */
    public Elevation(ComputeRuntime runtime, TrackGenConfig config, I32Array seeds, Track track) {
        int e = config.numEnvs();
        int knots = config.get(ElevationKnobs.CONTROL_POINTS);
        F32Array knotS = runtime.allocF32(Math.multiplyExact(e, knots));
        F32Array knotZ = runtime.allocF32(Math.multiplyExact(e, knots));
        double speed = config.get(ElevationKnobs.BANK_SPEED);
        float bankK = (float) (speed * speed / config.get(ElevationKnobs.BANK_GRAVITY));
        float bankMax = (float) Math.toRadians(config.get(ElevationKnobs.BANK_MAX));
        int window = (int) Math.min(config.nMax(), Math.round(config.get(ElevationKnobs.BANK_TRANSITION) / config.spacing()));
        this.plan = LaunchPlan.builder().launch(e, ElevationKernel.INSTANCE.args()
                .center(track.center()).normal(track.normal()).tangent(track.tangent())
                .left(track.leftHalfWidth()).right(track.rightHalfWidth()).outer(track.outer())
                .arclen(track.arclen()).length(track.length()).count(track.count()).seeds(seeds)
                .nMax(config.nMax()).profile(profileCode(config.get(ElevationKnobs.PROFILE)))
                .zBase(config.get(ElevationKnobs.BASE).floatValue()).zMin(config.get(ElevationKnobs.MIN).floatValue())
                .zMax(config.get(ElevationKnobs.MAX).floatValue())
                .zMaxStep(config.get(ElevationKnobs.MAX_STEP).floatValue())
                .zNoiseAmp(config.get(ElevationKnobs.NOISE_AMPLITUDE).floatValue())
                .zHarmonics(config.get(ElevationKnobs.NOISE_HARMONICS)).knots(knots)
                .validGrade(config.get(ElevationKnobs.VALID_GRADE).floatValue())
                .bankK(bankK).bankMax(bankMax).bankWindow(window)
                .knotS(knotS).knotZ(knotZ).centerZ(track.centerZ()).outerZ(track.outerZ()).innerZ(track.innerZ())
                .bank(track.bank()).arclen3d(track.arclen3d()).length3d(track.length3d())
                .tangent3d(track.tangent3d()).valid(track.valid())).build();
    }

    /**
     * @param profile a {@code z_profile} value
     * @return its {@link AltitudeProfile} code
     * @throws IllegalArgumentException for a name outside the knob's choices
     */
    public static int profileCode(String profile) {
        return switch (profile) {
            case ElevationKnobs.FLAT -> AltitudeProfile.FLAT;
            case ElevationKnobs.UNIFORM -> AltitudeProfile.UNIFORM;
            case ElevationKnobs.RANDOM_WALK -> AltitudeProfile.RANDOM_WALK;
            case ElevationKnobs.NOISE -> AltitudeProfile.NOISE;
            default -> throw new IllegalArgumentException("z_profile = " + profile
                    + " is not one of flat, uniform, random_walk, noise");
        };
    }

    /** @return the stage's launch */
    public LaunchPlan plan() {
        return plan;
    }
}
