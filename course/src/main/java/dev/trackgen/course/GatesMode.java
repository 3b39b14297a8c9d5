package dev.trackgen.course;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.gates.CourseLineLocalizer;
import dev.trackgen.course.gates.GateCollider;
import dev.trackgen.course.gates.GateCollision;
import dev.trackgen.course.gates.GateTracker;

import java.util.Optional;

/**
 * The {@code gates} mode: flying a batch of gate courses (a {@code GateGenerator}'s). Nothing
 * per generation (the parts read the gate course's arrays in place); per step: the course-line
 * localizer ({@code s}, {@code n}, {@code n_up}, segment), gate-plane progress (passes through
 * the openings, laps, wrong gate, {@code dist_to_next}) and (when {@link CourseConfig#gates()} has
 * a collision model) agent spheres against gate posts or frames. Its parts:
 * {@link CourseLineLocalizer}, {@link GateTracker}, {@link GateCollider}. Select it with
 * {@code CourseConfig.builder().mode(GatesMode.NAME)} and build the course with
 * {@link Course#create(dev.trackgen.gates.GateGenerator, CourseConfig)}.
 */
public final class GatesMode implements CourseMode {
    /** The mode's name. */
    public static final String NAME = "gates";

    private CourseLineLocalizer localizer;
    private GateTracker tracker;
    private GateCollider collider;
    private CourseStep result;

    /** A mode for one course (the registry makes one per course). */
    public GatesMode() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public LaunchPlan buildGateParts(GateContext context) {
        return LaunchPlan.builder().build();
    }

    @Override
    public LaunchPlan buildGateStepParts(GateContext c, FlightPoses poses) {
        int agents = c.agents();
        CourseLineLocalizer.Builder lb = CourseLineLocalizer.builder(c.gates(), poses.position()).agents(agents);
        int w = c.config().warmWindow();
        this.localizer = w < 0 ? lb.cold().build() : lb.warmWindow(w).build();
        this.tracker = GateTracker.create(c.gates(), poses.position(), agents);
        Optional<GateCollision> collision = c.config().gates().collision();
        this.collider = collision.map(o -> new GateCollider(c.gates(), poses.position(), agents, o)).orElse(null);
        this.result = CourseStep.gates(localizer.frame(), tracker.events(),
                collider == null ? null : collider.contacts());
        return LaunchPlan.builder().build();
    }

    @Override
    public void enqueueStep() {
        localizer.enqueueQuery();
        tracker.enqueueUpdate();
        if (collider != null) {
            collider.enqueueQuery();
        }
    }

    @Override
    public void enqueueReset(I32Array agentMask) {
        localizer.reset(agentMask);
        tracker.reset(agentMask);
    }

    @Override
    public CourseStep result() {
        return result;
    }

    @Override
    public <T> Optional<T> part(Class<T> type) {
        Object p = type == CourseLineLocalizer.class ? localizer
                : type == GateTracker.class ? tracker
                : type == GateCollider.class ? collider
                : null;
        return Optional.ofNullable(type.cast(p));
    }
}
