package dev.trackgen.metrics;

/**
 * Geometric and racing metrics of one closed polyline, in double precision, with the
 * definitions of the original implementation (benchmarks/track_metrics.py of
 * AntoineRichard/TrackGen; see docs/metrics.md).
 *
 * <p>Every function takes the real points of one loop as interleaved {@code (x, y)} doubles,
 * {@code p[2 * i], p[2 * i + 1]} for {@code i < n}; the edge {@code n - 1 -> 0} closes the loop
 * (the first point is not repeated). Edge {@code i} goes from point {@code i} to point
 * {@code i + 1}; it is the <em>outgoing</em> edge of vertex {@code i} and the <em>incoming</em>
 * edge of vertex {@code i + 1}.
 */
public final class PolylineMetrics {
    /** Turns smaller than this (radians) are ignored by {@link #chicanes}. */
    public static final double CHICANE_MIN_TURN = 0.05;
    /** A point is straight when its curvature is below this fraction of the loop's mean curvature. */
    public static final double STRAIGHT_REL = 0.5;
    /** Curvature floor of the lap-time speed {@code v = sqrt(1 / max(k, floor))}. */
    public static final double LAP_CURVATURE_FLOOR = 1e-6;
    /** Floor of the mean adjacent edge length in {@link #curvature}. */
    public static final double EDGE_FLOOR = 1e-9;

    private PolylineMetrics() {
    }

