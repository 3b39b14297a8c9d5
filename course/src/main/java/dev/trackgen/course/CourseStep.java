package dev.trackgen.course;

import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.gates.CourseLineFrame;
import dev.trackgen.course.gates.GateContacts;
import dev.trackgen.course.gates.GateEvents;
import dev.trackgen.course.localize.TrackFrame;
import dev.trackgen.course.progress.ProgressEvents;

import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link Course#step()} produced, for every agent ({@code [E * A]} entries, agent
 * {@code a} of env {@code e} at {@code e * A + a}): the persistent result objects of the course's
 * parts, rewritten in place by every step (the same instance every call; snapshot them to keep a
 * step). A track course's step has {@link #frame()}, {@link #events()} and {@link #contacts()};
 * a gate course's step ({@link #gates}) has {@link #lineFrame()}, {@link #gateEvents()} and
 * {@link #gateContacts()}; the other kind's getters throw. Values of invalid envs carry no
 * promise.
 */
public final class CourseStep {
    private static final String GATE_STEP = "a gate course's step: read lineFrame(), gateEvents(), gateContacts()";
    private static final String TRACK_STEP = "a track course's step: read frame(), events(), contacts()";

    private final TrackFrame frame;
    private final ProgressEvents events;
    private final Optional<BoxContacts> contacts;
    private final CourseLineFrame lineFrame;
    private final GateEvents gateEvents;
    private final Optional<GateContacts> gateContacts;
    private final Optional<dev.trackgen.course.raceline.RacelineProbe> raceline;

    /**
     * A track course's step.
     *
     * @param frame    the localizer's persistent frame
     * @param events   the progress tracker's persistent events (null for a mode without progress)
     * @param contacts the off-road checker's persistent contacts, or null without collision
     */
    public CourseStep(TrackFrame frame, ProgressEvents events, BoxContacts contacts) {
        this(frame, events, contacts, null);
    }

    /**
     * A track course's step with the racing-line readings.
     *
     * @param frame    the localizer's persistent frame
     * @param events   the progress tracker's persistent events (null for a mode without progress)
     * @param contacts the off-road checker's persistent contacts, or null without collision
     * @param raceline the racing-line probe's persistent readings, or null without a racing line
     */
    public CourseStep(TrackFrame frame, ProgressEvents events, BoxContacts contacts,
                      dev.trackgen.course.raceline.RacelineProbe raceline) {
        this.raceline = Optional.ofNullable(raceline);
        this.frame = Objects.requireNonNull(frame, "frame");
        this.events = events;
        this.contacts = Optional.ofNullable(contacts);
        this.lineFrame = null;
        this.gateEvents = null;
        this.gateContacts = Optional.empty();
    }

    private CourseStep(CourseLineFrame lineFrame, GateEvents gateEvents, GateContacts gateContacts) {
        this.raceline = Optional.empty();
        this.frame = null;
        this.events = null;
        this.contacts = Optional.empty();
        this.lineFrame = Objects.requireNonNull(lineFrame, "lineFrame");
        this.gateEvents = Objects.requireNonNull(gateEvents, "gateEvents");
        this.gateContacts = Optional.ofNullable(gateContacts);
    }

    /**
     * A gate course's step.
     *
     * @param lineFrame    the course-line localizer's persistent frame
     * @param gateEvents   the gate tracker's persistent events
     * @param gateContacts the gate collider's persistent contacts, or null without collision
     * @return the step result
     * @throws NullPointerException if {@code lineFrame} or {@code gateEvents} is null
     */
    public static CourseStep gates(CourseLineFrame lineFrame, GateEvents gateEvents, GateContacts gateContacts) {
        return new CourseStep(lineFrame, gateEvents, gateContacts);
    }

    /**
     * @return each agent's lateral distance to the racing line ({@code lateral()}, {@code [E * A]},
     *     world units, positive to the line's left) and the line's speed there ({@code speed()},
     *     m/s); empty unless {@code CourseConfig.Builder.raceline} was set
     */
    public Optional<dev.trackgen.course.raceline.RacelineProbe> raceline() {
        return raceline;
    }

    /** @return whether this is a gate course's step */
    public boolean isGates() {
        return lineFrame != null;
    }

    /**
     * @return arc length, signed lateral offset, segment and on-road flag of each agent
     * @throws IllegalStateException on a gate course's step
     */
    public TrackFrame frame() {
        if (frame == null) {
            throw new IllegalStateException(GATE_STEP);
        }
        return frame;
    }

    /**
     * @return checkpoint passes, laps, wrong way, wrong checkpoint and distance to the next
     * @throws IllegalStateException on a gate course's step
     */
    public ProgressEvents events() {
        if (lineFrame != null) {
            throw new IllegalStateException(GATE_STEP);
        }
        return events;
    }

    /**
     * @return the vehicle boxes' off-road contacts (flag, clearance, nearest border point), or
     *     empty when the course was configured without collision (always empty on a gate course)
     */
    public Optional<BoxContacts> contacts() {
        return contacts;
    }

    /**
     * @return 3D arc length, signed lateral and vertical offsets and segment on the course line
     * @throws IllegalStateException on a track course's step
     */
    public CourseLineFrame lineFrame() {
        if (lineFrame == null) {
            throw new IllegalStateException(TRACK_STEP);
        }
        return lineFrame;
    }

    /**
     * @return gate passes, laps, wrong gate, distance to the next gate
     * @throws IllegalStateException on a track course's step
     */
    public GateEvents gateEvents() {
        if (gateEvents == null) {
            throw new IllegalStateException(TRACK_STEP);
        }
        return gateEvents;
    }

    /**
     * @return the agent spheres' contacts with posts or frames, or empty without gate collision
     *     (always empty on a track course)
     */
    public Optional<GateContacts> gateContacts() {
        return gateContacts;
    }
}
