package dev.trackgen.course;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;

import java.util.Objects;

/**
 * The caller's per-agent 3D pose buffers, bound once to a gate {@link Course}: agent {@code a} of
 * env {@code e} at index {@code q = e * A + a}. The simulator rewrites them in place every step;
 * the course reads the positions in place and writes both only when it respawns agents.
 *
 * @param position    {@code [E * A * 3]} floats: {@code x, y, z} of agent {@code q} at
 *                    {@code 3q .. 3q + 2}, world units ({@code z} up)
 * @param orientation {@code [E * A * 4]} floats: the body-to-world unit quaternion
 *                    {@code (x, y, z, w)} of agent {@code q} at {@code 4q .. 4q + 3}, the
 *                    gates' convention (body x forward, y left, z up); read by nothing in the
 *                    course, written on respawn (gate 0's orientation)
 */
public record FlightPoses(F32Array position, F32Array orientation) implements AgentPoses {
    /**
     * @throws NullPointerException     on a null array
     * @throws IllegalArgumentException if the lengths are not {@code 3 n} and {@code 4 n} for one {@code n}
     */
    public FlightPoses {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(orientation, "orientation");
        if (position.length() % 3 != 0 || orientation.length() != position.length() / 3 * 4) {
            throw new IllegalArgumentException("position must hold E * A * 3 floats and orientation E * A * 4, got "
                    + position.length() + " and " + orientation.length());
        }
    }

    /**
     * @param runtime where to allocate
     * @param count   {@code E * A}
     * @return fresh zeroed buffers
     */
    public static FlightPoses allocate(ComputeRuntime runtime, int count) {
        return new FlightPoses(runtime.allocF32(3 * count), runtime.allocF32(4 * count));
    }

    @Override
    public int size() {
        return position.length() / 3;
    }
}
