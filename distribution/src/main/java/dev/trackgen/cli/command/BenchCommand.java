package dev.trackgen.cli.command;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.cli.output.BenchChart;
import dev.trackgen.cli.output.JsonText;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.output.PngPath;
import dev.trackgen.metrics.bench.Bench;
import dev.trackgen.metrics.bench.BenchCase;
import dev.trackgen.metrics.bench.BenchResult;
import dev.trackgen.metrics.bench.BenchSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code trackgen bench}: per case its warm-up (first-call time, calls until the per-call time is
 * steady) and its steady state (minimum, median and spread of the milliseconds per
 * {@code generate()} call, tracks per second, bytes allocated per steady call), scaling with the
 * batch size and the thread count, as a table and a PNG chart (docs/performance.md).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measures, per case, the warm-up (first-call ms, calls until steady) and the steady state "
                + "(min, median and spread of ms per generate() call, tracks per second, bytes allocated per "
                + "steady call), for every batch size (--envs) at the most threads, and for every thread count "
                + "(--threads) at --threads-envs; --grid measures every combination.",
            "Steady: the median of the last --window calls is within --tolerance of the median of the --window "
                + "calls before them. The default run takes about a minute on a few cores; --warmup, --repeats "
                + "and --budget trade time for steadier figures."})
final class BenchCommand implements Callable<Integer> {
    private final CliContext context;

    @Option(names = "--generator", paramLabel = "all|NAME[,NAME...]", defaultValue = "bezier",
            description = "Generators to bench (default: ${DEFAULT-VALUE}).")
    String generator;

    @Option(names = "--envs", paramLabel = "E[,E...]", defaultValue = "512,4096,32768", split = ",",
            description = "Batch sizes of the E sweep (default: ${DEFAULT-VALUE}).")
    List<Integer> envs;

    @Option(names = "--threads", paramLabel = "N|all[,...]", defaultValue = "1,all", split = ",",
            description = "Thread counts of the thread sweep; 'all' or 0 = one per processor (default: ${DEFAULT-VALUE}).")
    List<String> threads;

    @Option(names = "--threads-envs", paramLabel = "E", defaultValue = "4096",
            description = "Batch size of the thread sweep (default: ${DEFAULT-VALUE}).")
    int threadsEnvs;

