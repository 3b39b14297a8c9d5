package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;

/**
 * What a {@link Course} generates, builds its mode's parts on and respawns agents onto: a batch
 * of tracks ({@link TrackBatch}: a track generator, its start grid) or of gate courses
 * ({@link GateBatch}: a gate generator, a start row before gate 0). The course keeps the life
 * cycle, the lock, the masks and the replayed sequences; the batch keeps what differs.
 */
interface CourseBatch {
    /** @return the runtime everything runs on */
    ComputeRuntime runtime();

    /** @return {@code E} */
    int numEnvs();

    /** @return the generator's RNG */
    PerEnvSeededRng rng();

    /** Regenerates the whole batch from the RNG's current seeds. */
    void generate();

    /** @param mask {@code [E]} flags: regenerates the flagged envs only */
    void generate(I32Array mask);

    /**
     * Builds the mode's per-generation parts.
     *
     * @param mode the course's mode
     * @return what is recomputed after every whole or masked generation (the start grid's plan,
     *     then the mode's)
     */
    LaunchPlan buildParts(CourseMode mode);

    /**
     * @param poses the caller's buffers
     * @throws IllegalArgumentException if they are of the other kind of batch or on another runtime
     */
    void checkPoses(AgentPoses poses);

    /**
     * @param mode  the course's mode
     * @param poses the bound poses (checked)
     * @return the mode's plan to redo after each later regeneration
     */
    LaunchPlan buildStepParts(CourseMode mode, AgentPoses poses);

    /**
     * @param poses     the bound poses (checked)
     * @param envFlags  {@code [E]} the course's env flags (which envs respawn)
     * @param agentMask {@code [E * A]} written: which agents respawned
     * @return the plan putting the flagged envs' agents on their start slots
     */
    LaunchPlan respawnPlan(AgentPoses poses, I32Array envFlags, I32Array agentMask);

    /** Closes the generator. */
    void close();
}
