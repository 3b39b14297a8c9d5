package dev.trackgen.metrics.circuit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Equal chords, closure, points on the polyline and widths interpolated along its segments. */
class EqualChordResampleTest {

    /** An ellipse of unevenly spaced points with a width that grows with the angle. */
    private static double[][] ellipse(int n) {
        double[] xy = new double[2 * n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            double u = 2 * Math.PI * (i + 0.3 * Math.sin(3.0 * i)) / n;
            xy[2 * i] = 100 * Math.cos(u);
            xy[2 * i + 1] = 40 * Math.sin(u);
            w[i] = 3 + i * 0.01;
        }
        return new double[][] {xy, w};
    }

    @Test
    void chordsAreEqualAndTheLoopCloses() {
        double[][] e = ellipse(157);
        double[] xy = e[0];
        EqualChordResample r = EqualChordResample.of(xy, e[1], e[1], 123);
        double[] p = r.xy();
        assertEquals(2 * 123, p.length);
        double d = r.chord();
        for (int k = 0; k < 123; k++) {
            int j = (k + 1) % 123;
            double c = Math.hypot(p[2 * j] - p[2 * k], p[2 * j + 1] - p[2 * k + 1]);
            assertEquals(d, c, 1e-9 * d, "chord " + k + " (the last one closes the loop)");
        }
        assertEquals(xy[0], p[0], 1e-12);
        assertEquals(xy[1], p[1], 1e-12);
        // every point on one of the file's segments, the width the segment's interpolation
        double[] w = r.left();
        int n = xy.length / 2;
        for (int k = 0; k < 123; k++) {
            double best = Double.POSITIVE_INFINITY;
            double width = Double.NaN;
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                double ex = xy[2 * j] - xy[2 * i];
                double ey = xy[2 * j + 1] - xy[2 * i + 1];
                double u = ((p[2 * k] - xy[2 * i]) * ex + (p[2 * k + 1] - xy[2 * i + 1]) * ey) / (ex * ex + ey * ey);
                u = Math.max(0, Math.min(1, u));
                double dist = Math.hypot(p[2 * k] - xy[2 * i] - u * ex, p[2 * k + 1] - xy[2 * i + 1] - u * ey);
                if (dist < best) {
                    best = dist;
                    width = e[1][i] + u * (e[1][j] - e[1][i]);
                }
            }
            assertTrue(best < 1e-9, "point " + k + " lies on the polyline: " + best);
            assertEquals(width, w[k], 1e-9, "width at point " + k);
        }
    }

    @Test
    void refusesTooFewPoints() {
        double[][] e = ellipse(20);
        assertThrows(IllegalArgumentException.class, () -> EqualChordResample.of(e[0], e[1], e[1], 2));
        assertThrows(IllegalArgumentException.class, () -> EqualChordResample.of(e[0], e[1], new double[3], 10));
    }
}
