package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DeepRacer waypoints read back with the npy reader, and loaded the way the DeepRacer simulation
 * application's {@code track_data.py} loads a route: loop detection ({@code np.all(w[0] == w[-1])}),
 * shapely {@code LinearRing} or {@code LineString} lengths, the ring's orientation
 * ({@code LinearRing.is_ccw}) and its "left of center" rule ({@code inner_poly.contains(p) ^ (not
 * is_ccw)}, the inner polygon being the centerline with the inner border as its hole; for an open
 * line, the centerline followed by the reversed inner border, and a counter-clockwise track assumed).
 */
class DeepRacerWaypointsTest {
    @TempDir
    Path dir;

    /** What the simulator's loader makes of a waypoint array {@code [rows, 6]}. */
    private record LoadedRoute(boolean loop, boolean ccw, double length, double[][] innerPolygonRings) {
        static LoadedRoute of(double[] w, int rows) {
            boolean loop = IntStream.range(0, 6).allMatch(c -> w[c] == w[6 * (rows - 1) + c]);
            double[] center = columns(w, rows, 0);
            double[] inner = columns(w, rows, 2);
            // LinearRing closes itself (the repeated row adds a zero-length segment); LineString does not.
            double length = 0;
            for (int i = 0; i + 1 < rows; i++) {
                length += Math.hypot(center[2 * i + 2] - center[2 * i], center[2 * i + 3] - center[2 * i + 1]);
            }
            if (loop) {
                boolean ccw = signedArea(center) > 0;
                return new LoadedRoute(true, ccw, length, new double[][] {center, inner});
            }
            double[] poly = new double[4 * rows];
            System.arraycopy(center, 0, poly, 0, 2 * rows);
            for (int i = 0; i < rows; i++) {
                poly[2 * rows + 2 * i] = inner[2 * (rows - 1 - i)];
                poly[2 * rows + 2 * i + 1] = inner[2 * (rows - 1 - i) + 1];
            }
            return new LoadedRoute(false, true, length, new double[][] {poly});
        }

        boolean isLeftOfCenter(double x, double y) {
            boolean inside = false;
            for (double[] ring : innerPolygonRings) {
                inside ^= contains(ring, x, y);
            }
            return inside ^ !ccw;
        }
    }

    private static double[] columns(double[] w, int rows, int c) {
        double[] out = new double[2 * rows];
        for (int i = 0; i < rows; i++) {
            out[2 * i] = w[6 * i + c];
            out[2 * i + 1] = w[6 * i + c + 1];
        }
        return out;
    }

    private static double signedArea(double[] p) {
        int n = p.length / 2;
        double a = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            a += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
        }
        return a / 2;
    }

    /** Even-odd point in polygon (the ring closes itself). */
    private static boolean contains(double[] p, double x, double y) {
        int n = p.length / 2;
        boolean in = false;
        for (int i = 0, j = n - 1; i < n; j = i++) {
            double yi = p[2 * i + 1];
            double yj = p[2 * j + 1];
            if ((yi > y) != (yj > y) && x < (p[2 * j] - p[2 * i]) * (y - yi) / (yj - yi) + p[2 * i]) {
                in = !in;
            }
        }
        return in;
    }

    private static double[] read(Path f, int expectedRows) throws IOException {
        NpyArray a = NpyFile.read(f, Integer.MAX_VALUE);
        assertArrayEquals(new int[] {expectedRows, 6}, a.getShape());
        return a.asDoubleArray();
    }

    @Test
    void theWaypointsAreTheTracksCenterInnerAndOuterArraysInMetresWithTheFirstRowRepeated() throws IOException {
        TrackSnapshot s = TestTracks.batch();
        double scale = 2.5;
        for (int env : TestTracks.validEnvs()) {
            Path f = dir.resolve("w" + env + ".npy");
            DeepRacerWaypoints.write(WorldTrack.of(s, env, scale), f);
            int n = s.count(env);
            double[] w = read(f, n + 1);
            int base = 2 * env * s.nMax();
            for (int i = 0; i <= n; i++) {
                int k = base + 2 * (i % n);
                double[] expected = {s.center()[k], s.center()[k + 1], s.inner()[k], s.inner()[k + 1], s.outer()[k],
                    s.outer()[k + 1]};
                for (int c = 0; c < 6; c++) {
                    assertEquals(expected[c] * scale, w[6 * i + c], 0, "env " + env + " row " + i + " column " + c);
                }
            }
        }
    }

    @Test
    void theSimulatorsLoaderSeesAClosedLoopOfTheRightLengthAndPutsLeftOnTheLeftBothWays() throws IOException {
        int checked = 0;
        for (TrackSnapshot s : new TrackSnapshot[] {TestTracks.batch(), TestTracks.polarBatch()}) {
            for (int env = 0; env < s.numEnvs(); env++) {
                if (!s.isValid(env)) {
                    continue;
                }
                WorldTrack t = WorldTrack.of(s, env, 11);
                Path f = dir.resolve("dr" + checked + ".npy");
                DeepRacerWaypoints.write(t, f);
                double[] w = read(f, t.size() + 1);
                LoadedRoute route = LoadedRoute.of(w, t.size() + 1);
                String what = "env " + env + " winding " + s.winding()[env];
                assertTrue(route.loop(), what + ": the loader builds an open line");
                assertEquals(s.winding()[env] > 0, route.ccw(), what + ": orientation");
                assertEquals(t.length(), route.length(), 1e-9 * t.length(), what + ": track length");
                // points a quarter of the road width off the centerline, to the left and right of the
                // driving direction (the left normal is (-t_y, t_x))
                double[] c = t.center();
                for (int i = 0; i < t.size(); i += 7) {
                    int j = (i + 1) % t.size();
                    double tx = c[2 * j] - c[2 * i];
                    double ty = c[2 * j + 1] - c[2 * i + 1];
                    double len = Math.hypot(tx, ty);
                    double mx = (c[2 * i] + c[2 * j]) / 2;
                    double my = (c[2 * i + 1] + c[2 * j + 1]) / 2;
                    double d = 0.25 * (t.widthLeft()[i] + t.widthRight()[i]) / 2;
                    double nx = -ty / len * d;
                    double ny = tx / len * d;
                    assertTrue(route.isLeftOfCenter(mx + nx, my + ny), what + " point " + i + ": left read as right");
                    assertTrue(!route.isLeftOfCenter(mx - nx, my - ny), what + " point " + i + ": right read as left");
                }
                checked++;
            }
        }
        assertTrue(checked >= 4, "too few valid tracks checked: " + checked);
        boolean[] windings = {false, false};
        for (TrackSnapshot s : new TrackSnapshot[] {TestTracks.batch(), TestTracks.polarBatch()}) {
            for (int env = 0; env < s.numEnvs(); env++) {
                if (s.isValid(env)) {
                    windings[s.winding()[env] > 0 ? 1 : 0] = true;
                }
            }
        }
        assertTrue(windings[0] && windings[1], "both windings must be tested: " + Arrays.toString(windings));
    }
}
