package dev.trackgen.cli.job;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.output.ConfigJson;
import dev.trackgen.cli.output.CourseOverlay;
import dev.trackgen.cli.output.GenerationReport;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import jakarta.inject.Inject;
import jakarta.inject.Provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One {@code generate} run: resolve and check everything that can be checked quickly (the
 * configuration, the runtime name, the output paths), then build the pipeline, generate one
 * batch, and write the {@code .npz} and the preview. Outputs are written to temporary files and
 * moved into place only when everything succeeded.
 */
public final class GenerationJob {
    private final GenerateRequest request;
    private final Provider<TrackGenConfig> config;
    private final RuntimeChoice runtimeChoice;
    private final Provider<RuntimeProvider> runtimeProvider;
    private final Provider<ComputeRuntime> runtime;
    private final RuntimeOptions runtimeOptions;
    private final GeneratorRegistry generators;
    private final RuntimeRegistry runtimes;
    private final NpzTrackWriter npzWriter;
    private final PreviewRenderer previewRenderer;
    private final Progress progress;
    private final ExportJob exportJob;

    /**
     * @param request         what was asked for
     * @param config          the resolved configuration (resolved on first use)
     * @param runtimeChoice   the runtime name and where it came from
     * @param runtimeProvider the checked provider of that runtime (fails fast on a bad name)
     * @param runtime         the runtime itself (created on first use, closed at exit)
     * @param runtimeOptions  options for runtimes the pipeline creates itself
     * @param generators      the registered generators
     * @param runtimes        the registered runtimes
     * @param npzWriter       the archive writer
     * @param previewRenderer the preview renderer
     * @param progress        stage lines
     * @param exportJob       the {@code --export} writer
     */
    @Inject
    public GenerationJob(GenerateRequest request, Provider<TrackGenConfig> config, RuntimeChoice runtimeChoice,
                         Provider<RuntimeProvider> runtimeProvider, Provider<ComputeRuntime> runtime,
                         RuntimeOptions runtimeOptions, GeneratorRegistry generators, RuntimeRegistry runtimes,
                         NpzTrackWriter npzWriter, PreviewRenderer previewRenderer, Progress progress,
                         ExportJob exportJob) {
        this.request = request;
        this.config = config;
        this.runtimeChoice = runtimeChoice;
        this.runtimeProvider = runtimeProvider;
        this.runtime = runtime;
        this.runtimeOptions = runtimeOptions;
        this.generators = generators;
        this.runtimes = runtimes;
        this.npzWriter = npzWriter;
        this.previewRenderer = previewRenderer;
        this.progress = progress;
        this.exportJob = exportJob;
    }

    /**
     * @return what was generated and written
     * @throws CliException and the configuration and registry exceptions, with one-line messages
     */
    public GenerationReport run() {
        TrackGenConfig cfg = config.get();
        runtimeProvider.get();
        try (OutputTransaction outputs = new OutputTransaction().protect("--config", request.configFile())) {
            Path npzTmp = request.out() != null ? outputs.stage("--out", request.out()) : null;
            Path pngTmp = request.preview() != null ? outputs.stage("--preview", request.preview()) : null;
            try (ExportJob.Session exports = exportJob.start(cfg)) {
                GenerationReport report = generateAndWrite(cfg, npzTmp, pngTmp, exports);
                outputs.commit();
                return report;
            } finally {
                progress.abortOpenStage();
            }
        }
    }

    private GenerationReport generateAndWrite(TrackGenConfig cfg, Path npzTmp, Path pngTmp, ExportJob.Session exports) {
        int e = cfg.numEnvs();
        Progress.Stage stage = progress.start("building pipeline");
        ComputeRuntime rt = runtime.get();
        TrackSnapshot snapshot;
        CourseOverlay overlay = null;
        double millis;
        String source = generators.entry(cfg.generator()).source();
        try (TrackGenerator generator = TrackGenerator.builder(cfg)
                .rng(PerEnvSeededRng.fromScalar(e, request.seed()))
                .runtime(rt)
                .generators(generators)
                .runtimes(runtimes)
                .runtimeOptions(runtimeOptions)
                .build()) {
            stage.done(cfg.generator() + " on " + (generator.generatorOnHost()
                    ? "the host (its kernels have Java bodies only), the rest on " + rt.name() : rt.name()));
            stage = progress.start("generating " + e + " tracks");
            long t0 = System.nanoTime();
            Track track = generator.generate();
            millis = (System.nanoTime() - t0) / 1e6;
            snapshot = track.snapshot();
            stage.done(null);
            if (pngTmp != null && request.previewCourse()) {
                stage = progress.start("placing start lines, checkpoints and grids");
                overlay = CourseOverlay.compute(track, cfg.halfWidth(), 4);
                stage.done(null);
            }
        }
        int valid = snapshot.validCount();
        YieldWarnings.of(cfg, snapshot).forEach(progress::warn);
        if (npzTmp != null) {
            stage = progress.start("writing npz " + request.out());
            try {
                // Record the runtime that actually ran ('auto' resolved), not the one asked for.
                npzWriter.write(snapshot, ConfigJson.of(cfg.toBuilder().runtime(rt.name()).build()), npzTmp);
            } catch (IOException | UncheckedIOException ex) {
                throw OutputTransaction.writeFailure("--out", request.out(), ex);
            }
            stage.done(null);
        }
        if (pngTmp != null) {
            stage = progress.start("writing preview " + request.preview());
            try {
                previewRenderer.write(previewRenderer.render(snapshot, title(cfg, valid, rt), overlay), pngTmp);
            } catch (IOException | UncheckedIOException ex) {
                throw OutputTransaction.writeFailure("--preview", request.preview(), ex);
            }
            stage.done(null);
        }
        exports.write(snapshot, cfg);
        return new GenerationReport(cfg.generator(), source, rt.name(), rt.describe(), runtimeChoice.name(),
                runtimeChoice.origin(), e,
                valid, millis, request.seed(), request.out(), request.preview());
    }

    private String title(TrackGenConfig cfg, int valid, ComputeRuntime rt) {
        return String.format(Locale.ROOT, "%s  \u00b7  E = %d  \u00b7  valid %d/%d (yield %.1f%%)  \u00b7  seed %d  \u00b7  %s",
                cfg.generator(), cfg.numEnvs(), valid, cfg.numEnvs(), 100.0 * valid / cfg.numEnvs(), request.seed(),
                rt.name());
    }
}
