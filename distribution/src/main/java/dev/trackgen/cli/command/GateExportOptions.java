package dev.trackgen.cli.command;

import dev.trackgen.cli.CliException;
import dev.trackgen.cli.job.GateExportRequest;
import dev.trackgen.export.UpAxis;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code gates}' export options: lsy_drone_racing TOML and glTF scenes (docs/gates.md, "Exports"). */
final class GateExportOptions {
    static final double DEFAULT_FRAME = 0.02;
    static final double DEFAULT_LINE_RADIUS = 0.004;

    @Option(names = "--lsy-toml", paramLabel = "DIR",
            description = "Write each valid course as lsy_drone_racing's [env.track] TOML, DIR/env_00000.toml ... "
                    + "(docs/export.md; the folder and its parents are created if missing).")
    Path lsyDir;

    @Option(names = "--lsy-scale", paramLabel = "M",
            description = "Metres per world unit in the --lsy-toml files (default: 1).")
    Double lsyScale;

    @Option(names = "--gltf", paramLabel = "DIR",
            description = "Write each valid course as a glTF 2.0 scene of its gate frames and course line, "
                    + "DIR/env_00000.glb ... (created if missing).")
    Path gltfDir;

    @Option(names = "--gltf-scale", paramLabel = "M", description = "Metres per world unit in the --gltf scenes (default: 1).")
    Double gltfScale;

    @Option(names = "--up", paramLabel = "AXIS", description = "--gltf scenes: the up axis, y (default, glTF's) or z.")
    String up;

    @Option(names = "--frame-thickness", paramLabel = "T",
            description = "--gltf scenes: gate frame member thickness, world units (default: " + DEFAULT_FRAME + ").")
    Double frameThickness;

    @Option(names = "--frame-depth", paramLabel = "D",
            description = "--gltf scenes: gate frame member depth along the gate's axis, world units (default: "
                    + DEFAULT_FRAME + ").")
    Double frameDepth;

    @Option(names = "--line-radius", paramLabel = "R",
            description = "--gltf scenes: course-line tube radius, world units (default: " + DEFAULT_LINE_RADIUS + ").")
    Double lineRadius;

    @Option(names = "--force", description = "Write into a non-empty --lsy-toml or --gltf folder, replacing files of the same names.")
    boolean force;

    /**
     * @return the exports asked for, checked
     * @throws CliException naming the option of the first bad or stray value
     */
    GateExportRequest request() {
        if (lsyDir == null && lsyScale != null) {
            throw new CliException("--lsy-scale " + lsyScale + ": applies to --lsy-toml only; add --lsy-toml DIR, or drop it");
        }
        if (gltfDir == null) {
            String stray = gltfScale != null ? "--gltf-scale " + gltfScale : up != null ? "--up " + up
                    : frameThickness != null ? "--frame-thickness " + frameThickness
                    : frameDepth != null ? "--frame-depth " + frameDepth
                    : lineRadius != null ? "--line-radius " + lineRadius : null;
            if (stray != null) {
                throw new CliException(stray + ": applies to --gltf only; add --gltf DIR, or drop it");
            }
        }
        if (force && lsyDir == null && gltfDir == null) {
            throw new CliException("--force: applies to --lsy-toml and --gltf only; add one, or drop it");
        }
        double ls = positive("--lsy-scale", lsyScale, 1, "metres per world unit");
        double gs = positive("--gltf-scale", gltfScale, 1, "metres per world unit");
        double t = positive("--frame-thickness", frameThickness, DEFAULT_FRAME, "world units");
        double d = positive("--frame-depth", frameDepth, DEFAULT_FRAME, "world units");
        double r = positive("--line-radius", lineRadius, DEFAULT_LINE_RADIUS, "world units");
        UpAxis axis;
        try {
            axis = up == null ? UpAxis.Y : UpAxis.parse(up);
        } catch (IllegalArgumentException e) {
            throw new CliException("--up " + up + ": " + e.getMessage());
        }
        folder("--lsy-toml", lsyDir);
        folder("--gltf", gltfDir);
        return new GateExportRequest(lsyDir, ls, gltfDir, gs, axis, t, d, r, force);
    }

    private static double positive(String flag, Double v, double dflt, String unit) {
        if (v == null) {
            return dflt;
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new CliException(flag + " " + v + ": must be a finite number > 0 (" + unit + ")");
        }
        return v;
    }

    /** A folder that is a file, or not empty without {@code --force}, is refused before any work. */
    private void folder(String flag, Path dir) {
        if (dir == null) {
            return;
        }
        if (dir.toString().isBlank()) {
            throw new CliException(flag + ": no folder name given");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new CliException(flag + " " + dir + ": is a file, not a folder");
        }
        if (Files.isDirectory(dir) && !force) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                if (entries.iterator().hasNext()) {
                    throw new CliException(flag + " " + dir + ": the folder is not empty (files of another run would mix "
                            + "with this one's); pass --force to replace files in it, or name a new folder");
                }
            } catch (IOException e) {
                throw new CliException(flag + " " + dir + ": cannot read the folder (" + e.getMessage() + ")", e);
            }
        }
    }
}
