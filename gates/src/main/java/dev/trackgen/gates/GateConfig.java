package dev.trackgen.gates;

import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.TrackGenConfig;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Immutable, validated options of a {@link GateGenerator}: the plan-view track configuration the
 * gates are laid out on, the gate knobs, the altitude stage and the course line. Lengths are world
 * units (those of the track configuration's {@code scale} and {@code half_width}); grades are
 * {@code |dz| / ds} ratios over plan-view distance. Built by {@link #builder()}, checked by
 * {@link Builder#build()}: a bad value is an {@link InvalidConfigException} naming the knob, the
 * value and the allowed range.
 *
 * <p>The knobs follow the original's {@code GateGenConfig} (AntoineRichard/TrackGen
 * track_gen/_src/types.py; docs/tutorials/gate-sequences.rst, docs/gates-3d.rst); defaults that
 * differ are listed in docs/gates.md ("What differs from the original").
 */
public final class GateConfig {
    /** Most gates per env ({@code max_gates}). */
    public static final int MAX_GATES_LIMIT = 1024;
    /** Most course-line samples per gate ({@code samples_per_gate}). */
    public static final int MAX_SAMPLES_PER_GATE = 256;

    private final TrackGenConfig trackConfig;
    private final long seed;
    private final int minGates;
    private final int maxGates;
    private final float gateWidth;
    private final float gateRadius;
    private final int gateSolveIters;
    private final GateOrdering gateOrdering;
    private final ZProfile zProfile;
    private final float zBase;
    private final float zMin;
    private final float zMax;
    private final float zMaxStep;
    private final float zNoiseAmplitude;
    private final int zNoiseHarmonics;
    private final float zValidGrade;
    private final GateAlign gateAlign;
    private final int samplesPerGate;
    private final float lineBowBound;
    private final float stackClearance;

    private GateConfig(Builder b, TrackGenConfig track) {
        this.trackConfig = track;
        this.seed = b.seed;
        this.minGates = b.minGates;
        this.maxGates = b.maxGates;
        this.gateWidth = b.gateWidth;
        this.gateRadius = b.gateRadius;
        this.gateSolveIters = b.gateSolveIters;
        this.gateOrdering = b.gateOrdering;
        this.zProfile = b.zProfile;
        this.zBase = b.zBase;
        this.zMin = b.zMin;
        this.zMax = b.zMax;
        this.zMaxStep = b.zMaxStep;
        this.zNoiseAmplitude = b.zNoiseAmplitude;
        this.zNoiseHarmonics = b.zNoiseHarmonics;
        this.zValidGrade = b.zValidGrade;
        this.gateAlign = b.gateAlign;
        this.samplesPerGate = b.samplesPerGate;
        this.lineBowBound = b.lineBowBound;
        this.stackClearance = b.stackClearance;
    }

    /** @return a builder holding every default */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the defaults (one env, the default track configuration) */
    public static GateConfig defaults() {
        return builder().build();
    }

    /** @return a builder holding this configuration's values */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.trackConfig = trackConfig;
        b.seed = seed;
        b.minGates = minGates;
        b.maxGates = maxGates;
        b.gateWidth = gateWidth;
        b.gateRadius = gateRadius;
        b.gateSolveIters = gateSolveIters;
        b.gateOrdering = gateOrdering;
        b.zProfile = zProfile;
        b.zBase = zBase;
        b.zMin = zMin;
        b.zMax = zMax;
        b.zMaxStep = zMaxStep;
        b.zNoiseAmplitude = zNoiseAmplitude;
        b.zNoiseHarmonics = zNoiseHarmonics;
        b.zValidGrade = zValidGrade;
        b.gateAlign = gateAlign;
        b.samplesPerGate = samplesPerGate;
        b.lineBowBound = lineBowBound;
        b.stackClearance = stackClearance;
        return b;
    }

    /** @return batch size {@code E} (the track configuration's {@code num_envs}) */
    public int numEnvs() {
        return trackConfig.numEnvs();
    }

    /** @return the scalar seed the default RNG is made from ({@code PerEnvSeededRng.fromScalar(E, (int) seed)}) */
    public long seed() {
        return seed;
    }

    /** @return the centerline generator of the plan view (the track configuration's {@code generator}; {@code auto} = bezier) */
    public String generator() {
        return trackConfig.generator();
    }

    /** @return the plan-view track pipeline's configuration */
    public TrackGenConfig trackConfig() {
        return trackConfig;
    }

    /** @return {@code min_gates}: fewest gates an env draws, {@code >= 3} */
    public int minGates() {
        return minGates;
    }

    /** @return {@code max_gates}: most gates an env draws, and the output stride {@code G_max} */
    public int maxGates() {
        return maxGates;
    }

    /** @return {@code gate_width}: side of the square opening, world units, {@code >= 0} */
    public float gateWidth() {
        return gateWidth;
    }

    /** @return {@code gate_radius}: plan-view exclusion radius; gate centers end at least {@code 2 * gate_radius} apart */
    public float gateRadius() {
        return gateRadius;
    }

    /** @return {@code gate_solve_iters}: sweeps of the plan-view gate separation */
    public int gateSolveIters() {
        return gateSolveIters;
    }

    /** @return {@code gate_ordering} */
    public GateOrdering gateOrdering() {
        return gateOrdering;
    }

    /** @return {@code z_profile} */
    public ZProfile zProfile() {
        return zProfile;
    }

    /** @return {@code z_base}: base altitude, world units */
    public float zBase() {
        return zBase;
    }

    /** @return {@code z_min}: lower altitude bound of the non-flat profiles */
    public float zMin() {
        return zMin;
    }

    /** @return {@code z_max}: upper altitude bound of the non-flat profiles */
    public float zMax() {
        return zMax;
    }

    /** @return {@code z_max_step}: random-walk grade cap, {@code |dz|} per unit of plan-view arc length */
    public float zMaxStep() {
        return zMaxStep;
    }

    /** @return {@code z_noise_amplitude}: noise profile amplitude, world units */
    public float zNoiseAmplitude() {
        return zNoiseAmplitude;
    }

    /** @return {@code z_noise_harmonics}: harmonics of the noise profile */
    public int zNoiseHarmonics() {
        return zNoiseHarmonics;
    }

    /** @return {@code z_valid_grade}: largest gate-to-gate grade of a valid course, 0 = unchecked */
    public float zValidGrade() {
        return zValidGrade;
    }

    /** @return {@code gate_align} */
    public GateAlign gateAlign() {
        return gateAlign;
    }

    /** @return {@code samples_per_gate}: course-line samples per gate-to-gate segment */
    public int samplesPerGate() {
        return samplesPerGate;
    }

    /**
     * @return {@code line_bow_bound}: largest distance of the course line from a gate-to-gate chord,
     *         relative to that chord's 3D length, of a valid course; 0 = unchecked
     */
    public float lineBowBound() {
        return lineBowBound;
    }

    /**
     * @return {@code stack_clearance}: least vertical distance, world units, between two sections of the
     *         course line that cross in plan view; 0 allows any crossing
     */
    public float stackClearance() {
        return stackClearance;
    }

    /** @return the gate knobs by name, in documentation order (the track configuration's are in {@link #trackConfig()}) */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seed", seed);
        m.put("min_gates", minGates);
        m.put("max_gates", maxGates);
        m.put("gate_width", gateWidth);
        m.put("gate_radius", gateRadius);
        m.put("gate_solve_iters", gateSolveIters);
        m.put("gate_ordering", gateOrdering.knobValue());
        m.put("z_profile", zProfile.knobValue());
        m.put("z_base", zBase);
        m.put("z_min", zMin);
        m.put("z_max", zMax);
        m.put("z_max_step", zMaxStep);
        m.put("z_noise_amplitude", zNoiseAmplitude);
        m.put("z_noise_harmonics", zNoiseHarmonics);
        m.put("z_valid_grade", zValidGrade);
        m.put("gate_align", gateAlign.knobValue());
        m.put("samples_per_gate", samplesPerGate);
        m.put("line_bow_bound", lineBowBound);
        m.put("stack_clearance", stackClearance);
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GateConfig g && g.asMap().equals(asMap()) && g.trackConfig.equals(trackConfig);
    }

    @Override
    public int hashCode() {
        return Objects.hash(asMap(), trackConfig);
    }

    @Override
    public String toString() {
        return "GateConfig" + asMap() + " on " + trackConfig;
    }

    /** Collects the knobs; {@link #build()} validates them. */
    public static final class Builder {
        private TrackGenConfig trackConfig = TrackGenConfig.defaults();
        private Integer numEnvs;
        private String generator;
        private long seed;
        private int minGates = 9;
        private int maxGates = 13;
        private float gateWidth = 0.2f;
        private float gateRadius = 0.1f;
        private int gateSolveIters = 8;
        private GateOrdering gateOrdering = GateOrdering.RAW;
        private ZProfile zProfile = ZProfile.FLAT;
        private float zBase;
        private float zMin;
        private float zMax;
        private float zMaxStep;
        private float zNoiseAmplitude;
        private int zNoiseHarmonics = 3;
        private float zValidGrade;
        private GateAlign gateAlign = GateAlign.YAW_ONLY;
        private int samplesPerGate = 8;
        private float lineBowBound = 0.5f;
        private float stackClearance = 0.25f;

        private Builder() {
        }

        /**
         * @param config the plan-view track pipeline's configuration (generator, scale, half-width ...)
         * @return this builder
         */
        public Builder trackConfig(TrackGenConfig config) {
            this.trackConfig = Objects.requireNonNull(config, "trackConfig");
            return this;
        }

        /**
         * @param n batch size, replacing the track configuration's {@code num_envs}
         * @return this builder
         */
        public Builder numEnvs(int n) {
            this.numEnvs = n;
            return this;
        }

        /**
         * @param name the plan view's centerline generator, replacing the track configuration's {@code generator}
         * @return this builder
         */
        public Builder generator(String name) {
            this.generator = Objects.requireNonNull(name, "generator");
            return this;
        }

        /**
         * @param s scalar seed of the default RNG, within the int range
         * @return this builder
         */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /**
         * @param n {@code min_gates}
         * @return this builder
         */
        public Builder minGates(int n) {
            this.minGates = n;
            return this;
        }

        /**
         * @param n {@code max_gates}
         * @return this builder
         */
        public Builder maxGates(int n) {
            this.maxGates = n;
            return this;
        }

        /**
         * @param w {@code gate_width}, world units
         * @return this builder
         */
        public Builder gateWidth(float w) {
            this.gateWidth = w;
            return this;
        }

        /**
         * @param r {@code gate_radius}, world units
         * @return this builder
         */
        public Builder gateRadius(float r) {
            this.gateRadius = r;
            return this;
        }

        /**
         * @param n {@code gate_solve_iters}
         * @return this builder
         */
        public Builder gateSolveIters(int n) {
            this.gateSolveIters = n;
            return this;
        }

        /**
         * @param o {@code gate_ordering}
         * @return this builder
         */
        public Builder gateOrdering(GateOrdering o) {
            this.gateOrdering = Objects.requireNonNull(o, "gate_ordering");
            return this;
        }

        /**
         * @param z {@code z_profile}
         * @return this builder
         */
        public Builder zProfile(ZProfile z) {
            this.zProfile = Objects.requireNonNull(z, "z_profile");
            return this;
        }

        /**
         * @param z {@code z_base}, world units
         * @return this builder
         */
        public Builder zBase(float z) {
            this.zBase = z;
            return this;
        }

        /**
         * @param z {@code z_min}, world units
         * @return this builder
         */
        public Builder zMin(float z) {
            this.zMin = z;
            return this;
        }

        /**
         * @param z {@code z_max}, world units
         * @return this builder
         */
        public Builder zMax(float z) {
            this.zMax = z;
            return this;
        }

        /**
         * @param g {@code z_max_step}, grade
         * @return this builder
         */
        public Builder zMaxStep(float g) {
            this.zMaxStep = g;
            return this;
        }

        /**
         * @param a {@code z_noise_amplitude}, world units
         * @return this builder
         */
        public Builder zNoiseAmplitude(float a) {
            this.zNoiseAmplitude = a;
            return this;
        }

        /**
         * @param n {@code z_noise_harmonics}
         * @return this builder
         */
        public Builder zNoiseHarmonics(int n) {
            this.zNoiseHarmonics = n;
            return this;
        }

        /**
         * @param g {@code z_valid_grade}, 0 = unchecked
         * @return this builder
         */
        public Builder zValidGrade(float g) {
            this.zValidGrade = g;
            return this;
        }

        /**
         * @param a {@code gate_align}
         * @return this builder
         */
        public Builder gateAlign(GateAlign a) {
            this.gateAlign = Objects.requireNonNull(a, "gate_align");
            return this;
        }

        /**
         * @param n {@code samples_per_gate}
         * @return this builder
         */
        public Builder samplesPerGate(int n) {
            this.samplesPerGate = n;
            return this;
        }

        /**
         * @param b {@code line_bow_bound}, 0 = unchecked
         * @return this builder
         */
        public Builder lineBowBound(float b) {
            this.lineBowBound = b;
            return this;
        }

        /**
         * @param c {@code stack_clearance}, world units
         * @return this builder
         */
        public Builder stackClearance(float c) {
            this.stackClearance = c;
            return this;
        }

        /**
         * Sets a gate knob from text (the command line, a configuration file).
         *
         * @param knob the knob's name, as in {@link GateConfig#asMap()}
         * @param text its value
         * @return this builder
         * @throws InvalidConfigException for an unknown knob or a malformed value
         */
        public Builder set(String knob, String text) {
            try {
                switch (knob) {
                    case "seed" -> seed(Long.parseLong(text.trim()));
                    case "min_gates" -> minGates(Integer.parseInt(text.trim()));
                    case "max_gates" -> maxGates(Integer.parseInt(text.trim()));
                    case "gate_width" -> gateWidth(Float.parseFloat(text));
                    case "gate_radius" -> gateRadius(Float.parseFloat(text));
                    case "gate_solve_iters" -> gateSolveIters(Integer.parseInt(text.trim()));
                    case "gate_ordering" -> gateOrdering(GateOrdering.parse(text.trim()));
                    case "z_profile" -> zProfile(ZProfile.parse(text.trim()));
                    case "z_base" -> zBase(Float.parseFloat(text));
                    case "z_min" -> zMin(Float.parseFloat(text));
                    case "z_max" -> zMax(Float.parseFloat(text));
                    case "z_max_step" -> zMaxStep(Float.parseFloat(text));
                    case "z_noise_amplitude" -> zNoiseAmplitude(Float.parseFloat(text));
                    case "z_noise_harmonics" -> zNoiseHarmonics(Integer.parseInt(text.trim()));
                    case "z_valid_grade" -> zValidGrade(Float.parseFloat(text));
                    case "gate_align" -> gateAlign(GateAlign.parse(text.trim()));
                    case "samples_per_gate" -> samplesPerGate(Integer.parseInt(text.trim()));
                    case "line_bow_bound" -> lineBowBound(Float.parseFloat(text));
                    case "stack_clearance" -> stackClearance(Float.parseFloat(text));
                    default -> throw new InvalidConfigException(knob, "unknown gate knob '" + knob + "' (set to " + text + "); known: "
                            + String.join(", ", GateConfig.defaults().asMap().keySet()));
                }
            } catch (NumberFormatException ex) {
                throw new InvalidConfigException(knob, knob + " = " + text + " is not a number");
            }
            return this;
        }

        /** @return whether {@code name} is a gate knob ({@link #set(String, String)} takes it) */
        public static boolean isGateKnob(String name) {
            return GateConfig.defaults().asMap().containsKey(name);
        }

        /**
         * @return the configuration
         * @throws InvalidConfigException naming the knob, the value and the allowed range
         */
        public GateConfig build() {
            TrackGenConfig track = trackConfig;
            if (numEnvs != null || generator != null) {
                TrackGenConfig.Builder tb = track.toBuilder();
                if (numEnvs != null) {
                    tb.numEnvs(numEnvs);
                }
                if (generator != null) {
                    tb.generator(generator);
                }
                track = tb.build();
            }
            if (seed < Integer.MIN_VALUE || seed > Integer.MAX_VALUE) {
                throw new InvalidConfigException("seed", "seed = " + seed + " is outside the allowed range ["
                        + Integer.MIN_VALUE + ", " + Integer.MAX_VALUE + "]");
            }
            intIn("max_gates", maxGates, 3, MAX_GATES_LIMIT);
            intIn("min_gates", minGates, 3, maxGates);
            atLeastZero("gate_width", gateWidth);
            atLeastZero("gate_radius", gateRadius);
            intIn("gate_solve_iters", gateSolveIters, 0, 10_000);
            height("z_base", zBase);
            height("z_min", zMin);
            height("z_max", zMax);
            // as the track's elevation knobs: the bounds are only read by a non-flat profile
            if (zProfile != ZProfile.FLAT && zMin > zMax) {
                throw new InvalidConfigException("z_min", "z_min = " + zMin + " is above z_max = " + zMax
                        + "; a non-flat z_profile (" + zProfile.knobValue() + ") needs the range [z_min, z_max] "
                        + "with min <= max");
            }
            String heightProblem = ElevationKnobs.rangeProblem(zProfile.knobValue(), zBase, zMin, zMax);
            if (heightProblem != null) {
                throw new InvalidConfigException("z_max", heightProblem.replace("height", "gate altitude"));
            }
            atLeastZero("z_max_step", zMaxStep);
            atLeastZero("z_noise_amplitude", zNoiseAmplitude);
            intIn("z_noise_harmonics", zNoiseHarmonics, 1, 64);
            atLeastZero("z_valid_grade", zValidGrade);
            intIn("samples_per_gate", samplesPerGate, 1, MAX_SAMPLES_PER_GATE);
            atLeastZero("line_bow_bound", lineBowBound);
            atLeastZero("stack_clearance", stackClearance);
            return new GateConfig(this, track);
        }

        private static void intIn(String knob, int v, int lo, int hi) {
            if (v < lo || v > hi) {
                throw new InvalidConfigException(knob, knob + " = " + v + " is outside the allowed range [" + lo + ", " + hi + "]");
            }
        }

        /** An altitude knob: within the track elevation knobs' {@code [-1e6, 1e6]} world units. */
        private static void height(String knob, float v) {
            double cap = ElevationKnobs.MAX_HEIGHT;
            if (!(v >= -cap && v <= cap)) {
                throw new InvalidConfigException(knob, knob + " = " + v + " is outside the allowed range [" + -cap + ", "
                        + cap + "] (world units; a larger altitude loses the gate opening to float rounding)");
            }
        }

        private static void atLeastZero(String knob, float v) {
            if (!(v >= 0.0f) || !Float.isFinite(v)) {
                throw new InvalidConfigException(knob, knob + " = " + v + " is outside the allowed range [0, +inf)");
            }
        }
    }
}
