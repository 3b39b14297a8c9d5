package dev.trackgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** F1TENTH maps read back with ImageIO, a hand-read PGM and a YAML parser, checked against the batch. */
class OccupancyMapTest {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final double SCALE = 11;
    private static final double RES = 0.1;

    @TempDir
    Path dir;

    private Path export(int env, ExportSettings settings) throws IOException {
        Path d = Files.createDirectories(dir.resolve("env" + env));
        TrackExporter x = new TrackExporter(ExportFormats.parseList("f1tenth"), settings);
        x.write(WorldTrack.of(TestTracks.batch(), env, settings.worldScale()), "env" + env, d::resolve);
        return d;
    }

    /** The map as read from disk: pixels, resolution and origin from the YAML only. */
    private record ReadMap(Raster pixels, int width, int height, double res, double ox, double oy) {
        int at(double x, double y) {
            int col = (int) Math.floor((x - ox) / res);
            int rowFromBottom = (int) Math.floor((y - oy) / res);
            return pixels.getSample(col, height - 1 - rowFromBottom, 0);
        }

        double cx(int col) {
            return ox + (col + 0.5) * res;
        }

        double cy(int row) {
            return oy + (height - row - 0.5) * res;
        }
    }

    private static ReadMap read(Path d, String expectImage) throws IOException {
        JsonNode y = YAML.readTree(d.resolve("map.yaml").toFile());
        assertEquals(expectImage, y.get("image").asText());
        assertEquals(0, y.get("negate").asInt());
        assertEquals(0.65, y.get("occupied_thresh").asDouble(), 0);
        assertEquals(0.196, y.get("free_thresh").asDouble(), 0);
        assertEquals(3, y.get("origin").size());
        assertEquals(0.0, y.get("origin").get(2).asDouble(), 0);
        BufferedImage img = ImageIO.read(d.resolve("map.png").toFile());
        assertEquals(1, img.getRaster().getNumBands(), "single channel");
        return new ReadMap(img.getRaster(), img.getWidth(), img.getHeight(), y.get("resolution").asDouble(),
                y.get("origin").get(0).asDouble(), y.get("origin").get(1).asDouble());
    }

    @Test
    void everyCenterlinePointIsFreeAndEveryPixelFarFromTheRoadIsOccupied() throws IOException {
        ExportSettings s = ExportSettings.builder().worldScale(SCALE).resolution(RES).build();
        for (int env : TestTracks.validEnvs()) {
            Path d = export(env, s);
            ReadMap m = read(d, "map.png");
            assertEquals(RES, m.res(), 0);
            WorldTrack t = WorldTrack.of(TestTracks.batch(), env, SCALE);
            double[] c = t.center();
            for (int i = 0; i < t.size(); i++) {
                assertEquals(254, m.at(c[2 * i], c[2 * i + 1]), "env " + env + " centerline point " + i + " is free");
            }
            // every pixel is 0 or 254, and a free pixel lies within one pixel of the road band
            // (equivalently: every pixel farther than one pixel from the band is occupied)
            Quads band = new Quads(t);
            int free = 0;
            for (int row = 0; row < m.height(); row++) {
                for (int col = 0; col < m.width(); col++) {
                    int p = m.pixels().getSample(col, row, 0);
                    assertTrue(p == 0 || p == 254, "pixel value " + p);
                    if (p == 254) {
                        free++;
                        double dist = band.distance(m.cx(col), m.cy(row));
                        assertTrue(dist <= RES + 1e-9, "env " + env + ": free pixel (" + col + ", " + row + ") is "
                                + dist + " m from the road");
                    }
                }
            }
            // the free area is the road's: length x width, within a few percent
            double area = free * RES * RES;
            double expected = t.length() * 2 * 0.1 * SCALE;
            assertEquals(expected, area, 0.05 * expected, "env " + env + " free area");
            // the margin: the image reaches 1 m (default) beyond the borders, and that band is occupied
            double[] b = t.bounds();
            assertEquals(b[0] - ExportSettings.DEFAULT_MARGIN, m.ox(), 1e-9);
            assertEquals(b[1] - ExportSettings.DEFAULT_MARGIN, m.oy(), 1e-9);
            assertTrue(m.width() * RES >= b[2] - b[0] + 2 * ExportSettings.DEFAULT_MARGIN - 1e-9);
            assertTrue(m.height() * RES >= b[3] - b[1] + 2 * ExportSettings.DEFAULT_MARGIN - 1e-9);
        }
    }

