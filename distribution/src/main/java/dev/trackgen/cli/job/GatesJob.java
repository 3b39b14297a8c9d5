package dev.trackgen.cli.job;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.ResolvedConfig;
import dev.trackgen.cli.output.GatePreview;
import dev.trackgen.cli.output.JsonText;
import dev.trackgen.cli.output.NpzGateWriter;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.wiring.Platform;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.export.GateScene;
import dev.trackgen.export.ExportLimits;
import dev.trackgen.export.LsyGateToml;
import dev.trackgen.api.config.InvalidConfigException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One {@code gates} run: resolve the plan-view track configuration (as {@code generate} does) and
 * the gate knobs, build a {@link GateGenerator} on the run's runtime, generate one batch and write
 * the {@code .npz} and the preview (staged, moved into place only when everything succeeded).
 */
public final class GatesJob {
    private static final JsonMapper MAPPER = JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private final GatesRequest request;
    private final Platform platform;
    private final Progress progress;

    /**
     * @param request  what was asked for
     * @param platform configuration layers, registries, the chosen runtime
     * @param progress stage lines
     */
    /** The drone start's distance before gate 0's plane in the TOML files, world units. */
    private static final double LSY_START_DISTANCE = 0.05;

    private GateCourseSnapshot last;

    public GatesJob(GatesRequest request, Platform platform, Progress progress) {
        this.request = request;
        this.platform = platform;
        this.progress = progress;
    }

    /** What a run generated. */
    public record Report(String generator, String runtime, int envs, int valid, double millis, int seed, Path out,
                         Path preview) {
        /** @return the one-line human summary */
        public String human() {
            return String.format(Locale.ROOT, "gates %s on %s: %d of %d courses valid (yield %.1f%%), %.1f ms (seed %d)",
                    generator, runtime, valid, envs, 100.0 * valid / envs, millis, seed);
        }
    }

    /**
     * @return what was generated and written
     * @throws dev.trackgen.api.config.InvalidConfigException for a bad knob value, with a one-line message
     */
    public Report run() {
        ResolvedConfig resolved = platform.resolve();
        TrackGenConfig track = resolved.config();
        GateConfig config = gateConfig(track);
        platform.provider();
        try (OutputTransaction outputs = new OutputTransaction().protect("--config", request.configFile())) {
            Path npzTmp = request.out() != null ? outputs.stage("--out", request.out()) : null;
            Path pngTmp = request.preview() != null ? outputs.stage("--preview", request.preview()) : null;
            try {
                Report r = generateAndWrite(resolved, config, npzTmp, pngTmp);
                GateExportRequest x = request.exports();
                if (x.lsyDir() != null) {
                    checkExtent("--lsy-scale", x.lsyScale(), 0);
                }
                if (x.gltfDir() != null) {
                    checkExtent("--gltf-scale", x.gltfScale(), x.frameThickness() + x.frameDepth() + x.lineRadius());
                }
                outputs.commit();
                if (request.exports().lsyDir() != null) {
                    writeLsyToml(r);
                }
                if (request.exports().gltfDir() != null) {
                    writeGltf(r);
                }
                return r;
            } finally {
                progress.abortOpenStage();
            }
        }
    }

    private Report generateAndWrite(ResolvedConfig resolved, GateConfig config, Path npzTmp, Path pngTmp) {
        int e = config.numEnvs();
        Progress.Stage stage = progress.start("building gate generator");
        ComputeRuntime rt = platform.runtime();
        GateCourseSnapshot s;
        double millis;
        try (GateGenerator gen = GateGenerator.builder(config).generator(resolved.centerlineGenerator())
                .rng(PerEnvSeededRng.fromScalar(e, (int) config.seed())).runtime(rt)
                .hostRuntime(platform.launcher()::hostRuntime).build()) {
            stage.done(resolved.config().generator() + " plan view on " + rt.name());
            stage = progress.start("generating " + e + " gate courses");
            long t0 = System.nanoTime();
            s = gen.generate().snapshot();
            millis = (System.nanoTime() - t0) / 1e6;
            stage.done(null);
        }
        int valid = 0;
        for (int f : s.valid()) {
            valid += f != 0 ? 1 : 0;
        }
        if (valid == 0) {
            progress.warn("no gate course passed the validity gate (docs/gates.md, \"Validity\")");
        }
        String generator = resolved.config().generator();
        if (npzTmp != null) {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("track", resolved.config().toBuilder().runtime(rt.name()).build().asMap());
            json.put("gates", config.asMap());
            String text = JsonText.of(MAPPER, json);
            progress.run("writing npz " + request.out(), () -> OutputTransaction.write("--out", request.out(), npzTmp,
                    tmp -> new NpzGateWriter(request.compress()).write(s, text, tmp)));
        }
        if (pngTmp != null) {
            int v = valid;
            progress.run("writing preview " + request.preview(), () -> OutputTransaction.write("--preview",
                    request.preview(), pngTmp, tmp -> {
                        GatePreview p = new GatePreview(request.previewCourses(), 240);
                        p.write(p.render(s, String.format(Locale.ROOT,
                                "gates on %s  \u00b7  E = %d  \u00b7  valid %d/%d  \u00b7  %s, %s, %s  \u00b7  seed %d",
                                generator, e, v, e, config.gateOrdering().knobValue(), config.zProfile().knobValue(),
                                config.gateAlign().knobValue(), config.seed())), tmp);
                    }));
        }
        last = s;
        return new Report(generator, rt.name(), e, valid, millis, (int) config.seed(), request.out(), request.preview());
    }

