package dev.trackgen.course;

import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.course.gates.GateOptions;
import dev.trackgen.course.grid.StartRule;
import dev.trackgen.course.localize.TrackLocalizer;

import java.util.Objects;
import java.util.Optional;

/**
 * Immutable options of a {@link Course}: what a sim loop needs on top of the tracks (the tracks
 * themselves come from the {@code TrackGenerator} and its {@code TrackGenConfig}).
 *
 * <p>Lengths are world units; where a default is "in half-widths" it is a multiple of the
 * generator config's {@code half_width}, resolved when the course is created. Built by
 * {@link #builder()}, validated by {@link Builder#build()} (the parts' own builders check the
 * rest when the course is created, each naming its parameter).
 */
public final class CourseConfig {
    /** Most agents per env (the start grid's slot limit). */
    public static final int MAX_AGENTS = 64;

    private final int agents;
    private final int warmWindow;
    private final double checkpointSpacing;
    private final StartRule startRule;
    private final double gridRowGap;
    private final OffRoadOptions offRoad;
    private final double vehicleHalfLength;
    private final double vehicleHalfWidth;
    private final double lateralAcceleration;
    private final double acceleration;
    private final double braking;
    private final double speedCap;
    private final double speedGravity;
    private final double propSpacing;
    private final int maxProps;
    private final String mode;
    private final GateOptions gates;
    private final dev.trackgen.course.raceline.RacelineOptions raceline;

    private CourseConfig(Builder b) {
        this.mode = b.mode;
        this.agents = b.agents;
        this.warmWindow = b.cold ? -1 : b.warmWindow;
        this.checkpointSpacing = Builder.orNaN(b.checkpointSpacing);
        this.startRule = b.startRule;
        this.gridRowGap = Builder.orNaN(b.gridRowGap);
        this.offRoad = b.offRoad;
        this.vehicleHalfLength = Builder.orNaN(b.vehicleHalfLength);
        this.vehicleHalfWidth = Builder.orNaN(b.vehicleHalfWidth);
        this.lateralAcceleration = b.lateralAcceleration;
        this.acceleration = b.acceleration;
        this.braking = b.braking;
        this.speedCap = b.speedCap;
        this.speedGravity = b.speedGravity;
        this.propSpacing = Builder.orNaN(b.propSpacing);
        this.maxProps = b.maxProps;
        this.gates = b.gates;
        this.raceline = b.raceline;
    }

    /** @return a builder with every default */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the defaults: one agent, no collision, checkpoints every 5 half-widths */
    public static CourseConfig defaults() {
        return builder().build();
    }

    /** @return agents per env {@code A}, in {@code [1, 64]} */
    public int agents() {
        return agents;
    }

    /** @return the localizer's warm half-window {@code W} in segments, or -1 for cold queries */
    public int warmWindow() {
        return warmWindow;
    }

    /**
     * @param halfWidth the batch's half-width
     * @return the checkpoint spacing in world units
     */
    public double checkpointSpacing(double halfWidth) {
        return Double.isNaN(checkpointSpacing) ? 5 * halfWidth : checkpointSpacing;
    }

    /** @return where the start line goes */
    public StartRule startRule() {
        return startRule;
    }

    /** @return the grid's row gap in world units, or NaN for the grid's default (2 half-widths) */
    public double gridRowGap() {
        return gridRowGap;
    }

    /** @return the off-road backend, or empty when the course checks no collision */
    public Optional<OffRoadOptions> offRoad() {
        return Optional.ofNullable(offRoad);
    }

    /**
     * @param halfWidth the batch's half-width
     * @return the vehicle box's half length along its heading, world units
     */
    public double vehicleHalfLength(double halfWidth) {
        return Double.isNaN(vehicleHalfLength) ? 0.3 * halfWidth : vehicleHalfLength;
    }

    /**
     * @param halfWidth the batch's half-width
     * @return the vehicle box's half width, world units
     */
    public double vehicleHalfWidth(double halfWidth) {
        return Double.isNaN(vehicleHalfWidth) ? 0.15 * halfWidth : vehicleHalfWidth;
    }

    /** @return the speed profile's lateral acceleration limit, world units / s^2 */
    public double lateralAcceleration() {
        return lateralAcceleration;
    }

    /** @return the speed profile's forward acceleration limit, world units / s^2 */
    public double acceleration() {
        return acceleration;
    }

    /** @return the speed profile's braking limit, world units / s^2 */
    public double braking() {
        return braking;
    }

    /** @return the speed profile's cap, world units / s */
    public double speedCap() {
        return speedCap;
    }

