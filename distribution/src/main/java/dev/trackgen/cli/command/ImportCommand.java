package dev.trackgen.cli.command;

import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.cli.output.ConfigJson;
import dev.trackgen.cli.output.JsonText;
import dev.trackgen.cli.output.NpzPath;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.output.PngPath;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.metrics.circuit.Circuit;
import dev.trackgen.metrics.circuit.CircuitException;
import dev.trackgen.metrics.circuit.CircuitImporter;
import dev.trackgen.metrics.circuit.CircuitReader;
import dev.trackgen.metrics.circuit.ImportResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code trackgen import FILE.csv}: a real (or hand-made) closed centerline through the pipeline's
 * resample, relax and inflate stages, reported with its validity and how far relaxation moved it,
 * and written as a one-track {@code .npz} and PNG preview (docs/circuits.md).
 */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Imports a closed centerline from CSV and runs it through resample, relax and inflate.",
            "FILE: rows 'x_m,y_m,w_tr_right_m,w_tr_left_m' (TUM racetrack layout; half-width = mean of",
            "(right + left) / 2) or plain 'x,y' rows with --half-width; '#' lines are comments; the loop",
            "closes implicitly. Reports validity, length change and displacement (file units: metres for TUM)."})
final class ImportCommand implements Callable<Integer> {
    /** Files above this size get a "reading" stage line. */
    private static final long LARGE_FILE_BYTES = 1 << 20;
    /** Circuits above this many points get a "checking" stage line. */
    private static final int LARGE_CIRCUIT_POINTS = 20_000;

    /**
     * Knobs that import decides itself, so a {@code --set} of them could only be ignored: each
     * with the reason and what to use instead. (In a {@code --config} file they are overridden
     * without a word: a configuration written by {@code generate} carries them all.)
     */
    private static final Map<String, String> DECIDED_BY_IMPORT = Map.of(
            PipelineKnobs.HALF_WIDTH.name(), "import takes the half-width from the file (its width columns) or from "
                    + "--half-width W; use --half-width %s",
            PipelineKnobs.NUM_ENVS.name(), "import makes one track (num_envs = 1)",
            PipelineKnobs.N_MAX.name(), "import sizes N_max from the loop's length and the spacing (length / spacing + 2);"
                    + " change the spacing with --spacing");

    private final CliContext context;

    @Parameters(index = "0", paramLabel = "FILE.csv", description = "The centerline file.")
    Path file;

    @Option(names = "--out", paramLabel = "FILE.npz", description = "Write the track as a numpy .npz archive (E = 1).")
    Path out;

    @Option(names = "--preview", paramLabel = "FILE.png", description = "Write a PNG picture of the track.")
    Path preview;

    @Option(names = "--half-width", paramLabel = "W",
            description = "Road half-width; required for x,y files, overrides the TUM widths.")
    Double halfWidth;

    @Option(names = "--spacing", paramLabel = "S",
            description = "Output point spacing (default: the spacing knob, else 0.6 x half-width).")
    Double spacing;

    @Option(names = "--bridge", paramLabel = "CLEARANCE", arity = "0..1", fallbackValue = "0",
            description = {"Make each crossing of the centerline a bridge: the later branch is raised over it on a "
                    + "ramp of grade bridge_grade (default 0.1), and the track is valid where the road surfaces "
                    + "are at least CLEARANCE apart (file units; default: the half-width). Sets bridge_clearance "
                    + "and turns relaxation off."})
    Double bridge;

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Option(names = "--json", description = "Print one JSON line instead of the human summary.")
    boolean json;

    @Mixin
    EvaluationOptions options = new EvaluationOptions();

    ImportCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        NpzPath.refusePicture("--out", out);
        PngPath.require("--preview", preview);
        int threadCount = threads.checked();
        for (String set : options.sets) {
            KnobAssignment a = KnobAssignment.parse(set);
            String why = DECIDED_BY_IMPORT.get(a.knob());
            if (why != null) {
                throw new CliException("--set " + set + ": " + String.format(Locale.ROOT, why, a.value()));
            }
        }
        if (bridge != null && !(bridge >= 0 && Double.isFinite(bridge))) {
            throw new CliException("--bridge " + bridge + ": the clearance must be a positive number");
        }
        if (halfWidth != null && !(halfWidth > 0 && Double.isFinite(halfWidth))) {
            throw new CliException("--half-width " + halfWidth + ": must be a positive number");
        }
        try (EvaluationSession session = new EvaluationSession(context, options, threadCount);
             OutputTransaction outputs = new OutputTransaction().protect("the centerline", file)
                     .protect("--config", options.config)) {
            // Output paths first: a refused output costs no reading or checking.
            Path npzTmp = out != null ? outputs.stage("--out", out) : null;
            Path pngTmp = preview != null ? outputs.stage("--preview", preview) : null;
            Progress progress = session.progress();
            try {
                // Stage lines only for inputs large enough to take a while: a small bad file, and
                // one too large to be read at all (refused by its size), still end with exactly one line.
                long size = fileSize();
                Progress.Stage stage = size > LARGE_FILE_BYTES && size <= CircuitReader.MAX_BYTES
                        ? progress.start("reading " + file) : null;
                Circuit circuit = read();
                if (stage != null) {
                    stage.done(circuit.size() + " points");
                }
                TrackGenConfig base = baseConfig(session, circuit);
                if (spacing != null) {
                    try {
                        base = base.toBuilder().set(PipelineKnobs.SPACING, spacing).build();
                    } catch (InvalidConfigException e) {
                        throw new CliException("--spacing " + spacing + ": " + e.getMessage(), e);
                    }
                }
                if (bridge != null) {
                    double clearance = bridge > 0 ? bridge : circuit.halfWidth();
                    try {
                        base = base.toBuilder().set(ElevationKnobs.BRIDGE_CLEARANCE, clearance).build();
                    } catch (InvalidConfigException e) {
                        throw new CliException("--bridge " + clearance + ": " + e.getMessage(), e);
                    }
                }
                stage = circuit.size() > LARGE_CIRCUIT_POINTS
                        ? progress.start("checking the centerline (duplicates, closure, self-crossings)") : null;
                TrackGenConfig config = checked(circuit, base);
                if (stage != null) {
                    stage.done(null);
                }
                session.provider();
                ComputeRuntime runtime = session.runtime();
                stage = progress.start("importing " + circuit.name() + " (" + circuit.size()
                        + " points, N_max " + config.nMax() + ")");
                ImportResult result = importOrFail(circuit, base, runtime);
                stage.done(result.valid() ? "valid" : "INVALID");
                write(result, runtime, npzTmp, pngTmp, progress);
                outputs.commit();
                report(result, runtime);
            } finally {
                progress.abortOpenStage();
            }
        }
        return 0;
    }

    /**
     * The configuration layers with the circuit's half-width as the last: import takes the
     * half-width from the file (or {@code --half-width}), so the relations between knobs, such as
     * {@code half_width > w_floor}, are checked with it and not with the knob's default.
     */
    private TrackGenConfig baseConfig(EvaluationSession session, Circuit circuit) {
        try {
            return session.config(null, 1, List.of(new KnobAssignment(PipelineKnobs.HALF_WIDTH.name(),
                    Double.toString(circuit.halfWidth()))));
        } catch (InvalidConfigException e) {
            if (PipelineKnobs.W_FLOOR.name().equals(e.knob())) {
                throw new CliException(circuit.name() + ": the half-width " + circuit.halfWidth() + " ("
                        + circuit.halfWidthRule() + "): " + e.getMessage()
                        .replace("raise half_width", "give a larger --half-width"), e);
            }
            throw e;
        }
    }

    private long fileSize() {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // read() reports it
        }
    }

    private Circuit read() {
        Circuit c;
        try {
            c = CircuitReader.read(file);
        } catch (CircuitException e) {
            throw new CliException(e.getMessage(), e);
        }
        if (halfWidth != null) {
            return c.withHalfWidth(halfWidth, "--half-width");
        }
        if (!(c.halfWidth() > 0)) {
            throw new CliException(file + ": the file has x,y rows without widths; give the road half-width with "
                    + "--half-width W");
        }
        return c;
    }

    private static TrackGenConfig checked(Circuit circuit, TrackGenConfig base) {
        try {
            TrackGenConfig config = CircuitImporter.configFor(circuit, base);
            circuit.validate(config.spacing(), CircuitImporter.bridged(config));
            return config;
        } catch (CircuitException e) {
            throw new CliException(e.getMessage(), e);
        }
    }

    private static ImportResult importOrFail(Circuit circuit, TrackGenConfig base, ComputeRuntime runtime) {
        try {
            return CircuitImporter.importCircuit(circuit, base, runtime);
        } catch (CircuitException e) {
            throw new CliException(e.getMessage(), e);
        }
    }

    private void write(ImportResult r, ComputeRuntime runtime, Path npzTmp, Path pngTmp, Progress progress) {
        if (npzTmp != null) {
            progress.run("writing npz " + out, () -> OutputTransaction.write("--out", out, npzTmp,
                    tmp -> new NpzTrackWriter().write(r.snapshot(), ConfigJson.of(r.config().toBuilder()
                            .runtime(runtime.name()).build()), r.origin(), tmp)));
        }
        if (pngTmp != null) {
            progress.run("writing preview " + preview, () -> OutputTransaction.write("--preview", preview, pngTmp,
                    tmp -> {
                        PreviewRenderer renderer = new PreviewRenderer(1, 800);
                        String title = String.format(Locale.ROOT, "%s  \u00b7  %s  \u00b7  length %.0f  \u00b7  "
                                        + "half-width %.2f  \u00b7  moved %.3f mean, %.3f max",
                                r.circuit().name(), r.valid() ? "valid" : "INVALID", r.length(), r.halfWidth(),
                                r.meanOffset(), r.maxOffset());
                        renderer.write(renderer.render(r.snapshot(), title), tmp);
                    }));
        }
    }

    private void report(ImportResult r, ComputeRuntime runtime) {
        PrintWriter o = context.console().out();
        double hw = r.halfWidth();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file.toString());
            m.put("points", r.circuit().size());
            m.put("origin", r.origin());
            m.put("half_width", hw);
            m.put("half_width_rule", r.circuit().halfWidthRule());
            m.put("spacing", r.spacing());
            m.put("n_max", r.config().nMax());
            m.put("count", r.count());
            m.put("valid", r.valid());
            m.put("input_length", r.inputLength());
            m.put("length", r.length());
            m.put("length_change", r.lengthChange());
            m.put("offset_mean", r.meanOffset());
            m.put("offset_max", r.maxOffset());
            m.put("bead_displacement_mean", r.meanBeadDisplacement());
            m.put("bead_displacement_max", r.maxBeadDisplacement());
            m.put("tightest_radius", r.tightestRadius());
            m.put("invalid_reason", r.invalidReason());
            if (CircuitImporter.bridged(r.config())) {
                m.put("bridge_clearance", r.config().get(ElevationKnobs.BRIDGE_CLEARANCE));
                m.put("z_min", zRange(r)[0]);
                m.put("z_max", zRange(r)[1]);
            }
            m.put("runtime", runtime.name());
            o.println(JsonText.of(m));
        } else {
            line(o, "circuit", r.circuit().name() + "  (" + r.circuit().size() + " points)");
            line(o, "half-width", fmt("%.3f m  (%s)", hw, r.circuit().halfWidthRule()));
            line(o, "spacing", fmt("%.3f m  (%s); N_max %d, %d points", r.spacing(),
                    r.circuit().hasWidths()
                            ? "equal chords of the file's polyline, at most " + (spacing != null ? "--spacing"
                            : "0.6 x half-width") + "; the file's centerline and widths, not relaxed"
                            : spacing != null ? "--spacing" : "0.6 x half-width unless the spacing knob is set",
                    r.config().nMax(), r.count()));
            line(o, "valid", r.valid() ? "yes" : "no  (" + r.invalidReason() + ")");
            line(o, "length", fmt("%.1f m -> %.1f m  (%+.3f%%)", r.inputLength(), r.length(), 100 * r.lengthChange()));
            line(o, "moved", fmt("mean %.3f m, max %.3f m off the input line  (%.1f%% / %.1f%% of the half-width)",
                    r.meanOffset(), r.maxOffset(), 100 * r.meanOffset() / hw, 100 * r.maxOffset() / hw));
            line(o, "beads", fmt("mean %.3f m, max %.3f m  (each constant-spacing point, before vs after relaxation)",
                    r.meanBeadDisplacement(), r.maxBeadDisplacement()));
            if (CircuitImporter.bridged(r.config())) {
                double[] z = zRange(r);
                line(o, "bridge", fmt("clearance %.3f m, ramps at grade %.3f; centerline heights %.3f m to %.3f m",
                        r.config().get(ElevationKnobs.BRIDGE_CLEARANCE), r.config().get(ElevationKnobs.BRIDGE_GRADE),
                        z[0], z[1]));
            }
            line(o, "runtime", runtime.describe());
            line(o, "origin", fmt("(%s, %s)  (the npz holds coordinates relative to it; 'origin' entry)",
                    exact(r.origin()[0]), exact(r.origin()[1])));
            if (out != null) {
                line(o, "npz", out.toString());
            }
            if (preview != null) {
                line(o, "preview", preview.toString());
            }
        }
        o.flush();
    }

    /** The lowest and highest centerline height of the imported track. */
    private static double[] zRange(ImportResult r) {
        float[] z = r.snapshot().centerZ();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < r.count(); i++) {
            lo = Math.min(lo, z[i]);
            hi = Math.max(hi, z[i]);
        }
        return new double[] {lo, hi};
    }

    // The shortest decimal that reads back as the same double.
    private static String exact(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }

    private static void line(PrintWriter o, String key, String value) {
        o.print(String.format(Locale.ROOT, "%-10s %s%n", key, value));
    }
}
