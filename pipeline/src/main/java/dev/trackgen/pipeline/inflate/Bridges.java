package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;

/**
 * The bridge stage after the elevation stage (docs/elevation.md, "Bridges"): one
 * {@link BridgeKernel} launch over the envs that lifts one branch over each plan-view crossing of
 * a centerline and decides such a track by the vertical clearance between its branches. Only
 * built when {@code bridge_clearance > 0} ({@link #enabled}); otherwise nothing is allocated or
 * launched. Scratch: one {@code [E * N_max]} float row (the lift), allocated here once.
 */
public final class Bridges {
    private final LaunchPlan plan;

    /**
     * Allocates the lift row and binds the launch.
     *
     * @param runtime where arrays live
     * @param config  the configuration ({@link ElevationKnobs#BRIDGE_CLEARANCE} must be {@code > 0})
     * @param flags   {@code [E]} generation flags (the validity gate's {@code genValid})
     * @param track   the elevated batch; heights, 3D arrays and {@code valid} of crossing tracks are rewritten
     * @throws IllegalArgumentException when bridges are off in {@code config}
     */
    public Bridges(ComputeRuntime runtime, TrackGenConfig config, I32Array flags, Track track) {
        if (!enabled(config)) {
            throw new IllegalArgumentException("bridge_clearance = 0: bridges are off");
        }
        int e = config.numEnvs();
        boolean banked = config.get(ElevationKnobs.BANK_SPEED) > 0;
        this.plan = LaunchPlan.builder().launch(e, BridgeKernel.INSTANCE.args()
                .center(track.center()).normal(track.normal()).tangent(track.tangent()).outer(track.outer())
                .inner(track.inner()).left(track.leftHalfWidth()).right(track.rightHalfWidth())
                .arclen(track.arclen()).length(track.length()).count(track.count()).genValid(flags)
                .bank(track.bank()).nMax(config.nMax())
                .clearance(config.get(ElevationKnobs.BRIDGE_CLEARANCE).floatValue())
                .rampGrade(config.get(ElevationKnobs.BRIDGE_GRADE).floatValue())
                .validGrade(config.get(ElevationKnobs.VALID_GRADE).floatValue())
                .bankMax((float) Math.toRadians(config.get(ElevationKnobs.BANK_MAX))).banked(banked ? 1 : 0)
                .wFloor(config.get(PipelineKnobs.W_FLOOR).floatValue())
                .relaxTol(config.get(PipelineKnobs.RELAX_TOL).floatValue())
                .lift(runtime.allocF32(Math.multiplyExact(e, config.nMax())))
                .centerZ(track.centerZ()).outerZ(track.outerZ()).innerZ(track.innerZ())
                .arclen3d(track.arclen3d()).length3d(track.length3d()).tangent3d(track.tangent3d())
                .valid(track.valid())).build();
    }

    /**
     * @param config a configuration
     * @return whether it asks for bridges ({@code bridge_clearance > 0})
     */
    public static boolean enabled(TrackGenConfig config) {
        return config.get(ElevationKnobs.BRIDGE_CLEARANCE) > 0;
    }

    /** @return the stage's launch */
    public LaunchPlan plan() {
        return plan;
    }
}
