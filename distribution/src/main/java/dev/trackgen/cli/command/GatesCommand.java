package dev.trackgen.cli.command;

import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.job.GateExportRequest;
import dev.trackgen.cli.job.GatesJob;
import dev.trackgen.cli.job.GatesRequest;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.cli.output.GatePreview;
import dev.trackgen.cli.output.NpzPath;
import dev.trackgen.cli.output.PngPath;
import dev.trackgen.cli.wiring.Platform;
import dev.trackgen.gates.GateConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code trackgen gates}: one batch of gate courses, written as {@code .npz} and previewed as PNG (docs/gates.md). */
@Command(name = "gates", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generates one batch of E gate courses for drone racing on the plan view of a centerline "
                + "generator and writes every array as .npz (numpy) and a PNG preview (plan view with gate bars, "
                + "elevation profile per env). See docs/gates.md.",
            "--set takes track knobs ('trackgen knobs') and gate knobs (min_gates, max_gates, gate_width, gate_radius, "
                    + "gate_solve_iters, gate_ordering, z_profile, z_base, z_min, z_max, z_max_step, z_noise_amplitude, "
                    + "z_noise_harmonics, z_valid_grade, gate_align, samples_per_gate, line_bow_bound, stack_clearance: "
                    + "'trackgen knobs' lists them); --config FILE (JSON or YAML) takes both too, --set wins."})
final class GatesCommand implements Callable<Integer> {
    private static final int MAX_PREVIEW_COURSES = 100;

    private final CliContext context;

    @Option(names = "--generator", paramLabel = "NAME",
            description = "Centerline generator of the plan view (see 'trackgen generators'); default: config, else bezier.")
    String generator;

    @Option(names = "--envs", paramLabel = "E", description = "Batch size E; default: config, else 1.")
    Integer envs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Base seed: env e is seeded with S + e (default: ${DEFAULT-VALUE}).")
    int seed;

    @Option(names = "--out", paramLabel = "FILE.npz", description = "Write every gate-course array as a numpy .npz archive.")
    Path out;

    @Option(names = "--preview", paramLabel = "FILE.png", description = "Write a PNG of the first courses.")
    Path preview;

    @Option(names = "--preview-courses", paramLabel = "N", defaultValue = "" + GatePreview.DEFAULT_MAX_COURSES,
            description = "Most courses drawn in the preview (default: ${DEFAULT-VALUE}).")
    int previewCourses;

    @Option(names = "--compress", description = "Deflate the .npz entries (smaller, slower).")
    boolean compress;

    @Mixin
    GateExportOptions exports = new GateExportOptions();

    @Mixin
    EvaluationOptions options = new EvaluationOptions();

    @Mixin
    ThreadsOption threads = new ThreadsOption();

    GatesCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        GatesRequest request = request();
        Progress progress = new Progress(context.console().err(), !request.quiet());
        try (Platform platform = Platform.open(context, request.configFile(), request.overrides(), request.threads())
                .claimConfigKeys(GateConfig.Builder::isGateKnob)) {
            GatesJob.Report report = new GatesJob(request, platform, progress).run();
            context.console().println(report.human());
        }
        return 0;
    }

    GatesRequest request() {
        int threadCount = threads.checked();
        if (previewCourses < 1 || previewCourses > MAX_PREVIEW_COURSES) {
            throw new CliException("--preview-courses " + previewCourses + ": must be between 1 and " + MAX_PREVIEW_COURSES);
        }
        NpzPath.refusePicture("--out", out);
        GateExportRequest exportRequest = exports.request();
        PngPath.require("--preview", preview);
        // --set splits into gate knobs (here) and track knobs (the configuration layers, as for generate)
        Map<String, String> gates = new LinkedHashMap<>();
        List<String> trackSets = new ArrayList<>();
        for (String s : options.sets) {
            KnobAssignment a = KnobAssignment.parse(s);
            if (GateConfig.Builder.isGateKnob(a.knob())) {
                gates.put(a.knob(), a.value());
            } else {
                trackSets.add(s);
            }
        }
        List<String> all = options.sets;
        options.sets = trackSets;
        try {
            return new GatesRequest(options.config, options.overrides(generator, envs), gates, seed, threadCount, out,
                    preview, previewCourses, compress, exportRequest, options.quiet);
        } finally {
            options.sets = all;
        }
    }
}
