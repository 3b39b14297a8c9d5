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
 * knob it knows, the pipeline's ({@link PipelineKnobs#all()}) and those declared by generators
 * ({@code CenterlineGenerator.knobs()}, built-in generators included).
 *
 * <p>Build one with {@link #builder()}; every value is checked when it is set (type and range,
 * NaN and infinities rejected) and the relations between knobs are checked in
 * {@link Builder#build()}: the pipeline's own, and those of the generator bound with
 * {@link Builder#generator(GeneratorRules)}, which also sizes {@code num_points} and
 * {@code N_max} when they are left unset. All errors are {@link InvalidConfigException}s whose
 * one-line message names the knob, the bad value and what is allowed. This class names no
 * generator: what a generator adds comes through {@link GeneratorRules}.
 *
 * <pre>{@code
 * TrackGenConfig config = TrackGenConfig.builder()
 *         .generator(generator)           // a CenterlineGenerator: its knobs, sizing and rules
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
    /** The rules of the generator this configuration was built for, or null (bound by name only). */
    private final GeneratorRules rules;

    private TrackGenConfig(Map<String, Knob<?>> knobs, Map<String, Object> values, Set<String> explicit,
                           GeneratorRules rules) {
        this.knobs = Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.explicit = Set.copyOf(explicit);
        this.rules = rules;
    }

    /**
     * What a generator adds to a configuration beyond its knobs' own ranges. The generator SPI
     * ({@code dev.trackgen.api.generator.CenterlineGenerator}) extends it, so every generator,
     * built-in or plugin, brings its knobs, sizing and checks the same way; a configuration gets
     * them through {@link Builder#generator(GeneratorRules)}.
     *
     * <p>Contract: both hooks are pure functions of the configuration they are given, called by
     * {@link Builder#build()}, {@link #sizing} first, {@link #validate} on the sized result; they
     * throw nothing for bad values but report them.
     */
    public interface GeneratorRules {
        /** Most points of one generator buffer: {@code 2 * points} floats stay below 2^31. */
        long MAX_BUFFER_POINTS = (Integer.MAX_VALUE - 64L) / 2;

        /** @return the name selected by the {@code generator} knob */
        String name();

        /**
         * @return the knobs this generator reads, at their defaults in a new configuration; a
         *         knob may be shared with other generators (the same {@link Knob} instance)
         */
        default List<Knob<?>> knobs() {
            return List.of();
        }

        /**
         * The dense resolution and output stride this generator needs. The configuration uses
         * {@link Sizing#numPoints()} for {@code num_points} and {@link Sizing#nMax()} for
         * {@code N_max} where they were not set explicitly; an explicit value always wins (and
         * {@link #validate} may then refuse it).
         *
         * @param draft the configuration so far, {@code num_points} and {@code N_max} at the
         *              pipeline defaults unless set explicitly; its relations are not checked yet
         * @return the sizing; the default keeps the draft's values
         */
        default Sizing sizing(TrackGenConfig draft) {
            return new Sizing(draft.numPoints(), draft.nMax());
        }

        /**
         * Checks the relations between this generator's knobs (and the pipeline knobs it depends
         * on), including that its buffers stay addressable at the batch size (see
         * {@link #bufferProblem}).
         *
         * @param config the sized configuration, every value already in its knob's range
         * @return one one-line message per violated relation, naming knobs and values; empty when fine
         */
        default List<String> validate(TrackGenConfig config) {
            return List.of();
        }

        /**
         * A check for {@link #validate}: {@code hi >= lo}.
         *
         * @param c  the configuration
         * @param hi the knob that must not be smaller
         * @param lo the other knob
         * @param <T> the value type
         * @return {@code "hi = v must be >= lo = w"}, or null when fine
         */
        static <T extends Comparable<T>> String atLeast(TrackGenConfig c, Knob<T> hi, Knob<T> lo) {
            T h = c.get(hi);
            T l = c.get(lo);
            return h.compareTo(l) < 0 ? hi.name() + " = " + h + " must be >= " + lo.name() + " = " + l : null;
        }

        /**
         * A check for {@link #validate}: the largest per-batch point buffer of a generator must
         * stay addressable ({@code 2 * points} floats below 2^31).
         *
         * @param c      the configuration
         * @param what   how {@code points} is computed, in knob names
         * @param points the points of the buffer for the whole batch
         * @return the problem, naming the largest {@code num_envs} that fits, or null when fine
         */
        static String bufferProblem(TrackGenConfig c, String what, long points) {
            if (points <= MAX_BUFFER_POINTS) {
                return null;
            }
            long e = c.numEnvs();
            // the binding limit: this buffer's, or the separation cache's if that is lower
            long most = Math.min(MAX_BUFFER_POINTS / (points / e), Builder.mostEnvsForTheSeparationCache(c));
            return "generator '" + c.generator() + "' needs " + what + " = " + points + " points per buffer, beyond "
                    + "the limit of " + MAX_BUFFER_POINTS + " (2^31 floats); with these knobs num_envs can be at most "
                    + most;
        }
    }

    /**
     * A generator's sizing of the pipeline buffers ({@link GeneratorRules#sizing}).
     *
     * @param numPoints dense points per generated centerline ({@code num_points})
     * @param nMax      output stride ({@code N_max})
     */
    public record Sizing(int numPoints, int nMax) {
    }

    /**
     * The validity gate's width test, as the kernel makes it (in float32): a track can be valid
     * only when its half-width is above {@code w_floor}. {@link Builder#build()} refuses a
     * configuration that fails it.
     *
     * @param halfWidth the road half-width
     * @param wFloor    the {@code w_floor} knob
     * @return whether {@code (float) halfWidth > (float) wFloor}
     */
    public static boolean aboveWidthFloor(double halfWidth, double wFloor) {
        return (float) halfWidth > (float) wFloor;
    }

    /** @return a builder holding every pipeline knob at its default */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the configuration with every pipeline knob at its default (no generator knobs) */
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
        b.rules = rules;
        return b;
    }

    /**
     * @return the rules of the generator bound with {@link Builder#generator(GeneratorRules)}, if
     *         the configuration was built for one (and its name is still the {@code generator} knob)
     */
    public java.util.Optional<GeneratorRules> rules() {
        return java.util.Optional.ofNullable(rules);
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

    /** @return the knobs this configuration knows, the pipeline's first, then in the order declared */
    public List<Knob<?>> knobs() {
        return List.copyOf(knobs.values());
    }

    /** @return the registered generator name ({@code auto} when none was chosen) */
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

    /**
     * @return whether a width profile other than {@code constant} is chosen
     *         ({@link WidthKnobs#PROFILE})
     */
    public boolean variableWidth() {
        return !WidthKnobs.CONSTANT.equals(get(WidthKnobs.PROFILE));
    }

    /** @return the narrowest half-width of a varying profile (auto: {@code 0.7 * half_width}), world units */
    public double halfWidthMin() {
        Double v = get(WidthKnobs.HALF_WIDTH_MIN);
        return v != null ? v : 0.7 * halfWidth();
    }

    /** @return the widest half-width of a varying profile (auto: {@code half_width}), world units */
    public double halfWidthMax() {
        Double v = get(WidthKnobs.HALF_WIDTH_MAX);
        return v != null ? v : halfWidth();
    }

    /**
     * @return the half-width the relaxation keeps the loop's parts apart for: {@code half_width}
     *         with the constant profile, else the larger of it and {@link #halfWidthMax()}
     */
    public double relaxHalfWidth() {
        return variableWidth() ? Math.max(halfWidth(), halfWidthMax()) : halfWidth();
    }

    /** @return the constant arc spacing of output points, world units (0.6 * half_width when auto) */
    public double spacing() {
        Double s = get(PipelineKnobs.SPACING);
        return s != null ? s : 0.6 * halfWidth();
    }

    /**
     * @return the dense points per generated centerline (unless set explicitly, what the bound
     *         generator's {@link GeneratorRules#sizing} asks for; the knob default otherwise)
     */
    public int numPoints() {
        return get(PipelineKnobs.NUM_POINTS);
    }

    /**
     * @return the output stride N_max (unless set explicitly, what the bound generator's
     *         {@link GeneratorRules#sizing} asks for; the knob default otherwise)
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

    /** Mutable builder; {@link #build()} yields an immutable, validated {@link TrackGenConfig}. */
    public static final class Builder {
        private final Map<String, Knob<?>> knobs = new LinkedHashMap<>();
        private final Map<String, Object> values = new LinkedHashMap<>();
        private final Set<String> explicit = new HashSet<>();
        /** Knobs declared alone by {@link #set(Knob, Object)} (in no {@link Knob#group} or in several). */
        private final Set<String> declaredAlone = new java.util.TreeSet<>();
        private GeneratorRules rules;

        private Builder() {
            for (Knob<?> k : PipelineKnobs.all()) {
                declareOne(k);
            }
        }

        /**
         * Adds knobs declared by a generator plugin, at their defaults (knobs already declared
         * keep their place and values). {@link #generator(GeneratorRules)} does this for the
         * generator it binds, and {@link #set(Knob, Object)} for the {@link Knob#group group} of
         * the knob it is given.
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
         * Sets a typed value, declaring the knob first if it is not known yet. A knob of one
         * generator's {@link Knob#group group} declares the whole group, at defaults, so its
         * siblings can then be set by name ({@link #set(String, String)}); a knob listed in no
         * group or in several (one shared by several generators, such as the built-in
         * {@code scale}) declares only itself, and an unknown name's error then says how to
         * declare the rest ({@link #generator(GeneratorRules)} or {@link #declare}).
         *
         * @param knob  the knob
         * @param value its value ({@code null} only for optional knobs)
         * @param <T>   value type
         * @return this builder
         * @throws InvalidConfigException if the value is not allowed, or a knob of its group
         *         reuses a declared knob's name with another definition
         */
        public <T> Builder set(Knob<T> knob, T value) {
            if (!knobs.containsKey(knob.name())) {
                java.util.Optional<List<Knob<?>>> group = knob.siblings();
                if (group.isPresent()) {
                    declare(group.get());
                } else {
                    declaredAlone.add(knob.name());
                }
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
         * Selects a generator by name only: its knobs must be declared separately
         * ({@link #declare}) and its sizing and rules are not applied (a {@code TrackGenerator}
         * binds the generator it runs with {@link #generator(GeneratorRules)}).
         *
         * @param name the generator name
         * @return this builder
         */
        public Builder generator(String name) {
            return set(PipelineKnobs.GENERATOR, name);
        }

        /**
         * Selects a generator and binds what it adds: declares its {@link GeneratorRules#knobs()}
         * (knobs already declared keep their place and values), sets the {@code generator} knob to
         * its name, and has {@link #build()} apply its {@link GeneratorRules#sizing sizing} and
         * {@link GeneratorRules#validate checks}. The binding holds while the {@code generator}
         * knob keeps that name; naming another generator later drops it.
         *
         * @param generator the generator (a {@code CenterlineGenerator})
         * @return this builder
         * @throws InvalidConfigException if one of its knobs clashes with a knob declared already
         */
        public Builder generator(GeneratorRules generator) {
            declare(generator.knobs());
            set(PipelineKnobs.GENERATOR, generator.name());
            this.rules = generator;
            return this;
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
                        + (declaredAlone.isEmpty() ? "" : "; set(Knob, value) declared " + String.join(", ", declaredAlone)
                        + " alone (a knob in no Knob.group, or shared by several generators): to declare all of a"
                        + " generator's knobs, call generator(theGenerator) or declare(theGenerator.knobs()) on the"
                        + " builder first, or list a plugin's knobs with Knob.group in the class that declares them"));
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
         * Checks the relations between knobs and freezes the configuration: the generator's
         * rules, {@code half_width} above {@code w_floor} (see {@link TrackGenConfig#aboveWidthFloor}; the
         * exception's knob is then {@code w_floor}), and the pipeline's buffer sizes.
         *
         * @return the configuration
         * @throws InvalidConfigException naming the first violated relation
         */
        public TrackGenConfig build() {
            GeneratorRules bound = rules != null && rules.name().equals(values.get(PipelineKnobs.GENERATOR.name()))
                    ? rules : null;
            if (!explicit.contains(PipelineKnobs.N_MAX.name())) {
                values.put(PipelineKnobs.N_MAX.name(), PipelineKnobs.N_MAX.defaultValue());
            }
            if (!explicit.contains(PipelineKnobs.NUM_POINTS.name())) {
                values.put(PipelineKnobs.NUM_POINTS.name(), PipelineKnobs.NUM_POINTS.defaultValue());
            }
            if (bound != null) {
                Sizing size = bound.sizing(new TrackGenConfig(knobs, values, explicit, null));
                if (!explicit.contains(PipelineKnobs.N_MAX.name())) {
                    values.put(PipelineKnobs.N_MAX.name(), size.nMax());
                }
                if (!explicit.contains(PipelineKnobs.NUM_POINTS.name())) {
                    values.put(PipelineKnobs.NUM_POINTS.name(), size.numPoints());
                }
            }
            TrackGenConfig c = new TrackGenConfig(knobs, values, explicit, bound);
            if (bound != null) {
                for (String problem : bound.validate(c)) {
                    throw new InvalidConfigException(null, problem);
                }
            }
            double floor = c.get(PipelineKnobs.W_FLOOR);
            if (!aboveWidthFloor(c.halfWidth(), floor)) {
                // every track would be invalid, whatever its shape
                throw new InvalidConfigException(PipelineKnobs.W_FLOOR.name(), "half_width = " + c.halfWidth()
                        + " is not above w_floor = " + floor + ", the validity gate's width floor: every track would be"
                        + " invalid; raise half_width or lower w_floor");
            }
            if (c.variableWidth() && !(c.halfWidthMin() <= c.halfWidthMax())) {
                throw new InvalidConfigException(WidthKnobs.HALF_WIDTH_MIN.name(), "half_width_min = " + c.halfWidthMin()
                        + " is above half_width_max = " + c.halfWidthMax() + "; the width range must be "
                        + "[half_width_min, half_width_max] with min <= max");
            }
            if (c.variableWidth() && !aboveWidthFloor(c.halfWidthMin(), floor)) {
                throw new InvalidConfigException(WidthKnobs.HALF_WIDTH_MIN.name(), "half_width_min = "
                        + c.halfWidthMin() + " is not above w_floor = " + floor + ", the validity gate's width floor: "
                        + "every track would be invalid; raise half_width_min or lower w_floor");
            }
            if (!ElevationKnobs.FLAT.equals(c.get(ElevationKnobs.PROFILE))
                    && !(c.get(ElevationKnobs.MIN) <= c.get(ElevationKnobs.MAX))) {
                throw new InvalidConfigException(ElevationKnobs.MIN.name(), "z_min = " + c.get(ElevationKnobs.MIN)
                        + " is above z_max = " + c.get(ElevationKnobs.MAX) + "; a non-flat z_profile needs the range "
                        + "[z_min, z_max] with min <= max");
            }
            double valid = c.get(ElevationKnobs.VALID_GRADE);
            if (c.get(ElevationKnobs.BRIDGE_CLEARANCE) > 0 && valid > 0
                    && !(c.get(ElevationKnobs.BRIDGE_GRADE) <= valid)) {
                throw new InvalidConfigException(ElevationKnobs.BRIDGE_GRADE.name(), "bridge_grade = "
                        + c.get(ElevationKnobs.BRIDGE_GRADE) + " is above z_valid_grade = " + valid
                        + ": every bridge ramp would fail the grade gate; lower bridge_grade or raise z_valid_grade");
            }
            String heightProblem = ElevationKnobs.rangeProblem(c.get(ElevationKnobs.PROFILE), c.get(ElevationKnobs.BASE),
                    c.get(ElevationKnobs.MIN), c.get(ElevationKnobs.MAX));
            if (heightProblem != null) {
                throw new InvalidConfigException(ElevationKnobs.MAX.name(), heightProblem);
            }
            for (String problem : crossCheck(c)) {
                throw new InvalidConfigException(null, problem);
            }
            return c;
        }

        /** @return the largest num_envs whose separation cache stays below the 2^31 array limit with c's other knobs */
        static long mostEnvsForTheSeparationCache(TrackGenConfig c) {
            long slots = Math.max(2L, c.get(RelaxKnobs.SEP_CACHE_SLOTS));
            return (Integer.MAX_VALUE - 64L) / (Math.max(c.nMax(), c.numPoints()) * slots);
        }

        /** The pipeline's own relations: its buffers stay addressable. */
        private static List<String> crossCheck(TrackGenConfig c) {
            List<String> problems = new ArrayList<>();
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
    }
}
