package dev.trackgen.api.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One named configuration value: its type, default, allowed values and meaning.
 *
 * <p>Knobs are the vocabulary of {@link TrackGenConfig}: the pipeline's are listed in
 * {@link PipelineKnobs#all()}; every generator, built-in or plugin, declares its own through
 * {@link dev.trackgen.api.generator.CenterlineGenerator#knobs()}. The same knob parses a
 * command-line string ({@code --set name=value}), accepts a JSON/YAML value from a config file,
 * and validates either against its allowed range, so errors read the same wherever a value
 * comes from.
 *
 * <p>Instances are immutable and compare by name, but for the {@linkplain #group groups} they
 * are listed in: a generator lists its knobs once with {@link #group}, so that
 * {@link TrackGenConfig.Builder#set(Knob, Object)} given any one of them declares them all.
 *
 * @param <T> the Java type of the value ({@link Integer}, {@link Double}, {@link Boolean},
 *            {@link String}, {@code List<Integer>} or {@link Interval}); optional knobs
 *            allow {@code null}, meaning "auto" or "off"
 */
public final class Knob<T> {

    private final String name;
    private final Kind<T> kind;
    private final T defaultValue;
    private final boolean nullable;
    private final String description;
    /** Smallest value a random search draws ({@code -inf}: the range's low end). */
    private final double searchFloor;
    /** Largest value a random search draws ({@code +inf}: the range's high end). */
    private final double searchCap;
    /** The {@link #group}s listing this knob, in the order made; replaced, never changed in place. */
    private volatile List<List<Knob<?>>> groups = List.of();

    private Knob(String name, Kind<T> kind, T defaultValue, boolean nullable, String description) {
        this(name, kind, defaultValue, nullable, description, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    private Knob(String name, Kind<T> kind, T defaultValue, boolean nullable, String description, double searchFloor,
                 double searchCap) {
        this.searchFloor = searchFloor;
        this.searchCap = searchCap;
        if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("knob names are identifiers (letters, digits, '_'), got " + name);
        }
        this.name = name;
        this.kind = kind;
        this.nullable = nullable;
        this.description = Objects.requireNonNull(description, "description");
        if (defaultValue == null && !nullable) {
            throw new IllegalArgumentException("knob " + name + " needs a default value");
        }
        if (defaultValue != null) {
            String problem = kind.check(defaultValue);
            if (problem != null) {
                throw new IllegalArgumentException("default of knob " + name + " is invalid: " + problem);
            }
        }
        this.defaultValue = defaultValue;
    }

    /**
     * An integer knob.
     *
     * @param name         the knob name (an identifier, by convention snake_case)
     * @param defaultValue its default
     * @param range        the allowed values
     * @param description  one sentence on what it does, with its unit
     * @return the knob
     */
    public static Knob<Integer> ofInt(String name, int defaultValue, Range range, String description) {
        return new Knob<>(name, new IntKind(range), defaultValue, false, description);
    }

    /**
     * An integer knob whose default is "auto" ({@code null}).
     *
     * @param name        the knob name
     * @param range       the allowed values when set
     * @param description one sentence on what it does and what "auto" means
     * @return the knob
     */
    public static Knob<Integer> ofOptionalInt(String name, Range range, String description) {
        return new Knob<>(name, new IntKind(range), null, true, description);
    }

    /**
     * A real-valued knob; NaN and infinities are always rejected.
     *
     * @param name         the knob name
     * @param defaultValue its default
     * @param range        the allowed values
     * @param description  one sentence on what it does, with its unit
     * @return the knob
     */
    public static Knob<Double> ofDouble(String name, double defaultValue, Range range, String description) {
        return new Knob<>(name, new DoubleKind(range), defaultValue, false, description);
    }

    /**
     * A real-valued knob whose default is "auto" ({@code null}).
     *
     * @param name        the knob name
     * @param range       the allowed values when set
     * @param description one sentence on what it does and what "auto" means
     * @return the knob
     */
    public static Knob<Double> ofOptionalDouble(String name, Range range, String description) {
        return new Knob<>(name, new DoubleKind(range), null, true, description);
    }

    /**
     * A boolean knob.
     *
     * @param name         the knob name
     * @param defaultValue its default
     * @param description  one sentence on what it switches
     * @return the knob
     */
    public static Knob<Boolean> ofBoolean(String name, boolean defaultValue, String description) {
        return new Knob<>(name, new BooleanKind(), defaultValue, false, description);
    }

    /**
     * A knob whose value is one of a fixed set of words.
     *
     * @param name         the knob name
     * @param defaultValue its default (one of {@code choices})
     * @param choices      the allowed words
     * @param description  one sentence on what it selects
     * @return the knob
     */
    public static Knob<String> ofChoice(String name, String defaultValue, Set<String> choices, String description) {
        return new Knob<>(name, new ChoiceKind(choices), defaultValue, false, description);
    }

    /**
     * A free-form name knob (for example a generator or runtime name, resolved later).
     *
     * @param name         the knob name
     * @param defaultValue its default
     * @param description  one sentence on what it names
     * @return the knob
     */
    public static Knob<String> ofName(String name, String defaultValue, String description) {
        return new Knob<>(name, new NameKind(), defaultValue, false, description);
    }

    /**
     * A knob holding a list of integers, checked element-wise against {@code range} and as a
     * whole by {@code rule}.
     *
     * @param name         the knob name
     * @param defaultValue its default
     * @param range        allowed range of every element
     * @param rule         whole-list check returning {@code null} when fine or the reason it is not
     * @param description  one sentence on what it holds
     * @return the knob
     */
    public static Knob<List<Integer>> ofIntList(String name, List<Integer> defaultValue, Range range,
                                                Function<List<Integer>, String> rule, String description) {
        return new Knob<>(name, new IntListKind(range, rule), List.copyOf(defaultValue), false, description);
    }

    /**
     * An optional {@code [lo, hi]} interval knob, {@code null} (off) by default.
     *
     * @param name        the knob name
     * @param range       the range both bounds must lie in
     * @param description one sentence on what is sampled from it
     * @return the knob
     */
    public static Knob<Interval> ofInterval(String name, Range range, String description) {
        return new Knob<>(name, new IntervalKind(range), null, true, description);
    }

    /**
     * Lists the knobs of one generator as a group: setting any one of them on a
     * {@link TrackGenConfig.Builder} ({@link TrackGenConfig.Builder#set(Knob, Object)}) then
     * declares every knob of the group at its default, so the others can be set by name next.
     * A knob listed in several groups (one shared by several generators, such as the built-in
     * {@code scale}) is ambiguous and declares only itself. Call it once, in a static field of
     * the class that declares the knobs, and return that list from {@code knobs()}:
     *
     * <pre>{@code
     * static final Knob<Double> AMOUNT = Knob.ofDouble("my_amount", 0.25, Range.closed(0, 1), "...");
     * static final Knob<Double> CORNER = Knob.ofDouble("my_corner", 0.5, Range.closed(0.3, 1), "...");
     * static final List<Knob<?>> KNOBS = Knob.group(AMOUNT, CORNER);
     * }</pre>
     *
     * Listing the same knobs again (same names, same order) adds no second group.
     *
     * @param members the generator's knobs, in documentation order
     * @return the same knobs as an immutable list
     * @throws IllegalArgumentException if two members share a name
     * @throws NullPointerException if a member is null
     */
    public static List<Knob<?>> group(Knob<?>... members) {
        List<Knob<?>> list = List.of(members);
        if (new java.util.HashSet<>(list).size() != list.size()) {
            throw new IllegalArgumentException("a knob group lists one name twice: " + list);
        }
        for (Knob<?> k : list) {
            k.joinGroup(list);
        }
        return list;
    }

    private synchronized void joinGroup(List<Knob<?>> group) {
        if (!groups.contains(group)) {
            List<List<Knob<?>>> next = new ArrayList<>(groups);
            next.add(group);
            groups = List.copyOf(next);
        }
    }

    /**
     * @return the knobs of the one {@link #group} this knob is listed in (itself included), or
     *         empty when it is listed in none or in several
     */
    public Optional<List<Knob<?>>> siblings() {
        List<List<Knob<?>>> g = groups;
        return g.size() == 1 ? Optional.of(g.get(0)) : Optional.empty();
    }

    /** @return how many {@link #group}s list this knob (more than one: a knob shared by several generators) */
    public int groupCount() {
        return groups.size();
    }

    /** @return the knob's name as used in config files and {@code --set} */
    public String name() {
        return name;
    }

    /** @return the default value ({@code null} for optional knobs whose default is auto/off) */
    public T defaultValue() {
        return defaultValue;
    }

    /** @return whether {@code null} (auto/off) is an allowed value */
    public boolean nullable() {
        return nullable;
    }

    /** @return one sentence describing the knob */
    public String description() {
        return description;
    }

    /** @return a short name of the value type: int, float, bool, choice, name, int-list or interval */
    public String typeName() {
        return kind.typeName();
    }

    /** @return a human-readable statement of the allowed values, for help and error texts */
    public String allowed() {
        String a = kind.allowed();
        return nullable ? a + ", or auto" : a;
    }

    /**
     * @return the allowed range of an int, float, int-list (each element) or interval (both
     *         bounds) knob; empty for the other types
     */
    public Optional<Range> range() {
        return Optional.ofNullable(kind.range());
    }

    /**
     * A copy of this knob whose random searches (the validity search of the metrics module) draw
     * only within {@code [floor, cap]} of its allowed range: for knobs whose large values only
     * make a call slow (iteration counts, buffer sizes) or whose tiny values make it run for
     * millions of iterations. The allowed range, and everything but random draws, is unchanged.
     *
     * @param floor the smallest value drawn ({@code Double.NEGATIVE_INFINITY}: no floor)
     * @param cap   the largest value drawn ({@code Double.POSITIVE_INFINITY}: no cap)
     * @return the bounded copy (equal to this knob: knobs are equal by name)
     * @throws IllegalArgumentException if {@code floor > cap} or either is NaN
     */
    public Knob<T> searchedWithin(double floor, double cap) {
        if (!(floor <= cap)) {
            throw new IllegalArgumentException("knob " + name + ": search floor " + floor + " must be <= cap " + cap);
        }
        return new Knob<>(name, kind, defaultValue, nullable, description, floor, cap);
    }

    /** @return the smallest value a random search draws; {@code -inf} when only the range bounds it */
    public double searchFloor() {
        return searchFloor;
    }

    /** @return the largest value a random search draws; {@code +inf} when only the range bounds it */
    public double searchCap() {
        return searchCap;
    }

    /** @return the allowed words of a choice knob, sorted; empty for the other types */
    public List<String> choices() {
        return kind.words();
    }

    /**
     * Parses a command-line string into a validated value.
     *
     * @param text the text after {@code name=} (for optional knobs {@code auto}/{@code none}/{@code null} mean null)
     * @return the value
     * @throws InvalidConfigException if the text is malformed or the value is not allowed
     */
    public T parse(String text) {
        if (text == null) {
            throw invalid("is missing a value");
        }
        String t = text.strip();
        if (nullable && isNullWord(t)) {
            return null;
        }
        T v;
        try {
            v = kind.parse(t);
        } catch (RuntimeException e) {
            throw invalid("= '" + text + "' is not a valid " + kind.typeName() + " (allowed: " + allowed() + ")");
        }
        return validate(v);
    }

    /**
     * Converts a value read from a JSON or YAML document (numbers, booleans, strings, lists)
     * into a validated value.
     *
     * @param value the document value; {@code null} is allowed for optional knobs
     * @return the value
     * @throws InvalidConfigException if the value has the wrong type or is not allowed
     */
    public T coerce(Object value) {
        if (value == null || (nullable && value instanceof String s && isNullWord(s.strip()))) {
            if (nullable) {
                return null;
            }
            throw invalid("must not be null (allowed: " + allowed() + ")");
        }
        if (value instanceof String s) {
            return parse(s);
        }
        T v;
        try {
            v = kind.coerce(value);
        } catch (RuntimeException e) {
            throw invalid("= " + value + " is not a valid " + kind.typeName() + " (allowed: " + allowed() + ")");
        }
        return validate(v);
    }

    /**
     * Checks a typed value against the allowed range.
     *
     * @param value the value ({@code null} only for optional knobs)
     * @return the same value
     * @throws InvalidConfigException if it is not allowed
     */
    public T validate(T value) {
        if (value == null) {
            if (nullable) {
                return null;
            }
            throw invalid("must not be null (allowed: " + allowed() + ")");
        }
        String problem = kind.check(value);
        if (problem != null) {
            throw invalid(problem);
        }
        return value;
    }

    /**
     * @param value a valid value of this knob
     * @return a JSON-friendly representation (numbers, booleans, strings, lists, or null)
     */
    public Object toJson(Object value) {
        if (value instanceof Interval iv) {
            return List.of(iv.lo(), iv.hi());
        }
        return value;
    }

    /**
     * @param value a valid value of this knob
     * @return the text that {@link #parse(String)} turns back into {@code value}
     */
    public String format(Object value) {
        if (value == null) {
            return "auto";
        }
        if (value instanceof Interval iv) {
            return iv.lo() + "," + iv.hi();
        }
        if (value instanceof List<?> list) {
            StringBuilder b = new StringBuilder();
            for (Object o : list) {
                if (b.length() > 0) {
                    b.append(',');
                }
                b.append(o);
            }
            return b.toString();
        }
        return String.valueOf(value);
    }

    private InvalidConfigException invalid(String what) {
        return new InvalidConfigException(name, name + " " + what);
    }

    private static boolean isNullWord(String t) {
        String l = t.toLowerCase(Locale.ROOT);
        return l.equals("auto") || l.equals("none") || l.equals("null") || l.equals("off");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Knob<?> k && k.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }

    // ------------------------------------------------------------------------------------

    private interface Kind<T> {
        T parse(String text);

        T coerce(Object value);

        /** @return null when fine, else "= value ..." text that follows the knob name */
        String check(T value);

        String typeName();

        String allowed();

        /** @return the numeric range, or null for non-numeric kinds (records with a range component override it) */
        default Range range() {
            return null;
        }

        /** @return the allowed words of a choice, else none */
        default List<String> words() {
            return List.of();
        }
    }

    private record IntKind(Range range) implements Kind<Integer> {
        @Override
        public Integer parse(String text) {
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException e) {
                // accept integral decimals ("3.0"), as a JSON or YAML number would be
                return coerce(Double.valueOf(text));
            }
        }

        @Override
        public Integer coerce(Object value) {
            if (value instanceof Integer i) {
                return i;
            }
            if (value instanceof Number n) {
                double d = n.doubleValue();
                if (d != Math.rint(d) || Math.abs(d) > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("not an integer");
                }
                return (int) d;
            }
            throw new IllegalArgumentException("not a number");
        }

        @Override
        public String check(Integer value) {
            return range.contains(value) ? null : "= " + value + " is outside the allowed range " + range;
        }

        @Override
        public String typeName() {
            return "int";
        }

        @Override
        public String allowed() {
            return "integers in " + range;
        }
    }

    private record DoubleKind(Range range) implements Kind<Double> {
        /** Decimal numbers as a person writes them (no Java suffixes such as {@code 0.1f}, no hex). */
        private static final java.util.regex.Pattern DECIMAL =
                java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

        @Override
        public Double parse(String text) {
            String t = text.toLowerCase(Locale.ROOT);
            if (t.equals("nan") || t.matches("[+-]?(inf|infinity)")) {
                // parsed so that the range check can say "not a finite number"
                return t.equals("nan") ? Double.NaN
                        : (t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
            }
            if (!DECIMAL.matcher(text).matches()) {
                throw new NumberFormatException(text);
            }
            return Double.valueOf(text);
        }

        @Override
        public Double coerce(Object value) {
            if (value instanceof Number n) {
                return n.doubleValue();
            }
            throw new IllegalArgumentException("not a number");
        }

        @Override
        public String check(Double value) {
            if (!Double.isFinite(value)) {
                return "= " + value + " is not a finite number (allowed: " + range + ")";
            }
            return range.contains(value) ? null : "= " + value + " is outside the allowed range " + range;
        }

        @Override
        public String typeName() {
            return "float";
        }

        @Override
        public String allowed() {
            return "finite numbers in " + range;
        }
    }

    private static final class BooleanKind implements Kind<Boolean> {
        @Override
        public Boolean parse(String text) {
            String l = text.toLowerCase(Locale.ROOT);
            if (l.equals("true") || l.equals("yes") || l.equals("on") || l.equals("1")) {
                return true;
            }
            if (l.equals("false") || l.equals("no") || l.equals("off") || l.equals("0")) {
                return false;
            }
            throw new IllegalArgumentException("not a boolean");
        }

        @Override
        public Boolean coerce(Object value) {
            if (value instanceof Boolean b) {
                return b;
            }
            throw new IllegalArgumentException("not a boolean");
        }

        @Override
        public String check(Boolean value) {
            return null;
        }

        @Override
        public String typeName() {
            return "bool";
        }

        @Override
        public String allowed() {
            return "true or false (also yes/no, on/off, 1/0)";
        }
    }

    private record ChoiceKind(Set<String> choices) implements Kind<String> {
        ChoiceKind {
            choices = Collections.unmodifiableSet(new TreeSet<>(choices));
        }

        @Override
        public String parse(String text) {
            return text;
        }

        @Override
        public String coerce(Object value) {
            throw new IllegalArgumentException("not a word");
        }

        @Override
        public String check(String value) {
            return choices.contains(value) ? null : "= '" + value + "' is not one of " + choices;
        }

        @Override
        public String typeName() {
            return "choice";
        }

        @Override
        public List<String> words() {
            return List.copyOf(choices);
        }

        @Override
        public String allowed() {
            return "one of " + choices;
        }
    }

    private static final class NameKind implements Kind<String> {
        @Override
        public String parse(String text) {
            return text;
        }

        @Override
        public String coerce(Object value) {
            throw new IllegalArgumentException("not a word");
        }

        @Override
        public String check(String value) {
            return value.isBlank() ? "must not be empty" : null;
        }

        @Override
        public String typeName() {
            return "name";
        }

        @Override
        public String allowed() {
            return "a non-empty name";
        }
    }

    private record IntListKind(Range range, Function<List<Integer>, String> rule) implements Kind<List<Integer>> {
        @Override
        public List<Integer> parse(String text) {
            String t = text.strip();
            if (t.startsWith("[") && t.endsWith("]")) {
                t = t.substring(1, t.length() - 1);
            }
            List<Integer> out = new ArrayList<>();
            for (String part : t.split(",")) {
                if (!part.isBlank()) {
                    out.add(Integer.valueOf(part.strip()));
                }
            }
            return List.copyOf(out);
        }

        @Override
        public List<Integer> coerce(Object value) {
            if (!(value instanceof List<?> list)) {
                throw new IllegalArgumentException("not a list");
            }
            List<Integer> out = new ArrayList<>();
            IntKind ik = new IntKind(range);
            for (Object o : list) {
                out.add(ik.coerce(o));
            }
            return List.copyOf(out);
        }

        @Override
        public String check(List<Integer> value) {
            for (Integer v : value) {
                if (v == null || !range.contains(v)) {
                    return "= " + value + " has an entry outside the allowed range " + range;
                }
            }
            String problem = rule.apply(value);
            return problem == null ? null : "= " + value + " " + problem;
        }

        @Override
        public String typeName() {
            return "int-list";
        }

        @Override
        public String allowed() {
            return "a list of integers in " + range;
        }
    }

    private record IntervalKind(Range range) implements Kind<Interval> {
        @Override
        public Interval parse(String text) {
            String t = text.strip();
            if (t.startsWith("[") && t.endsWith("]")) {
                t = t.substring(1, t.length() - 1);
            }
            String[] parts = t.split(",");
            if (parts.length != 2) {
                throw new IllegalArgumentException("need two numbers");
            }
            return new Interval(Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip()));
        }

        @Override
        public Interval coerce(Object value) {
            if (value instanceof List<?> list && list.size() == 2
                    && list.get(0) instanceof Number lo && list.get(1) instanceof Number hi) {
                return new Interval(lo.doubleValue(), hi.doubleValue());
            }
            throw new IllegalArgumentException("need a two-element list");
        }

        @Override
        public String check(Interval value) {
            if (!range.contains(value.lo()) || !range.contains(value.hi())) {
                return "= " + value + " is outside the allowed range " + range;
            }
            return null;
        }

        @Override
        public String typeName() {
            return "interval";
        }

        @Override
        public String allowed() {
            return "lo,hi with lo <= hi, both in " + range;
        }
    }
}