    /**
     * @param p interleaved points
     * @param i edge index (wraps)
     * @param n number of points
     * @return the length of edge {@code i}
     */
    public static double edgeLength(double[] p, int i, int n) {
        int j = i + 1 == n ? 0 : i + 1;
        return Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]);
    }

    /** @return the perimeter: the sum of the {@code n} edge lengths */
    public static double perimeter(double[] p, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += edgeLength(p, i, n);
        }
        return s;
    }

    /** @return the enclosed area, the absolute value of the shoelace sum */
    public static double area(double[] p, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            s += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
        }
        return Math.abs(s) * 0.5;
    }

    /** @return {@code 4 pi area / perimeter^2}: 1 for a circle, pi/4 for a square; 0 for a zero perimeter */
    public static double compactness(double[] p, int n) {
        double per = perimeter(p, n);
        if (per <= 0) {
            return 0;
        }
        return 4 * Math.PI * area(p, n) / (per * per);
    }

    /**
     * Turn angle at every vertex: the heading of the outgoing edge minus the heading of the
     * incoming edge, wrapped into {@code [-pi, pi)}; positive turns left.
     *
     * @param p   interleaved points
     * @param n   number of points
     * @param out at least {@code n} entries, written
     */
    public static void turnAngles(double[] p, int n, double[] out) {
        for (int i = 0; i < n; i++) {
            int prev = i == 0 ? n - 1 : i - 1;
            int next = i + 1 == n ? 0 : i + 1;
            double aIn = Math.atan2(p[2 * i + 1] - p[2 * prev + 1], p[2 * i] - p[2 * prev]);
            double aOut = Math.atan2(p[2 * next + 1] - p[2 * i + 1], p[2 * next] - p[2 * i]);
            out[i] = wrap(aOut - aIn);
        }
    }

    /** @return {@code a} wrapped into {@code [-pi, pi)} as {@code (a + pi) mod 2 pi - pi} (floored modulo) */
    static double wrap(double a) {
        double t = a + Math.PI;
        double twoPi = 2 * Math.PI;
        return t - twoPi * Math.floor(t / twoPi) - Math.PI;
    }

    /**
     * Curvature at every vertex: {@code |turn angle|} over the mean of the two adjacent edge
     * lengths (floored at {@value #EDGE_FLOOR}).
     *
     * @param p    interleaved points
     * @param n    number of points
     * @param turn the turn angles from {@link #turnAngles}
     * @param out  at least {@code n} entries, written
     */
    public static void curvature(double[] p, int n, double[] turn, double[] out) {
        for (int i = 0; i < n; i++) {
            int prev = i == 0 ? n - 1 : i - 1;
            double mean = 0.5 * (edgeLength(p, i, n) + edgeLength(p, prev, n));
            out[i] = Math.abs(turn[i]) / Math.max(mean, EDGE_FLOOR);
        }
    }

    /**
     * The radius of the circle through three points, {@code |ab| |bc| |ca| / (2 |ab x bc|)}.
     *
     * @param ax the first point's x
     * @param ay the first point's y
     * @param bx the middle point's x
     * @param by the middle point's y
     * @param cx the last point's x
     * @param cy the last point's y
     * @return the radius; infinite when the points are collinear (NaN when a coordinate is)
     */
    public static double circumradius(double ax, double ay, double bx, double by, double cx, double cy) {
        double cross = Math.abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx));
        if (cross == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.hypot(bx - ax, by - ay) * Math.hypot(cx - bx, cy - by) * Math.hypot(cx - ax, cy - ay) / (2 * cross);
    }

    /**
     * Left-right reversals: sign changes between consecutive entries of the turn-angle sequence
     * {@code turn[0..n)} once turns with {@code |turn| < }{@value #CHICANE_MIN_TURN} are dropped.
     * As in the original, the sequence is read from vertex 0 to vertex {@code n - 1} without
     * wrapping, so a single S-bend (one chicane) away from vertex 0 counts 2, and a convex loop 0.
     *
     * @param turn turn angles
     * @param n    number of vertices
     * @return the number of sign changes
     */
    public static int chicanes(double[] turn, int n) {
        int changes = 0;
        int last = 0;
        for (int i = 0; i < n; i++) {
            if (Math.abs(turn[i]) < CHICANE_MIN_TURN) {
                continue;
            }
            int s = turn[i] > 0 ? 1 : -1;
            if (last != 0 && s != last) {
                changes++;
            }
            last = s;
        }
        return changes;
    }

    /**
     * @param curvature per-vertex curvature
     * @param n         number of vertices
     * @return the fraction of vertices whose curvature is below {@value #STRAIGHT_REL} times the
     *         mean curvature; 0 when the mean is at most 1e-9
     */
    public static double straightFraction(double[] curvature, int n) {
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += curvature[i];
        }
        mean /= n;
        if (mean <= 1e-9) {
            return 0;
        }
        int below = 0;
        for (int i = 0; i < n; i++) {
            below += curvature[i] < STRAIGHT_REL * mean ? 1 : 0;
        }
        return below / (double) n;
    }

    /** @return the largest per-vertex curvature */
    public static double peakCurvature(double[] curvature, int n) {
        double m = 0;
        for (int i = 0; i < n; i++) {
            m = Math.max(m, curvature[i]);
        }
        return m;
    }

    /**
     * Racing-line proxy lap time at lateral acceleration 1: the sum over vertices of the outgoing
     * edge length over the cornering speed {@code v = sqrt(1 / max(k, }{@value #LAP_CURVATURE_FLOOR}{@code ))}.
     *
     * @param p         interleaved points
     * @param n         number of points
     * @param curvature per-vertex curvature
     * @return the lap time
     */
    public static double lapTime(double[] p, int n, double[] curvature) {
        double t = 0;
        for (int i = 0; i < n; i++) {
            double v = Math.sqrt(1.0 / Math.max(curvature[i], LAP_CURVATURE_FLOOR));
            t += edgeLength(p, i, n) / v;
        }
        return t;
    }

    /**
     * @return whether two non-adjacent edges properly cross (see {@link #firstCrossing})
     */
    public static boolean selfIntersects(double[] p, int n) {
        return firstCrossing(p, n) != null;
    }

    /**
     * The first proper crossing of two non-adjacent edges: each edge's endpoints lie strictly on
     * opposite sides of the other edge's line. Edges sharing a point (consecutive ones, and the
     * closing edge with edge 0) are not tested; touching and collinear overlap do not count.
     * Loops of 16 points or more are searched through a {@link LoopGrid} (cells of twice the mean
     * edge length), so a centerline of a million points is checked in about a second rather than
     * comparing every pair of edges.
     *
     * @param p interleaved points
     * @param n number of points
     * @return {@code {i, j}} with {@code i < j}, the first crossing edge pair in lexicographic
     *         order, or {@code null} when the loop is simple
     */
    public static int[] firstCrossing(double[] p, int n) {
        double cell = n >= 16 && n <= LoopGrid.MAX_POINTS && allFinite(p, n) ? 2 * perimeter(p, n) / n : 0;
        if (cell > 0 && Double.isFinite(cell)) {
            return new LoopGrid(p, n, cell).firstCrossing();
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 2; j < n; j++) {
                if (!(i == 0 && j == n - 1) && properlyCross(p, n, i, j)) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    private static boolean allFinite(double[] p, int n) {
        for (int k = 0; k < 2 * n; k++) {
            if (!Double.isFinite(p[k])) {
                return false;
            }
        }
        return true;
    }

    /**
     * @return whether edges {@code i} and {@code j} of a closed loop properly cross: each edge's
     *         endpoints lie strictly on opposite sides of the other edge's line
     */
    static boolean properlyCross(double[] p, int n, int i, int j) {
        int i1 = i + 1 == n ? 0 : i + 1;
        int j1 = j + 1 == n ? 0 : j + 1;
        double ax = p[2 * i];
        double ay = p[2 * i + 1];
        double bx = p[2 * i1];
        double by = p[2 * i1 + 1];
        double cx = p[2 * j];
        double cy = p[2 * j + 1];
        double dx = p[2 * j1];
        double dy = p[2 * j1 + 1];
        if (Math.max(cx, dx) < Math.min(ax, bx) || Math.min(cx, dx) > Math.max(ax, bx)
                || Math.max(cy, dy) < Math.min(ay, by) || Math.min(cy, dy) > Math.max(ay, by)) {
            return false;
        }
        double d1 = orient(cx, cy, dx, dy, ax, ay);
        double d2 = orient(cx, cy, dx, dy, bx, by);
        if (!(d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0)) {
            return false;
        }
        double d3 = orient(ax, ay, bx, by, cx, cy);
        double d4 = orient(ax, ay, bx, by, dx, dy);
        return d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0;
    }

    private static double orient(double ox, double oy, double px, double py, double qx, double qy) {
        return (px - ox) * (qy - oy) - (py - oy) * (qx - ox);
    }

    /**
     * Distance from a point to the closed polyline (the nearest of its edges).
     *
     * @param p  interleaved points of the polyline
     * @param n  number of points
     * @param qx query x
     * @param qy query y
     * @return the Euclidean distance
     */
    public static double distanceToLoop(double[] p, int n, double qx, double qy) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            best = Math.min(best, squaredDistanceToEdge(p, n, i, qx, qy));
        }
        return Math.sqrt(best);
    }

    /** @return the squared distance from {@code (qx, qy)} to edge {@code i} of a closed loop */
    static double squaredDistanceToEdge(double[] p, int n, int i, double qx, double qy) {
        int j = i + 1 == n ? 0 : i + 1;
        double ax = p[2 * i];
        double ay = p[2 * i + 1];
        double ex = p[2 * j] - ax;
        double ey = p[2 * j + 1] - ay;
        double l2 = ex * ex + ey * ey;
        double t = l2 > 0 ? ((qx - ax) * ex + (qy - ay) * ey) / l2 : 0;
        t = Math.max(0, Math.min(1, t));
        double dx = ax + t * ex - qx;
        double dy = ay + t * ey - qy;
        return dx * dx + dy * dy;
    }
}
