package dev.trackgen.cli.job;


import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.output.OutputTransaction;
import dev.trackgen.cli.output.RacelineTrajectories;
import dev.trackgen.course.raceline.RacelineSnapshot;
import dev.trackgen.export.ExportFormat;
import dev.trackgen.export.F1tenthFormat;
import dev.trackgen.export.HeightfieldFormat;
import dev.trackgen.export.MjcfFormat;
import dev.trackgen.export.TerrainFormat;
import dev.trackgen.pipeline.HeightfieldOptions;
import dev.trackgen.export.ExportLimitException;
import dev.trackgen.export.ExportLimits;
import dev.trackgen.export.ExportSettings;
import dev.trackgen.export.MapGeometry;
import dev.trackgen.export.MapTooLargeException;
import dev.trackgen.export.RaceTrajectory;
import dev.trackgen.export.TrackExporter;
import dev.trackgen.export.WorldTrack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The {@code --export} part of a {@code generate} run: checks the folder and the knobs before any
 * work ({@link #start}), then writes every valid track of the batch into a folder of its own and
 * {@code index.json} last ({@link Session#write}).
 *
 * <p>Each env's files are staged in one {@link OutputTransaction} and moved into place together, so
 * an env folder holds all of its files or none of this run's; {@code index.json} is staged first
 * (which proves the folder writable) and moved into place after the last env. Before the first env
 * file is replaced, {@code index.json} is replaced by an index that says the run is incomplete
 * ({@code "complete": false}), so a run that fails or is killed halfway never leaves an older
 * index beside newer files; the final index says {@code "complete": true}.
 *
 * <p>Inside {@code --out-dir} no symbolic link is followed: a link where an env folder or file is to
 * be written is replaced by the real folder or file, and its target is left alone.
 */
public final class ExportJob {
    /** The index file name inside {@code --out-dir}. */
    public static final String INDEX = "index.json";
    private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private final GenerateRequest request;
    private final Progress progress;

    /**
     * @param request  the run's request ({@link GenerateRequest#export()} may be {@code null})
     * @param progress stage lines
     */
    public ExportJob(GenerateRequest request, Progress progress) {
        this.request = request;
        this.progress = progress;
    }

    /**
     * Checks everything that can be checked before generating: the folder (created if missing; not
     * empty without {@code --force}; writable) and the map size the knobs imply at the least.
     *
     * @param cfg the resolved configuration
     * @return the session to {@link Session#write write} the batch with; a no-op without {@code --export}
     * @throws CliException with one line naming the option at fault
     */
    public Session start(TrackGenConfig cfg) {
        ExportRequest x = request.export();
        if (x == null) {
            return new Session(null, null, null, null);
        }
        TrackExporter exporter = new TrackExporter(x.formats(), x.settings());
        double road = 2 * cfg.halfWidth() * x.settings().worldScale();
        if (!(road >= ExportLimits.MIN_ROAD_WIDTH_M)) {
            throw new CliException(String.format(Locale.ROOT, "--world-scale %s: makes the road %.4g m wide, less than the"
                    + " %s m an export can hold; use a larger world scale", x.settings().worldScale(), road,
                    ExportLimits.MIN_ROAD_WIDTH_M));
        }
        if (!(road <= ExportLimits.MAX_COORDINATE_M)) {
            throw new CliException(String.format(Locale.ROOT, "--world-scale %s: makes the road %.4g m wide, more than the"
                    + " %.0e m from the origin an export can hold; use a smaller world scale", x.settings().worldScale(),
                    road, ExportLimits.MAX_COORDINATE_M));
        }
        if (x.formats().stream().anyMatch(f -> f instanceof F1tenthFormat)) {
            checkMapKnobs(cfg, x.settings());
        }
        if (x.formats().stream().anyMatch(f -> f instanceof HeightfieldFormat || f instanceof MjcfFormat
                || f instanceof TerrainFormat)) {
            HeightfieldOptions hf = x.settings().heightfield();
            double scale = x.settings().worldScale();
            checkScaledLength("--heightfield-shoulder", hf.shoulder(), scale);
            checkScaledLength("--heightfield-falloff", hf.falloff(), scale);
            checkScaledLength("--heightfield-drop", hf.drop(), scale);
            checkScaledLength("--heightfield-padding", hf.padding(), scale);
        }
        Path dir = x.outDir();
        String flag = "--out-dir " + dir;
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new CliException(flag + ": is not a directory");
        }
        if (Files.isDirectory(dir) && !x.force() && !isEmpty(flag, dir)) {
            throw new CliException(flag + ": the folder is not empty; pass --force to replace files in it, or name a new folder");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CliException(flag + ": cannot create the folder (" + reason(e) + ")", e);
        }
        OutputTransaction index = new OutputTransaction().protect("--config", request.configFile()).replaceLinks();
        try {
            Path indexTmp = index.stage("--out-dir", dir.resolve(INDEX));
            return new Session(x, exporter, index, indexTmp);
        } catch (RuntimeException e) {
            index.close();
            throw e;
        }
    }

    /**
     * Refuses, before any work, a {@code --out} or {@code --preview} file inside {@code --out-dir}:
     * the export owns that folder (its {@code index.json}, env folders and their temporary files),
     * so another output there could replace an export file or be replaced by one. Links and
     * {@code ..} are resolved as far as the paths exist.
     *
     * @param request the run's request; nothing is checked without {@code --export}
     * @throws CliException with one line naming both options
     */
    public static void checkOutputsOutsideOutDir(GenerateRequest request) {
        ExportRequest x = request.export();
        if (x == null) {
            return;
        }
        Path dir = resolved("--out-dir " + x.outDir(), x.outDir());
        String[][] outputs = {{"--out", request.out() == null ? null : request.out().toString()},
            {"--preview", request.preview() == null ? null : request.preview().toString()}};
        for (String[] o : outputs) {
            if (o[1] != null && resolved(o[0] + " " + o[1], Path.of(o[1])).startsWith(dir)) {
                throw new CliException(o[0] + " " + o[1] + ": is inside --out-dir " + x.outDir()
                        + ", which the export writes; write it outside that folder");
            }
        }
    }

    /** The absolute, normalized path, with links resolved in the part of it that exists. */
    private static Path resolved(String what, Path p) {
        // a link is followed even when its target does not exist yet (a dangling link into the
        // out-dir would otherwise pass and then be written through), as OutputTransaction stages it
        Path abs = OutputTransaction.followLinks(what, p.toAbsolutePath().normalize());
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
        } catch (IOException e) {
            return abs;
        }
    }

    /**
     * The least map any track can have: the road's width plus margins and walls on both sides.
     * Tracks are only known after generating, so the exact size is checked again before writing.
     */
    /**
     * A heightfield length is given in world units and written in metres; the grid holds at most
     * {@link HeightfieldOptions#MAX_LENGTH} m, so a longer one is refused before any work instead
     * of being cut to that silently.
     */
    private static void checkScaledLength(String flag, float v, double worldScale) {
        double metres = v * worldScale;
        if (metres > HeightfieldOptions.MAX_LENGTH) {
            throw new CliException(String.format(Locale.ROOT, "%s %s: is %.4g m at --world-scale %s, more than the %.0e m"
                    + " a heightfield holds; lower it (or the world scale)", flag, v, metres, worldScale,
                    (double) HeightfieldOptions.MAX_LENGTH));
        }
    }

    private static void checkMapKnobs(TrackGenConfig cfg, ExportSettings s) {
        double road = 2 * cfg.halfWidth() * s.worldScale();
        if (road < 2 * s.resolution()) {
            throw new CliException(String.format(Locale.ROOT, "--map-resolution %s: the road (%.4g m wide at --world-scale %s)"
                    + " would be less than 2 pixels wide; use a finer resolution or a larger world scale",
                    s.resolution(), road, s.worldScale()));
        }
        try {
            MapGeometry.checkExtent(road, road, s);
        } catch (MapTooLargeException e) {
            throw new CliException(flag(e, s) + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param e a limit an export hit
     * @param s the export settings
     * @return the option (and its value) that sets what the exception blames
     */
    private static String flag(ExportLimitException e, ExportSettings s) {
        return switch (e.setting()) {
            case WORLD_SCALE -> "--world-scale " + s.worldScale();
            case CONE_SPACING -> "--cone-spacing " + s.coneSpacing();
            case MAP_RESOLUTION -> "--map-resolution " + s.resolution();
            case MAP_MARGIN -> "--map-margin " + s.margin();
            case MAP_WALLS -> "--map-walls " + s.wallThickness();
        };
    }

    private static boolean isEmpty(String flag, Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            return !entries.iterator().hasNext();
        } catch (IOException e) {
            throw new CliException(flag + ": cannot read the folder (" + reason(e) + ")", e);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof java.nio.file.NoSuchFileException || e instanceof java.nio.file.AccessDeniedException) {
            return e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : "a folder on the way cannot hold it (" + e.getMessage() + ")";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /** An export in progress; {@link #close()} removes what was staged and not committed. */
    public final class Session implements AutoCloseable {
        private final ExportRequest x;
        private final TrackExporter exporter;
        private final OutputTransaction index;
        private final Path indexTmp;

        private Session(ExportRequest x, TrackExporter exporter, OutputTransaction index, Path indexTmp) {
            this.x = x;
            this.exporter = exporter;
            this.index = index;
            this.indexTmp = indexTmp;
        }

        /**
         * Writes every valid track and then the index. Does nothing without {@code --export}.
         *
         * @param snapshot the batch
         * @param cfg      its configuration
         * @return how many tracks were written ({@code 0} without {@code --export})
         * @throws CliException if a map would be too large (before anything is written) or writing fails
         */
        public int write(TrackSnapshot snapshot, TrackGenConfig cfg) {
            return write(snapshot, cfg, null);
        }

        /**
         * Writes every valid track, with its racing line where the formats write one
         * ({@code raceline.csv} of {@code tum} and {@code f1tenth} under {@code --raceline}), then the index.
         *
         * @param snapshot the batch
         * @param cfg      its configuration
         * @param lines    the batch's racing lines ({@code null} without {@code --raceline})
         * @return how many tracks were written ({@code 0} without {@code --export})
         * @throws CliException if a map would be too large (before anything is written) or writing fails
         */
        public int write(TrackSnapshot snapshot, TrackGenConfig cfg, RacelineSnapshot lines) {
            if (x == null) {
                return 0;
            }
            int e = snapshot.numEnvs();
            List<Integer> valid = new ArrayList<>();
            for (int k = 0; k < e; k++) {
                if (snapshot.isValid(k)) {
                    valid.add(k);
                }
            }
            if (valid.isEmpty()) {
                progress.warn("no valid track to export; " + x.outDir().resolve(INDEX) + " lists the invalid envs");
            }
            double scale = x.settings().worldScale();
            for (int k : valid) {
                try {
                    exporter.check(WorldTrack.of(snapshot, k, scale));
                } catch (ExportLimitException ex) {
                    throw new CliException(flag(ex, x.settings()) + ": env " + k + ": " + ex.getMessage(), ex);
                }
            }
            markIncomplete(snapshot, cfg);
            int width = Math.max(5, String.valueOf(e - 1).length());
            Map<Integer, List<String>> files = new HashMap<>();
            String formats = exporter.formats().stream().map(ExportFormat::id).collect(Collectors.joining(", "));
            int chunk = valid.size() <= 50 ? Math.max(1, valid.size()) : (valid.size() + 9) / 10;
            for (int from = 0; from < valid.size(); from += chunk) {
                int to = Math.min(valid.size(), from + chunk);
                Progress.Stage stage = progress.start(chunk == valid.size()
                        ? "exporting " + valid.size() + " tracks (" + formats + ") to " + x.outDir()
                        : "exporting tracks " + (from + 1) + "-" + to + " of " + valid.size() + " (" + formats + ") to "
                        + x.outDir());
                for (int v = from; v < to; v++) {
                    int k = valid.get(v);
                    String name = String.format(Locale.ROOT, "env_%0" + width + "d", k);
                    RaceTrajectory line = lines != null && x.settings().raceline()
                            ? RacelineTrajectories.of(lines, k, scale) : null;
                    files.put(k, writeEnv(WorldTrack.of(snapshot, k, scale), line, name));
                }
                stage.done(null);
            }
            Progress.Stage stage = progress.start("writing " + x.outDir().resolve(INDEX));
            try {
                JSON.writeValue(indexTmp.toFile(), index(snapshot, cfg, files, width));
            } catch (IOException | UncheckedIOException ex) {
                throw new CliException("--out-dir " + x.outDir() + ": writing " + INDEX + " failed: " + ex.getMessage(), ex);
            }
            index.commit();
            stage.done(valid.size() + " written, " + (e - valid.size()) + " invalid skipped");
            return valid.size();
        }

        /**
         * Replaces {@code index.json} (an older run's, or none) by one that says this run has not
         * finished, before the first env file is replaced.
         */
        private void markIncomplete(TrackSnapshot snapshot, TrackGenConfig cfg) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("complete", false);
            m.put("status", "an export run started at " + Instant.now() + " has not finished (it is running, or it"
                    + " failed or was stopped): the env folders may hold files of this run and of earlier ones;"
                    + " run the export again");
            m.put("generator", cfg.generator());
            m.put("num_envs", snapshot.numEnvs());
            m.put("seed", request.seed());
            m.put("formats", exporter.formats().stream().map(ExportFormat::id).toList());
            try (OutputTransaction tx = new OutputTransaction().protect("--config", request.configFile()).replaceLinks()) {
                Path tmp = tx.stage("--out-dir", x.outDir().resolve(INDEX));
                try {
                    JSON.writeValue(tmp.toFile(), m);
                } catch (IOException | UncheckedIOException ex) {
                    throw new CliException("--out-dir " + x.outDir() + ": writing " + INDEX + " failed: " + ex.getMessage(), ex);
                }
                tx.commit();
            }
        }

        private List<String> writeEnv(WorldTrack track, RaceTrajectory line, String name) {
            Path envDir = x.outDir().resolve(name);
            try {
                if (Files.isSymbolicLink(envDir)) {
                    Files.delete(envDir); // the link goes, its target stays as it was
                }
                Files.createDirectories(envDir);
                if (!Files.isDirectory(envDir, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IOException("not a directory");
                }
            } catch (IOException ex) {
                throw new CliException("--out-dir " + x.outDir() + ": cannot create " + envDir + " (" + reason(ex) + ")", ex);
            }
            try (OutputTransaction tx = new OutputTransaction().protect("--config", request.configFile()).replaceLinks()) {
                Map<String, Path> tmp = new LinkedHashMap<>();
                for (String f : exporter.fileNames()) {
                    tmp.put(f, tx.stage("--out-dir", envDir.resolve(f)));
                }
                try {
                    exporter.write(track, line, name, tmp::get);
                } catch (IOException | UncheckedIOException ex) {
                    throw new CliException("--out-dir " + x.outDir() + ": writing " + name + " failed: " + ex.getMessage(), ex);
                }
                tx.commit();
            }
            return exporter.fileNames().stream().map(f -> name + "/" + f).toList();
        }

        /** The formats that bake the terrain heightfield (docs/elevation.md). */
        private static final java.util.Set<String> TERRAIN_FORMATS = java.util.Set.of("heightfield", "mjcf", "terrain");

        private Map<String, Object> index(TrackSnapshot s, TrackGenConfig cfg, Map<Integer, List<String>> files, int width) {
            ExportSettings st = x.settings();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("complete", true);
            m.put("generator", cfg.generator());
            m.put("num_envs", s.numEnvs());
            m.put("seed", request.seed());
            m.put("formats", exporter.formats().stream().map(ExportFormat::id).toList());
            Map<String, Object> settings = new LinkedHashMap<>();
            settings.put("world_scale_m_per_unit", st.worldScale());
            settings.put("map_resolution_m_per_px", st.resolution());
            settings.put("map_margin_m", st.margin());
            settings.put("map_wall_thickness_m", st.wallThickness());
            settings.put("map_pgm", st.pgm());
            settings.put("mesh_wall_height_m", st.wallHeight());
            settings.put("mesh_up_axis", st.upAxis().name().toLowerCase(Locale.ROOT));
            settings.put("cone_spacing_m", st.coneSpacing());
            if (st.raceline()) {
                settings.put("raceline", true);
            }
            if (exporter.formats().stream().anyMatch(f -> TERRAIN_FORMATS.contains(f.id()))) {
                // only with a terrain format, so that other exports' index stays as it was
                settings.put("heightfield_resolution", st.heightfield().resolution());
                settings.put("heightfield_shoulder", st.heightfield().shoulder());
                settings.put("heightfield_falloff", st.heightfield().falloff());
                settings.put("heightfield_drop", st.heightfield().drop());
                settings.put("heightfield_padding", st.heightfield().padding());
            }
            m.put("settings", settings);
            m.put("written", files.size());
            List<Integer> skipped = new ArrayList<>();
            List<Map<String, Object>> envs = new ArrayList<>();
            for (int k = 0; k < s.numEnvs(); k++) {
                Map<String, Object> env = new LinkedHashMap<>();
                env.put("env", k);
                env.put("seed", request.seed() + k);
                env.put("valid", s.isValid(k));
                if (s.isValid(k)) {
                    env.put("dir", String.format(Locale.ROOT, "env_%0" + width + "d", k));
                    env.put("points", s.count(k));
                    env.put("length_m", s.length()[k] * st.worldScale());
                    env.put("files", files.get(k));
                } else {
                    env.put("skipped", "invalid track");
                    skipped.add(k);
                }
                envs.add(env);
            }
            m.put("skipped_invalid", skipped);
            m.put("envs", envs);
            return m;
        }

        @Override
        public void close() {
            if (index != null) {
                index.close();
            }
        }
    }
}
