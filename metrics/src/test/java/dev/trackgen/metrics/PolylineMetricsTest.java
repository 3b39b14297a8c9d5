package dev.trackgen.metrics;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every metric on hand-computed shapes, against its closed-form value (to double rounding): a
 * circle (regular polygon), a square, a stadium and a box with one chicane.
 */
class PolylineMetricsTest {
    private static final double EPS = 1e-12;

    /** All per-loop metrics of one shape. */
    private record All(int n, double perimeter, double area, double compactness, double[] turn, double[] curvature,
                       int chicanes, double straight, double peak, double lap, boolean crosses) {
        static All of(double[] p) {
            int n = p.length / 2;
            double[] turn = new double[n];
            double[] k = new double[n];
            PolylineMetrics.turnAngles(p, n, turn);
            PolylineMetrics.curvature(p, n, turn, k);
            return new All(n, PolylineMetrics.perimeter(p, n), PolylineMetrics.area(p, n),
                    PolylineMetrics.compactness(p, n), turn, k, PolylineMetrics.chicanes(turn, n),
                    PolylineMetrics.straightFraction(k, n), PolylineMetrics.peakCurvature(k, n),
                    PolylineMetrics.lapTime(p, n, k), PolylineMetrics.selfIntersects(p, n));
        }
    }

    private static void close(double expected, double actual, String what) {
        assertEquals(expected, actual, EPS * Math.max(1, Math.abs(expected)), what);
    }

    @Test
    void regularPolygonCircle() {
        int n = 64;
        double r = 2;
        All m = All.of(Shapes.circle(n, r));
        double edge = 2 * r * Math.sin(Math.PI / n);
        double k = (2 * Math.PI / n) / edge;
        close(n * edge, m.perimeter, "perimeter");
        close(0.5 * n * r * r * Math.sin(2 * Math.PI / n), m.area, "area");
        close(Math.PI / n / Math.tan(Math.PI / n), m.compactness, "compactness (pi/n) cot(pi/n)");
        for (int i = 0; i < n; i++) {
            close(2 * Math.PI / n, m.turn[i], "turn " + i);
            close(k, m.curvature[i], "curvature " + i);
        }
        assertEquals(0, m.chicanes);
        close(0, m.straight, "no point is much straighter than the mean");
        close(k, m.peak, "peak curvature");
        close(n * edge * Math.sqrt(k), m.lap, "lap time n * edge / sqrt(1 / k)");
        assertFalse(m.crosses);
    }

    @Test
    void square() {
        double s = 3;
        int per = 4;
        All m = All.of(Shapes.square(s, per));
        double edge = s / per;
        double corner = (Math.PI / 2) / edge;
        close(4 * s, m.perimeter, "perimeter");
        close(s * s, m.area, "area");
        close(Math.PI / 4, m.compactness, "compactness pi/4");
        for (int i = 0; i < m.n; i++) {
            boolean isCorner = i % per == 0;
            close(isCorner ? Math.PI / 2 : 0, m.turn[i], "turn " + i);
            close(isCorner ? corner : 0, m.curvature[i], "curvature " + i);
        }
        assertEquals(0, m.chicanes, "a convex loop has no reversal; zero turns are ignored");
        close((per - 1) / (double) per, m.straight, "every non-corner point is straight");
        close(corner, m.peak, "peak curvature");
        double lap = (4 * per - 4) * edge * Math.sqrt(PolylineMetrics.LAP_CURVATURE_FLOOR) + 4 * edge * Math.sqrt(corner);
        close(lap, m.lap, "lap time: straights at the curvature floor, four corners");
        assertFalse(m.crosses);
    }

    @Test
    void stadium() {
        double a = 2;
        double r = 1;
        int ms = 4;
        int k = 6;
        All m = All.of(Shapes.stadium(a, r, ms, k));
        double straightEdge = a / ms;
        double chord = 2 * r * Math.sin(Math.PI / (2 * k));
        double kJunction = (Math.PI / (2 * k)) / ((straightEdge + chord) / 2);
        double kArc = (Math.PI / k) / chord;
        close(2 * a + 2 * k * chord, m.perimeter, "perimeter");
        close(2 * a * r + k * r * r * Math.sin(Math.PI / k), m.area, "area: rectangle + two half 2k-gons");
        close(4 * Math.PI * m.area / (m.perimeter * m.perimeter), m.compactness, "compactness");
        close(4 * Math.PI * 7 / Math.pow(4 + 12 * chord, 2), m.compactness, "compactness, numerically");
        // per half: vertex 0 junction, 3 straight vertices, junction, 5 arc vertices
        double[] expectedK = new double[m.n];
        for (int half = 0; half < 2; half++) {
            int b = half * (ms + k);
            expectedK[b] = kJunction;
            expectedK[b + ms] = kJunction;
            for (int j = 1; j < k; j++) {
                expectedK[b + ms + j] = kArc;
            }
        }
        for (int i = 0; i < m.n; i++) {
            close(expectedK[i], m.curvature[i], "curvature " + i);
        }
        assertEquals(0, m.chicanes);
        close(6.0 / 20.0, m.straight, "the 6 straight-interior points of 20");
        close(kArc, m.peak, "peak curvature on the arcs");
        double lap = 2 * (straightEdge * (Math.sqrt(kJunction) + 3 * Math.sqrt(PolylineMetrics.LAP_CURVATURE_FLOOR))
                + chord * (Math.sqrt(kJunction) + (k - 1) * Math.sqrt(kArc)));
        close(lap, m.lap, "lap time");
        assertFalse(m.crosses);
    }