    /**
     * The gate knobs: defaults, then the {@code --config} file's gate keys, then {@code --set}
     * (the file's keys are checked like {@code --set} values and named by the file on error).
     */
    private GateConfig gateConfig(TrackGenConfig track) {
        GateConfig.Builder b = GateConfig.builder().trackConfig(track).seed(request.seed());
        String where = platform.configDocument().describe();
        platform.claimedConfig().forEach((knob, value) -> {
            if (!(value instanceof Number || value instanceof String || value instanceof Boolean)) {
                throw new InvalidConfigException(knob, where + ": " + knob + " = " + value + " is not a single value");
            }
            try {
                b.set(knob, String.valueOf(value));
            } catch (InvalidConfigException e) {
                throw new InvalidConfigException(knob, where + ": " + e.getMessage());
            }
        });
        request.gateSettings().forEach(b::set);
        try {
            return b.build();
        } catch (InvalidConfigException e) {
            throw platform.claimedConfig().containsKey(e.knob()) && !request.gateSettings().containsKey(e.knob())
                    ? new InvalidConfigException(e.knob(), where + ": " + e.getMessage()) : e;
        }
    }

    /**
     * Refuses an export scale that puts a valid course's gates, frames or line farther from the
     * origin than an export can hold ({@link ExportLimits#MAX_COORDINATE_M}), before any file is
     * written.
     *
     * @param flag   the scale's option, for the message
     * @param scale  metres per world unit
     * @param margin world units added to each coordinate (frame and line sizes)
     */
    private void checkExtent(String flag, double scale, double margin) {
        GateCourseSnapshot s = last;
        double far = 0;
        for (int e = 0; e < s.numEnvs(); e++) {
            if (s.valid()[e] == 0) {
                continue;
            }
            for (int g = 0; g < s.count()[e]; g++) {
                int k = e * s.gMax() + g;
                double reach = s.halfSize()[k] + margin;
                for (int c = 0; c < 3; c++) {
                    far = Math.max(far, Math.abs(s.position()[3 * k + c]) + reach);
                }
            }
            for (int q = 0; q < s.lineCount()[e]; q++) {
                for (int c = 0; c < 3; c++) {
                    far = Math.max(far, Math.abs(s.linePoints()[3 * (e * s.lineMax() + q) + c]) + margin);
                }
            }
        }
        double metres = far * scale;
        if (!(metres <= ExportLimits.MAX_COORDINATE_M)) {
            throw new CliException(String.format(Locale.ROOT, "%s %s: puts the courses %.4g m from the origin, more than"
                    + " the %.0e m an export can hold; use a smaller scale", flag, scale, metres,
                    ExportLimits.MAX_COORDINATE_M));
        }
    }

    /**
     * Writes one file per valid env into {@code dir}, all or nothing, through an
     * {@link OutputTransaction}: each file is staged next to its place and every one moved in only
     * when all are written, so a failure (a full disk) leaves none of this run's files.
     */
    private void writeFolder(String flag, Path dir, String suffix, IntFileWriter writer) {
        GateCourseSnapshot s = last;
        try (OutputTransaction files = new OutputTransaction().replaceLinks()) {
            Files.createDirectories(dir);
            for (int e = 0; e < s.numEnvs(); e++) {
                if (s.valid()[e] != 0) {
                    String name = String.format(Locale.ROOT, "env_%05d", e);
                    writer.write(e, name, files.stage(flag, dir.resolve(name + suffix)));
                }
            }
            files.commit();
        } catch (IOException ex) {
            throw new CliException(flag + " " + dir + ": cannot write (" + ex.getMessage() + "); no file of this run "
                    + "was left there", ex);
        }
    }

    /** Writes env {@code e}'s file named {@code name} to {@code file}. */
    @FunctionalInterface
    private interface IntFileWriter {
        void write(int e, String name, Path file) throws IOException;
    }

    /** One lsy_drone_racing {@code [env.track]} TOML per valid env, after the staged outputs are in place. */
    private void writeLsyToml(Report r) {
        GateCourseSnapshot s = last;
        GateExportRequest x = request.exports();
        progress.run("writing " + r.valid() + " lsy_drone_racing TOML files to " + x.lsyDir(), () ->
                writeFolder("--lsy-toml", x.lsyDir(), ".toml",
                        (e, name, file) -> LsyGateToml.write(s, e, x.lsyScale(), LSY_START_DISTANCE, file)));
    }

    /** One glTF scene (gate frames and course line) per valid env. */
    private void writeGltf(Report r) {
        GateCourseSnapshot s = last;
        GateExportRequest x = request.exports();
        progress.run("writing " + r.valid() + " glTF scenes to " + x.gltfDir(), () ->
                writeFolder("--gltf", x.gltfDir(), ".glb", (e, name, file) ->
                        GateScene.of(s, e, x.gltfScale(), x.frameThickness(), x.frameDepth(), x.lineRadius(), x.up())
                                .writeGlb(name, file)));
    }
}
