package dev.trackgen.course.collision;

import dev.trackgen.api.runtime.Vec2Array;

import java.util.Objects;

/**
 * Disc obstacles, {@code D} slots per env, disc {@code d} of env {@code e} at {@code e * D + d};
 * a slot whose center is not finite (NaN padding) holds no disc. The centers are read in place
 * on every query, so an array rewritten by the runtime (props after a regeneration, say) needs no
 * re-binding.
 *
 * @param discsPerEnv D, {@code >= 1}
 * @param centers     {@code [E*D]} centers, world units
 * @param radius      the radius of every disc, {@code > 0}
 */
public record Discs(int discsPerEnv, Vec2Array centers, float radius) {
    /**
     * @throws NullPointerException     on a null array
     * @throws IllegalArgumentException on {@code discsPerEnv < 1}, a radius that is not positive
     *                                  and finite, or a length not a multiple of D
     */
    public Discs {
        Objects.requireNonNull(centers, "centers");
        if (discsPerEnv < 1) {
            throw new IllegalArgumentException("discsPerEnv must be >= 1, got " + discsPerEnv);
        }
        if (!(radius > 0f) || !Float.isFinite(radius)) {
            throw new IllegalArgumentException("disc radius must be positive and finite, got " + radius);
        }
        if (centers.length() % discsPerEnv != 0) {
            throw new IllegalArgumentException("disc centers: " + centers.length() + " is not a multiple of "
                    + discsPerEnv + " per env");
        }
    }
}
