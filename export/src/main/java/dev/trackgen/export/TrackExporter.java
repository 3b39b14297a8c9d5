package dev.trackgen.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
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
 * </table>
 *
 * <p>The map YAML names the PGM when PGM is on (ROS {@code map_server}'s usual format), else the PNG.
 * The caller decides where each name goes (for example a temporary file to be renamed).
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
    /** Start pose YAML. */
    public static final String START_POSE = "start_pose.yaml";
    /** DeepRacer waypoints. */
    public static final String WAYPOINTS_NPY = "waypoints.npy";
    /** glTF 2.0 binary mesh. */
    public static final String ROAD_GLB = "road.glb";
    /** Wavefront OBJ mesh. */
    public static final String ROAD_OBJ = "road.obj";
    /** FSDS cone CSV. */
    public static final String CONES_CSV = "cones.csv";
    /** FSSIM track YAML (its {@code tracks_yaml/NAME.yaml}). */
    public static final String FSSIM_YAML = "fssim_track.yaml";
    /** FSSIM Gazebo track model (its {@code models/track/NAME.sdf}). */
    public static final String FSSIM_SDF = "fssim_track.sdf";

    private final Set<ExportFormat> formats;
    private final ExportSettings settings;
    private final List<String> fileNames;

    /**
     * @param formats  at least one format
     * @param settings the knobs
     * @throws IllegalArgumentException if no format is given
     */
    public TrackExporter(Set<ExportFormat> formats, ExportSettings settings) {
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no export format given; known formats: " + ExportFormat.knownNames());
        }
        this.formats = Collections.unmodifiableSet(EnumSet.copyOf(formats));
        this.settings = settings;
        List<String> names = new ArrayList<>();
        if (formats.contains(ExportFormat.F1TENTH)) {
            names.add(MAP_PNG);
            if (settings.pgm()) {
                names.add(MAP_PGM);
            }
            names.add(MAP_YAML);
            names.add(START_POSE);
        }
        if (formats.contains(ExportFormat.F1TENTH) || formats.contains(ExportFormat.TUM)) {
            names.add(CENTERLINE_CSV);
        }
        if (formats.contains(ExportFormat.DEEPRACER)) {
            names.add(WAYPOINTS_NPY);
        }
        if (formats.contains(ExportFormat.GLTF)) {
            names.add(ROAD_GLB);
        }
        if (formats.contains(ExportFormat.OBJ)) {
            names.add(ROAD_OBJ);
        }
        if (formats.contains(ExportFormat.FSDS)) {
            names.add(CONES_CSV);
        }
        if (formats.contains(ExportFormat.FSSIM)) {
            names.add(FSSIM_SDF);
            names.add(FSSIM_YAML);
        }
        this.fileNames = List.copyOf(names);
    }

    /** @return the formats */
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
     * coordinates and road width, its cone counts (cone formats) and its map's size ({@code f1tenth}).
     *
     * @param track the track
     * @throws ExportLimitException naming the setting at fault ({@link MapTooLargeException} for the map)
     */
    public void check(WorldTrack track) {
        ExportLimits.checkCoordinates(track, settings.worldScale());
        if (formats.contains(ExportFormat.FSDS) || formats.contains(ExportFormat.FSSIM)) {
            ConeLayout.check(track, settings.coneSpacing());
        }
        if (formats.contains(ExportFormat.F1TENTH)) {
            MapGeometry.of(track, settings);
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
        check(track);
        if (formats.contains(ExportFormat.F1TENTH)) {
            OccupancyMap map = OccupancyMap.render(track, settings);
            map.writePng(target.apply(MAP_PNG));
            if (settings.pgm()) {
                map.writePgm(target.apply(MAP_PGM));
            }
            Files.writeString(target.apply(MAP_YAML), map.yaml(settings.pgm() ? MAP_PGM : MAP_PNG), StandardCharsets.UTF_8);
            StartPoseYaml.write(track.startPose(), target.apply(START_POSE));
        }
        if (fileNames.contains(CENTERLINE_CSV)) {
            TumCsv.write(track, target.apply(CENTERLINE_CSV));
        }
        if (formats.contains(ExportFormat.DEEPRACER)) {
            DeepRacerWaypoints.write(track, target.apply(WAYPOINTS_NPY));
        }
        if (formats.contains(ExportFormat.GLTF) || formats.contains(ExportFormat.OBJ)) {
            RoadMesh mesh = RoadMesh.of(track, settings.wallHeight(), settings.upAxis());
            if (formats.contains(ExportFormat.GLTF)) {
                GlbWriter.write(mesh, name, target.apply(ROAD_GLB));
            }
            if (formats.contains(ExportFormat.OBJ)) {
                ObjWriter.write(mesh, name, target.apply(ROAD_OBJ));
            }
        }
        if (formats.contains(ExportFormat.FSDS) || formats.contains(ExportFormat.FSSIM)) {
            ConeLayout cones = ConeLayout.of(track, settings.coneSpacing());
            if (formats.contains(ExportFormat.FSDS)) {
                FsdsCones.write(cones, track.startPose(), target.apply(CONES_CSV));
            }
            if (formats.contains(ExportFormat.FSSIM)) {
                FssimTrack.writeSdf(track, cones, name, target.apply(FSSIM_SDF));
                FssimTrack.writeYaml(track, cones, target.apply(FSSIM_YAML));
            }
        }
    }
}
