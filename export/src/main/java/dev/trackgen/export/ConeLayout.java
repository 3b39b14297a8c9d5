package dev.trackgen.export;

import java.util.Arrays;

/**
 * Cones along both borders of one track in metres, for the cone formats. Each border (a closed
 * ring) gets {@code n} cones at equal arc steps {@code perimeter / n} from its point 0, with
 * {@code n} the smallest count that keeps two rules:
 * <ul>
 *   <li>no two neighbours farther apart than the spacing: {@code n >= max(3, ceil(perimeter /
 *       spacing))} ({@link ExportLimits#coneCount}; a chord is never longer than its arc);</li>
 *   <li>the cones outline the road: every centerline point lies on the same side of the polygon
 *       of a border's cones as of the border itself (inside the outer one, outside the inner one),
 *       as a simulator that takes the cones' polygon for the border (FSSIM's on-track check, FSDS's
 *       track limits) needs for a car on the centerline to be on track. Where a border turns too
 *       tightly for the spacing, that border gets more cones (the count grows by a quarter until
 *       the rule holds).</li>
 * </ul>
 * The ring has no seam gap and no doubled cone. Cone 0 of each border, on the start line through
 * point 0, is a big orange start cone; the others are blue on the left and yellow on the right in
 * the driving direction (the Formula Student convention).
 *
 * @param left  left cones after the start cone, {@code [2 k]} interleaved metres
 * @param right right cones after the start cone, {@code [2 k]}
 * @param start the two big orange start cones, left then right, {@code [4]}
 */
public record ConeLayout(double[] left, double[] right, double[] start) {

    /**
     * @param track   the track
     * @param spacing the largest spacing along a border, metres, {@code > 0}
     * @return the cones
     * @throws IllegalArgumentException if the spacing is not a positive number
     * @throws ExportLimitException     if a border would need more than {@link ExportLimits#MAX_CONES_PER_BORDER} cones
     */
    public static ConeLayout of(WorldTrack track, double spacing) {
        if (!(spacing > 0) || !Double.isFinite(spacing)) {
            throw new IllegalArgumentException("cone spacing " + spacing + ": must be a positive number");
        }
        int n = track.size();
        double[] l = ring(track.left(), n, count(track.left(), track.center(), n, spacing));
        double[] r = ring(track.right(), n, count(track.right(), track.center(), n, spacing));
        double[] start = {l[0], l[1], r[0], r[1]};
        return new ConeLayout(Arrays.copyOfRange(l, 2, l.length), Arrays.copyOfRange(r, 2, r.length), start);
    }

    /**
     * Checks the cone counts of both borders without keeping the cones.
     *
     * @param track   the track
     * @param spacing the largest spacing, metres
     * @throws ExportLimitException if a border would need more than {@link ExportLimits#MAX_CONES_PER_BORDER} cones
     */
    static void check(WorldTrack track, double spacing) {
        int n = track.size();
        count(track.left(), track.center(), n, spacing);
        count(track.right(), track.center(), n, spacing);
    }

    /** The cone count of one border: the spacing's, raised until the cones outline the road. */
    static int count(double[] border, double[] center, int n, double spacing) {
        double perim = perimeter(border, n);
        int count = ExportLimits.coneCount(perim, spacing);
        boolean[] inBorder = new boolean[n];
        for (int i = 0; i < n; i++) {
            inBorder[i] = contains(border, n, center[2 * i], center[2 * i + 1]);
        }
        while (!outlines(ring(border, n, count), count, center, n, inBorder)) {
            int more = Math.max(count + 1, (int) Math.ceil(count * 1.25));
            count = ExportLimits.coneCount(perim, perim / more);
        }
        return count;
    }

    private static double perimeter(double[] p, int n) {
        double perim = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            perim += Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]);
        }
        return perim;
    }

    /**
     * The point of a closed ring at an arc length from its point 0, in the ring's direction
     * (negative lengths go backwards; any length wraps).
     *
     * @param p ring points, {@code [2 n]} interleaved metres
     * @param n the number of points, {@code >= 2}
     * @param s arc length from point 0, metres
     * @return {@code {x, y}}
     */
    static double[] atArc(double[] p, int n, double s) {
        double perim = perimeter(p, n);
        double r = perim > 0 ? s - perim * Math.floor(s / perim) : 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double len = Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]);
            if (r <= len || i == n - 1) {
                double t = len > 0 ? Math.max(0, Math.min(1, r / len)) : 0;
                return new double[] {p[2 * i] + t * (p[2 * j] - p[2 * i]), p[2 * i + 1] + t * (p[2 * j + 1] - p[2 * i + 1])};
            }
            r -= len;
        }
        return new double[] {p[0], p[1]};
    }

    /** {@code count} cones of one closed ring of {@code n} points, cone 0 at point 0, {@code [2 count]}. */
    static double[] ring(double[] p, int n, int count) {
        double perim = perimeter(p, n);
        double[] out = new double[2 * count];
        int seg = 0;
        double start = 0;
        double len = Math.hypot(p[2] - p[0], p[3] - p[1]);
        for (int k = 0; k < count; k++) {
            double s = perim * k / count;
            while (seg < n - 1 && start + len < s) {
                start += len;
                seg++;
                int j = (seg + 1) % n;
                len = Math.hypot(p[2 * j] - p[2 * seg], p[2 * j + 1] - p[2 * seg + 1]);
            }
            int j = (seg + 1) % n;
            double t = len > 0 ? Math.max(0, Math.min(1, (s - start) / len)) : 0;
            out[2 * k] = p[2 * seg] + t * (p[2 * j] - p[2 * seg]);
            out[2 * k + 1] = p[2 * seg + 1] + t * (p[2 * j + 1] - p[2 * seg + 1]);
        }
        return out;
    }

    /** Whether every centerline point is on the same side of the cones' polygon as of the border's. */
    private static boolean outlines(double[] cones, int count, double[] center, int n, boolean[] inBorder) {
        for (int i = 0; i < n; i++) {
            if (contains(cones, count, center[2 * i], center[2 * i + 1]) != inBorder[i]) {
                return false;
            }
        }
        return true;
    }

    /** Even-odd point in the closed polygon of {@code k} points {@code p}. */
    private static boolean contains(double[] p, int k, double x, double y) {
        boolean in = false;
        for (int i = 0, j = k - 1; i < k; j = i++) {
            double yi = p[2 * i + 1];
            double yj = p[2 * j + 1];
            if ((yi > y) != (yj > y) && x < (p[2 * j] - p[2 * i]) * (y - yi) / (yj - yi) + p[2 * i]) {
                in = !in;
            }
        }
        return in;
    }
}
