package dev.trackgen.metrics.circuit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.audit.TrackAudit;

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
     * Why an invalid track of a batch failed the gate, in one phrase. The gate gives a flag only,
     * so the reason is recomputed: truncation at {@code N_max} from the point count, non-finite
     * points, the gate's geometric criteria ({@link #explain}), then the whole definition of a
     * valid track by {@link TrackAudit} (folds, border offsets, winding, size, contacts, nesting),
     * and last the gate's conservative float32 tests. (The gate's width floor needs no phrase: a
     * configuration whose {@code half_width} is not above {@code w_floor} is refused when built.)
     *
     * @param config   the batch's configuration
     * @param snapshot the batch
     * @param env      an env id
     * @return one phrase for an invalid track, {@code null} for a valid one
     */
    public static String of(TrackGenConfig config, TrackSnapshot snapshot, int env) {
        return of(config, snapshot, env, config.variableWidth());
    }

    /**
     * As {@link #of(TrackGenConfig, TrackSnapshot, int)}, for a track whose half-widths may vary
     * along it: with {@code perPointWidths} the reason comes from the audit at the snapshot's own
     * per-point half-widths ({@link TrackAudit#TrackAudit(double, double, boolean)}), naming the
     * point where the track fails.
     *
     * @param config         the configuration the track was made with
     * @param snapshot       the batch
     * @param env            an env id
     * @param perPointWidths whether the track's half-widths vary (imported widths, a width profile)
     * @return one phrase for an invalid track, {@code null} for a valid one
     */
    public static String of(TrackGenConfig config, TrackSnapshot snapshot, int env, boolean perPointWidths) {
        if (snapshot.isValid(env)) {
            return null;
        }
        int n = snapshot.count(env);
        if (n >= snapshot.nMax()) {
            return "needed more than N_max = " + snapshot.nMax() + " points and was truncated (raise N_max)";
        }
        float[] p = snapshot.centerline(env);
        for (int i = 0; i < 2 * n; i++) {
            if (!Float.isFinite(p[i])) {
                return "holds non-finite points";
            }
        }
        String bridge = bridgeReason(config, snapshot, env, p, n);
        if (bridge != null) {
            return bridge;
        }
        if (perPointWidths && oneWidth(snapshot, env, (float) config.halfWidth())) {
            perPointWidths = false; // every point at half_width: the constant explanation holds
        }
        String why = perPointWidths ? null : explain(p, n, config.halfWidth(), config.get(PipelineKnobs.RELAX_TOL),
                config.get(PipelineKnobs.TURNING_TOL));
        if (why != null) {
            return why;
        }
        var violation = new TrackAudit(config.halfWidth(), config.get(PipelineKnobs.RELAX_TOL), perPointWidths)
                .audit(snapshot, env);
        if (violation.isPresent()) {
            return violation.get().criterion().meaning() + ": " + violation.get().detail();
        }
        return "the gate's conservative float32 tests rejected it (net turning within turning_tol, or a near-contact "
                + "of borders) where the double-precision audit finds it sound";
    }

    /**
     * With bridges on ({@code bridge_clearance > 0}) and a centerline that crosses itself, the
     * bridge gate decided the track (docs/elevation.md, "Bridges"): names the least vertical gap
     * between the centerline heights at a crossing when it is under the clearance, else says the
     * gate refused it on another criterion; {@code null} without bridges or crossings.
     */
    private static String bridgeReason(TrackGenConfig config, TrackSnapshot snapshot, int env, float[] p, int n) {
        double clearance = config.get(dev.trackgen.api.config.ElevationKnobs.BRIDGE_CLEARANCE);
        if (!(clearance > 0) || n < 4) {
            return null;
        }
        double[] xy = new double[2 * n];
        for (int i = 0; i < 2 * n; i++) {
            xy[i] = p[i];
        }
        if (dev.trackgen.metrics.PolylineMetrics.firstCrossing(xy, n) == null) {
            return null;
        }
        float[] z = snapshot.centerZ();
        int b = env * snapshot.nMax();
        double least = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int i1 = (i + 1) % n;
            for (int j = i + 2; j < n; j++) {
                int j1 = (j + 1) % n;
                if (j1 == i) {
                    continue;
                }
                double rx = xy[2 * i1] - xy[2 * i];
                double ry = xy[2 * i1 + 1] - xy[2 * i + 1];
                double sx = xy[2 * j1] - xy[2 * j];
                double sy = xy[2 * j1 + 1] - xy[2 * j + 1];
                double den = rx * sy - ry * sx;
                if (den == 0) {
                    continue;
                }
                double qx = xy[2 * j] - xy[2 * i];
                double qy = xy[2 * j + 1] - xy[2 * i + 1];
                double t = (qx * sy - qy * sx) / den;
                double u = (qx * ry - qy * rx) / den;
                if (t < 0 || t > 1 || u < 0 || u > 1) {
                    continue;
                }
                double zi = z[b + i] + t * ((double) z[b + i1] - z[b + i]);
                double zj = z[b + j] + u * ((double) z[b + j1] - z[b + j]);
                least = Math.min(least, Math.abs(zi - zj));
            }
        }
        if (least < clearance) {
            return String.format(java.util.Locale.ROOT, "a bridge without its clearance: the centerline heights at a "
                    + "crossing are %.3f apart, under bridge_clearance = %s (the ramps at bridge_grade cannot lift the "
                    + "branch that high before they reach the other one)", least, clearance);
        }
        return "a crossing track refused by the bridge gate on another criterion (a road-surface gap under "
                + "bridge_clearance off the centerline, a grade over z_valid_grade, a turn, or another contact)";
    }

    /** Whether every real point of the env has {@code hw} on both sides. */
    private static boolean oneWidth(TrackSnapshot s, int env, float hw) {
        int b = env * s.nMax();
        for (int i = 0; i < s.count(env); i++) {
            if (s.leftHalfWidth()[b + i] != hw || s.rightHalfWidth()[b + i] != hw) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param p          interleaved centerline points of one closed track
     * @param n          number of real points
     * @param halfWidth  the configured half-width
     * @param relaxTol   the thickness tolerance
     * @param turningTol the turning tolerance, radians
     * @return the first criterion missed, e.g. {@code "net turning 0.000 rad instead of 2 pi"}, or
     *         {@code null} when none of these is missed ({@link #of} looks further)
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
