package dev.trackgen.course.collision;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.Objects;

/**
 * Caller-owned per-step box inputs, {@code B} boxes per env, box {@code b} of env {@code e} at
 * {@code e * B + b}: the caller allocates them once on the track's runtime and rewrites them
 * before each query; checkers read them in place.
 *
 * @param boxesPerEnv B, {@code >= 1}
 * @param position    {@code [E*B]} box centers, world units
 * @param heading     {@code [E*B]} yaw in radians, counter-clockwise from {@code +x}
 * @param halfExtents {@code [E*B]} half length (along the heading) and half width
 */
public record Boxes(int boxesPerEnv, Vec2Array position, F32Array heading, Vec2Array halfExtents) {
    /**
     * @throws NullPointerException     on a null array
     * @throws IllegalArgumentException if {@code boxesPerEnv < 1} or the arrays differ in length
     */
    public Boxes {
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(heading, "heading");
        Objects.requireNonNull(halfExtents, "halfExtents");
        if (boxesPerEnv < 1) {
            throw new IllegalArgumentException("boxesPerEnv must be >= 1, got " + boxesPerEnv);
        }
        if (heading.length() != position.length() || halfExtents.length() != position.length()) {
            throw new IllegalArgumentException("position, heading and halfExtents must have the same length, got "
                    + position.length() + ", " + heading.length() + ", " + halfExtents.length());
        }
    }

    /** @return E * B, the number of boxes */
    public int size() {
        return position.length();
    }

    /**
     * @param track the batch the boxes are checked against
     * @throws IllegalArgumentException unless there are {@code E * B} boxes
     */
    void checkFits(Track track) {
        long want = (long) track.numEnvs() * boxesPerEnv;
        if (position.length() != want) {
            throw new IllegalArgumentException("boxes: " + track.numEnvs() + " envs x " + boxesPerEnv
                    + " boxes need arrays of " + want + ", got " + position.length());
        }
    }
}
