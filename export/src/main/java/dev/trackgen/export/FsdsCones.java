package dev.trackgen.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A custom map of the Formula Student Driverless Simulator (FSDS): one CSV line per cone,
 * {@code tag,x,y,direction,x_variance,y_variance,xy_covariance}, no header, in metres, as its
 * documentation (docs/custom-mapping.md) and its loader ({@code custom_map_loader.cpp}) read it:
 *
 * <ul>
 *   <li>tags {@code blue} (left border), {@code yellow} (right border) and {@code big_orange} (the
 *       two start cones); the loader keeps only these three and drops any other tag;</li>
 *   <li>positions in the car's start frame: the car spawns at the origin facing {@code +x}, with
 *       {@code +y} to its left (the loader mirrors {@code y} into Unreal's left-handed frame), so
 *       every cone is written relative to the track's start pose;</li>
 *   <li>exactly two big orange cones on the start line, the right one first: the loader places the
 *       finish line at their mean and turns it by {@code atan2(y0 - y1, x0 - x1) - 90°} in its frame,
 *       which is the car's heading for this order;</li>
 *   <li>direction and variances 0 (unused by the simulator).</li>
 * </ul>
 */
public final class FsdsCones {
    private FsdsCones() {
    }

    /**
     * @param cones the cones, world frame
     * @param start the car's start pose, world frame; the file's origin and {@code +x} axis
     * @param path  the CSV to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(ConeLayout cones, StartPose start, Path path) throws IOException {
        StringBuilder b = new StringBuilder();
        double[] s = cones.start();
        line(b, "big_orange", s[2], s[3], start);
        line(b, "big_orange", s[0], s[1], start);
        lines(b, "blue", cones.left(), start);
        lines(b, "yellow", cones.right(), start);
        Files.writeString(path, b.toString(), StandardCharsets.UTF_8);
    }

    private static void lines(StringBuilder b, String tag, double[] xy, StartPose start) {
        for (int k = 0; k < xy.length; k += 2) {
            line(b, tag, xy[k], xy[k + 1], start);
        }
    }

    private static void line(StringBuilder b, String tag, double x, double y, StartPose start) {
        double c = Math.cos(start.yaw());
        double s = Math.sin(start.yaw());
        double dx = x - start.x();
        double dy = y - start.y();
        b.append(tag).append(',').append(num(c * dx + s * dy)).append(',').append(num(-s * dx + c * dy))
                .append(",0,0,0,0\n");
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }
}
