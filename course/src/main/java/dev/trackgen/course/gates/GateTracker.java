package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.course.internal.MaskedReset;
import dev.trackgen.course.kernel.GateProgressKernel;
import dev.trackgen.course.kernel.GateProgressResetKernel;

import java.util.Objects;

/**
 * Progress through the gates, per agent: a pass counts only when the agent's motion segment
 * between two updates crosses the target gate's plane forward at a point inside its square
 * opening (lateral and vertical offsets within the half size, in the gate's own frame), so flying
 * over, under or beside a gate counts nothing. Gates are passed in order {@code 0, 1, ..., G - 1,
 * 0, ...}; passing gate {@code G - 1} completes a lap; crossing another gate's opening forward
 * reports it as the wrong gate. See {@code GateProgressKernel} for the exact rule (NaN sentinel
 * after a reset, NaN positions pause). One launch per {@link #update()}, allocation-free,
 * capturable.
 */
public final class GateTracker {
    private final ComputeRuntime runtime;
    private final int agents;
    private final GateEvents events;
    private final LaunchPlan updatePlan;
    private final MaskedReset reset;

    private GateTracker(GateCourse g, F32Array positions, int agents) {
        this.runtime = g.runtime();
        this.agents = agents;
        int queries = g.numEnvs() * agents;
        this.events = new GateEvents(runtime, queries);
        this.updatePlan = LaunchPlan.builder().launch(queries, GateProgressKernel.INSTANCE.args().position(positions)
                .gatePos(g.position()).gateQuat(g.orientation()).halfSize(g.halfSize()).gateCount(g.count())
                .gMax(g.gMax()).agents(agents).prev(events.previous()).next(events.nextGate())
                .progress(events.progress()).laps(events.laps()).passed(events.passed())
                .lapCompleted(events.lapCompleted()).wrongGate(events.wrongGate()).distToNext(events.distToNext()))
                .build();
        this.reset = new MaskedReset(runtime, queries, mask -> GateProgressResetKernel.INSTANCE.args().mask(mask)
                .prev(events.previous()).next(events.nextGate()).progress(events.progress()).laps(events.laps()));
        resetAll();
    }

    /**
     * @param gates     the gate courses (the batch)
     * @param positions {@code [E * A * 3]} agent positions on the gate course's runtime, read in place
     * @param agents    agents per env {@code A}
     * @return a tracker with every agent reset (target gate 0, next update primes)
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents < 1} or the positions do not hold
     *                                  {@code E * A * 3} floats on the gate course's runtime
     */
    public static GateTracker create(GateCourse gates, F32Array positions, int agents) {
        Objects.requireNonNull(gates, "gates");
        Objects.requireNonNull(positions, "positions");
        if (agents < 1) {
            throw new IllegalArgumentException("agents must be >= 1, got " + agents);
        }
        long q = (long) gates.numEnvs() * agents;
        if (positions.length() != 3 * q) {
            throw new IllegalArgumentException("positions hold " + positions.length() + " floats, expected E * A * 3 = "
                    + 3 * q);
        }
        Checks.sameRuntime(gates.runtime(), positions, "positions");
        return new GateTracker(gates, positions, agents);
    }

    /**
     * Advances every agent's progress from its previous position to its current one (one launch,
     * under the execution lock).
     *
     * @return the persistent events
     */
    public GateEvents update() {
        updatePlan.enqueueLocked(runtime);
        return events;
    }

    /** Issues the update's launch without taking the lock (inside a plan or capture of the caller's). */
    public void enqueueUpdate() {
        updatePlan.enqueue(runtime);
    }

    /**
     * Resets the masked agents: counters to 0, target gate 0, sentinel armed.
     *
     * @param mask {@code [E * A]} int32, nonzero = reset
     * @throws IllegalArgumentException if the mask does not hold {@code E * A} entries
     */
    public void reset(I32Array mask) {
        reset.reset(mask);
    }

    /** Resets every agent. */
    public void resetAll() {
        reset.resetAll();
    }

    /** @return the persistent events */
    public GateEvents events() {
        return events;
    }

    /** @return agents per env */
    public int agents() {
        return agents;
    }
}
