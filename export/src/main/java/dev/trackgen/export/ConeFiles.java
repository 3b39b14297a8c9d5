package dev.trackgen.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The cone formats of driving simulators, from a {@link ConeLayout}:
 * <ul>
 *   <li>Formula Student Driverless simulator (FSDS) track CSV: one line per cone,
 *       {@code tag,x,y,direction,x_variance,y_variance,xy_covariance} with tags {@code blue}
 *       (left), {@code yellow} (right) and {@code orange} (start), direction and variances 0, no
 *       header line;</li>
 *   <li>FSSIM track YAML: lists {@code cones_left}, {@code cones_right}, {@code cones_orange} of
 *       {@code [x, y]}, plus {@code starting_pose_front_wing: [x, y, yaw]} (the start pose).</li>
 * </ul>
 * Metres in the track's world frame.
 */
public final class ConeFiles {
    private ConeFiles() {
    }

    /**
     * @param cones the cones
     * @param path  the CSV to write
     * @throws IOException if writing fails
     */
    public static void writeFsdsCsv(ConeLayout cones, Path path) throws IOException {
        StringBuilder b = new StringBuilder();
        lines(b, "blue", cones.left());
        lines(b, "yellow", cones.right());
        lines(b, "orange", cones.orange());
        Files.writeString(path, b.toString(), StandardCharsets.UTF_8);
    }

    private static void lines(StringBuilder b, String tag, double[] xy) {
        for (int k = 0; k < xy.length; k += 2) {
            b.append(tag).append(',').append(num(xy[k])).append(',').append(num(xy[k + 1])).append(",0,0,0,0\n");
        }
    }

    /**
     * @param cones the cones
     * @param start the start pose
     * @param path  the YAML to write
     * @throws IOException if writing fails
     */
    public static void writeFssimYaml(ConeLayout cones, StartPose start, Path path) throws IOException {
        StringBuilder b = new StringBuilder();
        list(b, "cones_left", cones.left());
        list(b, "cones_right", cones.right());
        list(b, "cones_orange", cones.orange());
        b.append("cones_orange_big: []\n");
        b.append("starting_pose_front_wing: [").append(num(start.x())).append(", ").append(num(start.y())).append(", ")
                .append(num(start.yaw())).append("]\n");
        Files.writeString(path, b.toString(), StandardCharsets.UTF_8);
    }

    private static void list(StringBuilder b, String key, double[] xy) {
        b.append(key).append(':');
        if (xy.length == 0) {
            b.append(" []\n");
            return;
        }
        b.append('\n');
        for (int k = 0; k < xy.length; k += 2) {
            b.append("  - [").append(num(xy[k])).append(", ").append(num(xy[k + 1])).append("]\n");
        }
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
