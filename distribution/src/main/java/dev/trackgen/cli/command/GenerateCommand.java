package dev.trackgen.cli.command;

import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.job.GenerateRequest;
import dev.trackgen.cli.job.RacelineRequest;
import dev.trackgen.cli.job.GenerationJob;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.cli.output.GenerationReport;
import dev.trackgen.cli.output.NpzPath;
import dev.trackgen.cli.output.PngPath;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.cli.output.ReportFormatter;
import dev.trackgen.cli.wiring.Platform;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code trackgen generate}: one batch, written as {@code .npz} and previewed as PNG. */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generates one batch of E tracks and writes it as .npz (numpy) and a PNG preview, "
                + "and with --export in simulator formats (docs/export.md).",
            "Knob values: built-in defaults < --config file < --set < --generator/--envs.",
            "Runtime: --runtime, else the config file's 'runtime', else -Dtrackgen.runtime, "
                    + "else $TRACKGEN_RUNTIME, else auto."})
final class GenerateCommand implements Callable<Integer> {
    private static final int MAX_PREVIEW_TRACKS = 400;

    private final CliContext context;

    @Option(names = "--generator", paramLabel = "NAME",
            description = "Centerline generator (see 'trackgen generators'); default: config, else bezier.")
    String generator;

    @Option(names = "--envs", paramLabel = "E", description = "Batch size E; default: config, else 1.")
    Integer envs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Base seed: env e is seeded with S + e (default: ${DEFAULT-VALUE}).")
    int seed;

    @Option(names = "--out", paramLabel = "FILE.npz", description = "Write the batch as a numpy .npz archive.")
    Path out;

    @Option(names = "--preview", paramLabel = "FILE.png",
            description = "Write a PNG grid of the first tracks (and of some invalid ones further on).")
    Path preview;

    @Mixin
    EvaluationOptions options = new EvaluationOptions();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    @Option(names = "--preview-tracks", paramLabel = "N", defaultValue = "" + PreviewRenderer.DEFAULT_MAX_TRACKS,
            description = "Most tracks drawn in the preview (default: ${DEFAULT-VALUE}).")
    int previewTracks;

    @Option(names = "--preview-course",
            description = "Draw each previewed track's start line, checkpoints (every 5 half-widths) and a starting "
                    + "grid of 4 slots (docs/course.md).")
    boolean previewCourse;

    @Option(names = "--raceline",
            description = "Compute each env's minimum-curvature racing line and the speed profiles of the line and the "
                    + "centerline (speeds in m/s at --world-scale metres per track unit); the npz gains raceline_* and "
                    + "center_* entries (docs/raceline.md).")
    boolean raceline;

    @Option(names = "--vehicle-margin", paramLabel = "W",
            description = "With --raceline: distance the line keeps from each border, world units (default: half_width / 4).")
    Double vehicleMargin;

    @Option(names = "--compress", description = "Deflate the .npz entries (smaller, slower).")
    boolean compress;

    @Option(names = "--json", description = "Print one JSON line instead of the human summary.")
    boolean json;

    @Mixin
    ExportOptions export = new ExportOptions();

    GenerateCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        GenerateRequest request = request();
        Progress progress = new Progress(context.console().err(), !request.quiet());
        try (Platform platform = Platform.open(context, request.configFile(), request.overrides(), request.threads())) {
            GenerationReport report = new GenerationJob(request, platform, progress).run();
            ReportFormatter format = new ReportFormatter();
            context.console().result(json, () -> format.json(report), () -> format.human(report));
        }
        return 0;
    }

    GenerateRequest request() {
        int threadCount = threads.checked();
        if (previewTracks < 1 || previewTracks > MAX_PREVIEW_TRACKS) {
            throw new CliException("--preview-tracks " + previewTracks + ": must be between 1 and " + MAX_PREVIEW_TRACKS);
        }
        CommandLineOverrides overrides = options.overrides(generator, envs);
        NpzPath.refusePicture("--out", out);
        PngPath.require("--preview", preview);
        if (previewCourse && preview == null) {
            throw new CliException("--preview-course needs --preview FILE.png");
        }
        if (!raceline && vehicleMargin != null) {
            throw new CliException("--vehicle-margin needs --raceline");
        }
        if (vehicleMargin != null && !Double.isFinite(vehicleMargin)) {
            throw new CliException("--vehicle-margin " + vehicleMargin + ": must be a finite number >= 0 (world units)");
        }
        RacelineRequest line = raceline ? new RacelineRequest(export.worldScale(),
                vehicleMargin == null ? Double.NaN : vehicleMargin) : null;
        return new GenerateRequest(options.config, overrides, seed, threadCount, out, preview, previewTracks, compress, json,
                options.quiet, export.request(raceline), previewCourse, line);
    }
}
