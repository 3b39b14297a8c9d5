package dev.trackgen.course.collision;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;

import java.util.Objects;
import dev.trackgen.course.kernel.BoxDiscsKernel;

/**
 * Did each box hit a disc obstacle (cone, post)? Bound once to caller-owned {@link Boxes} and
 * {@link Discs} on one runtime; every {@link #query()} is one launch that rewrites one persistent
 * {@link DiscContacts} in place, allocates nothing and can be captured. Cost per box: one pass
 * over the env's {@code D} disc slots.
 */
public final class DiscChecker {
    private final ComputeRuntime runtime;
    private final Boxes boxes;
    private final Discs discs;
    private final DiscContacts contacts;
    private final LaunchPlan plan;

    /**
     * @param runtime where the arrays live
     * @param boxes   the box inputs, {@code E * B} entries
     * @param discs   the obstacles, {@code E * D} slots for the same E
     * @throws IllegalArgumentException if boxes and discs disagree on E
     */
    public DiscChecker(ComputeRuntime runtime, Boxes boxes, Discs discs) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.boxes = Objects.requireNonNull(boxes, "boxes");
        this.discs = Objects.requireNonNull(discs, "discs");
        if (boxes.size() % boxes.boxesPerEnv() != 0
                || boxes.size() / boxes.boxesPerEnv() != discs.centers().length() / discs.discsPerEnv()) {
            throw new IllegalArgumentException("boxes are for " + boxes.size() / boxes.boxesPerEnv()
                    + " envs, discs for " + discs.centers().length() / discs.discsPerEnv());
        }
        int n = boxes.size();
        contacts = new DiscContacts(runtime, n);
        KernelArgs a = BoxDiscsKernel.INSTANCE.args().discs(discs.centers()).discsPerEnv(discs.discsPerEnv())
                .radius(discs.radius()).boxesPerEnv(boxes.boxesPerEnv()).position(boxes.position())
                .heading(boxes.heading()).halfExtents(boxes.halfExtents()).hit(contacts.hit()).disc(contacts.disc())
                .depth(contacts.depth()).normal(contacts.normal());
        plan = LaunchPlan.builder().launch(n, a).build();
    }

    /** @return the persistent result, rewritten in place */
    public DiscContacts query() {
        plan.enqueueLocked(runtime);
        return contacts;
    }

    /** @return the query as a plan for a caller's capture */
    public LaunchPlan queryPlan() {
        return plan;
    }

    /** @return the persistent result */
    public DiscContacts contacts() {
        return contacts;
    }

    /** @return the bound obstacles */
    public Discs discs() {
        return discs;
    }
}
