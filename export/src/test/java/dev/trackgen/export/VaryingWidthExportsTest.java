package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exports of roads whose width varies along the lap (the curvature width profile): the world
 * track's borders sit at each point's own half-widths, the F1TENTH occupancy map's free cells are
 * the per-point band (free inside it, occupied beyond it), the cone layout's cones and the road
 * mesh's vertices lie on those borders.
 */
class VaryingWidthExportsTest {
    private static final double SCALE = 11;
    private static final double RES = 0.05;

    @TempDir
    Path dir;

    @Test
    void theMapsFreeCellsAndTheMeshFollowThePerPointBand() throws IOException {
        TrackSnapshot s = TestTracks.widthBatch();
        int env = widest(s);
        WorldTrack t = WorldTrack.of(s, env, SCALE);
        int n = t.size();
        double[] c = t.center();
        double[] l = t.left();
        double[] r = t.right();
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int i = 0; i < n; i++) {
            int k = env * s.nMax() + i;
            double dl = Math.hypot(l[2 * i] - c[2 * i], l[2 * i + 1] - c[2 * i + 1]);
            double dr = Math.hypot(r[2 * i] - c[2 * i], r[2 * i + 1] - c[2 * i + 1]);
            assertEquals(SCALE * s.leftHalfWidth()[k], dl, 1e-4, "left border at point " + i + "'s own width");
            assertEquals(SCALE * s.rightHalfWidth()[k], dr, 1e-4, "right border at point " + i + "'s own width");
            assertEquals(dl, t.widthLeft()[i], 1e-6);
            assertEquals(dr, t.widthRight()[i], 1e-6);
            lo = Math.min(lo, dl);
            hi = Math.max(hi, dl);
        }
        assertTrue(hi > 1.2 * lo, "the widths vary: " + lo + " to " + hi + " m");

        // F1TENTH: free 0.85 of the way to each border at every point, occupied 3 cells beyond it
        // (unless another part of the road is there), and no free cell farther than a cell from the band
        Path d = Files.createDirectories(dir.resolve("map"));
        new TrackExporter(ExportFormats.parseList("f1tenth,gltf"), ExportSettings.builder().worldScale(SCALE)
                .resolution(RES).build()).write(t, "env", d::resolve);
        OccupancyMap map = OccupancyMap.render(t, ExportSettings.builder().worldScale(SCALE).resolution(RES).build());
        BufferedImage png = ImageIO.read(d.resolve("map.png").toFile());
        MapGeometry g = map.geometry();
        OccupancyMapTest.Quads band = new OccupancyMapTest.Quads(t);
        int beyond = 0;
        for (int i = 0; i < n; i++) {
            for (double[] b : List.of(new double[] {l[2 * i], l[2 * i + 1]}, new double[] {r[2 * i], r[2 * i + 1]})) {
                double ex = b[0] - c[2 * i];
                double ey = b[1] - c[2 * i + 1];
                double w = Math.hypot(ex, ey);
                assertEquals(OccupancyMap.FREE, at(png, g, c[2 * i] + 0.85 * ex, c[2 * i + 1] + 0.85 * ey),
                        "point " + i + ": inside its own width is free");
                double f = 1 + 3 * RES / w;
                double ox = c[2 * i] + f * ex;
                double oy = c[2 * i + 1] + f * ey;
                if (band.distance(ox, oy) > 2 * RES) {
                    assertEquals(OccupancyMap.OCCUPIED, at(png, g, ox, oy), "point " + i + ": beyond its border");
                    beyond++;
                }
            }
        }
        assertTrue(beyond > n, "checked beyond the borders at " + beyond + " places");
        for (int row = 0; row < png.getHeight(); row += 3) {
            for (int col = 0; col < png.getWidth(); col += 3) {
                if (png.getRaster().getSample(col, row, 0) == OccupancyMap.FREE) {
                    double x = g.originX() + (col + 0.5) * RES;
                    double y = g.originY() + (png.getHeight() - row - 0.5) * RES;
                    assertTrue(band.distance(x, y) <= RES + 1e-9, "free cell (" + col + ", " + row + ") off the band");
                }
            }
        }

        // the cone layout (FSDS, FSSIM, DeepRacer cone files): every cone on its side's border polyline
        ConeLayout cones = ConeLayout.of(t, 3.0);
        assertTrue(cones.left().length > 20 && cones.right().length > 20);
        for (double[][] side : List.of(new double[][] {cones.left(), l}, new double[][] {cones.right(), r})) {
            for (int k = 0; k < side[0].length; k += 2) {
                double dist = ringDistance(side[1], n, side[0][k], side[0][k + 1]);
                assertTrue(dist < 1e-6, "cone " + k / 2 + " is " + dist + " m off its border");
            }
        }

        // the road mesh: every vertex on one of the two per-point borders
        for (LoadedPart road : List.of(LoadedPart.readGlb(d.resolve("road.glb")).get(0))) {
            float[] p = road.positions();
            for (int v = 0; v < p.length; v += 3) {
                double[] q = MeshPicture.zUp(p, v, UpAxis.Y);
                double best = Double.POSITIVE_INFINITY;
                for (int i = 0; i < n; i++) {
                    best = Math.min(best, Math.min(Math.hypot(l[2 * i] - q[0], l[2 * i + 1] - q[1]),
                            Math.hypot(r[2 * i] - q[0], r[2 * i + 1] - q[1])));
                }
                assertTrue(best < 1e-4, "mesh vertex " + v / 3 + " is " + best + " m off the borders");
            }
        }
    }

    private static double ringDistance(double[] ring, int n, double px, double py) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double dx = ring[2 * j] - ring[2 * i];
            double dy = ring[2 * j + 1] - ring[2 * i + 1];
            double l2 = dx * dx + dy * dy;
            double u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ring[2 * i]) * dx + (py - ring[2 * i + 1]) * dy) / l2)) : 0;
            best = Math.min(best, Math.hypot(px - ring[2 * i] - u * dx, py - ring[2 * i + 1] - u * dy));
        }
        return best;
    }

    /** The valid env whose left half-width varies the most (max / min). */
    private static int widest(TrackSnapshot s) {
        int best = -1;
        double ratio = 0;
        for (int e : TestTracks.validEnvs(s)) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (int i = 0; i < s.count(e); i++) {
                lo = Math.min(lo, s.leftHalfWidth()[e * s.nMax() + i]);
                hi = Math.max(hi, s.leftHalfWidth()[e * s.nMax() + i]);
            }
            if (hi / lo > ratio) {
                ratio = hi / lo;
                best = e;
            }
        }
        return best;
    }

    private static int at(BufferedImage png, MapGeometry g, double x, double y) {
        int col = (int) Math.floor((x - g.originX()) / RES);
        int rowFromBottom = (int) Math.floor((y - g.originY()) / RES);
        return png.getRaster().getSample(col, png.getHeight() - 1 - rowFromBottom, 0);
    }
}
