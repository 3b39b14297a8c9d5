package dev.trackgen.cli.job;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.ResolvedConfig;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.output.ConfigJson;
import dev.trackgen.cli.output.CourseOverlay;
import dev.trackgen.course.raceline.RacelineSnapshot;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.course.raceline.VehicleModel;
import dev.trackgen.cli.output.GenerationReport;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.cli.wiring.Platform;
import dev.trackgen.pipeline.TrackGenerator;

import java.nio.file.Path;
import java.util.Locale;

/**
 * One {@code generate} run: resolve and check everything that can be checked quickly (the
 * configuration and its generator, the runtime name, the output paths), then build the pipeline
 * on the run's runtime, generate one batch, and write the {@code .npz} and the preview. Outputs
 * are written to temporary files and moved into place only when everything succeeded.
 */
public final class GenerationJob {
    private final GenerateRequest request;
    private final Platform platform;
    private final Progress progress;

    /**
     * @param request  what was asked for (the outputs and their writers' settings)
     * @param platform what the run runs on: configuration layers, registries, the chosen runtime
     * @param progress stage lines
     */
    public GenerationJob(GenerateRequest request, Platform platform, Progress progress) {
        this.request = request;
        this.platform = platform;
        this.progress = progress;
    }

    /**
     * @return what was generated and written
     * @throws CliException and the configuration and registry exceptions, with one-line messages
     */
    public GenerationReport run() {
        ResolvedConfig resolved = platform.resolve();
        TrackGenConfig cfg = resolved.config();
        platform.provider();
        ExportJob.checkOutputsOutsideOutDir(request);
        try (OutputTransaction outputs = new OutputTransaction().protect("--config", request.configFile())) {
            Path npzTmp = request.out() != null ? outputs.stage("--out", request.out()) : null;
            Path pngTmp = request.preview() != null ? outputs.stage("--preview", request.preview()) : null;
            try (ExportJob.Session exports = new ExportJob(request, progress).start(cfg)) {
                GenerationReport report = generateAndWrite(resolved, npzTmp, pngTmp, exports);
                outputs.commit();
                return report;
            } finally {
                progress.abortOpenStage();
            }
        }
    }

    private GenerationReport generateAndWrite(ResolvedConfig resolved, Path npzTmp, Path pngTmp,
                                              ExportJob.Session exports) {
        TrackGenConfig cfg = resolved.config();
        checkRaceline(cfg, request.raceline());
        int e = cfg.numEnvs();
        Progress.Stage stage = progress.start("building pipeline");
        ComputeRuntime rt = platform.runtime();
        TrackSnapshot snapshot;
        CourseOverlay overlay = null;
        RacelineSnapshot line = null;
        double millis;
        try (TrackGenerator generator = TrackGenerator.builder(cfg)
                .generator(resolved.centerlineGenerator())
                .rng(PerEnvSeededRng.fromScalar(e, request.seed()))
                .runtime(rt)
                .hostRuntime(platform.launcher()::hostRuntime)
                .build()) {
            stage.done(cfg.generator() + " on " + (generator.generatorOnHost()
                    ? "the host (its kernels have Java bodies only), the rest on " + rt.name() : rt.name()));
            stage = progress.start("generating " + e + " tracks");
            long t0 = System.nanoTime();
            Track track = generator.generate();
            millis = (System.nanoTime() - t0) / 1e6;
            snapshot = track.snapshot();
            stage.done(null);
            RacelineRequest rq = request.raceline();
            if (rq != null) {
                line = progress.run("computing racing lines and speed profiles", () -> {
                    RacingLine.Builder b = RacingLine.builder(track).halfWidth(cfg.halfWidth())
                            .vehicle(VehicleModel.DEFAULT.withWorldScale(rq.worldScale()));
                    if (!Double.isNaN(rq.margin())) {
                        b.vehicleMargin(rq.margin());
                    }
                    return b.build().compute().snapshot();
                });
            }
            if (pngTmp != null && request.previewCourse()) {
                overlay = progress.run("placing start lines, checkpoints and grids",
                        () -> CourseOverlay.compute(track, cfg.halfWidth(), 4));
            }
        }
        int valid = snapshot.validCount();
        YieldWarnings.of(cfg, snapshot).forEach(progress::warn);
        RacelineSnapshot lineOut = line;
        if (npzTmp != null) {
            progress.run("writing npz " + request.out(), () -> OutputTransaction.write("--out", request.out(), npzTmp,
                    // Record the runtime that actually ran ('auto' resolved), not the one asked for.
                    tmp -> new NpzTrackWriter(request.compress())
                            .write(snapshot, ConfigJson.of(cfg.toBuilder().runtime(rt.name()).build()), null, lineOut,
                                    new java.io.BufferedOutputStream(java.nio.file.Files.newOutputStream(tmp), 1 << 16))));
        }
        if (pngTmp != null) {
            CourseOverlay drawn = overlay;
            progress.run("writing preview " + request.preview(), () -> OutputTransaction.write("--preview",
                    request.preview(), pngTmp, tmp -> {
                        PreviewRenderer preview = new PreviewRenderer(request.previewTracks(),
                                PreviewRenderer.DEFAULT_CELL_SIZE);
                        dev.trackgen.cli.output.RacelineLayer layer = lineOut == null ? null
                                : new dev.trackgen.cli.output.RacelineLayer(lineOut, validity(snapshot));
                        preview.write(preview.render(snapshot, title(cfg, valid, rt), drawn, layer), tmp);
                    }));
        }
        exports.write(snapshot, cfg, lineOut);
        RuntimeChoice runtimeChoice = platform.runtimeChoice();
        return new GenerationReport(cfg.generator(), resolved.generator().source(), rt.name(), rt.describe(),
                runtimeChoice.name(),
                runtimeChoice.origin(), e,
                valid, millis, request.seed(), request.out(), request.preview());
    }

    private static boolean[] validity(TrackSnapshot s) {
        boolean[] v = new boolean[s.numEnvs()];
        for (int e = 0; e < v.length; e++) {
            v[e] = s.isValid(e);
        }
        return v;
    }

    private String title(TrackGenConfig cfg, int valid, ComputeRuntime rt) {
        return String.format(Locale.ROOT, "%s  \u00b7  E = %d  \u00b7  valid %d/%d (yield %.1f%%)  \u00b7  seed %d  \u00b7  %s",
                cfg.generator(), cfg.numEnvs(), valid, cfg.numEnvs(), 100.0 * valid / cfg.numEnvs(), request.seed(),
                rt.name());
    }

    /**
     * Refuses, before anything is generated, a vehicle margin outside {@code [0, half_width)}.
     * A varying width profile is fine: the solver reads the track's per-point half-widths, and a
     * stretch narrower than twice the margin pins the line to the middle of the two limits
     * (docs/raceline.md).
     */
    private static void checkRaceline(TrackGenConfig cfg, RacelineRequest rq) {
        if (rq == null) {
            return;
        }
        double m = rq.margin();   // NaN: not given (the default, half_width / 4)
        if (!Double.isNaN(m) && !(m >= 0 && m < cfg.halfWidth())) {
            throw new CliException(String.format(Locale.ROOT,
                    "--vehicle-margin %s: must be in [0, half_width = %s) world units", m, cfg.halfWidth()));
        }
    }
}
