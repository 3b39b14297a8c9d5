package dev.trackgen.export;

import java.util.Arrays;

/**
 * Cones along both borders of one track in metres, for the cone formats: each border (a closed
 * ring) gets {@code n = max(3, ceil(perimeter / spacing))} cones at equal arc steps
 * {@code perimeter / n <= spacing} from its point 0 ({@link ExportLimits#coneCount}), so no two
 * neighbours are farther apart than the spacing (a chord is never longer than its arc), the ring
 * has no seam gap and no doubled cone. Cone 0 of each border, on the start line through point 0,
 * is a big orange start cone; the others are blue on the left and yellow on the right in the
 * driving direction (the Formula Student convention). The spacing is refused where the straight
 * line between two neighbouring cones of a border would cut into the road past the centerline:
 * a simulator that takes the cones' polygon for the border (FSSIM's on-track check, FSDS's track
 * limits) would put a car driving the centerline off the track. (Chords that leave the road, as
 * across the inside of a hairpin, do not count.)
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
        check(track, spacing);
        double[] l = ring(track.left(), track.size(), spacing);
        double[] r = ring(track.right(), track.size(), spacing);
        double[] start = {l[0], l[1], r[0], r[1]};
        return new ConeLayout(Arrays.copyOfRange(l, 2, l.length), Arrays.copyOfRange(r, 2, r.length), start);
    }

    /**
     * Checks the cone counts of both borders without placing cones.
     *
     * @param track   the track
     * @param spacing the largest spacing, metres
     * @throws ExportLimitException if a border would need more than {@link ExportLimits#MAX_CONES_PER_BORDER} cones
     */
    static void check(WorldTrack track, double spacing) {
        ExportLimits.coneCount(perimeter(track.left(), track.size()), spacing);
        ExportLimits.coneCount(perimeter(track.right(), track.size()), spacing);
        int n = track.size();
        double[] intrusion = {0, 0};
        double[][] borders = {track.left(), track.right()};
        double[][] widths = {track.widthLeft(), track.widthRight()};
        for (int b = 0; b < 2; b++) {
            intrusion[b] = roadIntrusion(borders[b], track.center(), widths[b], n, spacing);
        }
        double worst = Math.max(intrusion[0], intrusion[1]);
        if (worst > 0) {
            throw new ExportLimitException(ExportLimitException.Setting.CONE_SPACING, String.format(java.util.Locale.ROOT,
                    "cone spacing %s m: the line between two neighbouring cones of a border cuts %.3g m past the"
                            + " centerline, so a car on the centerline would be off the cones' track; use a smaller cone"
                            + " spacing", spacing, worst));
        }
    }

    /**
     * How far, at the worst point of a border, the chord between the two cones whose arc interval
     * holds that point reaches past the centerline (0 when it never does): the chord's nearest point
     * is measured along the border-to-centerline direction, and what lies beyond the border's
     * distance to the centerline counts.
     */
    private static double roadIntrusion(double[] p, double[] c, double[] width, int n, double spacing) {
        double perim = perimeter(p, n);
        int count = ExportLimits.coneCount(perim, spacing);
        double[] cones = ring(p, n, spacing);
        double worst = 0;
        double s = 0;
        for (int i = 0; i < n; i++) {
            int k = Math.min(count - 1, (int) Math.floor(s / perim * count));
            int k1 = (k + 1) % count;
            double ax = cones[2 * k];
            double ay = cones[2 * k + 1];
            double dx = cones[2 * k1] - ax;
            double dy = cones[2 * k1 + 1] - ay;
            double len2 = dx * dx + dy * dy;
            double x = p[2 * i];
            double y = p[2 * i + 1];
            double t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
            double qx = ax + t * dx - x;
            double qy = ay + t * dy - y;
            double w = width[i];
            if (w > 0) {
                double into = (qx * (c[2 * i] - x) + qy * (c[2 * i + 1] - y)) / w; // along border -> centerline
                worst = Math.max(worst, into - w);
            }
            int j = (i + 1) % n;
            s += Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]);
        }
        return worst;
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

    /** Cones of one closed ring of {@code n} points, cone 0 at point 0, {@code [2 count]}. */
    static double[] ring(double[] p, int n, double spacing) {
        double perim = perimeter(p, n);
        int count = ExportLimits.coneCount(perim, spacing);
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
}
