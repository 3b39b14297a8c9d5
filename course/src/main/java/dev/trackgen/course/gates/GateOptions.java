package dev.trackgen.course.gates;

import java.util.Optional;

/**
 * Immutable options of a {@code Course} in the {@code gates} mode (set with
 * {@code CourseConfig.builder().gates(options)}): the collision model, and where agents start.
 * Agents start in one row across the approach to gate 0, {@code spawnDistance} before its plane,
 * {@code spawnSpacing} apart, with gate 0's orientation. Lengths in world units.
 */
public final class GateOptions {
    /** Default distance of the start row before gate 0's plane: {@code 2 * gate_radius} at the original's default. */
    public static final double DEFAULT_SPAWN_DISTANCE = 0.05;
    /** Default lateral spacing of agents in the start row. */
    public static final double DEFAULT_SPAWN_SPACING = 0.02;

    private static final GateOptions DEFAULTS = builder().build();

    private final GateCollision collision;
    private final double spawnDistance;
    private final double spawnSpacing;

    private GateOptions(Builder b) {
        this.collision = b.collision;
        this.spawnDistance = b.spawnDistance;
        this.spawnSpacing = b.spawnSpacing;
    }

    /** @return the defaults: no collision, start row 0.05 before gate 0, agents 0.02 apart */
    public static GateOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder with every default */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the collision model, or empty for none (the default) */
    public Optional<GateCollision> collision() {
        return Optional.ofNullable(collision);
    }

    /** @return distance of the start row before gate 0's plane, world units, {@code > 0} */
    public double spawnDistance() {
        return spawnDistance;
    }

    /** @return lateral spacing of agents in the start row, world units, {@code >= 0} */
    public double spawnSpacing() {
        return spawnSpacing;
    }

    @Override
    public String toString() {
        return "GateOptions[collision=" + collision + ", spawnDistance=" + spawnDistance + ", spawnSpacing="
                + spawnSpacing + "]";
    }

    /** Builds {@link GateOptions}; {@link #build()} validates. */
    public static final class Builder {
        private GateCollision collision;
        private double spawnDistance = DEFAULT_SPAWN_DISTANCE;
        private double spawnSpacing = DEFAULT_SPAWN_SPACING;

        private Builder() {
        }

        /**
         * @param c posts or frames ({@link GateCollision#posts}, {@link GateCollision#frames}), or null for none
         * @return this builder
         */
        public Builder collision(GateCollision c) {
            this.collision = c;
            return this;
        }

        /**
         * @param distance distance of the start row before gate 0's plane, world units, {@code > 0}
         * @return this builder
         */
        public Builder spawnDistance(double distance) {
            this.spawnDistance = distance;
            return this;
        }

        /**
         * @param spacing lateral spacing of agents in the start row, world units, {@code >= 0}
         * @return this builder
         */
        public Builder spawnSpacing(double spacing) {
            this.spawnSpacing = spacing;
            return this;
        }

        /**
         * @return the options
         * @throws IllegalArgumentException naming the knob, value and range when
         *                                  {@code spawn_distance} is not finite and {@code > 0}
         *                                  or {@code spawn_spacing} not finite and {@code >= 0}
         */
        public GateOptions build() {
            if (!(spawnDistance > 0) || Double.isInfinite(spawnDistance)) {
                throw new IllegalArgumentException("spawn_distance must be a finite number > 0 (world units), got "
                        + spawnDistance);
            }
            if (!(spawnSpacing >= 0) || Double.isInfinite(spawnSpacing)) {
                throw new IllegalArgumentException("spawn_spacing must be a finite number >= 0 (world units), got "
                        + spawnSpacing);
            }
            return new GateOptions(this);
        }
    }
}
