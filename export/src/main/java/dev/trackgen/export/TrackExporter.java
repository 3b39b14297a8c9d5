package dev.trackgen.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Writes one track in a chosen set of formats, as a fixed set of file names (a folder per track):
 *
 * <table>
 *   <caption>files per format</caption>
 *   <tr><th>format</th><th>files</th></tr>
 *   <tr><td>{@code f1tenth}</td><td>{@value #MAP_PNG}, {@value #MAP_PGM} (with PGM on), {@value #MAP_YAML},
 *       {@value #CENTERLINE_CSV}, {@value #START_POSE}</td></tr>
 *   <tr><td>{@code tum}</td><td>{@value #CENTERLINE_CSV}</td></tr>
 *   <tr><td>{@code deepracer}</td><td>{@value #WAYPOINTS_NPY}</td></tr>
 *   <tr><td>{@code gltf}</td><td>{@value #ROAD_GLB}</td></tr>
 *   <tr><td>{@code obj}</td><td>{@value #ROAD_OBJ}</td></tr>
 *   <tr><td>{@code fsds}</td><td>{@value #CONES_CSV}</td></tr>
 *   <tr><td>{@code fssim}</td><td>{@value #FSSIM_SDF}, {@value #FSSIM_YAML}</td></tr>
 *   <tr><td>{@code heightfield}</td><td>{@value #HEIGHTFIELD_PNG}, {@value #HEIGHTFIELD_JSON}</td></tr>
 *   <tr><td>{@code mjcf}</td><td>{@value #HEIGHTFIELD_BIN}, {@value #HEIGHTFIELD_MJCF}</td></tr>
 *   <tr><td>{@code terrain}</td><td>{@value #TERRAIN_GLB}, {@value #TERRAIN_OBJ}</td></tr>
 * </table>
 *
 * <p>The map YAML names the PGM when PGM is on (ROS {@code map_server}'s usual format), else the PNG.
 * The caller decides where each name goes (for example a temporary file to be renamed). Each
 * format is one {@link ExportFormat} class ({@link ExportFormats} lists them, plug-ins' included); a
 * file name two formats share ({@value #CENTERLINE_CSV}) is written once, by the first.
 */
public final class TrackExporter {
    /** Occupancy image, PNG. */
    public static final String MAP_PNG = "map.png";
    /** Occupancy image, binary PGM. */
    public static final String MAP_PGM = "map.pgm";
    /** {@code map_server} YAML. */
    public static final String MAP_YAML = "map.yaml";
    /** TUM / F1TENTH centerline CSV. */
    public static final String CENTERLINE_CSV = "centerline.csv";
    /** The racing line in TUM's race-trajectory layout ({@code tum} and {@code f1tenth} with {@link ExportSettings#raceline()}). */
    public static final String RACELINE_CSV = "raceline.csv";
    /** Start pose YAML. */
    public static final String START_POSE = "start_pose.yaml";
    /** DeepRacer waypoints. */
    public static final String WAYPOINTS_NPY = "waypoints.npy";
    /** glTF 2.0 binary mesh. */
    public static final String ROAD_GLB = "road.glb";
    /** Wavefront OBJ mesh. */
    public static final String ROAD_OBJ = "road.obj";
    /** {@code heightfield}: the terrain's 16-bit grey PNG heightmap. */
    public static final String HEIGHTFIELD_PNG = "heightfield.png";
    /** {@code heightfield}: the heightmap's metadata (size, cell, origin, z range). */
    public static final String HEIGHTFIELD_JSON = "heightfield.json";
    /** {@code mjcf}: the terrain in MuJoCo's binary hfield format. */
    public static final String HEIGHTFIELD_BIN = "heightfield.bin";
    /** {@code mjcf}: a MuJoCo model with the terrain as an hfield asset and geom. */
    public static final String HEIGHTFIELD_MJCF = "heightfield.xml";
    /** {@code terrain}: the terrain mesh, glTF 2.0 binary. */
    public static final String TERRAIN_GLB = "terrain.glb";
    /** {@code terrain}: the terrain mesh, Wavefront OBJ. */
    public static final String TERRAIN_OBJ = "terrain.obj";
    /** FSDS cone CSV. */
    public static final String CONES_CSV = "cones.csv";
    /** FSSIM track YAML (its {@code tracks_yaml/NAME.yaml}). */
    public static final String FSSIM_YAML = "fssim_track.yaml";
    /** FSSIM Gazebo track model (its {@code models/track/NAME.sdf}). */
    public static final String FSSIM_SDF = "fssim_track.sdf";

    private final Set<ExportFormat> formats;
    private final ExportSettings settings;
    private final List<ExportFile> files;
    private final List<String> fileNames;

    /**
     * @param formats  at least one format
     * @param settings the knobs
     * @throws IllegalArgumentException if no format is given
     */
    public TrackExporter(Set<? extends ExportFormat> formats, ExportSettings settings) {
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no export format given; known formats: " + ExportFormats.knownNames());
        }
        this.formats = Collections.unmodifiableSet(ExportFormats.inOrder(formats));
        this.settings = settings;
        Map<String, ExportFile> byName = new LinkedHashMap<>();
        for (ExportFormat f : this.formats) {
            for (ExportFile file : f.files(settings)) {
                byName.putIfAbsent(file.name(), file); // a name two formats share is written once
            }
        }
        this.files = List.copyOf(byName.values());
        this.fileNames = List.copyOf(byName.keySet());
    }

    /** @return the formats, in the registry's order */
    public Set<ExportFormat> formats() {
        return formats;
    }

    /** @return the knobs */
    public ExportSettings settings() {
        return settings;
    }

    /** @return the file names every track gets, in writing order */
    public List<String> fileNames() {
        return fileNames;
    }

    /**
     * Checks, without writing, that every format can hold the track ({@link ExportLimits}): its
     * coordinates and road width, then each format's own limits in the formats' order (cone counts
     * of the cone formats, the map's size of {@code f1tenth}).
     *
     * @param track the track
     * @throws ExportLimitException naming the setting at fault ({@link MapTooLargeException} for the map)
     */
    public void check(WorldTrack track) {
        check(new ExportContext(track, null, settings));
    }

    private void check(ExportContext context) {
        ExportLimits.checkCoordinates(context.track(), settings.worldScale());
        for (ExportFormat f : formats) {
            f.check(context);
        }
    }

    /**
     * Writes every file of the track.
     *
     * @param track  the track, metres
     * @param name   the track's name inside meshes (for example {@code env_00007})
     * @param target where each of {@link #fileNames()} is to be written (existing files are overwritten)
     * @throws IOException          if writing fails
     * @throws ExportLimitException if a format cannot hold the track ({@link #check})
     */
    public void write(WorldTrack track, String name, Function<String, Path> target) throws IOException {
        write(track, null, name, target);
    }

    /**
     * Writes every file of the track, the racing line's among them when the settings ask for it.
     *
     * @param track    the track, metres
     * @param raceline its racing line, metres ({@code null}: none; then {@link ExportSettings#raceline()} must be off)
     * @param name     the track's name inside meshes (for example {@code env_00007})
     * @param target   where each of {@link #fileNames()} is to be written (existing files are overwritten)
     * @throws IOException           if writing fails
     * @throws ExportLimitException  if a format cannot hold the track ({@link #check})
     * @throws IllegalStateException if the settings ask for the racing line and none is given
     */
    public void write(WorldTrack track, RaceTrajectory raceline, String name, Function<String, Path> target)
            throws IOException {
        ExportContext context = new ExportContext(track, name, settings, raceline);
        check(context);
        for (ExportFile file : files) {
            file.writer().write(context, target.apply(file.name()));
        }
    }
}
