package dev.trackgen.export;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code raceline.csv} read the way its consumers read it:
 * <ul>
 *   <li>TUM's race trajectory ({@code traj_race_cl.csv}): {@code numpy.loadtxt(path, delimiter=';')},
 *       as the readers of global_racetrajectory_optimization's output do (for example
 *       shubigupta/global_racetrajectory_optimization {@code python_scripts/read_output_csv.py},
 *       {@code genfromtxt(path, delimiter=';')}, columns 1, 2, 5, 3, 4 = x, y, vx, psi, kappa):
 *       {@code '#'} starts a comment, comment-only lines are skipped, fields split at {@code ';'}
 *       and parsed as floats (surrounding blanks ignored);</li>
 *   <li>F1TENTH's waypoint follower (f1tenth/f1tenth_gym {@code examples/waypoint_follow.py} with
 *       {@code examples/config_example_map.yaml}): {@code np.loadtxt(path, delimiter=';', skiprows=3)},
 *       x, y, heading, speed in columns 1, 2, 3, 5.</li>
 * </ul>
 */
class RacelineCsvTest {
    @TempDir
    Path dir;

    /** numpy.loadtxt(lines, delimiter=';', skiprows=skip): comments after '#', blank lines dropped. */
    static List<double[]> loadtxt(List<String> lines, int skip) {
        List<double[]> rows = new ArrayList<>();
        int width = -1;
        for (int k = skip; k < lines.size(); k++) {
            String l = lines.get(k);
            int hash = l.indexOf('#');
            if (hash >= 0) {
                l = l.substring(0, hash);
            }
            if (l.isBlank()) {
                continue;
            }
            String[] f = l.split(";", -1);
            double[] row = new double[f.length];
            for (int i = 0; i < f.length; i++) {
                row[i] = Double.parseDouble(f[i].trim());
            }
            if (width >= 0 && width != row.length) {
                throw new IllegalArgumentException("numpy would refuse: row " + k + " has " + row.length + " columns, not " + width);
            }
            width = row.length;
            rows.add(row);
        }
        return rows;
    }

