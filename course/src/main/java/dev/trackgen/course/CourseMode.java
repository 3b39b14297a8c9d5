package dev.trackgen.course;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;

import java.util.Optional;

/**
 * What a {@link Course} computes on its tracks and at every step: one class per mode (racing
 * through checkpoints is {@link RaceMode}, the first), chosen by {@link CourseConfig#mode()} and
 * found by {@link java.util.ServiceLoader} ({@code provides dev.trackgen.course.CourseMode with ...}
 * on the module path, {@code META-INF/services/dev.trackgen.course.CourseMode} on the class path).
 *
 * <p>The course drives the life cycle and owns what every mode shares: the generator, the start
 * grid (one slot per agent), the pose buffers, the respawn of agents onto the grid, the masked
 * views, the execution lock and the captured sequences. A mode builds its own parts and issues
 * their launches; it never synchronizes, captures or takes the lock (the course holds it around
 * every call below). The calls come in this order:
 * <ol>
 *   <li>{@link #buildTrackParts(CourseContext)} once, in {@link Course#create}: the parts computed
 *       per generation (checkpoints, speed profile, ...); the returned plan recomputes them and is
 *       enqueued after the start grid's after every whole or masked regeneration (on a masked view
 *       of the runtime then, so it must be a fixed launch plan);</li>
 *   <li>{@link #buildStepParts(CourseContext, Poses)} once, when poses are bound and a batch is
 *       generated: the per-step parts (localizer, trackers, collision); the returned plan is what
 *       of them must be recomputed after every later regeneration (an SDF bake), enqueued after the
 *       first plan;</li>
 *   <li>{@link #enqueueStep()} per {@link Course#step()} and {@link #enqueueReset(I32Array)} per
 *       respawn, both captured into replayed graphs on CUDA: they must allocate nothing and issue
 *       the same launches every call.</li>
 * </ol>
 *
 * <p>A mode drives tracks ({@link #buildTrackParts}, {@link #buildStepParts}: {@link RaceMode}),
 * gate courses ({@link #buildGateParts}, {@link #buildGateStepParts}: {@link GatesMode}) or both;
 * the calls it does not override refuse with {@link #refusal(String)}, so a course built on the
 * other kind of batch fails at once with one line. For a gate course read "the gate batch" for
 * "the batch" and "3D poses" for "poses" below; the gate course has no start grid (its agents
 * start before gate 0).
 *
 * <p>A mode instance serves one course; the registry makes a new one per course from the public
 * no-argument constructor.
 */
public interface CourseMode {
    /** @return the mode's name, the value of {@link CourseConfig#mode()} that selects it */
    String name();

    /**
     * @param kind what the course was asked to drive
     * @return a one-line refusal naming the mode, for a course kind the mode does not drive
     */
    default String refusal(String kind) {
        return "course mode '" + name() + "' does not drive " + kind + ": pick a mode that does with "
                + "CourseConfig.builder().mode(...) ('race' drives tracks, 'gates' gate courses)";
    }

    /**
     * Builds the per-generation parts on the course's batch, before anything is generated.
     *
     * @param context the course's batch, runtime, options and start grid
     * @return the plan that recomputes those parts from the tracks (may be empty)
     * @throws IllegalArgumentException if a part refuses a parameter (its message names it), or
     *                                  the mode does not drive tracks (the default)
     */
    default LaunchPlan buildTrackParts(CourseContext context) {
        throw new IllegalArgumentException(refusal("tracks"));
    }

    /**
     * Builds the per-step parts, once the poses are bound and a batch is generated; the parts'
     * own first computations (a bake, a reset) may be issued here.
     *
     * @param context the course's batch, runtime, options and start grid
     * @param poses   the bound {@code [E * A]} poses
     * @return the plan that recomputes what of the step parts depends on the tracks, after each
     *     later regeneration (may be empty)
     * @throws IllegalArgumentException if a part cannot be sized on this batch, or the mode does
     *                                  not drive tracks (the default)
     */
    default LaunchPlan buildStepParts(CourseContext context, Poses poses) {
        throw new IllegalArgumentException(refusal("tracks"));
    }

    /**
     * The gate-course twin of {@link #buildTrackParts}: builds the per-generation parts on a batch
     * of gate courses, before anything is generated.
     *
     * @param context the course's gate batch, runtime and options
     * @return the plan that recomputes those parts from the gate courses (may be empty)
     * @throws IllegalArgumentException if a part refuses a parameter, or the mode does not drive
     *                                  gate courses (the default)
     */
    default LaunchPlan buildGateParts(GateContext context) {
        throw new IllegalArgumentException(refusal("gate courses"));
    }

    /**
     * The gate-course twin of {@link #buildStepParts}: builds the per-step parts once the 3D poses
     * are bound and a batch is generated.
     *
     * @param context the course's gate batch, runtime and options
     * @param poses   the bound {@code [E * A]} 3D poses
     * @return the plan that recomputes what of the step parts depends on the gate courses after
     *     each later regeneration (may be empty)
     * @throws IllegalArgumentException if the mode does not drive gate courses (the default)
     */
    default LaunchPlan buildGateStepParts(GateContext context, FlightPoses poses) {
        throw new IllegalArgumentException(refusal("gate courses"));
    }

    /** Issues the launches of one step (allocation-free, the same launches every call). */
    void enqueueStep();

    /**
     * Issues the launches that reset the step state of the agents a mask selects, after the course
     * has put them back on their start slots.
     *
     * @param agentMask {@code [E * A]} flags, nonzero = reset (the course's own array, the same every call)
     */
    void enqueueReset(I32Array agentMask);

    /** @return the persistent result every step rewrites (valid once the step parts are built) */
    CourseStep result();

    /**
     * @param type a part's class ({@code Checkpoints.class}, {@code TrackLocalizer.class}, ...)
     * @param <T>  its type
     * @return the mode's part of that class, or empty when the mode has none (or has not built it yet)
     */
    default <T> Optional<T> part(Class<T> type) {
        return Optional.empty();
    }
}
