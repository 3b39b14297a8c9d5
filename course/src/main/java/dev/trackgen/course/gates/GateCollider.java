package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.course.kernel.GateCollisionKernel;

import java.util.Objects;

/**
 * Tests {@code E * A} agent spheres against every gate of their env, as posts or as frames
 * ({@link GateCollision}); every gate is tested, not a window around the target, so no contact
 * is missed. One launch per {@link #query()}, allocation-free, capturable.
 */
public final class GateCollider {
    private final ComputeRuntime runtime;
    private final GateCollision options;
    private final GateContacts contacts;
    private final LaunchPlan plan;

    /**
     * @param gates     the gate courses (the batch)
     * @param positions {@code [E * A * 3]} agent sphere centres on the gate course's runtime, read in place
     * @param agents    agents per env {@code A}
     * @param options   the collision model and its sizes
     * @throws NullPointerException     on a null argument
     * @throws IllegalArgumentException if {@code agents < 1} or the positions do not hold
     *                                  {@code E * A * 3} floats on the gate course's runtime
     */
    public GateCollider(GateCourse gates, F32Array positions, int agents, GateCollision options) {
        Objects.requireNonNull(gates, "gates");
        Objects.requireNonNull(positions, "positions");
        this.options = Objects.requireNonNull(options, "options");
        if (agents < 1) {
            throw new IllegalArgumentException("agents must be >= 1, got " + agents);
        }
        long q = (long) gates.numEnvs() * agents;
        if (positions.length() != 3 * q) {
            throw new IllegalArgumentException("positions hold " + positions.length() + " floats, expected E * A * 3 = "
                    + 3 * q);
        }
        Checks.sameRuntime(gates.runtime(), positions, "positions");
        this.runtime = gates.runtime();
        this.contacts = new GateContacts(runtime, (int) q);
        int model = options.model() == GateCollision.Model.POSTS ? GateCollisionKernel.POSTS : GateCollisionKernel.FRAMES;
        this.plan = LaunchPlan.builder().launch((int) q, GateCollisionKernel.INSTANCE.args().position(positions)
                .gatePos(gates.position()).gateQuat(gates.orientation()).halfSize(gates.halfSize())
                .left(gates.left()).right(gates.right()).gateCount(gates.count()).gMax(gates.gMax())
                .agents(agents).model(model).agentRadius((float) options.agentRadius())
                .postRadius((float) options.postRadius()).frameThickness((float) options.frameThickness())
                .frameDepth((float) options.frameDepth()).hit(contacts.hit()).depth(contacts.depth())
                .gate(contacts.gate())).build();
    }

    /**
     * Tests every agent (one launch, under the execution lock).
     *
     * @return the persistent contacts
     */
    public GateContacts query() {
        plan.enqueueLocked(runtime);
        return contacts;
    }

    /** Issues the query's launch without taking the lock (inside a plan or capture of the caller's). */
    public void enqueueQuery() {
        plan.enqueue(runtime);
    }

    /** @return the persistent contacts */
    public GateContacts contacts() {
        return contacts;
    }

    /** @return the collision model and sizes */
    public GateCollision options() {
        return options;
    }
}
