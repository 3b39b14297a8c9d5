package dev.trackgen.gates;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The catalogue of the gate knobs ({@link GateConfig.Builder#set(String, String)} names), for
 * listings ({@code trackgen knobs}), the explorer's Gates view and the docs: each with its type,
 * default (from {@link GateConfig#defaults()}), allowed values (the ranges
 * {@link GateConfig.Builder#build()} enforces) and a description with its unit.
 */
public final class GateKnobs {
    private GateKnobs() {
    }

    /**
     * One gate knob.
     *
     * @param name         the knob's name, as in {@link GateConfig#asMap()}
     * @param type         {@code int}, {@code float}, {@code long} or {@code choice}
     * @param defaultValue the default, as text
     * @param allowed      the allowed values: a range such as {@code [3, 1024]} or the choices separated by {@code |}
     * @param description  what it does, with its unit
     */
    public record GateKnob(String name, String type, String defaultValue, String allowed, String description) {
        /**
         * @throws NullPointerException if a part is null
         */
        public GateKnob {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(defaultValue, "defaultValue");
            Objects.requireNonNull(allowed, "allowed");
            Objects.requireNonNull(description, "description");
        }
    }

    private static final String UNITS = "world units";

    /** @return every gate knob, in {@link GateConfig#asMap()} order */
    public static List<GateKnob> all() {
        Map<String, Object> d = GateConfig.defaults().asMap();
        return List.of(
            knob(d, "seed", "long", "[" + Integer.MIN_VALUE + ", " + Integer.MAX_VALUE + "]",
                    "Gates: scalar seed of the default per-env RNG (trackgen gates takes --seed instead)."),
            knob(d, "min_gates", "int", "[3, max_gates]", "Gates: fewest gates an env draws (count uniform in [min_gates, max_gates])."),
            knob(d, "max_gates", "int", "[3, " + GateConfig.MAX_GATES_LIMIT + "]",
                    "Gates: most gates an env draws; the output stride G_max."),
            knob(d, "gate_width", "float", "[0, +inf)", "Gates: side of the square opening, " + UNITS + " (half_size = gate_width / 2)."),
            knob(d, "gate_radius", "float", "[0, +inf)",
                    "Gates: plan-view exclusion radius, " + UNITS + "; gate centers end at least 2 gate_radius apart."),
            knob(d, "gate_solve_iters", "int", "[0, 10000]", "Gates: sweeps of the plan-view gate separation."),
            choice(d, "gate_ordering", GateOrdering.values(), "Gates: flying order: raw (along the lap), ccw, random_pairs."),
            choice(d, "z_profile", ZProfile.values(),
                    "Gates: altitude profile: flat (z_base), uniform, random_walk (grade-capped closed bridge), noise (harmonics)."),
            knob(d, "z_base", "float", "[-1e6, 1e6]", "Gates: base altitude, " + UNITS + "."),
            knob(d, "z_min", "float", "[-1e6, z_max]", "Gates: lowest gate altitude of a non-flat z_profile, " + UNITS
                    + " (unused, and not checked against z_max, on flat)."),
            knob(d, "z_max", "float", "[z_min, 1e6]", "Gates: highest gate altitude of a non-flat z_profile, " + UNITS + "."),
            knob(d, "z_max_step", "float", "[0, +inf)", "Gates: random_walk grade cap, |dz| per unit of plan-view arc length."),
            knob(d, "z_noise_amplitude", "float", "[0, +inf)", "Gates: noise profile amplitude, " + UNITS + "."),
            knob(d, "z_noise_harmonics", "int", "[1, 64]", "Gates: harmonics of the noise profile."),
            knob(d, "z_valid_grade", "float", "[0, +inf)", "Gates: largest gate-to-gate grade of a valid course (dz / plan-view distance); 0 = unchecked."),
            choice(d, "gate_align", GateAlign.values(), "Gates: frame orientation: yaw_only (upright gates) or full_tangent (pitched along the line)."),
            knob(d, "samples_per_gate", "int", "[1, " + GateConfig.MAX_SAMPLES_PER_GATE + "]",
                    "Gates: course-line samples per gate-to-gate segment."),
            knob(d, "line_bow_bound", "float", "[0, +inf)",
                    "Gates: largest course-line distance from a gate-to-gate chord, relative to the chord's length; 0 = unchecked."),
            knob(d, "stack_clearance", "float", "[0, +inf)",
                    "Gates: least vertical gap, " + UNITS + ", where two course-line sections cross in plan view; 0 = any crossing."));
    }

    /**
     * @param name a knob name
     * @return the knob of that name
     * @throws IllegalArgumentException if there is none
     */
    public static GateKnob get(String name) {
        for (GateKnob k : all()) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown gate knob '" + name + "'");
    }

    private static GateKnob knob(Map<String, Object> defaults, String name, String type, String allowed, String text) {
        return new GateKnob(name, type, String.valueOf(defaults.get(name)), allowed, text);
    }

    private static GateKnob choice(Map<String, Object> defaults, String name, Enum<?>[] values, String text) {
        StringBuilder b = new StringBuilder();
        for (Enum<?> v : values) {
            if (b.length() > 0) {
                b.append(" | ");
            }
            b.append(knobValueOf(v));
        }
        return new GateKnob(name, "choice", String.valueOf(defaults.get(name)), b.toString(), text);
    }

    private static String knobValueOf(Enum<?> v) {
        if (v instanceof GateOrdering o) {
            return o.knobValue();
        }
        if (v instanceof ZProfile z) {
            return z.knobValue();
        }
        return ((GateAlign) v).knobValue();
    }
}