    @Test
    void theCenterlineCsvAndStartPoseAreInTheMapFrame() throws IOException {
        ExportSettings s = ExportSettings.builder().worldScale(SCALE).resolution(RES).build();
        int env = TestTracks.validEnvs()[0];
        Path d = export(env, s);
        ReadMap m = read(d, "map.png");
        List<String> lines = Files.readAllLines(d.resolve("centerline.csv"), StandardCharsets.UTF_8);
        WorldTrack t = WorldTrack.of(TestTracks.batch(), env, SCALE);
        assertEquals(t.size() + 1, lines.size());
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            double x = Double.parseDouble(f[0]);
            double y = Double.parseDouble(f[1]);
            assertEquals(254, m.at(x, y), line);
            // half-width 0.1 units -> 1.1 m on each side
            assertEquals(1.1, Double.parseDouble(f[2]), 0.02 * 1.1);
            assertEquals(1.1, Double.parseDouble(f[3]), 0.02 * 1.1);
        }
        JsonNode pose = YAML.readTree(d.resolve("start_pose.yaml").toFile());
        String[] first = lines.get(1).split(",");
        assertEquals(Double.parseDouble(first[0]), pose.get("x").asDouble(), 1e-9);
        assertEquals(Double.parseDouble(first[1]), pose.get("y").asDouble(), 1e-9);
        String[] next = lines.get(2).split(",");
        String[] prev = lines.get(lines.size() - 1).split(",");
        // the tangent's heading, against the central difference through point 0
        double heading = Math.atan2(Double.parseDouble(next[1]) - Double.parseDouble(prev[1]),
                Double.parseDouble(next[0]) - Double.parseDouble(prev[0]));
        double diff = Math.abs(Math.IEEEremainder(heading - pose.get("yaw").asDouble(), 2 * Math.PI));
        assertTrue(diff < 0.05, "yaw along the driving direction: " + diff);
    }

    @Test
    void thePgmHoldsTheSamePixelsAndTheYamlNamesIt() throws IOException {
        ExportSettings s = ExportSettings.builder().worldScale(SCALE).resolution(RES).pgm(true).build();
        int env = TestTracks.validEnvs()[0];
        Path d = export(env, s);
        ReadMap m = read(d, "map.pgm");
        try (InputStream in = Files.newInputStream(d.resolve("map.pgm"));
             DataInputStream data = new DataInputStream(in)) {
            String header = token(data) + " " + token(data) + " " + token(data) + " " + token(data);
            assertEquals("P5 " + m.width() + " " + m.height() + " 255", header);
            byte[] px = data.readAllBytes();
            assertEquals(m.width() * m.height(), px.length);
            for (int row = 0; row < m.height(); row++) {
                for (int col = 0; col < m.width(); col++) {
                    assertEquals(m.pixels().getSample(col, row, 0), px[row * m.width() + col] & 0xff);
                }
            }
        }
    }

    private static String token(DataInputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (Character.isWhitespace(c)) {
                if (b.length() > 0) {
                    break;
                }
            } else {
                b.append((char) c);
            }
        }
        return b.toString();
    }

    @Test
    void wallsOccupyABandAlongBothBordersAndLeaveTheRestFree() throws IOException {
        double wall = 0.5;
        ExportSettings s = ExportSettings.builder().worldScale(SCALE).resolution(RES).wallThickness(wall).build();
        int env = TestTracks.validEnvs()[0];
        Path d = export(env, s);
        ReadMap m = read(d, "map.png");
        WorldTrack t = WorldTrack.of(TestTracks.batch(), env, SCALE);
        double[] c = t.center();
        int freeOutside = 0;
        for (double[] border : new double[][] {t.left(), t.right()}) {
            for (int i = 0; i < t.size(); i++) {
                double bx = border[2 * i];
                double by = border[2 * i + 1];
                double ox = bx - c[2 * i];
                double oy = by - c[2 * i + 1];
                double len = Math.hypot(ox, oy);
                assertEquals(254, m.at(c[2 * i], c[2 * i + 1]));
                assertEquals(0, m.at(bx + ox / len * wall / 2, by + oy / len * wall / 2), "wall behind border point " + i);
            }
        }
        // the image corners lie in the margin, beyond the walls: free
        for (int[] corner : new int[][] {{0, 0}, {m.width() - 1, 0}, {0, m.height() - 1}, {m.width() - 1, m.height() - 1}}) {
            freeOutside += m.pixels().getSample(corner[0], corner[1], 0) == 254 ? 1 : 0;
        }
        assertEquals(4, freeOutside);
        assertEquals(t.bounds()[0] - ExportSettings.DEFAULT_MARGIN - wall, m.ox(), 1e-9);
    }

    @Test
    void aMapLargerThanTheLimitIsRefusedBeforeAnythingIsWritten() {
        ExportSettings s = ExportSettings.builder().worldScale(SCALE).resolution(0.001).build();
        TrackExporter x = new TrackExporter(ExportFormats.parseList("f1tenth"), s);
        WorldTrack t = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], SCALE);
        MapTooLargeException e = assertThrows(MapTooLargeException.class, () -> x.check(t));
        assertTrue(e.getMessage().contains("exceeds the limit of 16384 x 16384"), e.getMessage());
    }

    /** The road band as the quadrilaterals between consecutive border points (the test's own geometry). */
    static final class Quads {
        private final double[] l;
        private final double[] r;
        private final int n;

        Quads(WorldTrack t) {
            l = t.left();
            r = t.right();
            n = t.size();
        }

        double distance(double x, double y) {
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                double[] q = {r[2 * i], r[2 * i + 1], r[2 * j], r[2 * j + 1], l[2 * j], l[2 * j + 1], l[2 * i], l[2 * i + 1]};
                if (inside(q, x, y)) {
                    return 0;
                }
                for (int k = 0; k < 4; k++) {
                    int k2 = (k + 1) % 4;
                    best = Math.min(best, segment(x, y, q[2 * k], q[2 * k + 1], q[2 * k2], q[2 * k2 + 1]));
                }
            }
            return best;
        }

        private static boolean inside(double[] q, double x, double y) {
            boolean in = false;
            for (int k = 0, m = 3; k < 4; m = k++) {
                double xi = q[2 * k];
                double yi = q[2 * k + 1];
                double xj = q[2 * m];
                double yj = q[2 * m + 1];
                if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) {
                    in = !in;
                }
            }
            return in;
        }

        private static double segment(double px, double py, double ax, double ay, double bx, double by) {
            double dx = bx - ax;
            double dy = by - ay;
            double len2 = dx * dx + dy * dy;
            double u = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
            return Math.hypot(px - ax - u * dx, py - ay - u * dy);
        }
    }
}
