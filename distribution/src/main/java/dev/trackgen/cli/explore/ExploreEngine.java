package dev.trackgen.cli.explore;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.Failure;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.config.RuntimeChoice;
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
 * changes.
 */
public final class ExploreEngine implements AutoCloseable {
    private final TrackGenLauncher launcher;
    private final ComputeRuntime runtime;
    private final RuntimeChoice runtimeChoice;
    private final ExploreLimits limits;
    private TrackGenerator cached;

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
        this.runtimeChoice = runtimeChoice;
        this.limits = limits;
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
        try {
            TrackGenConfig cfg = new ConfigResolver(launcher.generators()).resolve(ConfigDocument.empty(), overrides,
                    runtimeChoice).config();
            return cfg.toBuilder().runtime(runtime.name()).build();
        } catch (InvalidConfigException e) {
            String knob = e.knob();
            String control = PipelineKnobs.NUM_ENVS.name().equals(knob) ? "envs" : knob;
            throw new ExploreRequestException(400, control, Failure.describe(e));
        } catch (UnknownNameException e) {
            throw new ExploreRequestException(400, "generator", Failure.describe(e));
        }
    }

    /**
     * Generates one batch and measures it. Call from one thread at a time.
     *
     * @param config a configuration from {@link #resolve}
     * @param seed   the base seed
     * @return the batch, its metrics, per-track compactness and the reasons of invalid tracks
     */
    public Batch generate(TrackGenConfig config, int seed) {
        TrackGenerator gen = pipelineFor(config, seed);
        long t0 = System.nanoTime();
        Track track;
        try {
            track = gen.generate();
        } catch (RuntimeException | Error e) {
            drop();
            throw e;
        }
        double millis = (System.nanoTime() - t0) / 1e6;
        MetricsRow row = BatchMetrics.measure(gen).withMsPerCall(millis);
        TrackSnapshot snapshot = track.snapshot();
        int e = snapshot.numEnvs();
        double[] compactness = new double[e];
        String[] reasons = new String[e];
        double[] p = new double[2 * snapshot.nMax()];
        float[] center = snapshot.center();
        for (int env = 0; env < e; env++) {
            int n = snapshot.count(env);
            int base = 2 * env * snapshot.nMax();
            for (int i = 0; i < 2 * n; i++) {
                p[i] = center[base + i];
            }
            compactness[env] = n >= 4 ? PolylineMetrics.compactness(p, n) : Double.NaN;
            reasons[env] = InvalidReasons.of(config, snapshot, env);
        }
        return new Batch(config, seed, snapshot, row, compactness, reasons);
    }

    private TrackGenerator pipelineFor(TrackGenConfig config, int seed) {
        if (cached != null && cached.config().equals(config)) {
            cached.rng().reseed(seed);
            return cached;
        }
        drop();
        cached = launcher.builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(runtime).build();
        return cached;
    }

    private void drop() {
        if (cached != null) {
            TrackGenerator old = cached;
            cached = null;
            old.close();
        }
    }

    /** Closes the kept pipeline (not the runtime). */
    @Override
    public void close() {
        drop();
    }
}