    @Option(names = "--grid", description = "Measure every combination of --envs and --threads.")
    boolean grid;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "50",
            description = "Most warm-up calls per case (default: ${DEFAULT-VALUE}; stops once steady or after --budget).")
    int warmup;

    @Option(names = "--window", paramLabel = "K", defaultValue = "3",
            description = "Calls per window of the steadiness test, 1 .. 100 (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--tolerance", paramLabel = "PERCENT", defaultValue = "10",
            description = "Largest change of the windows' medians that counts as steady, in percent, (0, 100] "
                    + "(default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "5",
            description = "Most timed steady-state calls per case (default: ${DEFAULT-VALUE}; stops early after --budget).")
    int repeats;

    @Option(names = "--budget", paramLabel = "SECONDS", defaultValue = "4",
            description = "Time after which warm-up and timing of a case stop (at least one call each; "
                    + "default: ${DEFAULT-VALUE}).")
    double budget;

    @Option(names = "--chart", paramLabel = "FILE.png", description = "Write the scaling chart as PNG.")
    Path chart;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table, csv, json or markdown (default: ${DEFAULT-VALUE}).")
    MetricsFormat.Format format;

    @Mixin
    EvaluationOptions options = new EvaluationOptions();

    BenchCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        PngPath.require("--chart", chart);
        int processors = Runtime.getRuntime().availableProcessors();
        List<Integer> threadCounts = threadCounts(processors);
        for (int e : envs) {
            if (e < 1) {
                throw new CliException("--envs " + e + ": batch sizes must be >= 1");
            }
        }
        if (threadsEnvs < 1) {
            throw new CliException("--threads-envs " + threadsEnvs + ": must be >= 1");
        }
        BenchSettings settings;
        try {
            settings = new BenchSettings(warmup, window, tolerance / 100.0, repeats, budget);
        } catch (IllegalArgumentException e) {
            throw new CliException("--warmup " + warmup + ", --window " + window + ", --tolerance " + tolerance
                    + ", --repeats " + repeats + ", --budget " + budget + ": warm-up and repeats must be >= 1, the "
                    + "window in 1 .. 100, the tolerance in (0, 100] percent and the budget > 0 seconds", e);
        }
        try (EvaluationSession session = new EvaluationSession(context, options, 0)) {
            List<String> names = session.generatorNames(generator);
            List<BenchCase> cases = Bench.cases(names, envs, threadCounts, threadsEnvs, grid);
            Map<String, TrackGenConfig> configs = new HashMap<>();
            for (BenchCase c : cases) {
                configs.computeIfAbsent(c.generator() + "@" + c.envs(), k -> session.config(c.generator(), c.envs()));
            }
            String runtimeName = session.provider().name();
            Progress progress = session.progress();
            try (OutputTransaction outputs = new OutputTransaction().protect("--config", options.config)) {
                Path chartTmp = chart != null ? outputs.stage("--chart", chart) : null;
                List<BenchResult> results;
                Progress.Stage[] open = new Progress.Stage[1];
                try {
                    results = Bench.run(cases, (g, e) -> configs.get(g + "@" + e), session::newRuntime,
                            session.launcher(), settings,
                            c -> open[0] = progress.start(String.format(Locale.ROOT, "%s E=%d threads=%d",
                                    c.generator(), c.envs(), c.threads())),
                            r -> open[0].done(r.failure() != null ? r.failure()
                                    : String.format(Locale.ROOT, "first call %.1f ms, %s after %d calls, %.1f ms/call",
                                    r.firstCallMs(), r.steady() ? "steady" : "not steady", r.warmupCalls(),
                                    r.msMedian())));
                } finally {
                    progress.abortOpenStage();
                }
                String machine = machine(processors, runtimeName);
                if (chartTmp != null) {
                    OutputTransaction.write("--chart", chart, chartTmp, tmp -> BenchChart.write(BenchChart.render(
                            results, threadsEnvs, "trackgen bench  \u00b7  " + String.join(", ", names) + "  \u00b7  "
                                    + runtimeName, machine), tmp));
                }
                outputs.commit();
                context.console().print(render(results, machine, processors, runtimeName, settings));
            }
        }
        return 0;
    }

    private List<Integer> threadCounts(int processors) {
        List<Integer> out = new ArrayList<>();
        for (String t : threads) {
            String s = t.strip();
            int n;
            if (s.equalsIgnoreCase("all")) {
                n = processors;
            } else {
                try {
                    n = Integer.parseInt(s);
                } catch (NumberFormatException e) {
                    throw new CliException("--threads '" + s + "': expected a thread count or 'all'", e);
                }
                ThreadCount.check("--threads", n);
                // 0 means one per processor, as in generate, import and metrics.
                n = n == 0 ? processors : n;
            }
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    /** @return processors, CPU model, JVM and runtime, in one line */
    static String machine(int processors, String runtime) {
        String model = "unknown CPU";
        try {
            Path info = Path.of("/proc/cpuinfo");
            if (Files.isReadable(info)) {
                for (String l : Files.readAllLines(info)) {
                    if (l.startsWith("model name")) {
                        model = l.substring(l.indexOf(':') + 1).strip();
                        break;
                    }
                }
            }
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // keep "unknown CPU"
        }
        return processors + " processors (" + model + "), " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.version") + ", runtime " + runtime;
    }

    private String render(List<BenchResult> results, String machine, int processors, String runtime,
                          BenchSettings settings) {
        String note = String.format(Locale.ROOT, "warm-up until the median of the last %d calls is within %.3g%% "
                + "of the %d before (at most %d calls, %.3g s); then up to %d timed calls (%.3g s); FIRST = first "
                + "call, WARMUP = warm-up calls, STEADY = whether the test was met, NEAR = first call within %d%% of "
                + "the median; MIN, MEDIAN, spread = (max - min) / median and bytes per call over the timed calls only",
                settings.window(), 100 * settings.tolerance(), settings.window(), settings.maxWarmup(),
                settings.budgetSeconds(), settings.repeats(), settings.budgetSeconds(), Bench.NEAR_PERCENT);
        switch (format) {
            case json: {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("machine", machine);
                doc.put("processors", processors);
                doc.put("runtime", runtime);
                List<Map<String, Object>> rows = new ArrayList<>();
                for (BenchResult r : results) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("generator", r.benchCase().generator());
                    m.put("envs", r.benchCase().envs());
                    m.put("threads", r.benchCase().threads());
                    m.put("first_call_ms", finite(r.firstCallMs()));
                    m.put("warmup_calls", r.warmupCalls());
                    m.put("steady", r.steady());
                    m.put("first_near_call", r.firstNearCall());
                    m.put("warmup_ms", r.warmupMs());
                    m.put("calls", r.calls());
                    m.put("ms_min", finite(r.msMin()));
                    m.put("ms_median", finite(r.msMedian()));
                    m.put("ms_mean", finite(r.msMean()));
                    m.put("ms_max", finite(r.msMax()));
                    m.put("spread", finite(r.spread()));
                    m.put("tracks_per_second", finite(r.tracksPerSecond()));
                    m.put("bytes_per_call", finite(r.bytesPerCall()));
                    m.put("threads_counted", r.threadsCounted());
                    m.put("failure", r.failure());
                    rows.add(m);
                }
                doc.put("rows", rows);
                return JsonText.of(doc) + "\n";
            }
            case csv: {
                StringBuilder b = new StringBuilder("generator,envs,threads,first_call_ms,warmup_calls,steady,"
                        + "first_near_call,calls,ms_min,ms_median,ms_mean,ms_max,spread,tracks_per_second,bytes_per_call,"
                        + "failure\n");
                for (BenchResult r : results) {
                    b.append(String.join(",", r.benchCase().generator(), "" + r.benchCase().envs(),
                            "" + r.benchCase().threads(), csv(r.firstCallMs()), "" + r.warmupCalls(), "" + r.steady(),
                            "" + r.firstNearCall(), "" + r.calls(), csv(r.msMin()), csv(r.msMedian()), csv(r.msMean()),
                            csv(r.msMax()), csv(r.spread()), csv(r.tracksPerSecond()), csv(r.bytesPerCall()),
                            r.failure() == null ? "" : '"' + r.failure() + '"')).append('\n');
                }
                return b.toString();
            }
            case markdown: {
                StringBuilder b = new StringBuilder("| generator | E | threads | first ms | warm-up calls | steady | "
                        + "near | calls | min ms | median ms | spread | tracks/s | bytes/call |\n"
                        + "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
                for (BenchResult r : results) {
                    b.append("| ").append(String.join(" | ", cells(r))).append(" |\n");
                }
                b.append('\n').append(machine).append("; ").append(note).append('\n');
                for (String f : failures(results)) {
                    b.append('\n').append(f).append('\n');
                }
                return b.toString();
            }
            default: {
                TextTable t = new TextTable("GENERATOR", "E", "THREADS", "FIRST MS", "WARMUP", "STEADY", "NEAR",
                        "CALLS", "MIN", "MEDIAN", "SPREAD", "TRACKS/S", "BYTES/CALL");
                for (BenchResult r : results) {
                    t.row(cells(r).toArray(String[]::new));
                }
                StringBuilder b = new StringBuilder(t.render()).append("machine: ").append(machine)
                        .append(System.lineSeparator()).append("timing: ").append(note).append(System.lineSeparator());
                for (String f : failures(results)) {
                    b.append(f).append(System.lineSeparator());
                }
                return b.toString();
            }
        }
    }

    private static List<String> cells(BenchResult r) {
        BenchCase c = r.benchCase();
        if (r.failure() != null) {
            return List.of(c.generator(), "" + c.envs(), "" + c.threads(), "-", "-", "-", "-", "0", "failed", "-", "-",
                    "-", "-");
        }
        return List.of(c.generator(), "" + c.envs(), "" + c.threads(), String.format(Locale.ROOT, "%.1f", r.firstCallMs()),
                "" + r.warmupCalls(), r.steady() ? "yes" : "no", "" + r.firstNearCall(), "" + r.calls(),
                String.format(Locale.ROOT, "%.1f", r.msMin()), String.format(Locale.ROOT, "%.1f", r.msMedian()),
                String.format(Locale.ROOT, "%.0f%%", 100 * r.spread()),
                String.format(Locale.ROOT, "%.0f", r.tracksPerSecond()),
                Double.isNaN(r.bytesPerCall()) ? "-" : String.format(Locale.ROOT, "%.0f", r.bytesPerCall()));
    }

    private static List<String> failures(List<BenchResult> results) {
        List<String> out = new ArrayList<>();
        for (BenchResult r : results) {
            if (r.failure() != null) {
                BenchCase c = r.benchCase();
                out.add(String.format(Locale.ROOT, "failed: %s E=%d threads=%d: %s", c.generator(), c.envs(),
                        c.threads(), r.failure()));
            }
        }
        return out;
    }

    private static Object finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static String csv(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }
}
