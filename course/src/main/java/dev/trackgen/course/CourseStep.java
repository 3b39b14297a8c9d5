package dev.trackgen.course;

import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.localize.TrackFrame;
import dev.trackgen.course.progress.ProgressEvents;

import java.util.Optional;

/**
 * What one {@link Course#step()} produced, for every agent ({@code [E * A]} entries, agent
 * {@code a} of env {@code e} at {@code e * A + a}): the persistent result objects of the course's
 * parts, rewritten in place by every step (the same instance every call; snapshot them to keep a
 * step). Values of invalid envs carry no promise.
 */
public final class CourseStep {
    private final TrackFrame frame;
    private final ProgressEvents events;
    private final Optional<BoxContacts> contacts;

    /**
     * @param frame    the localizer's persistent frame
     * @param events   the progress tracker's persistent events
     * @param contacts the off-road checker's persistent contacts, or null without collision
     */
    public CourseStep(TrackFrame frame, ProgressEvents events, BoxContacts contacts) {
        this.frame = frame;
        this.events = events;
        this.contacts = Optional.ofNullable(contacts);
    }

    /** @return arc length, signed lateral offset, segment and on-road flag of each agent */
    public TrackFrame frame() {
        return frame;
    }

    /** @return checkpoint passes, laps, wrong way, wrong checkpoint and distance to the next */
    public ProgressEvents events() {
        return events;
    }

    /**
     * @return the vehicle boxes' off-road contacts (flag, clearance, nearest border point), or
     *     empty when the course was configured without collision
     */
    public Optional<BoxContacts> contacts() {
        return contacts;
    }
}
