package dev.trackgen.metrics;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batch aggregation: which envs count for which metric, means, median, rates and the variety gate. */
class MetricsAccumulatorTest {
    private static final double EPS = 1e-12;

    /** The shape as the accumulator sees it: rounded to float, back in double. */
    private static double[] rounded(double[] p) {
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            out[i] = (float) p[i];
        }
        return out;
    }

    private static double[] perLoop(double[] p) {
        p = rounded(p);
        int n = p.length / 2;
        double[] t = new double[n];
        double[] k = new double[n];
        PolylineMetrics.turnAngles(p, n, t);
        PolylineMetrics.curvature(p, n, t, k);
        return new double[] {PolylineMetrics.perimeter(p, n), PolylineMetrics.compactness(p, n),
            PolylineMetrics.chicanes(t, n), PolylineMetrics.straightFraction(k, n), PolylineMetrics.peakCurvature(k, n),
            PolylineMetrics.lapTime(p, n, k)};
    }

    private static void add(MetricsAccumulator acc, double[] raw, double[] spaced, double[] relaxed, double[] center,
                            boolean valid) {
        float[] r = Shapes.toFloat(raw);
        acc.add(r, 0, raw.length / 2, Shapes.toFloat(spaced), Shapes.toFloat(relaxed), Shapes.toFloat(center), 0,
                center.length / 2, valid);
    }

    private static double[] shifted(double[] p, double dx, double dy) {
        double[] out = p.clone();
        for (int i = 0; i < out.length; i += 2) {
            out[i] += dx;
            out[i + 1] += dy;
        }
        return out;
    }

    @Test
    void aggregatesLikeTheOriginal() {
        double[] square = Shapes.square(3, 4);
        double[] circle = Shapes.circle(64, 2);
        double[] stadium = Shapes.stadium(2, 1, 4, 6);
        double[] chicane = Shapes.chicane();
        MetricsAccumulator acc = new MetricsAccumulator();
        // relaxation moved every square point by (0.75, 1): 1.25 each
        add(acc, square, square, shifted(square, 0.75, 1), square, true);
        // the raw centerline crossed itself (the generator's output), the final track is fine
        add(acc, Shapes.figureEight(64), circle, circle, circle, true);
        add(acc, stadium, stadium, stadium, stadium, true);
        // invalid: counts for yield and displacement, not for shape metrics
        add(acc, chicane, chicane, chicane, chicane, false);
        // fewer than 4 points: counts for yield only
        double[] tri = {0, 0, 1, 0, 0, 1};
        add(acc, Shapes.square(1, 1), tri, tri, tri, false);

        MetricsRow r = acc.result("test");
        assertEquals("test", r.name());
        assertEquals(5, r.tracks());
        assertEquals(3, r.measured());
        assertEquals(3 / 5.0, r.yield(), EPS);
        assertEquals(1 / 5.0, r.selfIntersectionRate(), EPS);
        assertEquals(0, r.spacedSelfIntersectionRate(), EPS);
        assertEquals(16 * 1.25 / (16 + 64 + 20 + 6), r.xpbdDisplacement(), EPS);

        double[][] m = {perLoop(square), perLoop(circle), perLoop(stadium)};
        for (int col = 0; col < 6; col++) {
            double mean = (m[0][col] + m[1][col] + m[2][col]) / 3;
            double actual = switch (col) {
                case 0 -> r.meanLength();
                case 1 -> r.meanCompactness();
                case 2 -> r.meanChicanes();
                case 3 -> r.straightFraction();
                case 4 -> r.peakCurvature();
                default -> r.lapTime();
            };
            assertEquals(mean, actual, EPS * Math.max(1, mean), "column " + col);
        }
        double[] cp = {m[0][1], m[1][1], m[2][1]};
        Arrays.sort(cp);
        assertEquals(cp[1], r.medianCompactness(), EPS);
        assertEquals(1 / 3.0, r.degenerateCompactnessRate(), EPS, "the circle (compactness 0.998) is degenerate");
        assertTrue(r.shapeVarietyPass(), "median " + r.medianCompactness() + " < 0.85");
        assertTrue(Double.isNaN(r.msPerCall()));
        assertEquals(12.5, r.withMsPerCall(12.5).msPerCall());
    }

    @Test
    void circlesFailTheShapeVarietyGateAndEvenMediansAverage() {
        MetricsAccumulator acc = new MetricsAccumulator();
        double[] a = Shapes.circle(64, 1);
        double[] b = Shapes.circle(8, 1);
        add(acc, a, a, a, a, true);
        add(acc, b, b, b, b, true);
        MetricsRow r = acc.result("circles");
        double ca = perLoop(a)[1];
        double cb = perLoop(b)[1];
        assertEquals(0.5 * (ca + cb), r.medianCompactness(), EPS);
        assertEquals(1.0, r.degenerateCompactnessRate(), EPS);
        assertFalse(r.shapeVarietyPass());
    }

    @Test
    void nothingValidGivesNaNAndAFailedGate() {
        MetricsAccumulator acc = new MetricsAccumulator();
        double[] s = Shapes.square(1, 2);
        add(acc, s, s, s, s, false);
        MetricsRow r = acc.result("none");
        assertEquals(0, r.yield());
        assertTrue(Double.isNaN(r.meanLength()));
        assertTrue(Double.isNaN(r.medianCompactness()));
        assertFalse(r.shapeVarietyPass());
        assertThrows(IllegalStateException.class, () -> new MetricsAccumulator().result("empty"));
    }

    @Test
    void nonFinitePointsAreSkipped() {
        MetricsAccumulator acc = new MetricsAccumulator();
        double[] s = Shapes.square(1, 2);
        double[] bad = s.clone();
        bad[3] = Double.NaN;
        add(acc, bad, s, bad, bad, true);
        MetricsRow r = acc.result("nan");
        assertEquals(0, r.selfIntersectionRate());
        assertTrue(Double.isNaN(r.xpbdDisplacement()));
        assertEquals(0, r.measured());
    }

    @Test
    void widthStatisticsPoolTheValidTracksPoints() {
        MetricsAccumulator acc = new MetricsAccumulator();
        float nan = Float.NaN;
        // env 0 valid (3 points), env 1 invalid (ignored), stride 4 with a NaN slot past the count
        float[] left = {1f, 2f, 3f, nan, 9f, 9f, 9f, nan};
        float[] right = {0.5f, 1f, 1.5f, nan, 9f, 9f, 9f, nan};
        acc.addWidths(left, right, 0, 3, true);
        acc.addWidths(left, right, 4, 3, false);
        double[] square = {0, 0, 1, 0, 1, 1, 0, 1};
        add(acc, square, square, square, square, true);
        MetricsRow.Widths w = acc.result("w").widths();
        assertEquals(0.5, w.min(), EPS);
        assertEquals(3, w.max(), EPS);
        assertEquals(2, w.meanLeft(), EPS);
        assertEquals(1, w.meanRight(), EPS);
        assertEquals(1.5, w.mean(), EPS);
        MetricsAccumulator none = new MetricsAccumulator();
        add(none, square, square, square, square, true);
        assertTrue(Double.isNaN(none.result("n").widths().mean()), "no widths added: NaN");
    }
}
