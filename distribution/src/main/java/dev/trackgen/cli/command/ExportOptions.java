package dev.trackgen.cli.command;

import dev.trackgen.pipeline.HeightfieldOptions;

import dev.trackgen.cli.CliException;
import dev.trackgen.cli.job.ExportRequest;
import dev.trackgen.export.ExportFormats;
import dev.trackgen.export.ExportLimits;
import dev.trackgen.export.ExportSettings;
import dev.trackgen.export.UpAxis;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code generate}'s simulator-export options (docs/export.md). */
final class ExportOptions {
    @Option(names = "--export", paramLabel = "FORMATS",
            description = "Write every valid track in these formats (comma-separated): f1tenth, tum, deepracer, gltf, obj, fsds, fssim, heightfield, mjcf, terrain.")
    String formats;

    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "Folder for --export: index.json and one folder per valid env (created if missing).")
    Path outDir;

    @Option(names = "--force", description = "Write into a non-empty --out-dir, replacing files of the same names.")
    boolean force;

    @Option(names = "--world-scale", paramLabel = "M", defaultValue = "" + ExportSettings.DEFAULT_WORLD_SCALE,
            description = "Metres per track unit (default: ${DEFAULT-VALUE}: the default half-width 0.1 makes a 2.2 m road).")
    double worldScale;

    @Option(names = "--map-resolution", paramLabel = "M", defaultValue = "" + ExportSettings.DEFAULT_RESOLUTION,
            description = "f1tenth maps: metres per pixel (default: ${DEFAULT-VALUE}).")
    double resolution;

    @Option(names = "--map-margin", paramLabel = "M", defaultValue = "" + ExportSettings.DEFAULT_MARGIN,
            description = "f1tenth maps: occupied space around the track, metres (default: ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--map-walls", paramLabel = "M", defaultValue = "0",
            description = "f1tenth maps: walls this thick along the borders instead of filling all off-road space (0 = fill).")
    double wallThickness;

    @Option(names = "--pgm", description = "f1tenth maps: also write map.pgm, and name it in map.yaml.")
    boolean pgm;

    @Option(names = "--mesh-walls", paramLabel = "H", defaultValue = "0",
            description = "gltf/obj meshes: border walls this high, metres (0 = road surface only).")
    double wallHeight;

    @Option(names = "--up", paramLabel = "AXIS", defaultValue = "y",
            description = "gltf/obj meshes: the up axis, y (default, glTF's) or z.")
    String up;

    @Option(names = "--cone-spacing", paramLabel = "M", defaultValue = "" + ExportSettings.DEFAULT_CONE_SPACING,
            description = "fsds/fssim cones: spacing along each border, metres, snapped per border so the ring closes (default: ${DEFAULT-VALUE}).")
    double coneSpacing;

    @Option(names = "--heightfield-res", paramLabel = "N", defaultValue = "128",
            description = "heightfield/mjcf/terrain: grid cells per side, [8, 4096] (default: ${DEFAULT-VALUE}).")
    int hfResolution;

    @Option(names = "--heightfield-shoulder", paramLabel = "L", defaultValue = "0.05",
            description = "heightfield/mjcf/terrain: level shoulder beyond each border, track units (default: ${DEFAULT-VALUE}).")
    float hfShoulder;

    @Option(names = "--heightfield-falloff", paramLabel = "L", defaultValue = "0.2",
            description = "heightfield/mjcf/terrain: width of the smooth fall from the shoulder to the floor, track units (default: ${DEFAULT-VALUE}).")
    float hfFalloff;

    @Option(names = "--heightfield-drop", paramLabel = "L", defaultValue = "0",
            description = "heightfield/mjcf/terrain: floor depth below the track's lowest road height, track units (default: ${DEFAULT-VALUE}).")
    float hfDrop;

    @Option(names = "--heightfield-padding", paramLabel = "L", defaultValue = "0",
            description = "heightfield/mjcf/terrain: grid margin beyond the road per side, track units (0 = shoulder + falloff + a tenth of the track).")
    float hfPadding;

    /**
     * @return the export asked for, or {@code null} when {@code --export} is absent
     * @throws CliException naming the option of the first bad value
     */
    ExportRequest request() {
        return request(false);
    }

    /**
     * @param scaleUsed whether {@code --raceline} is given: it reads {@code --world-scale} too (so that
     *                  is not refused without {@code --export}), and {@code tum} / {@code f1tenth}
     *                  then write {@code raceline.csv}
     */
    ExportRequest request(boolean scaleUsed) {
        if (formats == null) {
            if (outDir != null) {
                throw new CliException("--out-dir " + outDir + ": give the formats with --export (known: "
                        + ExportFormats.knownNames() + ")");
            }
            String stray = strayExportOption();
            if (stray != null && !(scaleUsed && stray.startsWith("--world-scale"))) {
                throw new CliException(stray + ": applies to --export only; add --export FORMATS --out-dir DIR, or drop it");
            }
            return null;
        }
        if (outDir == null) {
            throw new CliException("--export " + formats + ": give the folder with --out-dir DIR");
        }
        if (outDir.toString().isBlank()) {
            throw new CliException("--out-dir: no folder name given");
        }
        ExportSettings.Builder b = ExportSettings.builder();
        try {
            var set = ExportFormats.parseList(formats);
            b.worldScale(checkPositive("--world-scale", worldScale)).resolution(checkPositive("--map-resolution", resolution))
                    .margin(checkNonNegative("--map-margin", margin))
                    .wallThickness(checkNonNegative("--map-walls", wallThickness)).pgm(pgm)
                    .wallHeight(checkWallHeight(wallHeight))
                    .coneSpacing(checkConeSpacing(coneSpacing)).raceline(scaleUsed)
                    .heightfield(HeightfieldOptions.builder().resolution(hfResolution).shoulder(hfShoulder)
                            .falloff(hfFalloff).drop(hfDrop).padding(hfPadding).build());
            try {
                b.upAxis(UpAxis.parse(up));
            } catch (IllegalArgumentException e) {
                throw new CliException("--up " + up + ": " + e.getMessage());
            }
            return new ExportRequest(set, outDir, force, b.build());
        } catch (CliException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new CliException("--export " + formats + ": " + e.getMessage(), e);
        }
    }

    private static double checkConeSpacing(double v) {
        checkPositive("--cone-spacing", v);
        if (v < ExportSettings.MIN_CONE_SPACING) {
            throw new CliException("--cone-spacing " + v + ": must be at least " + ExportSettings.MIN_CONE_SPACING
                    + " m (closer cones would overlap)");
        }
        return v;
    }

    /** @return {@code --world-scale}, checked: metres per track unit */
    double worldScale() {
        return checkPositive("--world-scale", worldScale);
    }

    /** @return the first export option given a value other than its default, with that value, or null */
    private String strayExportOption() {
        if (force) {
            return "--force";
        }
        if (pgm) {
            return "--pgm";
        }
        double[] values = {worldScale, resolution, margin, wallThickness, wallHeight, coneSpacing, hfResolution,
            hfShoulder, hfFalloff, hfDrop, hfPadding};
        HeightfieldOptions hf = HeightfieldOptions.DEFAULTS;
        double[] defaults = {ExportSettings.DEFAULT_WORLD_SCALE, ExportSettings.DEFAULT_RESOLUTION,
            ExportSettings.DEFAULT_MARGIN, 0, 0, ExportSettings.DEFAULT_CONE_SPACING, hf.resolution(), hf.shoulder(),
            hf.falloff(), hf.drop(), hf.padding()};
        String[] names = {"--world-scale", "--map-resolution", "--map-margin", "--map-walls", "--mesh-walls",
            "--cone-spacing", "--heightfield-res", "--heightfield-shoulder", "--heightfield-falloff",
            "--heightfield-drop", "--heightfield-padding"};
        for (int i = 0; i < values.length; i++) {
            if (Double.compare(values[i], defaults[i]) != 0) {
                return names[i] + " " + values[i];
            }
        }
        return "y".equals(up) ? null : "--up " + up;
    }

    private static double checkWallHeight(double v) {
        checkNonNegative("--mesh-walls", v);
        if (v > ExportLimits.MAX_COORDINATE_M) {
            throw new CliException("--mesh-walls " + v + ": walls higher than " + ExportLimits.MAX_COORDINATE_M
                    + " m are more than an export can hold");
        }
        return v;
    }

    private static double checkPositive(String flag, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new CliException(flag + " " + v + ": must be a positive number");
        }
        return v;
    }

    private static double checkNonNegative(String flag, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new CliException(flag + " " + v + ": must be a number >= 0");
        }
        return v;
    }
}
