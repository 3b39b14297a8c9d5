package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cone formats loaded the way their simulators load them: FSDS's {@code custom_map_loader.cpp}
 * ({@code ProcessFile}: tag and numbers split at commas, metres to centimetres, {@code y} mirrored,
 * only {@code blue}, {@code yellow} and {@code big_orange} kept; {@code GetFinishTransform}: the
 * mean of the big orange cones and, for two, {@code atan2(y0 - y1, x0 - x1) - 90°}), and FSSIM's
 * track streamer (includes sorted by name into left, right, big orange and time-keeping) with its
 * vehicle-position check ({@code vehicle_position_validate.py}: the ring of left cones and the ring
 * of right cones, the one that contains the other's last cone is outside, and a point is on track
 * when it is inside the outside ring and not inside the inside one).
 */
class ConeFormatsTest {
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

    private static boolean contains(List<double[]> ring, double x, double y) {
        boolean in = false;
        for (int i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
            double[] a = ring.get(i);
            double[] b = ring.get(j);
            if ((a[1] > y) != (b[1] > y) && x < (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]) + a[0]) {
                in = !in;
            }
        }
        return in;
    }

    /** FSDS's loader: the kept cones by tag, in Unreal centimetres with y mirrored. */
    private record FsdsMap(List<double[]> blue, List<double[]> yellow, List<double[]> bigOrange, int lines) {
        static FsdsMap load(String data) {
            List<double[]> blue = new ArrayList<>();
            List<double[]> yellow = new ArrayList<>();
            List<double[]> big = new ArrayList<>();
            String[] lines = data.split("\n", -1);
            int real = 0;
            for (String line : lines) {
                if (line.isEmpty()) {
                    continue;
                }
                real++;
                String[] v = line.split(",", -1);
                double[] xy = {Double.parseDouble(v[1]) * 100, -Double.parseDouble(v[2]) * 100};
                switch (v[0]) {
                    case "blue" -> blue.add(xy);
                    case "yellow" -> yellow.add(xy);
                    case "big_orange" -> big.add(xy);
                    default -> { } // dropped, as the loader does
                }
            }
            return new FsdsMap(blue, yellow, big, real);
        }

        /** @return {x, y, yaw degrees} of the finish line, Unreal frame */
        double[] finish() {
            double x = 0;
            double y = 0;
            for (double[] c : bigOrange) {
                x += c[0];
                y += c[1];
            }
            x /= bigOrange.size();
            y /= bigOrange.size();
            double[] a = bigOrange.get(0);
            double[] b = bigOrange.get(1);
            double angle = Math.toDegrees(Math.atan2(a[1] - b[1], a[0] - b[0]) - Math.PI / 2);
            return new double[] {x, y, angle};
        }
    }

    @Test
    void fsdsLoadsEveryConeWithTheFinishLineAcrossTheCarAndBlueOnItsLeft() throws Exception {
        TrackSnapshot s = TestTracks.batch();
        for (int env : TestTracks.validEnvs()) {
            WorldTrack t = WorldTrack.of(s, env, 11);
            ConeLayout cones = ConeLayout.of(t, 4.0);
            Path f = dir.resolve("cones" + env + ".csv");
            FsdsCones.write(cones, t.startPose(), f);
            String data = Files.readString(f, StandardCharsets.UTF_8);
            for (String line : data.strip().split("\n")) {
                assertEquals(7, line.split(",", -1).length, line);
            }
            FsdsMap map = FsdsMap.load(data);
            assertEquals(map.lines(), map.blue().size() + map.yellow().size() + map.bigOrange().size(),
                    "the loader drops a line");
            assertEquals(cones.left().length / 2, map.blue().size());
            assertEquals(cones.right().length / 2, map.yellow().size());
            assertEquals(2, map.bigOrange().size(), "FSDS needs 2 or 4 big orange cones");
            double[] finish = map.finish();
            // the car spawns at the origin facing +x: the finish line is across it, at the start line
            assertEquals(0, finish[0], 1e-2, "finish line x, cm");
            assertEquals(0, finish[1], 1e-2, "finish line y, cm");
            assertEquals(0, finish[2], 1e-3, "finish line yaw, degrees");
            // Unreal's +y is the car's right: the right start cone comes first, the left one second
            assertTrue(map.bigOrange().get(0)[1] > 0 && map.bigOrange().get(1)[1] < 0, "start cones on the wrong sides");
            // back in the world frame every blue cone lies on the left border
            StartPose p = t.startPose();
            for (double[] c : map.blue()) {
                double x = c[0] / 100;
                double y = -c[1] / 100;
                double wx = p.x() + Math.cos(p.yaw()) * x - Math.sin(p.yaw()) * y;
                double wy = p.y() + Math.sin(p.yaw()) * x + Math.cos(p.yaw()) * y;
                assertTrue(distance(t.left(), t.size(), wx, wy) < 1e-3, "a blue cone is off the left border");
            }
        }
    }

    @Test
    void fssimReadsTheSdfConesByNameWithTheCarOnTrackAndTheTimingLineThroughIt() throws Exception {
        TrackSnapshot s = TestTracks.batch();
        for (int env : TestTracks.validEnvs()) {
            WorldTrack t = WorldTrack.of(s, env, 11);
            ConeLayout cones = ConeLayout.of(t, 5.0);
            Path sdf = dir.resolve("t" + env + ".sdf");
            Path yaml = dir.resolve("t" + env + ".yaml");
            FssimTrack.writeSdf(t, cones, "env_" + env, sdf);
            FssimTrack.writeYaml(t, cones, yaml);

            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(sdf.toFile());
            Element root = doc.getDocumentElement();
            assertEquals("sdf", root.getTagName());
            assertEquals("1.4", root.getAttribute("version"));
            NodeList includes = root.getElementsByTagName("include");
            List<double[]> left = new ArrayList<>();
            List<double[]> right = new ArrayList<>();
            List<double[]> big = new ArrayList<>();
            List<double[]> tkStart = new ArrayList<>();
            for (int i = 0; i < includes.getLength(); i++) {
                Element inc = (Element) includes.item(i);
                String name = inc.getElementsByTagName("name").item(0).getTextContent();
                String uri = inc.getElementsByTagName("uri").item(0).getTextContent();
                String[] pose = inc.getElementsByTagName("pose").item(0).getTextContent().trim().split("\\s+");
                assertEquals(6, pose.length);
                assertTrue(uri.startsWith("model://fssim_gazebo/models/"), uri);
                double[] xy = {Double.parseDouble(pose[0]), Double.parseDouble(pose[1])};
                switch (name) {
                    case "cone_left" -> left.add(xy);
                    case "cone_right" -> right.add(xy);
                    case "cone_orange_big" -> big.add(xy);
                    default -> {
                        assertTrue(name.startsWith("tk_device") && (name.contains("0") || name.contains("1")), name);
                        tkStart.add(xy);
                    }
                }
            }
            assertEquals(cones.left().length / 2 + 1, left.size(), "the left ring, start cone included");
            assertEquals(cones.right().length / 2 + 1, right.size());
            assertEquals(4, big.size());
            assertEquals(2, tkStart.size(), "the track streamer asserts two start devices");

            JsonNode y = new ObjectMapper(new YAMLFactory()).readTree(yaml.toFile());
            assertEquals(left.size(), y.get("cones_left").size());
            assertEquals(right.size(), y.get("cones_right").size());
            assertEquals(0, y.get("cones_orange").size());
            assertEquals(4, y.get("cones_orange_big").size());
            for (double[] c : big) {
                double d = Math.min(distance(t.left(), t.size(), c[0], c[1]), distance(t.right(), t.size(), c[0], c[1]));
                assertTrue(d < 1e-3, "a big orange cone off the borders");
                assertTrue(Math.hypot(c[0] - t.startPose().x(), c[1] - t.startPose().y()) < 5, "a big orange cone far from the start");
            }
            assertEquals(2, y.get("tk_device").size());
            assertEquals(left.get(1)[0], y.get("cones_left").get(1).get(0).asDouble(), 1e-4);
            JsonNode pose = y.get("starting_pose_front_wing");
            StartPose p = t.startPose();
            assertEquals(p.x(), pose.get(0).asDouble(), 1e-4);
            assertEquals(p.y(), pose.get(1).asDouble(), 1e-4);
            assertEquals(p.yaw(), pose.get(2).asDouble(), 1e-4);

            // vehicle_position_validate: which ring is outside, then is the car on track
            boolean rightOutside = contains(right, left.get(left.size() - 1)[0], left.get(left.size() - 1)[1]);
            List<double[]> outside = rightOutside ? right : left;
            List<double[]> inside = rightOutside ? left : right;
            assertTrue(contains(outside, p.x(), p.y()) && !contains(inside, p.x(), p.y()),
                    "env " + env + ": FSSIM sees the start pose off the track");
            // the time-keeping line passes through the start pose, across the track
            double[] a = tkStart.get(0);
            double[] b = tkStart.get(1);
            double cross = (b[0] - a[0]) * (p.y() - a[1]) - (b[1] - a[1]) * (p.x() - a[0]);
            assertEquals(0, cross / Math.hypot(b[0] - a[0], b[1] - a[1]), 1e-3, "start pose off the timing line");
            double along = Math.abs((b[0] - a[0]) * Math.cos(p.yaw()) + (b[1] - a[1]) * Math.sin(p.yaw()));
            assertTrue(along < 0.05 * Math.hypot(b[0] - a[0], b[1] - a[1]), "timing line not across the track");
        }
    }

    @Test
    void noTwoNeighbouringConesAreFartherApartThanTheSpacing() {
        TrackSnapshot s = TestTracks.batch();
        for (int env : TestTracks.validEnvs()) {
            for (double scale : new double[] {7, 11, 13.7}) {
                WorldTrack t = WorldTrack.of(s, env, scale);
                for (double spacing : new double[] {5.0, 4.0, 3.3, 1.0}) {
                    ConeLayout cones = ConeLayout.of(t, spacing);
                    for (double[] ring : new double[][] {
                        ring(cones.start()[0], cones.start()[1], cones.left()),
                        ring(cones.start()[2], cones.start()[3], cones.right())}) {
                        int k = ring.length / 2;
                        for (int i = 0; i < k; i++) {
                            int j = (i + 1) % k;
                            double gap = Math.hypot(ring[2 * j] - ring[2 * i], ring[2 * j + 1] - ring[2 * i + 1]);
                            assertTrue(gap <= spacing + 1e-9, "env " + env + " scale " + scale + ": cones " + gap
                                    + " m apart with a " + spacing + " m maximum");
                        }
                    }
                    // the spacing's count, or more where a tight border needs them to outline the road
                    int expected = (int) Math.max(3, Math.ceil(perimeter(t.left(), t.size()) / spacing));
                    assertTrue(cones.left().length / 2 >= expected - 1, "fewer cones than the spacing allows");
                    assertOutlinesTheRoad(t, cones);
                }
            }
        }
    }

    private static double[] ring(double x0, double y0, double[] rest) {
        double[] out = new double[rest.length + 2];
        out[0] = x0;
        out[1] = y0;
        System.arraycopy(rest, 0, out, 2, rest.length);
        return out;
    }

    /** Every centerline point inside the ring of outer cones and outside the ring of inner ones (FSSIM's rule). */
    private static void assertOutlinesTheRoad(WorldTrack t, ConeLayout cones) {
        List<double[]> left = new ArrayList<>();
        List<double[]> right = new ArrayList<>();
        left.add(new double[] {cones.start()[0], cones.start()[1]});
        right.add(new double[] {cones.start()[2], cones.start()[3]});
        for (int k = 0; k < cones.left().length; k += 2) {
            left.add(new double[] {cones.left()[k], cones.left()[k + 1]});
        }
        for (int k = 0; k < cones.right().length; k += 2) {
            right.add(new double[] {cones.right()[k], cones.right()[k + 1]});
        }
        boolean rightOutside = contains(right, left.get(1)[0], left.get(1)[1]);
        List<double[]> outside = rightOutside ? right : left;
        List<double[]> inside = rightOutside ? left : right;
        double[] c = t.center();
        for (int i = 0; i < t.size(); i++) {
            assertTrue(contains(outside, c[2 * i], c[2 * i + 1]) && !contains(inside, c[2 * i], c[2 * i + 1]),
                    "centerline point " + i + " off the cones' track");
        }
    }

    @Test
    void aSpacingTooWideForATightBorderGetsMoreConesThereSoTheyStillOutlineTheRoad() {
        for (int env : TestTracks.validEnvs()) {
            WorldTrack t = WorldTrack.of(TestTracks.batch(), env, 7);
            for (double spacing : new double[] {1e6, 40, 5}) {
                ConeLayout cones = ConeLayout.of(t, spacing);
                assertTrue(cones.left().length / 2 + 1 > 3, "a triangle cannot outline a track");
                assertOutlinesTheRoad(t, cones);
            }
        }
    }

    @Test
    void aBorderThatWouldNeedTooManyConesIsRefusedNamingTheSpacing() {
        WorldTrack t = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], 20_000);
        ExportLimitException e = assertThrows(ExportLimitException.class, () -> ConeLayout.of(t, 1.0));
        assertEquals(ExportLimitException.Setting.CONE_SPACING, e.setting());
        assertTrue(e.getMessage().contains("100000"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ConeLayout.of(t, 0));
        assertThrows(IllegalArgumentException.class, () -> ExportSettings.builder().coneSpacing(-1).build());
    }
}
