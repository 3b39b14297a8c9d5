package dev.trackgen.metrics.circuit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The eight TUM circuits of the test resources import with their own left and right widths:
 * each border of the imported track lies within 0.1 m of the file's border at the 99th
 * percentile of its points. The file's border is its centerline plus the signed width along the
 * file's own normal (central difference of the file's points, left normal {@code (-t.y, t.x)});
 * the distance of an imported border point is to that border polyline. All eight are sound and
 * import valid; a loop whose widths are too wide for its turns imports invalid with a reason that
 * names the point.
 */
class CircuitWidthsTest {
    private static CpuRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    /** The folder holding the test resources' circuit folders. */
    private static Path resources() {
        try {
            return Path.of(CircuitWidthsTest.class.getResource("/circuits/README.md").toURI()).getParent().getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"circuits/Austin", "circuits/BrandsHatch", "circuits/Budapest", "circuits/IMS",
        "circuits-more/Catalunya", "circuits-more/Hockenheim", "circuits-more/Melbourne", "circuits-more/Zandvoort"})
    void bordersFollowTheFilesWidths(String path) {
        Circuit c = CircuitReader.read(resources().resolve(path + ".csv"));
        assertTrue(c.hasWidths(), path + " has per-point widths");
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(),
                runtime);
        int n = c.size();
        double[] xy = c.xy();
        double[] l = c.leftWidths();
        double[] rt = c.rightWidths();
        double[] o = r.origin();
        double[] leftBorder = new double[2 * n];
        double[] rightBorder = new double[2 * n];
        for (int i = 0; i < n; i++) {
            int p = (i + n - 1) % n;
            int q = (i + 1) % n;
            double tx = xy[2 * q] - xy[2 * p];
            double ty = xy[2 * q + 1] - xy[2 * p + 1];
            double len = Math.hypot(tx, ty);
            double nx = -ty / len;
            double ny = tx / len;
            leftBorder[2 * i] = xy[2 * i] - o[0] + l[i] * nx;
            leftBorder[2 * i + 1] = xy[2 * i + 1] - o[1] + l[i] * ny;
            rightBorder[2 * i] = xy[2 * i] - o[0] - rt[i] * nx;
            rightBorder[2 * i + 1] = xy[2 * i + 1] - o[1] - rt[i] * ny;
        }
        double[] own = borderP99(r, n, leftBorder, rightBorder);
        // the same circuit at its mean half-width, as the import did before per-point widths
        double[] mean = borderP99(CircuitImporter.importCircuit(c.withHalfWidth(c.halfWidth(), "mean"),
                TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(), runtime), n, leftBorder, rightBorder);
        System.out.printf(Locale.ROOT, "%-24s valid %-5s border p99 left %.4f m, right %.4f m (mean half-width: %.4f m, "
                + "%.4f m)  reason %s%n", path, r.valid(), own[0], own[1], mean[0], mean[1], r.invalidReason());
        double p99l = own[0];
        double p99r = own[1];
        assertTrue(p99l < mean[0] && p99r < mean[1], path + ": the file's widths bring the borders closer to the file's");
        // the target: the file's centerline sampled once at equal chords, not relaxed
        assertTrue(p99l <= 0.1, path + ": left border p99 " + p99l + " m");
        assertTrue(p99r <= 0.1, path + ": right border p99 " + p99r + " m");
        assertTrue(r.valid(), path + " is sound and imports valid: " + r.invalidReason());
        // the widths vary: not one constant half-width
        TrackSnapshot s = r.snapshot();
        float lo = Float.POSITIVE_INFINITY;
        float hi = 0;
        for (int i = 0; i < s.count(0); i++) {
            lo = Math.min(lo, s.leftHalfWidth()[i]);
            hi = Math.max(hi, s.leftHalfWidth()[i]);
        }
        assertFalse(lo == hi, path + ": left half-widths vary");
    }

    @Test
    void anUnsoundFileNamesThePlace() {
        // a 40 m square loop at 5 m steps whose widths (9 m a side) are wider than its corners allow
        java.util.List<String> rows = new java.util.ArrayList<>();
        for (int side = 0; side < 4; side++) {
            for (int k = 0; k < 8; k++) {
                double u = 5.0 * k;
                double[] p = switch (side) {
                    case 0 -> new double[] {u, 0};
                    case 1 -> new double[] {40, u};
                    case 2 -> new double[] {40 - u, 40};
                    default -> new double[] {0, 40 - u};
                };
                rows.add(p[0] + "," + p[1] + ",9.0,9.0");
            }
        }
        Circuit c = CircuitReader.parse("square.csv", rows);
        assertTrue(c.hasWidths());
        ImportResult r = CircuitImporter.importCircuit(c, TrackGenConfig.builder().declare(BuiltinKnobs.all()).build(),
                runtime);
        assertFalse(r.valid(), "9 m a side does not fit a square's corners");
        assertNotNull(r.invalidReason());
        assertTrue(r.invalidReason().matches("(?s).*(point|points|edge) \\d+.*"),
                "the reason names the place: " + r.invalidReason());
        // the file's centerline is kept: every imported point lies on the square's sides
        TrackSnapshot s = r.snapshot();
        double[] o = r.origin();
        for (int i = 0; i < s.count(0); i++) {
            double x = s.center()[2 * i] + o[0];
            double y = s.center()[2 * i + 1] + o[1];
            double side = Math.min(Math.min(Math.abs(x), Math.abs(x - 40)), Math.min(Math.abs(y), Math.abs(y - 40)));
            assertEquals(0, side, 1e-3, "point " + i + " on the file's polyline");
        }
    }

    /** The 99th percentiles of the distances of the +normal and -normal borders to the file's left and right border. */
    private static double[] borderP99(ImportResult r, int n, double[] leftBorder, double[] rightBorder) {
        TrackSnapshot s = r.snapshot();
        int count = s.count(0);
        float[] plus = new float[2 * count];
        float[] minus = new float[2 * count];
        for (int i = 0; i < count; i++) {
            // the +normal border from the stored left half-width, the other from the right one
            float cx = s.center()[2 * i];
            float cy = s.center()[2 * i + 1];
            float ox = s.outer()[2 * i] - cx;
            float oy = s.outer()[2 * i + 1] - cy;
            boolean outerPlus = ox * s.normal()[2 * i] + oy * s.normal()[2 * i + 1] > 0;
            float[] pb = outerPlus ? s.outer() : s.inner();
            float[] mb = outerPlus ? s.inner() : s.outer();
            plus[2 * i] = pb[2 * i];
            plus[2 * i + 1] = pb[2 * i + 1];
            minus[2 * i] = mb[2 * i];
            minus[2 * i + 1] = mb[2 * i + 1];
        }
        return new double[] {percentile99(plus, count, leftBorder, n), percentile99(minus, count, rightBorder, n)};
    }

    /** The 99th percentile of the distances from the points to the closed reference polyline. */
    private static double percentile99(float[] pts, int count, double[] ref, int refCount) {
        double[] d = new double[count];
        for (int i = 0; i < count; i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < refCount; j++) {
                int k = (j + 1) % refCount;
                best = Math.min(best, segment(pts[2 * i], pts[2 * i + 1], ref[2 * j], ref[2 * j + 1], ref[2 * k],
                        ref[2 * k + 1]));
            }
            d[i] = best;
        }
        Arrays.sort(d);
        return d[Math.min(count - 1, (int) Math.ceil(0.99 * count) - 1)];
    }

    private static double segment(double px, double py, double ax, double ay, double bx, double by) {
        double ex = bx - ax;
        double ey = by - ay;
        double l2 = ex * ex + ey * ey;
        double u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / l2)) : 0;
        return Math.hypot(px - (ax + u * ex), py - (ay + u * ey));
    }
}
