package dev.trackgen.metrics.circuit;

/**
 * Points on a closed polyline whose consecutive chords all have one length, with the per-point
 * widths carried along: the import's resample for circuits with their own widths.
 *
 * <p>Why equal chords: the pipeline's constant-spacing resample and the inflation's uniform
 * resample each put points at equal arc steps along the polygon they are given, so a polygon
 * whose chords are already equal (and whose count matches) comes out of both with its points
 * where they were. The road's centerline is then the file's own polyline sampled once, and each
 * border lies on the offset of the file's chords; sampling twice at arc steps (what the import
 * did before) cuts each file vertex twice and doubled the distance to the file's border.
 *
 * <p>Algorithm: walk the polyline from its first point; the next point is the first place
 * further along it at straight-line distance {@code d} from the current one (a circle-segment
 * intersection); the chord {@code d} is found by bisection (double precision, 80 steps) so that
 * the {@code m}-th step lands back on the first point. A width is interpolated linearly along the
 * file's segment the point lies on.
 */
final class EqualChordResample {
    private final double[] xy;
    private final double[] left;
    private final double[] right;
    private final double chord;

    private EqualChordResample(double[] xy, double[] left, double[] right, double chord) {
        this.xy = xy;
        this.left = left;
        this.right = right;
        this.chord = chord;
    }

    /**
     * Resamples a closed polyline.
     *
     * @param xy    {@code [n]} interleaved points (double pairs), the loop not repeating its first point
     * @param left  {@code [n]} widths at the points (any per-point quantity, interpolated linearly)
     * @param right {@code [n]} second per-point quantity
     * @param m     points wanted, {@code >= 3}
     * @return the {@code m} points with their widths and the common chord length
     * @throws IllegalArgumentException if {@code m < 3}, the arrays disagree in length, or the
     *         loop has no length
     */
    static EqualChordResample of(double[] xy, double[] left, double[] right, int m) {
        int n = xy.length / 2;
        if (m < 3 || n < 3 || left.length != n || right.length != n) {
            throw new IllegalArgumentException("need m >= 3 and n >= 3 points with n widths per side, got m = " + m
                    + ", n = " + n + ", " + left.length + " and " + right.length + " widths");
        }
        double[] arc = new double[n + 1];
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            arc[i + 1] = arc[i] + Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
        }
        double total = arc[n];
        if (!(total > 0) || !Double.isFinite(total)) {
            throw new IllegalArgumentException("the loop has no finite length: " + total);
        }
        double[] pos = new double[m];
        // lo: chords too short to close the loop in m steps; hi: the arc step, never shorter than
        // needed (a chord is at most its arc), doubled for the walk's first-exit rule on hairpins
        double lo = 0;
        double hi = 2 * total / m;
        for (int it = 0; it < 80; it++) {
            double d = 0.5 * (lo + hi);
            if (walk(xy, arc, n, d, m, pos) < total) {
                lo = d;
            } else {
                hi = d;
            }
        }
        double d = 0.5 * (lo + hi);
        walk(xy, arc, n, d, m, pos);
        double[] out = new double[2 * m];
        double[] l = new double[m];
        double[] r = new double[m];
        for (int k = 0; k < m; k++) {
            double s = pos[k];
            int seg = segmentOf(arc, n, s);
            int j = (seg + 1) % n;
            double len = arc[seg + 1] - arc[seg];
            double f = len > 0 ? Math.max(0, Math.min(1, (s - arc[seg]) / len)) : 0;
            out[2 * k] = xy[2 * seg] + f * (xy[2 * j] - xy[2 * seg]);
            out[2 * k + 1] = xy[2 * seg + 1] + f * (xy[2 * j + 1] - xy[2 * seg + 1]);
            l[k] = left[seg] + f * (left[j] - left[seg]);
            r[k] = right[seg] + f * (right[j] - right[seg]);
        }
        return new EqualChordResample(out, l, r, d);
    }

    /**
     * Walks {@code m} chords of length {@code d} from arc 0 and returns the arc position reached
     * (past {@code total} when the chords are too long); {@code pos[k]} gets point {@code k}'s.
     */
    private static double walk(double[] xy, double[] arc, int n, double d, int m, double[] pos) {
        double total = arc[n];
        double s = 0;
        double d2 = d * d;
        for (int k = 0; k < m; k++) {
            if (s >= total) {
                return Double.POSITIVE_INFINITY; // a lap in fewer than m chords: too long
            }
            pos[k] = s;
            int seg = segmentOf(arc, n, s);
            double[] p = pointAt(xy, arc, n, s);
            double next = Double.NaN;
            // search forward, at most one lap, for the first exit from the circle of radius d
            for (int step = 0; step <= n && Double.isNaN(next); step++) {
                int a = (seg + step) % n;
                int b = (a + 1) % n;
                double base = arc[a] + (seg + step >= n ? total : 0);
                double len = arc[a + 1] - arc[a];
                if (!(len > 0)) {
                    continue;
                }
                double ex = (xy[2 * b] - xy[2 * a]) / len;
                double ey = (xy[2 * b + 1] - xy[2 * a + 1]) / len;
                double wx = xy[2 * a] - p[0];
                double wy = xy[2 * a + 1] - p[1];
                // |w + t e|^2 = d^2, t in [from, len]
                double bq = wx * ex + wy * ey;
                double cq = wx * wx + wy * wy - d2;
                double disc = bq * bq - cq;
                if (disc < 0) {
                    continue;
                }
                double t = -bq + Math.sqrt(disc);
                double from = step == 0 ? s - arc[a] : 0;
                if (t >= from && t <= len) {
                    next = base + t;
                }
            }
            if (Double.isNaN(next)) {
                return Double.POSITIVE_INFINITY;
            }
            s = next;
        }
        return s;
    }

    private static int segmentOf(double[] arc, int n, double s) {
        double total = arc[n];
        double u = s % total;
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (arc[mid] <= u) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private static double[] pointAt(double[] xy, double[] arc, int n, double s) {
        int seg = segmentOf(arc, n, s);
        int j = (seg + 1) % n;
        double len = arc[seg + 1] - arc[seg];
        double f = len > 0 ? Math.max(0, Math.min(1, (s % arc[n] - arc[seg]) / len)) : 0;
        return new double[] {xy[2 * seg] + f * (xy[2 * j] - xy[2 * seg]), xy[2 * seg + 1] + f * (xy[2 * j + 1]
                - xy[2 * seg + 1])};
    }

    /** @return {@code [m]} interleaved points */
    double[] xy() {
        return xy.clone();
    }

    /** @return {@code [m]} first per-point quantity at the points */
    double[] left() {
        return left.clone();
    }

    /** @return {@code [m]} second per-point quantity */
    double[] right() {
        return right.clone();
    }

    /** @return the common chord length */
    double chord() {
        return chord;
    }
}
