package dev.trackgen.metrics.audit;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.RelaxKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A seeded search for counter-examples to the validity gate: draws whole configurations with
 * {@link ConfigSampler}, generates a batch for each, and audits every track with
 * {@link TrackAudit}. A track the gate flags valid that the audit finds broken is a
 * <em>valid-but-broken</em> track, the thing that must never happen; a track the gate rejects
 * that the audit finds sound measures how conservative the gate is.
 *
 * <p>The search is a function of its settings (seed, track count, generators): run it again to
 * get the same draws. Batch sizes follow a cost model so one batch stays short: about
 * {@value #WORK_PER_BATCH} bead-sweeps ({@code E * max(N_max, num_points) * (relax_iters + 40)}),
 * a fiftieth of that for a generator that is not capturable (an iterative one that reads its
 * convergence back between launches, such as {@code repulsive}), at most {@code maxEnvs}.
 */
public final class ValiditySearch {
    /** Bead-sweeps per batch the cost model aims at. */
    public static final long WORK_PER_BATCH = 40_000_000L;
    /** Examples of each kind kept in a report. */
    public static final int EXAMPLES = 10;

    /**
     * What to search.
     *
     * @param tracks     tracks to generate and audit in all, {@code >= 1}
     * @param seed       base seed of the configuration draws and of the batches
     * @param generators generator names, drawn in turn (one batch each)
     * @param maxEnvs    largest batch, {@code >= 1}
     */
    public record Settings(long tracks, long seed, List<String> generators, int maxEnvs, Map<String, String> pinned) {
        /**
         * A search over drawn configurations only.
         *
         * @param tracks     tracks to audit, {@code >= 1}
         * @param seed       seed of the draws and batches
         * @param generators generator names, drawn in turn
         * @param maxEnvs    largest batch, {@code >= 1}
         */
        public Settings(long tracks, long seed, List<String> generators, int maxEnvs) {
            this(tracks, seed, generators, maxEnvs, Map.of());
        }

        /**
         * @param pinned knob values set over every drawn configuration (by knob name, as
         *               {@code --set} takes them)
         * @throws IllegalArgumentException for a non-positive count or batch, or no generator
         */
        public Settings {
            pinned = Map.copyOf(pinned);
            if (tracks < 1) {
                throw new IllegalArgumentException("tracks = " + tracks + " must be at least 1");
            }
            if (maxEnvs < 1) {
                throw new IllegalArgumentException("maxEnvs = " + maxEnvs + " must be at least 1");
            }
            generators = List.copyOf(generators);
            if (generators.isEmpty()) {
                throw new IllegalArgumentException("name at least one generator");
            }
        }
    }

    /**
     * One track worth a look.
     *
     * @param config    the configuration of its batch (with its {@code num_envs})
     * @param batchSeed the batch's base seed: env {@code e} was seeded with {@code batchSeed + e}
     * @param env       the env index in the batch
     * @param violation what the audit found
     */
    public record Finding(TrackGenConfig config, int batchSeed, int env, Violation violation) {
    }

    /**
     * Progress after each batch.
     *
     * @param tracks      tracks audited so far
     * @param target      tracks to audit in all
     * @param validBroken valid-but-broken tracks so far
     */
    public record Progress(long tracks, long target, long validBroken) {
    }

    /**
     * The outcome.
     *
     * @param tracks          tracks generated and audited
     * @param batches         batches (configurations) drawn
     * @param valid           tracks the gate flagged valid
     * @param validBroken     valid tracks the audit found broken (the target is 0)
     * @param rejectedSound   tracks the gate rejected that the audit found sound
     * @param brokenBy        valid-but-broken tracks per criterion
     * @param examples        up to {@value #EXAMPLES} valid-but-broken tracks
     * @param layoutBroken    tracks of any flag whose array layout breaks its promise (target 0)
     * @param tracksByGenerator tracks audited per generator, in the order first drawn
     * @param seconds         wall time
     */
    public record Report(long tracks, long batches, long valid, long validBroken, long rejectedSound,
                         Map<Criterion, Long> brokenBy, List<Finding> examples, long layoutBroken,
                         Map<String, Long> tracksByGenerator, double seconds) {
    }

    private final TrackGenLauncher generators;
    private final ComputeRuntime runtime;

    /**
     * @param generators resolves the named generators
     * @param runtime    the runtime to generate on, owned by the caller
     */
    public ValiditySearch(TrackGenLauncher generators, ComputeRuntime runtime) {
        this.generators = Objects.requireNonNull(generators);
        this.runtime = Objects.requireNonNull(runtime);
    }

    /**
     * A drawn configuration with the pinned knobs set over it (e.g. {@code width_profile =
     * curvature} for a search at per-point widths); a draw the pinned values make invalid is
     * drawn again, up to {@link ConfigSampler#ATTEMPTS} times, then the pinned values go over the
     * defaults.
     */
    private static TrackGenConfig pin(ConfigSampler sampler, SplittableRandom rnd, Map<String, String> pinned) {
        if (pinned.isEmpty()) {
            return sampler.draw(rnd, 1);
        }
        InvalidConfigException last = null;
        for (int attempt = 0; attempt < ConfigSampler.ATTEMPTS; attempt++) {
            TrackGenConfig.Builder b = sampler.draw(rnd, 1).toBuilder();
            try {
                pinned.forEach(b::set);
                return b.build();
            } catch (InvalidConfigException e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * Runs the search.
     *
     * @param settings what to search
     * @param progress told after every batch (may be a no-op)
     * @return the report
     * @throws dev.trackgen.api.UnknownNameException for a generator that is not registered
     */
    public Report run(Settings settings, Consumer<Progress> progress) {
        long start = System.nanoTime();
        SplittableRandom rnd = new SplittableRandom(settings.seed());
        List<CenterlineGenerator> gens = new ArrayList<>();
        for (String g : settings.generators()) {
            gens.add(generators.generator(g));
        }
        long tracks = 0;
        long batches = 0;
        long valid = 0;
        long broken = 0;
        long sound = 0;
        long layout = 0;
        Map<Criterion, Long> by = new EnumMap<>(Criterion.class);
        Map<String, Long> perGenerator = new LinkedHashMap<>();
        List<Finding> examples = new ArrayList<>();
        while (tracks < settings.tracks()) {
            CenterlineGenerator gen = gens.get((int) (batches % gens.size()));
            ConfigSampler sampler = new ConfigSampler(gen);
            TrackGenConfig probe = pin(sampler, rnd, settings.pinned());
            int e = batchSize(probe, gen.capturable(), settings.maxEnvs(), settings.tracks() - tracks);
            TrackGenConfig config = probe.toBuilder().numEnvs(e).build();
            int batchSeed = (int) (settings.seed() * 1_000_003L + tracks);
            TrackSnapshot s;
            try (TrackGenerator tg = generators.builder(config).rng(PerEnvSeededRng.fromScalar(e, batchSeed))
                    .runtime(runtime).build()) {
                s = tg.generate().snapshot();
            }
            TrackAudit audit = new TrackAudit(config.halfWidth(), config.get(PipelineKnobs.RELAX_TOL), config.variableWidth());
            double bridges = config.get(ElevationKnobs.BRIDGE_CLEARANCE);
            double grade = config.get(ElevationKnobs.VALID_GRADE);
            for (int env = 0; env < e; env++) {
                var lay = audit.layout(s, env);
                if (lay.isPresent()) {
                    layout++;
                    if (examples.size() < EXAMPLES) {
                        examples.add(new Finding(config, batchSeed, env, lay.get()));
                    }
                    continue;
                }
                var found = verdict(audit, s, env, bridges, grade);
                if (s.isValid(env)) {
                    valid++;
                    if (found.isPresent()) {
                        broken++;
                        by.merge(found.get().criterion(), 1L, Long::sum);
                        if (examples.size() < EXAMPLES) {
                            examples.add(new Finding(config, batchSeed, env, found.get()));
                        }
                    }
                } else if (found.isEmpty()) {
                    sound++;
                }
            }
            tracks += e;
            batches++;
            perGenerator.merge(gen.name(), (long) e, Long::sum);
            progress.accept(new Progress(tracks, settings.tracks(), broken + layout));
        }
        return new Report(tracks, batches, valid, broken, sound, Collections.unmodifiableMap(by),
                List.copyOf(examples), layout, Collections.unmodifiableMap(perGenerator),
                (System.nanoTime() - start) / 1e9);
    }

    /**
     * The audit's verdict on a track, whatever its flag: {@link TrackAudit#audit}, except that
     * with bridges on ({@code bridges > 0}) a plan-view contact ({@link BridgeAudit#PLAN_VIEW_CONTACTS})
     * is broken only where {@link BridgeAudit} finds the two surfaces less than {@code bridges}
     * apart vertically (or an edge steeper than {@code grade}, when positive).
     *
     * @param audit   the plan-view audit of the batch's configuration
     * @param s       the batch
     * @param env     the env
     * @param bridges {@code bridge_clearance}, world units (0: bridges off)
     * @param grade   {@code z_valid_grade} (0: unchecked)
     * @return the broken part, or empty for a sound track
     */
    static Optional<Violation> verdict(TrackAudit audit, TrackSnapshot s, int env, double bridges, double grade) {
        Optional<Violation> found = audit.audit(s, env);
        if (found.isEmpty() || !(bridges > 0) || !BridgeAudit.PLAN_VIEW_CONTACTS.contains(found.get().criterion())) {
            return found;
        }
        List<String> problems = BridgeAudit.check(s, env, bridges, grade).problems();
        return problems.isEmpty() ? Optional.empty() : Optional.of(new Violation(found.get().criterion(), problems.get(0)));
    }

    private static int batchSize(TrackGenConfig c, boolean capturable, int maxEnvs, long left) {
        long perTrack = (long) Math.max(c.nMax(), c.numPoints())
                * ((c.get(PipelineKnobs.RELAX_ENABLE) ? c.get(RelaxKnobs.ITERS) : 0) + 40L);
        long budget = capturable ? WORK_PER_BATCH : WORK_PER_BATCH / 50;
        long e = Math.max(1, budget / Math.max(1, perTrack));
        e = Math.min(e, Math.min(maxEnvs, left));
        return (int) Math.max(1, e);
    }
}
