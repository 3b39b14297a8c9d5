package dev.trackgen.cli.explore;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.RelaxKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.Failure;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.metrics.BatchMetrics;
import dev.trackgen.metrics.MetricsRow;
import dev.trackgen.metrics.PolylineMetrics;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.registry.UnknownNameException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns explorer requests into configurations, with the command line's precedence and messages
 * (each knob as a {@code --set}, then {@code --generator} and {@code --envs}), and generates their
 * batches on one runtime. {@link #generate} is not thread-safe: the {@link BatchQueue} calls it from
 * its single worker. The pipeline of the last configuration is kept and reseeded when only the seed
 * changes; a batch that fails (an out-of-memory error included) drops it, so that nothing of the
 * failed batch stays reachable.
 *
 * <p>Budget: {@link #resolve} refuses a request whose {@link #work} estimate exceeds
 * {@link ExploreLimits#maxWork} or whose {@link #points} exceed {@link ExploreLimits#maxPoints},
 * before anything is allocated. The pipeline's {@code generate()} call cannot be stopped midway;
 * the budget bounds it, and {@link #generate} checks for cancellation before it and between the
 * stages after it.
 */
public final class ExploreEngine implements AutoCloseable {
    private final TrackGenLauncher launcher;
    private final ComputeRuntime runtime;
    private final CheckedRuntime checked;
    private final RuntimeChoice runtimeChoice;
    private final ExploreLimits limits;
    private long budgetMillis = ExploreLimits.DEFAULT_BATCH_MILLIS;
    private TrackGenerator cached;
    /** The racing line bound to {@link #cached}'s track (built on the first batch that asks for it). */
    private dev.trackgen.course.raceline.RacingLine cachedLine;

    /**
     * @param launcher      resolves generator names (and a host runtime for one the runtime cannot run)
     * @param runtime       the runtime every batch runs on (not closed here)
     * @param runtimeChoice the runtime choice of the command (recorded in the resolved configurations)
     * @param limits        the server's limits
     */
    public ExploreEngine(TrackGenLauncher launcher, ComputeRuntime runtime, RuntimeChoice runtimeChoice,
                         ExploreLimits limits) {
        this.launcher = launcher;
        this.runtime = runtime;
        this.checked = new CheckedRuntime(runtime);
        this.runtimeChoice = runtimeChoice;
        this.limits = limits;
    }

    /**
     * @param millis the time budget of one batch's pipeline call, checked at every kernel launch
     *               ({@link ExploreLimits#DEFAULT_BATCH_MILLIS} unless set; tests use small ones)
     * @return this engine
     */
    ExploreEngine withTimeBudget(long millis) {
        this.budgetMillis = millis;
        return this;
    }

    /** @return the registered generators */
    public GeneratorRegistry generators() {
        return launcher.generators();
    }

    /** @return the runtime batches run on */
    public ComputeRuntime runtime() {
        return runtime;
    }

    /** @return the server's limits */
    public ExploreLimits limits() {
        return limits;
    }

    /**
     * @param request a page request
     * @return its validated configuration, {@code runtime} set to the runtime batches run on
     * @throws ExploreRequestException (400) with the CLI's one-line message and the control it concerns
     */
    public TrackGenConfig resolve(BatchRequest request) {
        if (request.envs() > limits.maxEnvs()) {
            throw new ExploreRequestException(400, "envs", "--envs " + request.envs() + ": the explorer allows at most "
                    + limits.maxEnvs() + " tracks per batch (start it with --max-envs N to raise the cap, up to "
                    + ExploreLimits.MAX_ENVS_CEILING + ")");
        }
        List<KnobAssignment> sets = new ArrayList<>();
        for (Map.Entry<String, String> e : request.knobs().entrySet()) {
            if (KnobCatalog.DEDICATED.contains(e.getKey())) {
                throw new ExploreRequestException(400, e.getKey(), "--set " + e.getKey() + "=" + e.getValue()
                        + ": " + e.getKey() + " has a control of its own here");
            }
            sets.add(new KnobAssignment(e.getKey(), e.getValue()));
        }
        CommandLineOverrides overrides = new CommandLineOverrides(request.generator(), request.envs(), null, sets);
        TrackGenConfig cfg;
        try {
            cfg = new ConfigResolver(launcher.generators()).resolve(ConfigDocument.empty(), overrides,
                    runtimeChoice).config().toBuilder().runtime(runtime.name()).build();
        } catch (InvalidConfigException e) {
            String knob = e.knob();
            String control = PipelineKnobs.NUM_ENVS.name().equals(knob) ? "envs" : knob;
            throw new ExploreRequestException(400, control, Failure.describe(e));
        } catch (UnknownNameException e) {
            throw new ExploreRequestException(400, "generator", Failure.describe(e));
        }
        checkBudget(cfg);
        return cfg;
    }

    private void checkBudget(TrackGenConfig cfg) {
        long points = points(cfg);
        if (points > limits.maxPoints()) {
            throw new ExploreRequestException(400, null, "this batch holds too many points for the explorer: E * max(N_max, "
                    + "num_points) = " + cfg.numEnvs() + " * " + Math.max(cfg.nMax(), cfg.numPoints())
                    + " = " + points + ", over its limit of " + limits.maxPoints()
                    + "; lower envs, N_max or num_points (trackgen generate has no such limit)");
        }
        long work = work(cfg);
        if (work > limits.maxWork()) {
            throw new ExploreRequestException(400, null, "this batch is too much work for the explorer: E * N_max * sweeps = "
                    + cfg.numEnvs() + " * " + cfg.nMax() + " * " + sweeps(cfg) + " = " + work + ", over its limit of "
                    + limits.maxWork() + "; lower envs, N_max or relax_iters (trackgen generate has no such limit)");
        }
    }

    /**
     * The work estimate the budget is checked against: {@code E * N_max * sweeps}, where {@code sweeps}
     * is {@code 1 + relax_iters + relax_smooth_passes + relax_smooth_spacing_iters} with the relaxation
     * on and 1 without it. It bounds the point updates of one call (a track has at most {@code N_max}
     * points); on two CPU cores 10^9 of them take a few seconds.
     *
     * @param cfg a resolved configuration
     * @return its work estimate
     */
    public static long work(TrackGenConfig cfg) {
        return (long) cfg.numEnvs() * cfg.nMax() * sweeps(cfg);
    }

    /**
     * @param cfg a resolved configuration
     * @return {@code E * max(N_max, num_points)}, the points a batch's arrays hold
     */
    public static long points(TrackGenConfig cfg) {
        return (long) cfg.numEnvs() * Math.max(cfg.nMax(), cfg.numPoints());
    }

    private static long sweeps(TrackGenConfig cfg) {
        if (!cfg.get(PipelineKnobs.RELAX_ENABLE)) {
            return 1;
        }
        return 1L + cfg.get(RelaxKnobs.ITERS) + cfg.get(RelaxKnobs.SMOOTH_PASSES)
                + cfg.get(RelaxKnobs.SMOOTH_SPACING_ITERS);
    }

    /**
     * Generates one batch and measures it. Call from one thread at a time.
     *
     * @param config a configuration from {@link #resolve}
     * @param seed   the base seed
     * @return the batch, its metrics, per-track compactness and the reasons of invalid tracks
     */
    public Batch generate(TrackGenConfig config, int seed) {
        return generate(config, seed, () -> { });
    }

    /**
     * Generates one batch and measures it, checking for cancellation before the pipeline's call and
     * between the stages after it (measuring, each 64 tracks' reasons). Call from one thread at a
     * time. On any failure but a cancellation the kept pipeline is dropped.
     *
     * @param config     a configuration from {@link #resolve}
     * @param seed       the base seed
     * @param checkpoint throws {@link java.util.concurrent.CancellationException} once the batch is no
     *                   longer wanted
     * @return the batch, its metrics, per-track compactness and the reasons of invalid tracks
     */
    public Batch generate(TrackGenConfig config, int seed, BatchQueue.Checkpoint checkpoint) {
        return generate(config, seed, checkpoint, false);
    }

    /**
     * As {@link #generate(TrackGenConfig, int, BatchQueue.Checkpoint)}, with the racing lines of
     * the batch when asked ({@link Batch#raceline()}: the minimum-curvature line and its speed
     * profile at the export's default world scale, {@value dev.trackgen.export.ExportSettings#DEFAULT_WORLD_SCALE}
     * m per unit; the part is kept with the pipeline, so a batch allocates it once).
     *
     * @param config     a configuration from {@link #resolve}
     * @param seed       the base seed
     * @param checkpoint throws {@link java.util.concurrent.CancellationException} once the batch is no longer wanted
     * @param raceline   whether to compute the racing lines
     * @return the batch
     */
    public Batch generate(TrackGenConfig config, int seed, BatchQueue.Checkpoint checkpoint, boolean raceline) {
        try {
            return run(config, seed, checkpoint, raceline);
        } catch (java.util.concurrent.CancellationException c) {
            throw c;
        } catch (RuntimeException | Error e) {
            drop();
            throw e;
        }
    }

    private Batch run(TrackGenConfig config, int seed, BatchQueue.Checkpoint checkpoint, boolean raceline) {
        checkpoint.check();
        TrackGenerator gen = pipelineFor(config, seed);
        long t0 = System.nanoTime();
        Track track;
        checked.watch(checkpoint, budgetMillis);
        try {
            track = gen.generate();
        } catch (RuntimeException | Error e) {
            drop(); // stopped midway (cancelled, over time) or failed: its arrays are half written
            throw e;
        } finally {
            checked.unwatch();
        }
        double millis = (System.nanoTime() - t0) / 1e6;
        checkpoint.check();
        MetricsRow row = BatchMetrics.measure(gen).withMsPerCall(millis);
        TrackSnapshot snapshot = track.snapshot();
        checkpoint.check();
        dev.trackgen.course.raceline.RacelineSnapshot line = null;
        if (raceline) {
            if (cachedLine == null || cachedLine.track() != track) {
                cachedLine = dev.trackgen.course.raceline.RacingLine.builder(track).halfWidth(config.halfWidth())
                        .vehicle(dev.trackgen.course.raceline.VehicleModel.DEFAULT
                                .withWorldScale(dev.trackgen.export.ExportSettings.DEFAULT_WORLD_SCALE)).build();
            }
            line = cachedLine.compute().snapshot();
            checkpoint.check();
        }
        int e = snapshot.numEnvs();
        double[] compactness = new double[e];
        String[] reasons = new String[e];
        double[] p = new double[2 * snapshot.nMax()];
        float[] center = snapshot.center();
        for (int env = 0; env < e; env++) {
            if (env % 64 == 63) {
                checkpoint.check();
            }
            int n = snapshot.count(env);
            int base = 2 * env * snapshot.nMax();
            for (int i = 0; i < 2 * n; i++) {
                p[i] = center[base + i];
            }
            compactness[env] = n >= 4 ? PolylineMetrics.compactness(p, n) : Double.NaN;
            reasons[env] = InvalidReasons.of(config, snapshot, env);
        }
        return new Batch(config, seed, snapshot, row, compactness, reasons, line);
    }

    /** A batch of gate courses and the generator call's time. @param snapshot the courses @param millis milliseconds */
    public record GateResult(GateCourseSnapshot snapshot, double millis) {
    }

    /**
     * Generates one batch of gate courses (the Gates view) on the same checked runtime, within the
     * same time budget. The gate generator is built per call (not kept). Call from one thread at a time.
     *
     * @param config     a gate configuration on a plan view from {@link #resolve}
     * @param checkpoint throws {@link java.util.concurrent.CancellationException} once the batch is no longer wanted
     * @return the courses
     * @throws ExploreRequestException (400) when {@code E * L_max} is over the point limit
     */
    public GateResult generateGates(GateConfig config, BatchQueue.Checkpoint checkpoint) {
        long points = (long) config.numEnvs() * config.maxGates() * config.samplesPerGate();
        if (points > limits.maxPoints()) {
            throw new ExploreRequestException(400, null, "these gate courses hold too many course-line points for the "
                    + "explorer: E * max_gates * samples_per_gate = " + points + ", over its limit of "
                    + limits.maxPoints() + "; lower envs, max_gates or samples_per_gate");
        }
        checkpoint.check();
        checked.watch(checkpoint, budgetMillis);
        try (GateGenerator gen = GateGenerator.builder(config).generator(launcher.generator(config.generator()))
                .rng(PerEnvSeededRng.fromScalar(config.numEnvs(), (int) config.seed())).runtime(checked)
                .hostRuntime(launcher::hostRuntime).build()) {
            long t0 = System.nanoTime();
            GateCourseSnapshot s = gen.generate().snapshot();
            return new GateResult(s, (System.nanoTime() - t0) / 1e6);
        } finally {
            checked.unwatch();
        }
    }

    private TrackGenerator pipelineFor(TrackGenConfig config, int seed) {
        if (cached != null && cached.config().equals(config)) {
            cached.rng().reseed(seed);
            return cached;
        }
        drop();
        cached = launcher.builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(checked).build();
        return cached;
    }

    /**
     * Drops the kept pipeline, so that a failed batch's arrays become garbage: the request handler
     * calls it when a batch's answer failed after {@link #generate} returned (e.g. out of memory
     * while serializing). Call from the thread that calls {@link #generate}.
     */
    public void release() {
        drop();
    }

    /** @return the kept pipeline, or {@code null} (for tests) */
    TrackGenerator kept() {
        return cached;
    }

    private void drop() {
        if (cached != null) {
            TrackGenerator old = cached;
            cached = null;
            cachedLine = null;
            old.close();
        }
    }

    /** Closes the kept pipeline (not the runtime). */
    @Override
    public void close() {
        drop();
    }
}
