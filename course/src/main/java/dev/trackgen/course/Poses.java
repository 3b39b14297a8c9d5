package dev.trackgen.course;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.Objects;

/**
 * The caller's per-agent pose buffers, bound once to a {@link Course}: agent {@code a} of env
 * {@code e} at index {@code e * A + a}. The simulator rewrites them in place every step (on CUDA
 * its own kernels write the same device buffers); the course reads them in place and writes them
 * only when it respawns agents.
 *
 * @param position {@code [E * A]} float pairs, world units
 * @param heading  {@code [E * A]} yaw in radians, counter-clockwise from {@code +x}
 */
public record Poses(Vec2Array position, F32Array heading) implements AgentPoses {
    /**
     * @throws NullPointerException     on a null array
     * @throws IllegalArgumentException if the two arrays differ in length
     */
    public Poses {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(heading, "heading");
        if (position.length() != heading.length()) {
            throw new IllegalArgumentException("position and heading must both hold E * A entries, got "
                    + position.length() + " and " + heading.length());
        }
    }

    /**
     * @param runtime where to allocate
     * @param count   {@code E * A}
     * @return fresh zeroed pose buffers
     */
    public static Poses allocate(ComputeRuntime runtime, int count) {
        return new Poses(runtime.allocVec2(count), runtime.allocF32(count));
    }

    /** @return {@code E * A} */
    @Override
    public int size() {
        return position.length();
    }
}
