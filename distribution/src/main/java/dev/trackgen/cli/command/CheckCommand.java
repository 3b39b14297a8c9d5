package dev.trackgen.cli.command;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.explore.ConfigExport;
import dev.trackgen.cli.output.JsonText;
import dev.trackgen.metrics.audit.Criterion;
import dev.trackgen.metrics.audit.ValiditySearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code trackgen check}: the seeded search for valid-but-broken tracks
 * ({@link ValiditySearch}) from the command line. Exits 0 when none was found, 1 when one was.
 */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Searches for tracks the validity gate marks valid that are broken: draws whole configurations "
                + "across every knob's range, generates a batch for each and audits every track with an independent "
                + "double-precision checker (docs/pipeline.md, 'What valid means').",
            "Exit 3 if a track flagged valid is broken, 1 on bad input."})
final class CheckCommand implements Callable<Integer> {
    private static final long MAX_TRACKS = 1_000_000_000L;
    /** Exit status when a valid-but-broken track was found (1 stays for bad input). */
    static final int FOUND = 3;
    private final CliContext context;

    @Option(names = "--tracks", paramLabel = "N", defaultValue = "100000",
            description = "Tracks to generate and audit (default: ${DEFAULT-VALUE}).")
    long tracks;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the configuration draws and batches; the same seed repeats the search (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--generator", paramLabel = "all|NAME[,NAME...]", defaultValue = "all",
            description = "Generators to draw in turn (default: ${DEFAULT-VALUE}, every registered one).")
    String generator;

    @Option(names = "--max-envs", paramLabel = "E", defaultValue = "512",
            description = "Largest batch; batches are sized by a cost model up to this (default: ${DEFAULT-VALUE}).")
    int maxEnvs;

    @Option(names = "--set", paramLabel = "KNOB=VALUE",
            description = "A knob value set over every drawn configuration (repeatable), e.g. "
                    + "--set width_profile=curvature to search tracks of varying width.")
    List<String> pinned = new ArrayList<>();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Option(names = "--json", description = "Print the report as one JSON line.")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    CheckCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        if (tracks < 1 || tracks > MAX_TRACKS) {
            throw new CliException("--tracks " + tracks + ": must be in [1, " + MAX_TRACKS + "]");
        }
        if (maxEnvs < 1 || maxEnvs > 65536) {
            throw new CliException("--max-envs " + maxEnvs + ": must be in [1, 65536]");
        }
        int threadCount = threads.checked();
        EvaluationOptions options = new EvaluationOptions();
        options.quiet = quiet;
        options.runtime = "cpu";
        try (EvaluationSession session = new EvaluationSession(context, options, threadCount)) {
            List<String> names = session.generatorNames(generator);
            ComputeRuntime runtime = session.runtime();
            PrintWriter err = context.console().err();
            long[] lastPrint = {System.nanoTime()};
            ValiditySearch.Report r = new ValiditySearch(session.launcher(), runtime).run(
                    new ValiditySearch.Settings(tracks, seed, names, maxEnvs, pinnedKnobs()), p -> {
                        long now = System.nanoTime();
                        if (!quiet && (now - lastPrint[0] > 5_000_000_000L || p.tracks() >= p.target())) {
                            lastPrint[0] = now;
                            err.printf(Locale.ROOT, "trackgen: checked %d of %d tracks (%.0f%%), %d valid-but-broken%n",
                                    p.tracks(), p.target(), 100.0 * p.tracks() / p.target(), p.validBroken());
                            err.flush();
                        }
                    });
            context.console().result(json, () -> json(r, names), () -> text(r, names));
            return r.validBroken() + r.layoutBroken() == 0 ? 0 : FOUND;
        }
    }

    private Map<String, String> pinnedKnobs() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : pinned) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new CliException("--set " + kv + ": expected KNOB=VALUE");
            }
            m.put(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
        }
        return m;
    }

    private String text(ValiditySearch.Report r, List<String> names) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "tracks audited      %d in %d configurations, seed %d, %.0f s%n",
                r.tracks(), r.batches(), seed, r.seconds()));
        b.append("per generator       ");
        r.tracksByGenerator().forEach((g, n) -> b.append(g).append(' ').append(n).append("  "));
        b.append('\n');
        b.append(String.format(Locale.ROOT, "flagged valid       %d (%.1f%%)%n", r.valid(), 100.0 * r.valid() / r.tracks()));
        b.append(String.format(Locale.ROOT, "valid but broken    %d%n", r.validBroken()));
        for (Map.Entry<Criterion, Long> e : r.brokenBy().entrySet()) {
            b.append(String.format(Locale.ROOT, "  %-18s %d (%s)%n", e.getKey().name().toLowerCase(Locale.ROOT),
                    e.getValue(), e.getKey().meaning()));
        }
        b.append(String.format(Locale.ROOT, "layout broken       %d%n", r.layoutBroken()));
        b.append(String.format(Locale.ROOT, "rejected but sound  %d (the gate is stricter than the definition here)%n",
                r.rejectedSound()));
        for (ValiditySearch.Finding f : r.examples()) {
            b.append("example: env ").append(f.env()).append(" of batch seed ").append(f.batchSeed()).append(": ")
                    .append(f.violation()).append("\n  reproduce: ").append(ConfigExport.command(f.config(), f.batchSeed()))
                    .append('\n');
        }
        return b.toString();
    }

    private String json(ValiditySearch.Report r, List<String> names) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tracks", r.tracks());
        m.put("configurations", r.batches());
        m.put("generators", names);
        m.put("tracks_by_generator", r.tracksByGenerator());
        m.put("seed", seed);
        m.put("valid", r.valid());
        m.put("valid_but_broken", r.validBroken());
        Map<String, Long> by = new LinkedHashMap<>();
        r.brokenBy().forEach((k, v) -> by.put(k.name().toLowerCase(Locale.ROOT), v));
        m.put("broken_by", by);
        m.put("layout_broken", r.layoutBroken());
        m.put("rejected_but_sound", r.rejectedSound());
        m.put("seconds", r.seconds());
        m.put("examples", r.examples().stream().map(f -> Map.of("env", f.env(), "batch_seed", f.batchSeed(),
                "violation", f.violation().toString(), "command", ConfigExport.command(f.config(), f.batchSeed())))
                .toList());
        return JsonText.of(m);
    }
}