    /**
     * @return the gravity of the grade-aware speed profile, world units / s^2, or 0 (the default)
     *     for the plan-view profile ({@link Builder#speedProfileGrade})
     */
    public double speedProfileGravity() {
        return speedGravity;
    }

    /** @return the prop (cone) spacing along each border in world units, or NaN for no props */
    public double propSpacing() {
        return propSpacing;
    }

    /** @return prop slots per border ring */
    public int maxProps() {
        return maxProps;
    }

    @Override
    public String toString() {
        return "CourseConfig{agents=" + agents + ", warmWindow=" + warmWindow + ", checkpointSpacing="
                + (Double.isNaN(checkpointSpacing) ? "5 half-widths" : checkpointSpacing) + ", startRule=" + startRule
                + ", offRoad=" + (offRoad == null ? "none" : offRoad.backend()) + ", propSpacing="
                + (Double.isNaN(propSpacing) ? "none" : propSpacing)
                + (mode.equals(RaceMode.NAME) ? "" : ", mode=" + mode) + "}";
    }

    /**
     * @return the options of a gate course (the {@code gates} mode): collision model and start
     *     row; {@link GateOptions#defaults()} unless set
     */
    public GateOptions gates() {
        return gates;
    }

    /**
     * @return the racing-line options of the race mode's step, empty by default (no racing line
     *     is computed and no kernel is launched for it)
     */
    public Optional<dev.trackgen.course.raceline.RacelineOptions> raceline() {
        return Optional.ofNullable(raceline);
    }

    /** @return the name of the course's {@link CourseMode} (default {@value RaceMode#NAME}) */
    public String mode() {
        return mode;
    }

    /** Builds a {@link CourseConfig}; {@link #build()} validates every field. */
    public static final class Builder {
        private int agents = 1;
        private int warmWindow = TrackLocalizer.DEFAULT_WARM_WINDOW;
        private boolean cold;
        private Double checkpointSpacing;
        private StartRule startRule = StartRule.LONGEST_STRAIGHT;
        private Double gridRowGap;
        private OffRoadOptions offRoad;
        private Double vehicleHalfLength;
        private Double vehicleHalfWidth;
        private double lateralAcceleration = 6.0;
        private double acceleration = 3.0;
        private double braking = 5.0;
        private double speedCap = 4.0;
        private double speedGravity;
        private Double propSpacing;
        private int maxProps = 256;
        private String mode = RaceMode.NAME;
        private GateOptions gates = GateOptions.defaults();
        private dev.trackgen.course.raceline.RacelineOptions raceline;

        private Builder() {
        }

        /**
         * @param options the racing line the race mode computes per generation, whose lateral
         *                distance and speed its step reports for every agent
         *                ({@code CourseStep.raceline()}), or {@code null} for none (the default: no
         *                line is computed, no kernel launched)
         * @return this builder
         */
        public Builder raceline(dev.trackgen.course.raceline.RacelineOptions options) {
            this.raceline = options;
            return this;
        }

        /**
         * @param mode the name of a registered {@link CourseMode} (default {@value RaceMode#NAME});
         *             {@link Course#create} refuses a name no mode has
         * @return this builder
         */
        public Builder mode(String mode) {
            this.mode = mode;
            return this;
        }

        /**
         * @param agents agents per env {@code A}, in {@code [1, 64]} (default 1); the start grid
         *               gets one slot per agent
         * @return this builder
         */
        public Builder agents(int agents) {
            this.agents = agents;
            return this;
        }

        /**
         * @param w the localizer's warm half-window in segments, {@code >= 1} (default
         *          {@value TrackLocalizer#DEFAULT_WARM_WINDOW})
         * @return this builder
         */
        public Builder warmWindow(int w) {
            this.warmWindow = w;
            this.cold = false;
            return this;
        }

        /**
         * Every localization scans every segment (no warm start).
         *
         * @return this builder
         */
        public Builder coldLocalization() {
            this.cold = true;
            return this;
        }

        /**
         * @param spacing arc length between checkpoints, world units, {@code > 0} (default 5
         *                half-widths)
         * @return this builder
         */
        public Builder checkpointSpacing(double spacing) {
            this.checkpointSpacing = spacing;
            return this;
        }

        /**
         * @param rule where the start line goes (default {@link StartRule#LONGEST_STRAIGHT})
         * @return this builder
         */
        public Builder startRule(StartRule rule) {
            this.startRule = Objects.requireNonNull(rule, "startRule");
            return this;
        }

