package dev.trackgen.course.progress;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.course.internal.MaskedReset;

import java.util.Objects;
import dev.trackgen.course.kernel.ProgressResetKernel;
import dev.trackgen.course.kernel.ProgressUpdateKernel;

/**
 * Per-agent progress through {@link Checkpoints}: next checkpoint, net checkpoints passed, laps,
 * and per step the events of {@link ProgressEvents} (semantics: {@link ProgressUpdateKernel}).
 *
 * <p>Bound once to the checkpoints and to a caller-owned position buffer of {@code E * A} points
 * that the simulator rewrites in place; {@link #update()} takes no argument, launches one kernel,
 * allocates nothing and can be captured and replayed. The tracker starts reset: the first update
 * only primes the previous positions.
 *
 * <p>{@link #reset(I32Array)} clears the state of the masked agents and arms a NaN sentinel, so
 * the first update after a reset or a teleport reports no crossing; its target becomes the first
 * checkpoint ahead of where the agent is then. Reset all agents after recomputing the checkpoints.
 * To move an agent without losing its progress, write a NaN position for one step (it pauses
 * and re-arms the sentinel). A caller's reward that differences {@code distToNext} across steps
 * must mask the step of a reset itself.
 */
public final class ProgressTracker {
    private final Checkpoints checkpoints;
    private final ComputeRuntime runtime;
    private final int agents;
    private final int queries;
    private final Vec2Array previous;
    private final I32Array next;
    private final I32Array progress;
    private final I32Array starts;
    private final I32Array laps;
    private final ProgressEvents events;
    private final LaunchPlan updatePlan;
    private final MaskedReset reset;

    private ProgressTracker(Checkpoints cps, Vec2Array positions, int agents) {
        this.checkpoints = cps;
        this.runtime = cps.track().runtime();
        this.agents = agents;
        this.queries = cps.track().numEnvs() * agents;
        this.previous = Checks.nanVec2(runtime, queries);
        this.next = runtime.allocI32(queries);
        this.progress = runtime.allocI32(queries);
        this.starts = runtime.allocI32(queries);
        this.laps = runtime.allocI32(queries);
        this.events = new ProgressEvents(runtime, queries, next, progress, starts, laps);
        dev.trackgen.api.Track track = cps.track();
        KernelArgs u = ProgressUpdateKernel.INSTANCE.args().cpPosition(cps.position()).cpTangent(cps.tangent())
                .cpInner(cps.inner()).cpOuter(cps.outer()).cpS(cps.s()).cpCount(cps.count())
                .maxCheckpoints(cps.maxCheckpoints()).center(track.center()).arclen(track.arclen())
                .length(track.length()).count(track.count()).nMax(track.nMax()).position(positions).agents(agents)
                .previous(previous).next(next).progress(progress).starts(starts).passed(events.passed())
                .lapCompleted(events.lapCompleted()).wrongWay(events.wrongWay())
                .wrongCheckpoint(events.wrongCheckpoint()).laps(laps).distToNext(events.distToNext());
        this.updatePlan = LaunchPlan.builder().launch(queries, u).build();
        this.reset = new MaskedReset(runtime, queries, mask -> ProgressResetKernel.INSTANCE.args().mask(mask)
                .previous(previous).next(next).progress(progress).starts(starts).laps(laps));
        resetAll();
    }

    /**
     * @param checkpoints the course (read at every update)
     * @param positions   caller-owned positions, {@code [E * agents]} pairs on the track's runtime
     * @param agents      agents per env {@code A}, {@code >= 1}
     * @return the tracker, reset
     * @throws IllegalArgumentException on a wrong shape or runtime
     */
    public static ProgressTracker create(Checkpoints checkpoints, Vec2Array positions, int agents) {
        Objects.requireNonNull(checkpoints, "checkpoints");
        Objects.requireNonNull(positions, "positions");
        if (agents < 1) {
            throw new IllegalArgumentException("agents must be >= 1, got " + agents);
        }
        long q = (long) checkpoints.track().numEnvs() * agents;
        if (q > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("E * A = " + q + " agents is too many");
        }
        if (positions.length() != q) {
            throw new IllegalArgumentException("positions have " + positions.length() + " points, expected E * A = "
                    + checkpoints.track().numEnvs() + " * " + agents + " = " + q);
        }
        Checks.sameRuntime(checkpoints.track().runtime(), positions, "positions");
        return new ProgressTracker(checkpoints, positions, agents);
    }

    /**
     * Advances every agent by one step against the bound positions.
     *
     * @return the persistent events (the same object every call)
     */
    public ProgressEvents update() {
        updatePlan.enqueueLocked(runtime);
        return events;
    }

    /**
     * Clears the state of the agents whose {@code mask[t] != 0} and arms the sentinel. Allocates
     * nothing; capturable when the same mask array is passed every time.
     *
     * @param mask {@code [E * A]} flags on the track's runtime
     * @throws IllegalArgumentException when the mask has another length
     */
    public void reset(I32Array mask) {
        reset.reset(mask);
    }

    /** Clears every agent's state (after recomputing the checkpoints). */
    public void resetAll() {
        reset.resetAll();
    }

    /** @return the persistent events */
    public ProgressEvents events() {
        return events;
    }

    /** @return the checkpoints tracked */
    public Checkpoints checkpoints() {
        return checkpoints;
    }

    /** @return agents per env */
    public int agents() {
        return agents;
    }
}
