package dev.trackgen.export;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** The simulator formats a track can be exported to, by their command-line names. */
public enum ExportFormat {
    /** F1TENTH gym / ROS {@code map_server}: occupancy image, its YAML, centerline CSV and start pose. */
    F1TENTH("f1tenth"),
    /** TUM racetrack-database centerline CSV ({@code x_m, y_m, w_tr_right_m, w_tr_left_m}). */
    TUM("tum"),
    /** AWS DeepRacer waypoints: {@code [N, 6]} float64 {@code .npy}. */
    DEEPRACER("deepracer"),
    /** Road mesh as glTF 2.0 binary ({@code .glb}). */
    GLTF("gltf"),
    /** Road mesh as Wavefront OBJ. */
    OBJ("obj"),
    /** Formula Student Driverless simulator custom map: {@code tag,x,y,direction,x_variance,y_variance,xy_covariance}, car start frame. */
    FSDS("fsds"),
    /** FSSIM track: the Gazebo SDF model of the cones and the track YAML with the start pose. */
    FSSIM("fssim");

    private final String id;

    ExportFormat(String id) {
        this.id = id;
    }

    /** @return the command-line name ({@code f1tenth}, {@code tum}, ...) */
    public String id() {
        return id;
    }

    /** @return every name, comma-separated, in declaration order */
    public static String knownNames() {
        return Arrays.stream(values()).map(ExportFormat::id).collect(Collectors.joining(", "));
    }

    /**
     * Parses a comma-separated list of names (case-insensitive, blanks around names ignored).
     *
     * @param list for example {@code "f1tenth,tum,gltf"}
     * @return the formats named, in declaration order
     * @throws IllegalArgumentException naming the first unknown or empty name and listing the known ones
     */
    public static Set<ExportFormat> parseList(String list) {
        EnumSet<ExportFormat> out = EnumSet.noneOf(ExportFormat.class);
        for (String raw : list.split(",", -1)) {
            String name = raw.strip().toLowerCase(Locale.ROOT);
            ExportFormat f = Arrays.stream(values()).filter(v -> v.id.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException((name.isEmpty() ? "empty format name"
                            : "unknown format '" + raw.strip() + "'") + "; known formats: " + knownNames()));
            out.add(f);
        }
        return out;
    }
}
