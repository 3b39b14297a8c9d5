package dev.trackgen.export;

/**
 * Cones along both borders of one track in metres, for the cone formats: each border (a closed
 * ring) gets {@code n = max(3, round(perimeter / spacing))} cones at equal arc steps
 * {@code perimeter / n} from its point 0, the same snapping rule as the product's prop sampler
 * ({@code dev.trackgen.course.props}), so the ring has no seam gap and no doubled cone. Cone 0 of
 * each border, beside the start, is the orange start cone; the others are blue on the left and
 * yellow on the right in the driving direction (the Formula Student convention).
 *
 * @param left   left cones after the start cone, {@code [2 k]} interleaved metres
 * @param right  right cones after the start cone, {@code [2 k]}
 * @param orange the two start cones, left then right, {@code [4]}
 */
public record ConeLayout(double[] left, double[] right, double[] orange) {

    /**
     * @param track   the track
     * @param spacing requested spacing, metres, {@code > 0}
     * @return the cones
     * @throws IllegalArgumentException if the spacing is not positive
     */
    public static ConeLayout of(WorldTrack track, double spacing) {
        if (!(spacing > 0) || !Double.isFinite(spacing)) {
            throw new IllegalArgumentException("cone spacing " + spacing + ": must be a positive number");
        }
        double[] l = ring(track.left(), track.size(), spacing);
        double[] r = ring(track.right(), track.size(), spacing);
        double[] orange = {l[0], l[1], r[0], r[1]};
        return new ConeLayout(java.util.Arrays.copyOfRange(l, 2, l.length), java.util.Arrays.copyOfRange(r, 2, r.length),
                orange);
    }

    /** Cones of one closed ring of {@code n} points, cone 0 at point 0, {@code [2 count]}. */
    static double[] ring(double[] p, int n, double spacing) {
        double perim = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            perim += Math.hypot(p[2 * j] - p[2 * i], p[2 * j + 1] - p[2 * i + 1]);
        }
        int count = (int) Math.max(3, Math.min(1 << 20, Math.round(perim / spacing)));
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
