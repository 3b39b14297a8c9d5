package dev.trackgen.metrics.circuit;

import java.util.Locale;

/**
 * Says, in one phrase, which criterion of the validity gate a track misses, recomputed in double
 * precision from its centerline: net turning, the tightest three-point radius, or the closest
 * approach of two points farther apart along the loop than the separation band. The gate itself
 * is the pipeline's; this only explains an invalid verdict to a person.
 */
public final class ValidityDiagnosis {
    private ValidityDiagnosis() {
    }

    /**
     * @param p          interleaved centerline points of one closed track
     * @param n          number of real points
     * @param halfWidth  the configured half-width
     * @param relaxTol   the thickness tolerance
     * @param turningTol the turning tolerance, radians
     * @return the first criterion missed, e.g. {@code "net turning 0.000 rad instead of 2 pi"}, or
     *         {@code null} when none is missed here (the gate then failed on a truncated or
     *         non-finite track)
     */
    public static String explain(float[] p, int n, double halfWidth, double relaxTol, double turningTol) {
        if (n < 3) {
            return "only " + n + " points after resampling";
        }
        double need = (1 - relaxTol) * halfWidth;
        double turning = 0;
        double perimeter = 0;
        double rMin = Double.POSITIVE_INFINITY;
        int rAt = -1;
        for (int i = 0; i < n; i++) {
            int a = i == 0 ? n - 1 : i - 1;
            int c = i + 1 == n ? 0 : i + 1;
            double ex = p[2 * c] - p[2 * i];
            double ey = p[2 * c + 1] - p[2 * i + 1];
            double fx = p[2 * i] - p[2 * a];
            double fy = p[2 * i + 1] - p[2 * a + 1];
            double d = Math.atan2(ey, ex) - Math.atan2(fy, fx);
            turning += Math.atan2(Math.sin(d), Math.cos(d));
            perimeter += Math.hypot(ex, ey);
            double cross = Math.abs(fx * ey - fy * ex);
            if (cross > 0) {
                double r = Math.hypot(fx, fy) * Math.hypot(ex, ey)
                        * Math.hypot(p[2 * c] - p[2 * a], p[2 * c + 1] - p[2 * a + 1]) / (2 * cross);
                if (r < rMin) {
                    rMin = r;
                    rAt = i;
                }
            }
        }
        if (Math.abs(Math.abs(turning) - 2 * Math.PI) > turningTol) {
            return String.format(Locale.ROOT, "net turning %.3f rad instead of +-2 pi: not one simple loop", turning);
        }
        if (rMin < need) {
            return String.format(Locale.ROOT, "curvature radius %.3f at point %d is below (1 - relax_tol) x half-width = %.3f",
                    rMin, rAt, need);
        }
        int band = Math.max(1, (int) Math.round(2 * halfWidth / (perimeter / n)));
        double best = Double.POSITIVE_INFINITY;
        int bi = -1;
        int bj = -1;
        for (int i = 0; i < n; i++) {
            for (int j = i + band + 1; j < Math.min(n, i + n - band); j++) {
                double dd = Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]);
                if (dd < best) {
                    best = dd;
                    bi = i;
                    bj = j;
                }
            }
        }
        if (best / 2 < need) {
            return String.format(Locale.ROOT, "points %d and %d are %.3f apart: the two stretches of road would "
                    + "overlap (half the clearance must be at least %.3f)", bi, bj, best, need);
        }
        return null;
    }
}