        /**
         * @param rowGap arc length between consecutive grid slots, world units, {@code > 0}
         *               (default 2 half-widths)
         * @return this builder
         */
        public Builder gridRowGap(double rowGap) {
            this.gridRowGap = rowGap;
            return this;
        }

        /**
         * @param options the off-road backend checked at every step for the agents' vehicle
         *                boxes, or {@code null} for none (the default; the localizer's on-road
         *                flag of the box center remains)
         * @return this builder
         */
        public Builder offRoad(OffRoadOptions options) {
            this.offRoad = options;
            return this;
        }

        /**
         * @param options what a gate course (mode {@code gates}) checks and where its agents start
         * @return this builder
         * @throws NullPointerException if {@code options} is null
         */
        public Builder gates(GateOptions options) {
            this.gates = Objects.requireNonNull(options, "gates options");
            return this;
        }

        /**
         * @param halfLength vehicle box half length along its heading, world units, {@code > 0}
         *                   (default 0.3 half-widths)
         * @param halfWidth  vehicle box half width, world units, {@code > 0} (default 0.15
         *                   half-widths)
         * @return this builder
         */
        public Builder vehicle(double halfLength, double halfWidth) {
            this.vehicleHalfLength = halfLength;
            this.vehicleHalfWidth = halfWidth;
            return this;
        }

        /**
         * The speed profile's limits (defaults 6, 3, 5 world units / s^2 and a cap of 4 world
         * units / s).
         *
         * @param lateral  lateral acceleration limit, {@code > 0}
         * @param forward  forward acceleration limit, {@code > 0}
         * @param brake    braking limit, {@code > 0}
         * @param cap      speed cap, {@code > 0}
         * @return this builder
         */
        public Builder speedLimits(double lateral, double forward, double brake, double cap) {
            this.lateralAcceleration = lateral;
            this.acceleration = forward;
            this.braking = brake;
            this.speedCap = cap;
            return this;
        }

        /**
         * Makes the race mode's speed profile account for the road's grade and banking
         * ({@code SpeedProfile.Builder.grade}: 3D arc length, {@code 2 g dz} along the road, the
         * banked-curve lateral limit; docs/elevation.md, "Course").
         *
         * @param gravity gravity in the profile's units, world units / s^2, {@code > 0}
         *                (9.81 / metres per world unit for Earth's), or 0 for the plan-view profile
         *                (the default)
         * @return this builder
         */
        public Builder speedProfileGrade(double gravity) {
            this.speedGravity = gravity;
            return this;
        }

        /**
         * @param spacing  cone spacing along each border, world units, {@code > 0} (default: no
         *                 props)
         * @param maxProps prop slots per border ring, {@code >= 3} (default 256)
         * @return this builder
         */
        public Builder props(double spacing, int maxProps) {
            this.propSpacing = spacing;
            this.maxProps = maxProps;
            return this;
        }

        /**
         * @return the config
         * @throws IllegalArgumentException naming the first bad field, its value and its range
         */
        public CourseConfig build() {
            if (mode == null || mode.isBlank()) {
                throw new IllegalArgumentException("mode must name a course mode, got " + (mode == null ? "null" : "'" + mode + "'"));
            }
            if (agents < 1 || agents > MAX_AGENTS) {
                throw new IllegalArgumentException("agents must be in [1, " + MAX_AGENTS + "], got " + agents);
            }
            if (!cold && warmWindow < 1) {
                throw new IllegalArgumentException("warmWindow must be >= 1 segment (or coldLocalization()), got "
                        + warmWindow);
            }
            positiveOrDefault("checkpointSpacing", checkpointSpacing);
            positiveOrDefault("gridRowGap", gridRowGap);
            positiveOrDefault("vehicle half length", vehicleHalfLength);
            positiveOrDefault("vehicle half width", vehicleHalfWidth);
            positive("lateral acceleration", lateralAcceleration);
            positive("acceleration", acceleration);
            positive("braking", braking);
            positive("speed cap", speedCap);
            positiveOrDefault("propSpacing", propSpacing);
            if (propSpacing != null && maxProps < 3) {
                throw new IllegalArgumentException("maxProps must be >= 3, got " + maxProps);
            }
            return new CourseConfig(this);
        }

        private static void positiveOrDefault(String what, Double v) {
            if (v != null) {
                positive(what, v);
            }
        }

        private static double orNaN(Double v) {
            return v == null ? Double.NaN : v;
        }

        private static void positive(String what, double v) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(what + " must be a finite number > 0, got " + v);
            }
        }
    }
}
