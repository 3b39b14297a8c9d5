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
 * {@code trackgen bench}: warm milliseconds per {@code generate()} call, tracks per second and
 * bytes allocated per call, scaling with the batch size and the thread count, as a table and a
 * PNG chart (docs/performance.md).
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Measures warm ms per generate() call, tracks per second and bytes allocated per call, "
                + "for every batch size (--envs) at the most threads, and for every thread count (--threads) at "
                + "--threads-envs; --grid measures every combination.",
            "The default run takes well under a minute on a few cores; --repeats, --warmup and --budget trade "
                + "time for steadier figures."})
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

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "2",
            description = "Most untimed calls per case (default: ${DEFAULT-VALUE}; stops early after --budget).")
    int warmup;

    @Option(names = "--repeats", paramLabel = "N", defaultValue = "5",
            description = "Most timed calls per case (default: ${DEFAULT-VALUE}; stops early after --budget).")
    int repeats;

    @Option(names = "--budget", paramLabel = "SECONDS", defaultValue = "2",
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
            settings = new BenchSettings(warmup, repeats, budget);
        } catch (IllegalArgumentException e) {
            throw new CliException("--warmup " + warmup + ", --repeats " + repeats + ", --budget " + budget
                    + ": warm-up and repeats must be >= 1 and the budget > 0", e);
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
                                    : String.format(Locale.ROOT, "%.1f ms/call", r.msMean())));
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
        String note = String.format(Locale.ROOT, "up to %d warm-up and %d timed calls per case, %.3g s budget; "
                + "spread = (max - min) / mean of the timed calls", settings.warmup(), settings.repeats(),
                settings.budgetSeconds());
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
                    m.put("calls", r.calls());
                    m.put("ms_mean", finite(r.msMean()));
                    m.put("ms_min", finite(r.msMin()));
                    m.put("ms_max", finite(r.msMax()));
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
                StringBuilder b = new StringBuilder("generator,envs,threads,calls,ms_mean,ms_min,ms_max,"
                        + "tracks_per_second,bytes_per_call,failure\n");
                for (BenchResult r : results) {
                    b.append(String.join(",", r.benchCase().generator(), "" + r.benchCase().envs(),
                            "" + r.benchCase().threads(), "" + r.calls(), csv(r.msMean()), csv(r.msMin()),
                            csv(r.msMax()), csv(r.tracksPerSecond()), csv(r.bytesPerCall()),
                            r.failure() == null ? "" : '"' + r.failure() + '"')).append('\n');
                }
                return b.toString();
            }
            case markdown: {
                StringBuilder b = new StringBuilder("| generator | E | threads | calls | ms/call | min | max | "
                        + "spread | tracks/s | bytes/call |\n|---|---|---|---|---|---|---|---|---|---|\n");
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
                TextTable t = new TextTable("GENERATOR", "E", "THREADS", "CALLS", "MS/CALL", "MIN", "MAX", "SPREAD",
                        "TRACKS/S", "BYTES/CALL");
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
            return List.of(c.generator(), "" + c.envs(), "" + c.threads(), "0", "failed", "-", "-", "-", "-", "-");
        }
        return List.of(c.generator(), "" + c.envs(), "" + c.threads(), "" + r.calls(),
                String.format(Locale.ROOT, "%.1f", r.msMean()), String.format(Locale.ROOT, "%.1f", r.msMin()),
                String.format(Locale.ROOT, "%.1f", r.msMax()), String.format(Locale.ROOT, "%.0f%%", 100 * r.spread()),
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
