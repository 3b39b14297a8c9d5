package dev.trackgen.api.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The immutable, validated configuration of a {@code TrackGenerator}: one value for every
 * knob it knows, built-in ({@link BuiltinKnobs}) or declared by a generator plugin.
 *
 * <p>Build one with {@link #builder()}; every value is checked when it is set (type and range,
 * NaN and infinities rejected) and the relations between knobs are checked in
 * {@link Builder#build()}. All errors are {@link InvalidConfigException}s whose one-line
 * message names the knob, the bad value and what is allowed.
 *
 * <pre>{@code
 * TrackGenConfig config = TrackGenConfig.builder()
 *         .generator("bezier")
 *         .numEnvs(4096)
 *         .set(RelaxKnobs.ITERS, 80)
 *         .set("half_width", "0.12")      // as from --set half_width=0.12
 *         .build();
 * double hw = config.halfWidth();
 * int iters = config.get(RelaxKnobs.ITERS);
 * }</pre>
 */
public final class TrackGenConfig {

    private final Map<String, Knob<?>> knobs;
    private final Map<String, Object> values;
    /** Names of the knobs given a value explicitly (not left at their generator-dependent default). */
    private final Set<String> explicit;

    private TrackGenConfig(Map<String, Knob<?>> knobs, Map<String, Object> values, Set<String> explicit) {
        this.knobs = Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.explicit = Set.copyOf(explicit);
    }

    /** @return a builder holding every built-in knob at its default */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the configuration with every built-in knob at its default */
    public static TrackGenConfig defaults() {
        return builder().build();
    }

    /** @return a builder pre-filled with this configuration's values and declared knobs */
    public Builder toBuilder() {
        Builder b = new Builder();
        for (Knob<?> k : knobs.values()) {
            b.declareOne(k);
        }
        b.values.putAll(values);
        b.explicit.addAll(explicit);
        return b;
    }

    /**
     * @param knob a knob this configuration knows
     * @param <T>  its value type
     * @return its value ({@code null} for an optional knob left at auto/off)
     * @throws InvalidConfigException if the knob is unknown to this configuration
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Knob<T> knob) {
        Knob<?> known = knobs.get(knob.name());
        if (known == null) {
            throw new InvalidConfigException(knob.name(), "unknown knob '" + knob.name() + "'");
        }
        return (T) values.get(knob.name());
    }

    /**
     * @param name a knob name
     * @return the value of that knob ({@code null} for auto/off)
     * @throws InvalidConfigException if the knob is unknown
     */
    public Object get(String name) {
        if (!knobs.containsKey(name)) {
            throw new InvalidConfigException(name, "unknown knob '" + name + "'");
        }
        return values.get(name);
    }

    /** @return the knobs this configuration knows, built-in first, in documentation order */
    public List<Knob<?>> knobs() {
        return List.copyOf(knobs.values());
    }

    /** @return the registered generator name */
    public String generator() {
        return get(PipelineKnobs.GENERATOR);
    }

    /** @return the runtime name ({@code cpu}, {@code cuda} or {@code auto}) */
    public String runtime() {
        return get(PipelineKnobs.RUNTIME);
    }

    /** @return the batch size E */
    public int numEnvs() {
        return get(PipelineKnobs.NUM_ENVS);
    }

    /** @return the road half-width, world units */
    public double halfWidth() {
        return get(PipelineKnobs.HALF_WIDTH);
    }

    /** @return the constant arc spacing of output points, world units (0.6 * half_width when auto) */
    public double spacing() {
        Double s = get(PipelineKnobs.SPACING);
        return s != null ? s : 0.6 * halfWidth();
    }

    /**
     * @return the dense points per generated centerline (for the {@code circuit} generator, unless
     *         set explicitly, about one point per half a half-width of its longest lap)
     */
    public int numPoints() {
        return get(PipelineKnobs.NUM_POINTS);
    }

    /**
     * @return the output stride N_max (for the {@code circuit} generator, unless set explicitly,
     *         the stride its longest lap needs; see {@link CircuitKnobs})
     */
    public int nMax() {
        return get(PipelineKnobs.N_MAX);
    }

    /**
     * Every knob's value in order, as JSON-friendly objects, with {@code spacing} resolved.
     *
     * @return a new mutable map from knob name to value
     */
    public Map<String, Object> asMap() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Knob<?> k : knobs.values()) {
            Object v = values.get(k.name());
            if (k.equals(PipelineKnobs.SPACING)) {
                v = spacing();
            }
            out.put(k.name(), k.toJson(v));
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrackGenConfig c && c.values.equals(values) && c.knobs.keySet().equals(knobs.keySet());
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("TrackGenConfig{");
        boolean first = true;
        for (Map.Entry<String, Object> e : asMap().entrySet()) {
            if (!first) {
                b.append(", ");
            }
            first = false;
            b.append(e.getKey()).append('=').append(e.getValue());
        }
        return b.append('}').toString();
    }

    /** Most growth iterations one call of the {@code repulsive} generator may need. */
    public static final int MAX_REPULSIVE_ITERATIONS = 1_000_000;

    /** Most points of one generator buffer: {@code 2 * points} floats stay below 2^31. */
    static final long MAX_POINTS = (Integer.MAX_VALUE - 64L) / 2;

    /** Dense generator points per half-width of lap the {@code circuit} generator gets by default. */
    static final double CIRCUIT_POINTS_PER_HALF_WIDTH = 2.0;

    /**
     * The output stride the {@code circuit} generator's longest lap needs at the configured spacing:
     * {@code ceil(circuit_length * (1 + circuit_length_spread) * half_width / spacing) + 2}.
     *
     * @param c a configuration (any generator)
     * @return the stride, possibly beyond the N_max range
     */
    public static long circuitNMax(TrackGenConfig c) {
        return circuitNMax(c.get(CircuitKnobs.LENGTH), c.get(CircuitKnobs.LENGTH_SPREAD), c.halfWidth(), c.spacing());
    }

    private static long circuitNMax(double length, double spread, double hw, double spacing) {
        return (long) Math.ceil(length * (1 + spread) * hw / spacing) + 2;
    }

    private static int circuitNumPoints(double length, double spread) {
        long n = (long) Math.ceil(length * (1 + spread) * CIRCUIT_POINTS_PER_HALF_WIDTH);
        n = (n + 63) / 64 * 64;
        return (int) Math.max(256, Math.min(1 << 16, n));
    }

    /** Mutable builder; {@link #build()} yields an immutable, validated {@link TrackGenConfig}. */
    public static final class Builder {
        private final Map<String, Knob<?>> knobs = new LinkedHashMap<>();
        private final Map<String, Object> values = new LinkedHashMap<>();
        private final Set<String> explicit = new HashSet<>();
        /** Plugin knobs declared one by one through {@link #set(Knob, Object)}, not by {@link #declare}. */
        private final Set<String> declaredAlone = new java.util.TreeSet<>();

        private Builder() {
            for (Knob<?> k : BuiltinKnobs.all()) {
                declareOne(k);
            }
        }

        /**
         * Adds knobs declared by a generator plugin, at their defaults. Declare all of a
         * generator's knobs at once ({@code declare(generator.knobs())}) before setting them by
         * name: {@link #set(Knob, Object)} declares only the knob it is given.
         *
         * @param extra the plugin's knobs
         * @return this builder
         * @throws InvalidConfigException if a knob's name is already taken by a different knob
         */
        public Builder declare(Collection<? extends Knob<?>> extra) {
            for (Knob<?> k : extra) {
                declareOne(k);
                declaredAlone.remove(k.name());
            }
            return this;
        }

        private void declareOne(Knob<?> k) {
            Knob<?> existing = knobs.get(k.name());
            if (existing != null) {
                if (existing != k && !sameSpec(existing, k)) {
                    throw new InvalidConfigException(k.name(), "knob '" + k.name()
                            + "' is declared twice with different definitions (a plugin knob may not reuse a built-in name)");
                }
                return;
            }
            knobs.put(k.name(), k);
            values.put(k.name(), k.defaultValue());
        }

        private static boolean sameSpec(Knob<?> a, Knob<?> b) {
            return a.typeName().equals(b.typeName()) && Objects.equals(a.defaultValue(), b.defaultValue())
                    && a.allowed().equals(b.allowed());
        }

        /**
         * Sets a typed value, declaring the knob first if it is a plugin knob not yet known; that
         * declares this one knob only, so to set a generator's other knobs by name call
         * {@code declare(generator.knobs())} first (an unknown name's error then says so).
         *
         * @param knob  the knob
         * @param value its value ({@code null} only for optional knobs)
         * @param <T>   value type
         * @return this builder
         * @throws InvalidConfigException if the value is not allowed
         */
        public <T> Builder set(Knob<T> knob, T value) {
            if (!knobs.containsKey(knob.name())) {
                declaredAlone.add(knob.name());
            }
            declareOne(knob);
            values.put(knob.name(), knob.validate(value));
            explicit.add(knob.name());
            return this;
        }

        /**
         * Sets a value from text, as given on the command line ({@code --set name=value}).
         *
         * @param name the knob name
         * @param text the value text
         * @return this builder
         * @throws InvalidConfigException if the knob is unknown or the text is not an allowed value
         */
        public Builder set(String name, String text) {
            Knob<?> k = lookup(name);
            values.put(name, k.parse(text));
            explicit.add(name);
            return this;
        }

        /**
         * Sets a value read from a JSON or YAML document.
         *
         * @param name  the knob name
         * @param value a number, boolean, string, list or null
         * @return this builder
         * @throws InvalidConfigException if the knob is unknown or the value is not allowed
         */
        public Builder setValue(String name, Object value) {
            Knob<?> k = lookup(name);
            values.put(name, k.coerce(value));
            explicit.add(name);
            return this;
        }

        /**
         * @param name a knob name
         * @return whether this builder knows the knob
         */
        public boolean knows(String name) {
            return knobs.containsKey(name);
        }

        /**
         * @param name the generator name
         * @return this builder
         */
        public Builder generator(String name) {
            return set(PipelineKnobs.GENERATOR, name);
        }

        /**
         * @param name the runtime name
         * @return this builder
         */
        public Builder runtime(String name) {
            return set(PipelineKnobs.RUNTIME, name);
        }

        /**
         * @param numEnvs the batch size E
         * @return this builder
         */
        public Builder numEnvs(int numEnvs) {
            return set(PipelineKnobs.NUM_ENVS, numEnvs);
        }

        /**
         * @param halfWidth the road half-width
         * @return this builder
         */
        public Builder halfWidth(double halfWidth) {
            return set(PipelineKnobs.HALF_WIDTH, halfWidth);
        }

        /**
         * @param spacing the constant output spacing
         * @return this builder
         */
        public Builder spacing(double spacing) {
            return set(PipelineKnobs.SPACING, spacing);
        }

        /**
         * @param nMax the output stride N_max
         * @return this builder
         */
        public Builder nMax(int nMax) {
            return set(PipelineKnobs.N_MAX, nMax);
        }

        private Knob<?> lookup(String name) {
            Knob<?> k = knobs.get(name);
            if (k == null) {
                if (name.equals("validity_border_check")) {
                    throw new InvalidConfigException(name, "knob 'validity_border_check' was removed: the validity "
                            + "gate always checks both borders now (docs/pipeline.md, 'What valid means')");
                }
                String hint = nearest(name);
                throw new InvalidConfigException(name, "unknown knob '" + name + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : "")
                        + " (`trackgen knobs` lists them all)"
                        + (declaredAlone.isEmpty() ? "" : "; set(Knob, value) declared the plugin knob "
                        + String.join(", ", declaredAlone) + " alone: call declare(generator.knobs()) on the builder"
                        + " first to declare all of a generator's knobs"));
            }
            return k;
        }

        private String nearest(String name) {
            String best = null;
            int bestD = Integer.MAX_VALUE;
            for (String k : knobs.keySet()) {
                int d = editDistance(name.toLowerCase(), k.toLowerCase());
                if (d < bestD) {
                    bestD = d;
                    best = k;
                }
            }
            return bestD <= Math.max(2, name.length() / 3) ? best : null;
        }

        private static int editDistance(String a, String b) {
            int[] prev = new int[b.length() + 1];
            int[] cur = new int[b.length() + 1];
            for (int j = 0; j <= b.length(); j++) {
                prev[j] = j;
            }
            for (int i = 1; i <= a.length(); i++) {
                cur[0] = i;
                for (int j = 1; j <= b.length(); j++) {
                    int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                    cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
                }
                int[] t = prev;
                prev = cur;
                cur = t;
            }
            return prev[b.length()];
        }

        /**
         * Checks the relations between knobs and freezes the configuration.
         *
         * @return the configuration
         * @throws InvalidConfigException naming the first violated relation
         */
        public TrackGenConfig build() {
            sizeForGenerator();
            TrackGenConfig c = new TrackGenConfig(knobs, values, explicit);
            for (String problem : crossCheck(c)) {
                throw new InvalidConfigException(null, problem);
            }
            return c;
        }

        /**
         * {@code N_max} and {@code num_points} left unset follow the generator: the {@code circuit}
         * generator's laps are about a hundred times longer than the others', so it gets the stride
         * and dense resolution its longest lap needs; every other generator gets the knob defaults.
         */
        private void sizeForGenerator() {
            boolean circuit = "circuit".equals(values.get(PipelineKnobs.GENERATOR.name()));
            double length = (Double) values.get(CircuitKnobs.LENGTH.name());
            double spread = (Double) values.get(CircuitKnobs.LENGTH_SPREAD.name());
            if (!explicit.contains(PipelineKnobs.N_MAX.name())) {
                Double s = (Double) values.get(PipelineKnobs.SPACING.name());
                double hw = (Double) values.get(PipelineKnobs.HALF_WIDTH.name());
                long need = circuitNMax(length, spread, hw, s != null ? s : 0.6 * hw);
                values.put(PipelineKnobs.N_MAX.name(), circuit && need <= 1 << 16 ? (int) need
                        : PipelineKnobs.N_MAX.defaultValue());
            }
            if (!explicit.contains(PipelineKnobs.NUM_POINTS.name())) {
                values.put(PipelineKnobs.NUM_POINTS.name(), circuit ? circuitNumPoints(length, spread)
                        : PipelineKnobs.NUM_POINTS.defaultValue());
            }
        }

        private static List<String> crossCheck(TrackGenConfig c) {
            List<String> problems = new ArrayList<>();
            atLeast(problems, c, BezierKnobs.MAX_NUM_POINTS, BezierKnobs.MIN_NUM_POINTS);
            atLeast(problems, c, VoronoiKnobs.NUM_SITES, VoronoiKnobs.CONTROL_POINTS);
            atLeast(problems, c, RepulsiveKnobs.GROW_MULT_MAX, RepulsiveKnobs.GROW_MULT_MIN);
            atLeast(problems, c, CircuitKnobs.RADIUS_MAX, CircuitKnobs.RADIUS_MIN);
            if (c.generator().equals("circuit")) {
                long need = circuitNMax(c);
                if (c.nMax() < need) {
                    problems.add("generator 'circuit' with circuit_length = " + c.get(CircuitKnobs.LENGTH)
                            + " half-widths (spread " + c.get(CircuitKnobs.LENGTH_SPREAD) + ") at spacing "
                            + (float) c.spacing() + " needs N_max >= " + need
                            + (need <= 1 << 16 ? ", but N_max = " + c.nMax()
                            + "; raise N_max (or leave it unset), or shorten circuit_length"
                            : ", above the limit 65536; shorten circuit_length or raise spacing"));
                }
            }
            atLeast(problems, c, RepulsiveKnobs.OBSTACLE_COUNT_MAX, RepulsiveKnobs.OBSTACLE_COUNT_MIN);
            atLeast(problems, c, RepulsiveKnobs.OBSTACLE_RADIUS_MAX_FRAC, RepulsiveKnobs.OBSTACLE_RADIUS_MIN_FRAC);
            List<Integer> stages = c.get(RepulsiveKnobs.STAGES);
            if (c.generator().equals("repulsive") && stages.get(stages.size() - 1) != c.numPoints()) {
                problems.add("repulsive_stages = " + stages + " must end at num_points = " + c.numPoints()
                        + " for generator 'repulsive'");
            }
            if (c.generator().equals("repulsive")) {
                double rate = c.get(RepulsiveKnobs.RATCHET_RATE);
                double grow = c.get(RepulsiveKnobs.GROW_MULT_MAX);
                double ratchet = Math.ceil(Math.log(grow) / Math.log1p(rate));
                double iterations = Math.ceil(ratchet * 1.6) + c.get(RepulsiveKnobs.SETTLE_ITERS);
                if (iterations > MAX_REPULSIVE_ITERATIONS) {
                    problems.add("repulsive_ratchet_rate = " + rate + " with repulsive_grow_mult_max = " + grow
                            + " and repulsive_settle_iters = " + c.get(RepulsiveKnobs.SETTLE_ITERS) + " needs "
                            + (long) iterations + " growth iterations per call, more than " + MAX_REPULSIVE_ITERATIONS
                            + "; raise repulsive_ratchet_rate or lower repulsive_grow_mult_max");
                }
            }
            String buffers = generatorBuffers(c);
            if (buffers != null) {
                problems.add(buffers);
            }
            long slots = Math.max(2L, c.get(RelaxKnobs.SEP_CACHE_SLOTS));
            long perEnv = Math.max(c.nMax(), c.numPoints()) * slots;
            long cells = c.numEnvs() * perEnv;
            if (cells > Integer.MAX_VALUE - 64L) {
                problems.add("num_envs = " + c.numEnvs() + " needs a separation cache of num_envs * max(N_max, num_points)"
                        + " * max(2, relax_sep_cache_slots) = " + cells + " entries, beyond the 2^31 array limit; "
                        + "with N_max = " + c.nMax() + " and " + slots + " slots, num_envs can be at most "
                        + (Integer.MAX_VALUE - 64L) / perEnv);
            }
            return problems;
        }

        /**
         * The largest per-batch point buffer of a built-in generator must stay addressable
         * ({@code 2 * points} floats below 2^31).
         *
         * @return the problem, or null
         */
        private static String generatorBuffers(TrackGenConfig c) {
            long e = c.numEnvs();
            long npseg = c.get(BezierKnobs.NUM_POINTS_PER_SEGMENT);
            long points;
            String what;
            switch (c.generator()) {
                case "bezier" -> {
                    points = e * c.get(BezierKnobs.MAX_NUM_POINTS) * npseg;
                    what = "num_envs * max_num_points * num_points_per_segment";
                }
                case "hull" -> {
                    points = e * 2L * c.get(BezierKnobs.MAX_NUM_POINTS) * npseg;
                    what = "num_envs * 2 * max_num_points * num_points_per_segment";
                }
                case "polar" -> {
                    points = e * c.get(PolarKnobs.NUM_KNOTS) * npseg;
                    what = "num_envs * polar_num_knots * num_points_per_segment";
                }
                case "voronoi" -> {
                    long sites = e * c.get(VoronoiKnobs.NUM_SITES);
                    long dense = e * 2L * c.get(VoronoiKnobs.CONTROL_POINTS) * npseg;
                    points = Math.max(sites, dense);
                    what = sites >= dense ? "num_envs * voronoi_num_sites"
                            : "num_envs * 2 * voronoi_control_points * num_points_per_segment";
                }
                case "circuit" -> {
                    points = e * c.get(CircuitKnobs.BEST_OF_K) * (long) CircuitKnobs.maxSlots(c.get(CircuitKnobs.CORNERS))
                            * CircuitKnobs.PIECES_PER_SLOT * CircuitKnobs.PIECE_FLOATS / 2;
                    what = "num_envs * circuit_best_of_k * max slots * " + CircuitKnobs.PIECES_PER_SLOT + " pieces * "
                            + CircuitKnobs.PIECE_FLOATS + " / 2";
                }
                case "checkpoint" -> {
                    points = e * c.get(CheckpointKnobs.BEST_OF_K) * Math.max(c.numPoints(), c.get(CheckpointKnobs.COUNT));
                    what = "num_envs * checkpoint_best_of_k * max(num_points, checkpoint_count)";
                }
                default -> {
                    return null;
                }
            }
            if (points > MAX_POINTS) {
                return "generator '" + c.generator() + "' needs " + what + " = " + points + " points per buffer, beyond "
                        + "the limit of " + MAX_POINTS + " (2^31 floats); with these knobs num_envs can be at most "
                        + MAX_POINTS / (points / e);
            }
            return null;
        }

        private static <T extends Comparable<T>> void atLeast(List<String> problems, TrackGenConfig c,
                                                               Knob<T> hi, Knob<T> lo) {
            T h = c.get(hi);
            T l = c.get(lo);
            if (h.compareTo(l) < 0) {
                problems.add(hi.name() + " = " + h + " must be >= " + lo.name() + " = " + l);
            }
        }
    }
}
