package dev.trackgen.metrics;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The grid against brute force written out here (every pair of edges, every edge), on random
 * loops: star-shaped ones (simple), random walks (crossing often), loops with long and short
 * edges and with shared points, at random cell sizes.
 */
class LoopGridTest {
    // The reference: every non-adjacent pair in lexicographic order, tested with the textbook
    // strict orientation rule.
    private static int[] bruteFirstCrossing(double[] p, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = i + 2; j < n; j++) {
                if (i == 0 && j == n - 1) {
                    continue;
                }
                int i1 = (i + 1) % n;
                int j1 = (j + 1) % n;
                double d1 = side(p, j, j1, i);
                double d2 = side(p, j, j1, i1);
                double d3 = side(p, i, i1, j);
                double d4 = side(p, i, i1, j1);
                if (d1 * d2 < 0 && d3 * d4 < 0 && Math.signum(d1) != Math.signum(d2)
                        && Math.signum(d3) != Math.signum(d4)) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    private static double side(double[] p, int a, int b, int c) {
        return (p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * a + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * a]);
    }

    private static double bruteDistance(double[] p, int n, double qx, double qy) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ex = p[2 * j] - p[2 * i];
            double ey = p[2 * j + 1] - p[2 * i + 1];
            double l2 = ex * ex + ey * ey;
            double t = l2 == 0 ? 0 : Math.max(0, Math.min(1, ((qx - p[2 * i]) * ex + (qy - p[2 * i + 1]) * ey) / l2));
            best = Math.min(best, Math.hypot(p[2 * i] + t * ex - qx, p[2 * i + 1] + t * ey - qy));
        }
        return best;
    }

    private static double[] randomLoop(Random rnd, int n, int kind) {
        double[] p = new double[2 * n];
        double x = 0;
        double y = 0;
        for (int i = 0; i < n; i++) {
            switch (kind) {
                case 0 -> { // star-shaped: simple
                    double a = 2 * Math.PI * i / n;
                    double r = 1 + 0.8 * rnd.nextDouble();
                    x = r * Math.cos(a);
                    y = r * Math.sin(a);
                }
                case 1 -> { // random walk: crosses itself
                    x += rnd.nextGaussian();
                    y += rnd.nextGaussian();
                }
                case 2 -> { // grid-snapped points: collinear overlaps, shared points, axis-parallel edges
                    x = rnd.nextInt(6);
                    y = rnd.nextInt(6);
                }
                default -> { // mostly short edges and a few very long ones
                    if (rnd.nextInt(20) == 0) {
                        x = 100 * rnd.nextDouble();
                        y = 100 * rnd.nextDouble();
                    } else {
                        x += 0.01 * rnd.nextGaussian();
                        y += 0.01 * rnd.nextGaussian();
                    }
                }
            }
            p[2 * i] = x;
            p[2 * i + 1] = y;
        }
        return p;
    }

    @Test
    void firstCrossingEqualsBruteForceOnRandomLoops() {
        Random rnd = new Random(42);
        int crossing = 0;
        int simple = 0;
        for (int trial = 0; trial < 1500; trial++) {
            int kind = trial % 4;
            int n = 16 + rnd.nextInt(kind == 0 ? 400 : 120);
            double[] p = randomLoop(rnd, n, kind);
            int[] expected = bruteFirstCrossing(p, n);
            double cell = Math.pow(10, -3 + 4 * rnd.nextDouble());
            int[] got = new LoopGrid(p, n, cell).firstCrossing();
            String what = "trial " + trial + " kind " + kind + " n " + n + " cell " + cell;
            if (expected == null) {
                assertNull(got, what);
                simple++;
            } else {
                assertArrayEquals(expected, got, what);
                crossing++;
            }
            assertArrayEquals(expected, PolylineMetrics.firstCrossing(p, n), what);
        }
        assertTrue(crossing > 300 && simple > 300, crossing + " crossing, " + simple + " simple");
    }

    @Test
    void distanceEqualsBruteForceNearAndFar() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 300; trial++) {
            int kind = trial % 4;
            int n = 3 + rnd.nextInt(300);
            double[] p = randomLoop(rnd, n, kind);
            LoopGrid grid = new LoopGrid(p, n, Math.pow(10, -3 + 4 * rnd.nextDouble()));
            for (int q = 0; q < 20; q++) {
                int k = rnd.nextInt(n);
                double spread = Math.pow(10, -3 + 5 * rnd.nextDouble());
                double qx = p[2 * k] + spread * rnd.nextGaussian();
                double qy = p[2 * k + 1] + spread * rnd.nextGaussian();
                double expected = bruteDistance(p, n, qx, qy);
                assertEquals(expected, grid.distance(qx, qy), 1e-9 * Math.max(1, expected),
                        "trial " + trial + " query " + q);
            }
        }
    }

    @Test
    void aMillionPointLoopIsIndexedWithinItsBudget() {
        int n = 1_000_000;
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            double r = 1000 + 30 * Math.sin(7 * a);
            p[2 * i] = 600_000 + r * Math.cos(a);
            p[2 * i + 1] = 3_000_000 + r * Math.sin(a);
        }
        assertNull(PolylineMetrics.firstCrossing(p, n));
        // a pinch: move point 10 across the loop's edge 500000 region
        p[2 * 10] = p[2 * 500_000] - 1;
        p[2 * 10 + 1] = p[2 * 500_000 + 1];
        int[] x = PolylineMetrics.firstCrossing(p, n);
        assertTrue(x != null && (x[0] == 9 || x[0] == 10), java.util.Arrays.toString(x));
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LoopGrid(new double[4], 2, 1));
        assertThrows(IllegalArgumentException.class, () -> new LoopGrid(new double[] {0, 0, 1, 0, Double.NaN, 1}, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> new LoopGrid(new double[] {0, 0, 1, 0, 0, 1}, 3, 0));
    }
}
