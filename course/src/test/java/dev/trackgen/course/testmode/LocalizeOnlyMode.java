package dev.trackgen.course.testmode;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.CourseContext;
import dev.trackgen.course.CourseMode;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.Poses;
import dev.trackgen.course.localize.TrackLocalizer;

import java.util.Optional;

/**
 * A test-only course mode, registered in the test resources' {@code META-INF/services} only: a
 * course that localizes its agents and does nothing else (no checkpoints, no progress). It proves
 * that a new mode is one class outside the course package plus one registration line.
 */
public final class LocalizeOnlyMode implements CourseMode {
    /** The mode's name. */
    public static final String NAME = "test-localize-only";

    private TrackLocalizer localizer;
    private CourseStep result;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public LaunchPlan buildTrackParts(CourseContext context) {
        return LaunchPlan.builder().build();
    }

    @Override
    public LaunchPlan buildStepParts(CourseContext context, Poses poses) {
        localizer = TrackLocalizer.builder(context.track(), poses.position()).agents(context.agents())
                .halfWidth(context.halfWidth()).build();
        result = new CourseStep(localizer.frame(), null, null);
        return LaunchPlan.builder().build();
    }

    @Override
    public void enqueueStep() {
        localizer.query();
    }

    @Override
    public void enqueueReset(I32Array agentMask) {
        localizer.reset(agentMask);
    }

    @Override
    public CourseStep result() {
        return result;
    }

    @Override
    public <T> Optional<T> part(Class<T> type) {
        return type == TrackLocalizer.class ? Optional.ofNullable(type.cast(localizer)) : Optional.empty();
    }
}
