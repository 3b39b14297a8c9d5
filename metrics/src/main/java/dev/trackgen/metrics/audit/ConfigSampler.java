package dev.trackgen.metrics.audit;

import dev.trackgen.api.config.Interval;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Draws whole random configurations of one generator across every knob's allowed range (the
 * pipeline's and the generator's own {@code knobs()}), for searches of counter-examples to the
 * validity gate ({@link ValiditySearch}).
 *
 * <p>Each knob is drawn away from its default with probability {@code MEAN_CHANGED / knobs}, so
 * that about {@value #MEAN_CHANGED} knobs change per configuration (a draw that changes every
 * knob at once almost never yields a valid track, and valid tracks are what the search must
 * meet); over many draws every knob meets its whole range. A drawn value comes from the knob's
 * declared range: one of the range's ends (nudged inside an open end) with
 * probability {@value #EXTREME}, else uniformly on a bounded range or, on an unbounded or very
 * wide one, log-uniformly within one decade of the default (seven draws in ten) or six decades. Knobs that only change how long a call takes
 * (iteration counts, buffer sizes, point counts) declare the part of their range a search draws
 * from ({@link Knob#searchedWithin}: a cap, a floor), so that one draw stays a short batch; those
 * bounds are the only narrowing of a declared range. An int-list knob (a coarse-to-fine
 * resolution schedule, such as {@code repulsive_stages}) is drawn with {@code num_points} as a
 * schedule of multiples of 4 doubling up to it. {@code generator}, {@code runtime} and
 * {@code num_envs} are set here. A draw that breaks a cross-knob rule of the pipeline or the
 * generator ({@link InvalidConfigException} at build time) is drawn again, up to
 * {@value #ATTEMPTS} times, then the defaults with the draws that did pass are used.
 */
public final class ConfigSampler {
    /** Knobs drawn away from their default per configuration, on average. */
    public static final double MEAN_CHANGED = 6;
    /** Probability that a drawn value is an end of the range. */
    public static final double EXTREME = 0.15;
    /** Draws per configuration before giving up on the cross-knob rules. */
    public static final int ATTEMPTS = 20;

    private final List<Knob<?>> knobs;

    private final CenterlineGenerator generator;
    private final boolean schedules;

    /**
     * @param generator the generator whose configurations are drawn (its knobs, sizing and rules)
     */
    public ConfigSampler(CenterlineGenerator generator) {
        this.generator = generator;
        Set<Knob<?>> all = new LinkedHashSet<>(PipelineKnobs.all());
        all.addAll(generator.knobs());
        this.knobs = List.copyOf(all);
        this.schedules = knobs.stream().anyMatch(k -> k.typeName().equals("int-list"));
    }

    /**
     * Draws one configuration.
     *
     * @param rnd     the random source (the draw is a function of its state)
     * @param numEnvs the batch size, {@code >= 1}
     * @return a built configuration for the generator, with runtime {@code cpu}
     */
    public TrackGenConfig draw(SplittableRandom rnd, int numEnvs) {
        Map<Knob<?>, Object> kept = new LinkedHashMap<>();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            TrackGenConfig.Builder b = base(numEnvs);
            Map<Knob<?>, Object> drawn = new LinkedHashMap<>();
            for (Knob<?> k : knobs) {
                if (fixed(k) || rnd.nextDouble() >= MEAN_CHANGED / knobs.size()) {
                    continue;
                }
                Object v = value(k, rnd);
                if (v != null || k.nullable()) {
                    try {
                        b.setValue(k.name(), v);
                        drawn.put(k, v);
                    } catch (InvalidConfigException ignored) {
                        // a capped draw the knob refuses: keep its default
                    }
                }
            }
            if (schedules) {
                schedulesFor(b, rnd);
            }
            try {
                return b.build();
            } catch (InvalidConfigException e) {
                if (attempt == 0) {
                    kept.putAll(drawn);
                }
            }
        }
        // fall back: defaults plus each first-attempt draw that builds on its own
        TrackGenConfig.Builder b = base(numEnvs);
        for (Map.Entry<Knob<?>, Object> d : kept.entrySet()) {
            TrackGenConfig.Builder trial = base(numEnvs);
            try {
                trial.setValue(d.getKey().name(), d.getValue());
                trial.build();
                b.setValue(d.getKey().name(), d.getValue());
            } catch (InvalidConfigException ignored) {
                // skip it
            }
        }
        try {
            return b.build();
        } catch (InvalidConfigException e) {
            return base(numEnvs).build();
        }
    }

    private TrackGenConfig.Builder base(int numEnvs) {
        return TrackGenConfig.builder().generator(generator).runtime("cpu").numEnvs(numEnvs);
    }

    private static boolean fixed(Knob<?> k) {
        return k.equals(PipelineKnobs.GENERATOR) || k.equals(PipelineKnobs.RUNTIME) || k.equals(PipelineKnobs.NUM_ENVS)
                || k.typeName().equals("int-list") || k.typeName().equals("name");
    }

    /** A random value of the knob's type within its range (null: keep the default). */
    private static Object value(Knob<?> k, SplittableRandom rnd) {
        if (k.nullable() && rnd.nextDouble() < 0.2) {
            return null;
        }
        switch (k.typeName()) {
            case "bool":
                return rnd.nextBoolean();
            case "choice": {
                List<String> c = new ArrayList<>(k.choices());
                return c.get(rnd.nextInt(c.size()));
            }
            case "int": {
                Range r = k.range().orElseThrow();
                double hi = Math.min(r.hi(), k.searchCap());
                double lo = Math.max(r.lo(), k.searchFloor());
                int ilo = (int) Math.ceil(r.loClosed() ? lo : lo + 1);
                int ihi = (int) Math.floor(hi == r.hi() && !r.hiClosed() ? hi - 1 : hi);
                if (ihi < ilo) {
                    return null;
                }
                if (rnd.nextDouble() < EXTREME) {
                    return rnd.nextBoolean() ? ilo : ihi;
                }
                // log-uniform over [ilo, ihi] so that small counts are drawn as often as large ones
                double l0 = Math.log(Math.max(1, ilo) + 0.5);
                double l1 = Math.log(Math.max(1, ihi) + 0.5);
                int v = (int) Math.floor(Math.exp(l0 + rnd.nextDouble() * (l1 - l0)));
                return Math.max(ilo, Math.min(ihi, v));
            }
            case "float":
                return real(k, rnd);
            case "interval": {
                Double a = real(k, rnd);
                Double b = real(k, rnd);
                if (a == null || b == null) {
                    return null;
                }
                return new Interval(Math.min(a, b), Math.max(a, b));
            }
            default:
                return null;
        }
    }

    private static Double real(Knob<?> k, SplittableRandom rnd) {
        Range r = k.range().orElseThrow();
        double lo = Math.max(r.lo(), k.searchFloor());
        double hi = Math.min(r.hi(), k.searchCap());
        Object d = k.defaultValue();
        double center = d instanceof Double x && x > 0 ? x : 1.0;
        if (Double.isInfinite(lo)) {
            lo = -center * 1e6;
        }
        boolean openHi = Double.isInfinite(hi);
        if (openHi) {
            hi = center * 1e6;
        }
        if (rnd.nextDouble() < EXTREME) {
            double end = rnd.nextBoolean() ? lo : hi;
            boolean closed = end == lo ? r.loClosed() : (r.hiClosed() && !openHi);
            if (closed) {
                return end;
            }
            double inward = end == lo ? Math.max(Math.abs(lo) * 1e-6, 1e-12) : -Math.max(Math.abs(hi) * 1e-6, 1e-12);
            return end + inward;
        }
        double v;
        if (openHi || (lo >= 0 && hi / Math.max(lo, 1e-300) > 1e3)) {
            // log-uniform: mostly within a decade of the default, else over twelve decades
            double decades = rnd.nextDouble() < 0.7 ? 1 : 6;
            double lg = Math.log10(center) + (rnd.nextDouble() * 2 - 1) * decades;
            v = Math.pow(10, lg);
            v = Math.max(lo, Math.min(hi, v));
        } else {
            v = lo + rnd.nextDouble() * (hi - lo);
        }
        if (!r.contains(v)) {
            return null;
        }
        return v;
    }

    /**
     * A resolution schedule must end at num_points (repulsive_stages does): draws num_points and
     * gives every int-list knob of the generator a coarse-to-fine schedule of multiples of 4 up to it.
     */
    private void schedulesFor(TrackGenConfig.Builder b, SplittableRandom rnd) {
        int np = 4 * (4 + rnd.nextInt(61)); // 16 .. 256
        b.setValue(PipelineKnobs.NUM_POINTS.name(), np);
        List<Integer> stages = new ArrayList<>();
        for (int s = np / 4; s < np; s *= 2) {
            if (s % 4 == 0 && s >= 4) {
                stages.add(s);
            }
        }
        stages.add(np);
        for (Knob<?> k : knobs) {
            if (k.typeName().equals("int-list")) {
                b.setValue(k.name(), stages);
            }
        }
    }
}
