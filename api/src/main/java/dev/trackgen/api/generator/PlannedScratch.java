package dev.trackgen.api.generator;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Scratch of a generator whose every call is one fixed {@link LaunchPlan}: the plan is built once,
 * bound to the caller's seed, centerline and flag arrays, and rebuilt only if the caller passes
 * other arrays. Subclasses allocate their buffers in their constructor and build the plan in
 * {@link #buildPlan}; {@code generate} then reduces to
 * {@code ((MyScratch) scratch).planFor(seeds, out, valid).enqueue(runtime)}.
 */
public abstract class PlannedScratch implements GeneratorScratch {
    private LaunchPlan plan;
    /** The plan {@link PlannedGenerator} last checked against its kernels. */
    LaunchPlan checkedPlan;
    private I32Array boundSeeds;
    private Vec2Array boundOut;
    private I32Array boundValid;

    /** For subclasses. */
    protected PlannedScratch() {
    }

    /**
     * @param seeds {@code [E]} seeds
     * @param out   {@code [E * num_points]} centerline output
     * @param valid {@code [E]} flag output
     * @return the plan bound to these arrays (built on first use, then reused without allocating)
     */
    public final LaunchPlan planFor(I32Array seeds, Vec2Array out, I32Array valid) {
        if (plan == null || seeds != boundSeeds || out != boundOut || valid != boundValid) {
            plan = buildPlan(seeds, out, valid);
            boundSeeds = seeds;
            boundOut = out;
            boundValid = valid;
        }
        return plan;
    }

    /**
     * Builds the generator's launch sequence over the given arrays and the subclass's buffers.
     *
     * @param seeds {@code [E]} seeds
     * @param out   {@code [E * num_points]} centerline output
     * @param valid {@code [E]} flag output
     * @return the plan
     */
    protected abstract LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid);
}
