package dev.trackgen.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The race-trajectory CSV of TUM's global_racetrajectory_optimization ({@code traj_race_cl.csv},
 * written by its {@code export_traj_race}), which F1TENTH's waypoint followers read as well
 * (f1tenth_gym {@code examples/config_example_map.yaml}: {@code wpt_delim ';'},
 * {@code wpt_rowskip 3}, x, y, heading and speed in columns 1, 2, 3 and 5).
 *
 * <p>Layout: three comment lines (two lines about the file, then {@link #HEADER}); one row per
 * point, seven fields separated by {@code "; "}, seven decimals; the loop written closed, as TUM's
 * {@code _cl} file is: the last row repeats point 0 at {@code s_m} = the lap length. Units: metres,
 * radians (TUM's heading: 0 along +y, {@code [-pi, pi)}), 1/m, m/s, m/s^2.
 */
public final class RacelineCsv {
    /** The header line, TUM's. */
    public static final String HEADER = "# s_m; x_m; y_m; psi_rad; kappa_radpm; vx_mps; ax_mps2";
    /** Comment lines before the first row (F1TENTH's {@code wpt_rowskip}). */
    public static final int HEADER_LINES = 3;

    private RacelineCsv() {
    }

    /**
     * @param line the racing line, metres
     * @param name the track's name, for the first comment line (may be null)
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(RaceTrajectory line, String name, Path file) throws IOException {
        int n = line.size();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("# trackgen racing line" + (name == null ? "" : " " + name) + ", minimum curvature\n");
            w.write("# closed: the last row repeats the first at s_m = lap length " + fmt(line.length()) + " m\n");
            w.write(HEADER);
            w.write('\n');
            for (int k = 0; k <= n; k++) {
                int i = k == n ? 0 : k;
                double s = k == n ? line.length() : line.s()[i];
                w.write(fmt(s) + "; " + fmt(line.xy()[2 * i]) + "; " + fmt(line.xy()[2 * i + 1]) + "; "
                        + fmt(line.psi()[i]) + "; " + fmt(line.kappa()[i]) + "; " + fmt(line.vx()[i]) + "; "
                        + fmt(line.ax()[i]) + "\n");
            }
        }
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.7f", v);
    }
}