    /** A counter-clockwise circle of radius {@code r} metres, centred off the origin, at constant speed. */
    static RaceTrajectory circle(int n, double r, double v) {
        double[] s = new double[n];
        double[] xy = new double[2 * n];
        double[] psi = new double[n];
        double[] kappa = new double[n];
        double[] vx = new double[n];
        double[] ax = new double[n];
        double step = 2 * r * Math.sin(Math.PI / n);
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            xy[2 * i] = 40 + r * Math.cos(a);
            xy[2 * i + 1] = -7 + r * Math.sin(a);
            s[i] = i * step;
            psi[i] = RaceTrajectory.tumHeading(a + Math.PI / 2);
            kappa[i] = 1 / r;
            vx[i] = v;
            ax[i] = 0.25 * Math.sin(a);
        }
        return new RaceTrajectory(s, xy, psi, kappa, vx, ax, n * step);
    }

    @Test
    void tumsLoaderReadsSevenColumnsOfAClosedLoop() throws IOException {
        int n = 64;
        double r = 25;
        RaceTrajectory t = circle(n, r, 12.5);
        Path f = dir.resolve("raceline.csv");
        RacelineCsv.write(t, "env_00003", f);
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        assertEquals(RacelineCsv.HEADER, lines.get(RacelineCsv.HEADER_LINES - 1));
        List<double[]> rows = loadtxt(lines, 0);
        assertEquals(n + 1, rows.size(), "closed: point 0 again at the end");
        for (int i = 0; i <= n; i++) {
            double[] row = rows.get(i);
            int p = i % n;
            assertEquals(7, row.length);
            assertEquals(i == n ? t.length() : t.s()[p], row[0], 1e-6, "s_m");
            assertEquals(t.xy()[2 * p], row[1], 1e-6, "x_m");
            assertEquals(t.xy()[2 * p + 1], row[2], 1e-6, "y_m");
            assertEquals(1 / r, row[4], 1e-6, "kappa_radpm");
            assertEquals(12.5, row[5], 1e-6, "vx_mps");
            assertEquals(t.ax()[p], row[6], 1e-6, "ax_mps2");
            // psi: north up, [-pi, pi); the direction of travel is (cos(psi + pi/2), sin(psi + pi/2))
            // (-pi itself is written -3.1415927, seven decimals)
            assertTrue(row[3] >= -Math.PI - 1e-7 && row[3] < Math.PI, "psi in [-pi, pi): " + row[3]);
            double[] next = rows.get((p + 1) % n);
            double[] prev = rows.get((p + n - 1) % n);
            double dx = next[1] - prev[1];
            double dy = next[2] - prev[2];
            double len = Math.hypot(dx, dy);
            assertEquals(dx / len, Math.cos(row[3] + Math.PI / 2), 1e-5, "heading x at " + i);
            assertEquals(dy / len, Math.sin(row[3] + Math.PI / 2), 1e-5, "heading y at " + i);
            if (i > 0) {
                assertTrue(row[0] > rows.get(i - 1)[0], "s increases");
            }
        }
    }

    @Test
    void f1tenthsLoaderSkipsExactlyTheThreeHeaderLines() throws IOException {
        RaceTrajectory t = circle(40, 8, 5);
        Path f = dir.resolve("raceline.csv");
        RacelineCsv.write(t, null, f);
        List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
        // wpt_rowskip 3: the three skipped lines are the comments, the first row read is point 0
        for (int k = 0; k < RacelineCsv.HEADER_LINES; k++) {
            assertTrue(lines.get(k).startsWith("#"), lines.get(k));
        }
        List<double[]> rows = loadtxt(lines, RacelineCsv.HEADER_LINES);
        assertEquals(41, rows.size());
        assertEquals(0.0, rows.get(0)[0], 0);
        // wpt_xind 1, wpt_yind 2, wpt_thind 3, wpt_vind 5
        assertEquals(t.xy()[0], rows.get(0)[1], 1e-6);
        assertEquals(t.xy()[1], rows.get(0)[2], 1e-6);
        assertEquals(RaceTrajectory.tumHeading(Math.PI / 2), rows.get(0)[3], 1e-6);
        assertEquals(0.0, rows.get(0)[3], 1e-6, "heading north at the circle's rightmost point");
        assertEquals(5.0, rows.get(0)[5], 1e-6);
    }

    @Test
    void tumHeadingIsTheMathematicalHeadingLessAQuarterTurnInMinusPiToPi() {
        assertEquals(0.0, RaceTrajectory.tumHeading(Math.PI / 2), 1e-12);
        assertEquals(-Math.PI / 2, RaceTrajectory.tumHeading(0), 1e-12);
        assertEquals(-Math.PI, RaceTrajectory.tumHeading(-Math.PI / 2), 1e-12);
        assertEquals(-Math.PI, RaceTrajectory.tumHeading(3 * Math.PI / 2), 1e-12);
        assertEquals(Math.PI / 2, RaceTrajectory.tumHeading(Math.PI), 1e-12);
        assertEquals(Math.PI / 2, RaceTrajectory.tumHeading(-Math.PI), 1e-12);
    }

    @Test
    void tumAndF1tenthListTheRacelineOnlyWhenAskedAndNeedOne() throws IOException {
        ExportSettings off = ExportSettings.defaults();
        ExportSettings on = off.toBuilder().raceline(true).build();
        assertTrue(!new TrackExporter(ExportFormats.parseList("tum,f1tenth"), off).fileNames()
                .contains(TrackExporter.RACELINE_CSV));
        assertEquals(List.of(TrackExporter.CENTERLINE_CSV, TrackExporter.RACELINE_CSV),
                new TrackExporter(ExportFormats.parseList("tum"), on).fileNames());
        assertTrue(new TrackExporter(ExportFormats.parseList("f1tenth"), on).fileNames().contains(TrackExporter.RACELINE_CSV));
        TrackExporter x = new TrackExporter(ExportFormats.parseList("tum"), on);
        WorldTrack w = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], 11);
        Map<String, Path> paths = new HashMap<>();
        assertThrows(IllegalStateException.class, () -> x.write(w, "env", name -> dir.resolve("a_" + name)));
        x.write(w, circle(16, 3, 2), "env", name -> paths.computeIfAbsent(name, dir::resolve));
        assertEquals(17, loadtxt(Files.readAllLines(paths.get(TrackExporter.RACELINE_CSV)), 0).size());
    }

    @Test
    void badTrajectoriesAreRefused() {
        double[] three = {0, 1, 2};
        double[] six = {0, 0, 1, 0, 1, 1};
        assertThrows(IllegalArgumentException.class, () -> new RaceTrajectory(three, six, three, three, three,
                new double[2], 3));
        assertThrows(IllegalArgumentException.class, () -> new RaceTrajectory(three, six, three, three, three, three, 2));
        assertThrows(IllegalArgumentException.class, () -> new RaceTrajectory(three, six, three,
                new double[] {0, Double.NaN, 0}, three, three, 3));
    }
}
