package dev.trackgen.course;

/**
 * The caller's per-agent pose buffers bound to a {@link Course}: {@link Poses} (plan-view
 * positions and headings) on a track course, {@link FlightPoses} (3D positions and orientation
 * quaternions) on a gate course.
 */
public sealed interface AgentPoses permits Poses, FlightPoses {
    /** @return {@code E * A}, the number of agents the buffers hold */
    int size();
}