    @Test
    void boxWithOneChicane() {
        All m = All.of(Shapes.chicane());
        double r2 = Math.sqrt(2);
        close(16 + r2, m.perimeter, "perimeter 4 + 4 + 1 + sqrt2 + 2 + 5");
        close(18.5, m.area, "area");
        close(4 * Math.PI * 18.5 / Math.pow(16 + r2, 2), m.compactness, "compactness");
        double q = Math.PI / 4;
        assertArrayEquals(new double[] {2 * q, 2 * q, 2 * q, -q, q, 2 * q}, m.turn, EPS, "turns");
        double[] k = {2 * q / 4.5, 2 * q / 4, 2 * q / 2.5, q / ((1 + r2) / 2), q / ((r2 + 2) / 2), 2 * q / 3.5};
        assertArrayEquals(k, m.curvature, EPS, "curvature");
        assertEquals(2, m.chicanes, "one chicane is two reversals: left->right at D, right->left at E");
        close(0, m.straight, "no point below half the mean curvature");
        close(k[3], m.peak, "peak curvature at D");
        double[] out = {4, 4, 1, r2, 2, 5};
        double lap = 0;
        for (int i = 0; i < 6; i++) {
            lap += out[i] * Math.sqrt(k[i]);
        }
        close(lap, m.lap, "lap time");
        assertFalse(m.crosses);
    }

    @Test
    void chicanesReadTheTurnSequenceWithoutWrapping() {
        // starting at D the signs read - + + + + +: the reversal back to D is not counted (as in the original)
        All fromD = All.of(Shapes.startAt(Shapes.chicane(), 3));
        assertEquals(1, fromD.chicanes);
        double[] tiny = {0.04, -0.049, 0.2, 0.03, -0.3, 0.1};
        assertEquals(2, PolylineMetrics.chicanes(tiny, 6), "turns below 0.05 rad are ignored");
    }

    @Test
    void turnAnglesWrapIntoMinusPiToPi() {
        assertEquals(-Math.PI, PolylineMetrics.wrap(Math.PI), EPS, "pi wraps to -pi ([-pi, pi))");
        assertEquals(0.5, PolylineMetrics.wrap(0.5 + 4 * Math.PI), 1e-12);
        assertEquals(-0.5, PolylineMetrics.wrap(-0.5 - 2 * Math.PI), 1e-12);
    }

    @Test
    void properCrossingsOnly() {
        double[] eight = Shapes.figureEight(200);
        assertTrue(PolylineMetrics.selfIntersects(eight, 200));
        int[] x = PolylineMetrics.firstCrossing(eight, 200);
        assertTrue(x[1] > x[0] + 1);
        // a vertex touching a non-adjacent edge is not a proper crossing
        double[] touching = {0, 0, 4, 0, 4, 2, 2, 0};
        assertNull(PolylineMetrics.firstCrossing(touching, 4));
        // a bow tie crosses between edges 0 and 2
        double[] bowTie = {0, 0, 2, 2, 2, 0, 0, 2};
        assertArrayEquals(new int[] {0, 2}, PolylineMetrics.firstCrossing(bowTie, 4));
    }

    @Test
    void degenerateLoops() {
        double[] point = {1, 1, 1, 1, 1, 1, 1, 1};
        assertEquals(0, PolylineMetrics.compactness(point, 4));
        double[] k = new double[4];
        double[] t = new double[4];
        PolylineMetrics.turnAngles(point, 4, t);
        PolylineMetrics.curvature(point, 4, t, k);
        assertEquals(0, PolylineMetrics.straightFraction(k, 4));
    }

    @Test
    void distanceToLoop() {
        double[] sq = Shapes.square(2, 1);
        assertEquals(1, PolylineMetrics.distanceToLoop(sq, 4, 1, 1), EPS, "centre of a 2 x 2 square");
        assertEquals(0.5, PolylineMetrics.distanceToLoop(sq, 4, 2.5, 1), EPS);
        assertEquals(Math.sqrt(2), PolylineMetrics.distanceToLoop(sq, 4, 3, 3), EPS, "nearest is a corner");
    }

    @Test
    void circumradiusIsTheRadiusOfTheCircleThroughThreePoints() {
        // three points of the circle of radius 2 about (1, -1)
        double r = PolylineMetrics.circumradius(3, -1, 1, 1, -1, -1);
        assertEquals(2, r, EPS);
        assertEquals(Double.POSITIVE_INFINITY, PolylineMetrics.circumradius(0, 0, 1, 1, 2, 2));
        assertTrue(Double.isNaN(PolylineMetrics.circumradius(0, 0, Double.NaN, 1, 2, 0)));
    }
}
