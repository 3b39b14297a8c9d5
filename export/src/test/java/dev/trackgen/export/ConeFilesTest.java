package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FSDS CSV and FSSIM YAML read back with independent parsers, cones checked against the borders. */
class ConeFilesTest {
    @TempDir
    Path dir;

    private static double perimeter(double[] p, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            s += Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]);
        }
        return s;
    }

    private static double distance(double[] p, int n, double x, double y) {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double dx = p[2 * j] - p[2 * i];
            double dy = p[2 * j + 1] - p[2 * i + 1];
            double t = Math.max(0, Math.min(1, ((x - p[2 * i]) * dx + (y - p[2 * i + 1]) * dy) / (dx * dx + dy * dy)));
            best = Math.min(best, Math.hypot(p[2 * i] + t * dx - x, p[2 * i + 1] + t * dy - y));
        }
        return best;
    }

    /** Signed side of a point against the nearest centerline point's tangent: positive on the left. */
    private static double side(WorldTrack t, double x, double y) {
        double[] c = t.center();
        int n = t.size();
        int best = 0;
        double bd = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            double d = Math.hypot(c[2 * i] - x, c[2 * i + 1] - y);
            if (d < bd) {
                bd = d;
                best = i;
            }
        }
        int j = (best + 1) % n;
        return (c[2 * j] - c[2 * best]) * (y - c[2 * best + 1]) - (c[2 * j + 1] - c[2 * best + 1]) * (x - c[2 * best]);
    }

    @Test
    void fsdsConesLieOnTheirBordersBlueLeftYellowRightAtTheSnappedCount() throws IOException {
        TrackSnapshot s = TestTracks.batch();
        double spacing = 4.0;
        for (int env : TestTracks.validEnvs()) {
            WorldTrack t = WorldTrack.of(s, env, 11);
            Path f = dir.resolve("cones" + env + ".csv");
            ConeFiles.writeFsdsCsv(ConeLayout.of(t, spacing), f);
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            List<double[]> blue = new ArrayList<>();
            List<double[]> yellow = new ArrayList<>();
            List<double[]> orange = new ArrayList<>();
            for (String line : lines) {
                String[] c = line.split(",", -1);
                assertEquals(7, c.length, line);
                for (int k = 3; k < 7; k++) {
                    assertEquals(0.0, Double.parseDouble(c[k]));
                }
                double[] xy = {Double.parseDouble(c[1]), Double.parseDouble(c[2])};
                switch (c[0]) {
                    case "blue" -> blue.add(xy);
                    case "yellow" -> yellow.add(xy);
                    case "orange" -> orange.add(xy);
                    default -> throw new AssertionError("tag " + c[0]);
                }
            }
            int n = t.size();
            assertEquals(Math.max(3, Math.round(perimeter(t.left(), n) / spacing)) - 1, blue.size());
            assertEquals(Math.max(3, Math.round(perimeter(t.right(), n) / spacing)) - 1, yellow.size());
            assertEquals(2, orange.size());
            for (double[] c : blue) {
                assertTrue(distance(t.left(), n, c[0], c[1]) < 1e-3, "blue cone off the left border");
                assertTrue(side(t, c[0], c[1]) > 0, "blue cone on the right");
            }
            for (double[] c : yellow) {
                assertTrue(distance(t.right(), n, c[0], c[1]) < 1e-3, "yellow cone off the right border");
                assertTrue(side(t, c[0], c[1]) < 0, "yellow cone on the left");
            }
            // start cones beside point 0; consecutive blue cones at most one snapped step apart
            assertEquals(t.left()[0], orange.get(0)[0], 1e-4);
            assertEquals(t.right()[1], orange.get(1)[1], 1e-4);
            double step = perimeter(t.left(), n) / (blue.size() + 1);
            for (int k = 1; k < blue.size(); k++) {
                double gap = Math.hypot(blue.get(k)[0] - blue.get(k - 1)[0], blue.get(k)[1] - blue.get(k - 1)[1]);
                assertTrue(gap <= step + 1e-3 && gap > 1e-3 * step, "gap " + gap + " step " + step); // a chord: shorter across hairpins
            }
        }
    }

    @Test
    void fssimYamlHoldsTheSameConesAndTheStartPose() throws IOException {
        TrackSnapshot s = TestTracks.batch();
        int env = TestTracks.validEnvs()[0];
        WorldTrack t = WorldTrack.of(s, env, 11);
        ConeLayout cones = ConeLayout.of(t, 5.0);
        Path f = dir.resolve("track.yaml");
        ConeFiles.writeFssimYaml(cones, t.startPose(), f);
        JsonNode y = new ObjectMapper(new YAMLFactory()).readTree(f.toFile());
        assertEquals(cones.left().length / 2, y.get("cones_left").size());
        assertEquals(cones.right().length / 2, y.get("cones_right").size());
        assertEquals(2, y.get("cones_orange").size());
        assertEquals(0, y.get("cones_orange_big").size());
        assertEquals(cones.left()[2], y.get("cones_left").get(1).get(0).asDouble(), 1e-4);
        JsonNode pose = y.get("starting_pose_front_wing");
        assertEquals(t.startPose().x(), pose.get(0).asDouble(), 1e-4);
        assertEquals(t.startPose().yaw(), pose.get(2).asDouble(), 1e-4);
        assertThrows(IllegalArgumentException.class, () -> ConeLayout.of(t, 0));
        assertThrows(IllegalArgumentException.class, () -> ExportSettings.builder().coneSpacing(-1).build());
    }
}
