package dev.trackgen.metrics.audit;

import dev.trackgen.metrics.PolylineMetrics;

/**
 * A closed polygon in double precision, copied from one track's float32 points, with the brute
 * force geometric predicates of {@link TrackAudit}. Orientation signs of float32 inputs evaluated
 * in double are exact except for differences of widely separated magnitudes, far beyond what a
 * track holds.
 */
final class Polygon {
    final double[] x;
    final double[] y;
    final int n;

    private Polygon(double[] x, double[] y) {
        this.x = x;
        this.y = y;
        this.n = x.length;
    }

    /**
     * @param xy   interleaved float32 points
     * @param base first point index
     * @param n    number of points
     * @return the polygon
     */
    static Polygon of(float[] xy, int base, int n) {
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = xy[2 * (base + i)];
            y[i] = xy[2 * (base + i) + 1];
        }
        return new Polygon(x, y);
    }

    /** Polygon from double coordinates (copied). */
    static Polygon of(double[] x, double[] y) {
        return new Polygon(x.clone(), y.clone());
    }

    boolean finite() {
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(x[i]) || !Double.isFinite(y[i])) {
                return false;
            }
        }
        return true;
    }

    private int next(int i) {
        return i + 1 == n ? 0 : i + 1;
    }

    private int prev(int i) {
        return i == 0 ? n - 1 : i - 1;
    }

    /**
     * @return the first vertex where the polygon turns by 90 degrees or more (the incoming and
     *         outgoing edges' dot product below {@code -1e-6} of their lengths' product, or an
     *         edge of zero length), or -1
     */
    int fold() {
        for (int i = 0; i < n; i++) {
            int p = prev(i);
            int u = next(i);
            double ax = x[i] - x[p];
            double ay = y[i] - y[p];
            double bx = x[u] - x[i];
            double by = y[u] - y[i];
            double la = Math.hypot(ax, ay);
            double lb = Math.hypot(bx, by);
            if (la == 0 || lb == 0 || ax * bx + ay * by < -1e-6 * la * lb) {
                return i;
            }
        }
        return -1;
    }

    /** @return the radius of the circle through points i-1, i, i+1 (infinite when collinear) */
    double circumradius(int i) {
        int p = prev(i);
        int u = next(i);
        return PolylineMetrics.circumradius(x[p], y[p], x[i], y[i], x[u], y[u]);
    }

    double signedArea() {
        double a = 0;
        for (int i = 0; i < n; i++) {
            int u = next(i);
            a += x[i] * y[u] - x[u] * y[i];
        }
        return a / 2;
    }

    double perimeter() {
        double p = 0;
        for (int i = 0; i < n; i++) {
            int u = next(i);
            p += Math.hypot(x[u] - x[i], y[u] - y[i]);
        }
        return p;
    }

    /** @return a description of the first pair of non-adjacent edges that touch or cross, or null */
    String selfContact() {
        for (int i = 0; i < n; i++) {
            int i1 = next(i);
            for (int j = i + 2; j < n; j++) {
                if (i == 0 && j == n - 1) {
                    continue;
                }
                int j1 = next(j);
                if (segmentsMeet(x[i], y[i], x[i1], y[i1], x[j], y[j], x[j1], y[j1])) {
                    return "edges " + i + " and " + j + " touch or cross";
                }
            }
        }
        return null;
    }

    /** @return a description of the first edge of this polygon meeting an edge of {@code q}, or null */
    String contactWith(Polygon q) {
        for (int i = 0; i < n; i++) {
            int i1 = next(i);
            for (int j = 0; j < q.n; j++) {
                int j1 = q.next(j);
                if (segmentsMeet(x[i], y[i], x[i1], y[i1], q.x[j], q.y[j], q.x[j1], q.y[j1])) {
                    return "edge " + i + " and edge " + j + " touch or cross";
                }
            }
        }
        return null;
    }

    /** @return the winding number of this polygon around (px, py); 0 means outside */
    int winding(double px, double py) {
        int w = 0;
        for (int i = 0; i < n; i++) {
            int u = next(i);
            if (y[i] <= py) {
                if (y[u] > py && orient(x[i], y[i], x[u], y[u], px, py) > 0) {
                    w++;
                }
            } else if (y[u] <= py && orient(x[i], y[i], x[u], y[u], px, py) < 0) {
                w--;
            }
        }
        return w;
    }

    static double orient(double ox, double oy, double px, double py, double qx, double qy) {
        return (px - ox) * (qy - oy) - (py - oy) * (qx - ox);
    }

    /** Whether closed segments a0-a1 and b0-b1 share at least one point. */
    static boolean segmentsMeet(double a0x, double a0y, double a1x, double a1y,
                                double b0x, double b0y, double b1x, double b1y) {
        if (Math.max(a0x, a1x) < Math.min(b0x, b1x) || Math.max(b0x, b1x) < Math.min(a0x, a1x)
                || Math.max(a0y, a1y) < Math.min(b0y, b1y) || Math.max(b0y, b1y) < Math.min(a0y, a1y)) {
            return false;
        }
        double d1 = orient(b0x, b0y, b1x, b1y, a0x, a0y);
        double d2 = orient(b0x, b0y, b1x, b1y, a1x, a1y);
        double d3 = orient(a0x, a0y, a1x, a1y, b0x, b0y);
        double d4 = orient(a0x, a0y, a1x, a1y, b1x, b1y);
        if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
            return true;
        }
        return (d1 == 0 && within(b0x, b0y, b1x, b1y, a0x, a0y)) || (d2 == 0 && within(b0x, b0y, b1x, b1y, a1x, a1y))
                || (d3 == 0 && within(a0x, a0y, a1x, a1y, b0x, b0y)) || (d4 == 0 && within(a0x, a0y, a1x, a1y, b1x, b1y));
    }

    /** For q collinear with segment o-p: whether q lies on the segment. */
    private static boolean within(double ox, double oy, double px, double py, double qx, double qy) {
        return qx >= Math.min(ox, px) && qx <= Math.max(ox, px) && qy >= Math.min(oy, py) && qy <= Math.max(oy, py);
    }
}
