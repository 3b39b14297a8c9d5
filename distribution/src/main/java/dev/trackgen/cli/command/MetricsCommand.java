package dev.trackgen.cli.command;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.metrics.BatchMetrics;
import dev.trackgen.metrics.MetricsRow;
import dev.trackgen.metrics.circuit.Circuit;
import dev.trackgen.metrics.circuit.CircuitException;
import dev.trackgen.metrics.circuit.ReferenceCircuits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code trackgen metrics}: one row of quality metrics per generator (and optionally a reference
 * row from real circuits), with the original implementation's definitions (AntoineRichard/TrackGen, benchmarks/track_metrics.py; docs/metrics.md).
 */
@Command(name = "metrics", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generates one batch per generator and prints its quality metrics, one row per generator: "
                + "yield, self-intersection rate before relaxation, XPBD displacement, length, compactness, "
                + "shape variety, chicanes, straight fraction, peak curvature, lap time and ms per generate() call.",
            "Definitions: docs/metrics.md."})
final class MetricsCommand implements Callable<Integer> {
    private final CliContext context;

    @Option(names = "--generator", paramLabel = "all|NAME[,NAME...]", defaultValue = "all",
            description = "Generators to measure (default: ${DEFAULT-VALUE}, every registered one, plugins included).")
    String generator;

    @Option(names = "--envs", paramLabel = "E", defaultValue = "512",
            description = "Batch size per generator (default: ${DEFAULT-VALUE}).")
    int envs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Base seed: env e is seeded with S + e (default: ${DEFAULT-VALUE}).")
    int seed;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table, csv, json or markdown (default: ${DEFAULT-VALUE}).")
    MetricsFormat.Format format;

    @Option(names = "--reference", paramLabel = "DIR",
            description = "Add a 'reference' row computed from the real circuits (*.csv, TUM layout) in DIR, "
                    + "each scaled to the configured half_width.")
    Path reference;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2",
            description = "Untimed calls before timing (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "5",
            description = "Timed generate() calls per generator; 0 skips timing (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Mixin
    EvaluationOptions options = new EvaluationOptions();

    MetricsCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        int threadCount = threads.checked();
        if (warmup < 0 || repeats < 0) {
            throw new CliException("--warmup and --repeats must be >= 0, got " + warmup + " and " + repeats);
        }
        try (EvaluationSession session = new EvaluationSession(context, options, threadCount)) {
            List<String> names = session.generatorNames(generator);
            List<TrackGenConfig> configs = new ArrayList<>();
            for (String name : names) {
                configs.add(session.config(name, envs));
            }
            List<Circuit> circuits = null;
            if (reference != null) {
                try {
                    circuits = ReferenceCircuits.readFolder(reference);
                } catch (CircuitException e) {
                    throw new CliException("--reference " + e.getMessage(), e);
                }
            }
            ComputeRuntime runtime = session.runtime();
            Progress progress = session.progress();
            List<MetricsRow> rows = new ArrayList<>();
            try {
                for (TrackGenConfig config : configs) {
                    rows.add(progress.run(config.generator() + ": " + envs + " tracks, metrics"
                            + (repeats > 0 ? " and " + repeats + " timed calls" : ""),
                            () -> BatchMetrics.run(config, runtime, session.launcher(), seed, warmup, repeats)));
                }
                if (circuits != null) {
                    List<Circuit> measured = circuits;
                    try {
                        rows.add(progress.run("reference: " + circuits.size() + " circuits from " + reference,
                                () -> ReferenceCircuits.measure(measured, session.config(null, 1), runtime)));
                    } catch (CircuitException e) {
                        throw new CliException("--reference " + e.getMessage(), e);
                    }
                }
            } finally {
                progress.abortOpenStage();
            }
            Map<String, Object> ctx = new LinkedHashMap<>();
            ctx.put("num_envs", envs);
            ctx.put("seed", seed);
            ctx.put("runtime", runtime.describe());
            context.console().print(MetricsFormat.render(format, rows, ctx));
        }
        return 0;
    }
}
