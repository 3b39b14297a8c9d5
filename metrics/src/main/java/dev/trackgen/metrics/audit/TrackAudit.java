package dev.trackgen.metrics.audit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;

import java.util.Locale;
import java.util.Optional;

/**
 * An independent check of what a valid track promises (docs/pipeline.md, "What valid means"),
 * computed in double precision from a {@link TrackSnapshot}'s host arrays by brute force. It
 * shares no code with the pipeline's validity gate: segment intersection is an exact-sign
 * orientation test on closed segments (touching counts), clearance is the point-to-segment
 * distance from every centerline point to every edge beyond its band, nesting is a winding
 * number. It is meant to find tracks the gate marks valid that break the definition, and to
 * explain, for a person, why a track is not valid.
 *
 * <p>Only the metric tests (turn, radius, size, clearance, the half-width) allow a relative slack
 * of {@value #SLACK} for the float32 rounding of the data themselves; the topological tests
 * (simplicity, disjoint borders, winding, nesting) allow none. Cost: {@code O(n^2)} per track of
 * {@code n} points. Not thread-safe per instance only in the sense that it keeps no state: one
 * instance may be shared.
 */
public final class TrackAudit {
    /** Relative slack of the metric tests for float32 rounding of the stored data. */
    public static final double SLACK = 1.0e-5;
    /** Relative tolerance of the half-width recovered at each border point. */
    public static final double HALF_WIDTH_TOL = 1.0e-3;

    private final double halfWidth;
    private final double relaxTol;
    private final boolean perPointWidths;

    /**
     * @param halfWidth the configured half-width, world units, {@code > 0}
     * @param relaxTol  the configured {@code relax_tol}, in {@code [0, 1)}
     * @throws InvalidConfigException when either is out of range
     */
    public TrackAudit(double halfWidth, double relaxTol) {
        this(halfWidth, relaxTol, false);
    }

    /**
     * An audit of tracks with per-point half-widths ({@code width_profile} other than
     * {@code constant}, or widths given with the centerlines): every point's half-widths are
     * read from the snapshot ({@link TrackSnapshot#leftHalfWidth()}, {@code rightHalfWidth()}),
     * and with {@code w_i = max(left_i, right_i)}, {@code r_i = (1 - relaxTol) w_i} and
     * {@code w_max} the largest {@code w_i}, the metric parts become: border points at their
     * side's half-width; circumradius at point {@code i} at least {@code r_i}; perimeter at least
     * {@code 2 pi (1 - relaxTol) w_max} and the band {@code round(2 w_max / spacing)}; point
     * {@code i} at least {@code (r_i + min(r_j, r_{j+1})) / 2} from every edge {@code j, j+1}
     * beyond the band (the constant definition when every {@code w_i} is the same).
     *
     * @param halfWidth      the configured half-width, {@code > 0}; with {@code perPointWidths}
     *                       only checked for range, else every point's half-widths must equal it
     * @param relaxTol       the configured {@code relax_tol}, in {@code [0, 1)}
     * @param perPointWidths whether the snapshot's per-point half-widths are the road's
     * @throws InvalidConfigException when either number is out of range
     */
    public TrackAudit(double halfWidth, double relaxTol, boolean perPointWidths) {
        if (!(halfWidth > 0) || !Double.isFinite(halfWidth)) {
            throw new InvalidConfigException("half_width", "half_width = " + halfWidth + " must be a finite number > 0");
        }
        if (!(relaxTol >= 0 && relaxTol < 1)) {
            throw new InvalidConfigException("relax_tol", "relax_tol = " + relaxTol + " must be in [0, 1)");
        }
        this.halfWidth = halfWidth;
        this.relaxTol = relaxTol;
        this.perPointWidths = perPointWidths;
    }

    /** The half-width on the widest side of point k (NaN when either is NaN). */
    private double width(TrackSnapshot s, int k) {
        double l = s.leftHalfWidth()[k];
        double r = s.rightHalfWidth()[k];
        return Double.isNaN(l) || Double.isNaN(r) ? Double.NaN : Math.max(l, r);
    }

    /**
     * The array-layout promise every track keeps, valid or not: {@code 0 <= count <= N_max} and
     * every slot past the count NaN in every array.
     *
     * @param s   a batch
     * @param env an env index in {@code [0, s.numEnvs())}
     * @return the first broken promise, or empty
     */
    public Optional<Violation> layout(TrackSnapshot s, int env) {
        int nMax = s.nMax();
        int n = s.count(env);
        if (n < 0 || n > nMax) {
            return fail(Criterion.LAYOUT, "count " + n + " outside [0, " + nMax + "]");
        }
        for (int i = n; i < nMax; i++) {
            int t = env * nMax + i;
            if (!(nan2(s.center(), t) && nan2(s.outer(), t) && nan2(s.inner(), t) && nan2(s.tangent(), t)
                    && nan2(s.normal(), t) && Float.isNaN(s.arclen()[t])
                    && Float.isNaN(s.leftHalfWidth()[t]) && Float.isNaN(s.rightHalfWidth()[t]))) {
                return fail(Criterion.LAYOUT, "slot " + i + " past count " + n + " is not NaN");
            }
        }
        return Optional.empty();
    }

    /**
     * Checks env {@code env} against the whole definition of a valid track, whatever its flag.
     *
     * @param s   a batch
     * @param env an env index in {@code [0, s.numEnvs())}
     * @return the first broken part of the definition, or empty when the track is a valid road
     */
    public Optional<Violation> audit(TrackSnapshot s, int env) {
        Optional<Violation> lay = layout(s, env);
        if (lay.isPresent()) {
            return lay;
        }
        int n = s.count(env);
        if (n < 3) {
            return fail(Criterion.SIZE, "only " + n + " points");
        }
        Polygon c = Polygon.of(s.center(), env * s.nMax(), n);
        Polygon o = Polygon.of(s.outer(), env * s.nMax(), n);
        Polygon in = Polygon.of(s.inner(), env * s.nMax(), n);
        if (!(c.finite() && o.finite() && in.finite())) {
            return fail(Criterion.LAYOUT, "a non-finite point before the count");
        }
        double perimeter = c.perimeter();
        double ac = c.signedArea();
        int b = env * s.nMax();
        double[] clear = new double[n];
        double wMax = 0;
        for (int i = 0; i < n; i++) {
            double w = width(s, b + i);
            double wOther = Math.min(s.leftHalfWidth()[b + i], s.rightHalfWidth()[b + i]);
            if (!(wOther > 0) || !Double.isFinite(w)) {
                return fail(Criterion.FRAME, String.format(Locale.ROOT, "half-widths %s and %s at point %d are not "
                        + "finite and positive", s.leftHalfWidth()[b + i], s.rightHalfWidth()[b + i], i));
            }
            clear[i] = (1 - relaxTol) * w;
            wMax = Math.max(wMax, w);
        }
        double maxClearance = (1 - relaxTol) * wMax;
        String problem = frame(s, env, c, o, in, perimeter, ac);
        if (problem != null) {
            return fail(Criterion.FRAME, problem);
        }
        for (Polygon p : new Polygon[] {c, o, in}) {
            int fold = p.fold();
            if (fold >= 0) {
                return fail(Criterion.TURN, name(p, c, o) + " turns by 90 degrees or more at point " + fold);
            }
        }
        for (int i = 0; i < n; i++) {
            double r = c.circumradius(i);
            if (r < clear[i] * (1 - SLACK)) {
                return fail(Criterion.RADIUS, String.format(Locale.ROOT,
                        "radius %.6g at point %d below %.6g", r, i, clear[i]));
            }
        }
        double ao = o.signedArea();
        double ai = in.signedArea();
        if (!((ac > 0 && ao > 0 && ai > 0) || (ac < 0 && ao < 0 && ai < 0))) {
            return fail(Criterion.WINDING, String.format(Locale.ROOT,
                    "signed areas centerline %.6g, outer %.6g, inner %.6g", ac, ao, ai));
        }
        double bandF = 2 * wMax / (perimeter / n);
        int bandLo = Math.max(1, (int) Math.round(bandF - 1e-4));
        int bandHi = Math.max(1, (int) Math.round(bandF + 1e-4));
        if (perimeter < 2 * Math.PI * maxClearance * (1 - SLACK)) {
            return fail(Criterion.SIZE, String.format(Locale.ROOT,
                    "perimeter %.6g below 2 pi (1 - relax_tol) half_width = %.6g", perimeter, 2 * Math.PI * maxClearance));
        }
        if (n < 2 * bandLo + 3) {
            return fail(Criterion.SIZE, n + " points, fewer than 2 * band + 3 with band " + bandLo);
        }
        problem = clearance(c, bandHi, clear);
        if (problem != null) {
            return fail(Criterion.CLEARANCE, problem);
        }
        problem = c.selfContact();
        if (problem != null) {
            return fail(Criterion.CENTERLINE_SIMPLE, problem);
        }
        problem = o.selfContact();
        if (problem != null) {
            return fail(Criterion.BORDER_SIMPLE, "outer border: " + problem);
        }
        problem = in.selfContact();
        if (problem != null) {
            return fail(Criterion.BORDER_SIMPLE, "inner border: " + problem);
        }
        problem = o.contactWith(in);
        if (problem != null) {
            return fail(Criterion.BORDERS_DISJOINT, "outer vs inner: " + problem);
        }
        if (o.winding(in.x[0], in.y[0]) == 0) {
            return fail(Criterion.NESTING, "the inner border lies outside the outer border");
        }
        for (int i = 0; i < n; i++) {
            if (o.winding(c.x[i], c.y[i]) == 0 || in.winding(c.x[i], c.y[i]) != 0) {
                return fail(Criterion.NESTING, "centerline point " + i + " is not between the borders");
            }
        }
        return Optional.empty();
    }

    private static String name(Polygon p, Polygon c, Polygon o) {
        return p == c ? "the centerline" : p == o ? "the outer border" : "the inner border";
    }

    private String frame(TrackSnapshot s, int env, Polygon c, Polygon o, Polygon in, double perimeter, double area) {
        int b = env * s.nMax();
        int n = c.n;
        float[] t = s.tangent();
        float[] nr = s.normal();
        double acc = 0;
        for (int i = 0; i < n; i++) {
            int k = b + i;
            double wl = s.leftHalfWidth()[k];
            double wr = s.rightHalfWidth()[k];
            if (!perPointWidths && (Math.abs(wl - halfWidth) > HALF_WIDTH_TOL * halfWidth
                    || Math.abs(wr - halfWidth) > HALF_WIDTH_TOL * halfWidth)) {
                return String.format(Locale.ROOT, "half-widths %.6g and %.6g at point %d instead of the half-width %.6g",
                        wl, wr, i, halfWidth);
            }
            double tx = t[2 * k];
            double ty = t[2 * k + 1];
            if (Math.abs(Math.hypot(tx, ty) - 1) > 1e-4) {
                return "tangent at point " + i + " is not a unit vector";
            }
            if (nr[2 * k] != -t[2 * k + 1] || nr[2 * k + 1] != t[2 * k]) {
                return "normal at point " + i + " is not the left normal of the tangent";
            }
            double oxd = o.x[i] - c.x[i];
            double oyd = o.y[i] - c.y[i];
            double ixd = in.x[i] - c.x[i];
            double iyd = in.y[i] - c.y[i];
            double wo = Math.hypot(oxd, oyd);
            double wi = Math.hypot(ixd, iyd);
            // the border on the +normal side lies at the left half-width, the other at the right one
            boolean outerLeft = oxd * nr[2 * k] + oyd * nr[2 * k + 1] > 0;
            double wantO = outerLeft ? wl : wr;
            double wantI = outerLeft ? wr : wl;
            double tolW = HALF_WIDTH_TOL * 1.01 * Math.max(wl, wr);
            if (Math.abs(wo - wantO) > HALF_WIDTH_TOL * 1.01 * wantO || Math.abs(wi - wantI) > HALF_WIDTH_TOL * 1.01 * wantI
                    || (ixd * nr[2 * k] + iyd * nr[2 * k + 1] > 0) == outerLeft) {
                return String.format(Locale.ROOT, "borders at %.6g and %.6g from point %d instead of its half-widths "
                        + "%.6g and %.6g, one on each side", wo, wi, i, wantO, wantI);
            }
            if (Math.abs(oxd * tx + oyd * ty) > 2 * tolW || Math.abs(ixd * tx + iyd * ty) > 2 * tolW) {
                return "borders not offset along the normal at point " + i;
            }
            if (Math.abs(s.arclen()[k] - acc) > 1e-5 * perimeter) {
                return "arclen[" + i + "] = " + s.arclen()[k] + " but the chain before it is " + acc;
            }
            acc += Math.hypot(c.x[(i + 1) % n] - c.x[i], c.y[(i + 1) % n] - c.y[i]);
        }
        if (Math.abs(s.length()[env] - acc) > 1e-5 * acc) {
            return "length " + s.length()[env] + " but perimeter " + acc;
        }
        if (Math.signum(area) != s.winding()[env]) {
            return "winding " + s.winding()[env] + " but signed area " + area;
        }
        return null;
    }

    /**
     * Point-to-segment distance from every point to every edge whose ends both lie beyond the
     * band: at least {@code (r_i + min(r_j, r_{j+1})) / 2}, {@code r} the points' clearances.
     */
    private String clearance(Polygon c, int band, double[] clear) {
        int n = c.n;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int j1 = (j + 1) % n;
                if (circular(i, j, n) <= band || circular(i, j1, n) <= band) {
                    continue;
                }
                double want = 0.5 * (clear[i] + Math.min(clear[j], clear[j1]));
                double d = pointSegment(c.x[i], c.y[i], c.x[j], c.y[j], c.x[j1], c.y[j1]);
                if (d < want * (1 - SLACK)) {
                    return String.format(Locale.ROOT, "point %d is %.6g from edge %d, below %.6g", i, d, j, want);
                }
            }
        }
        return null;
    }

    private static int circular(int i, int j, int n) {
        int d = Math.abs(i - j);
        return Math.min(d, n - d);
    }

    static double pointSegment(double px, double py, double ax, double ay, double bx, double by) {
        double ex = bx - ax;
        double ey = by - ay;
        double l2 = ex * ex + ey * ey;
        double u = l2 > 0 ? ((px - ax) * ex + (py - ay) * ey) / l2 : 0;
        u = Math.max(0, Math.min(1, u));
        return Math.hypot(px - (ax + u * ex), py - (ay + u * ey));
    }

    private static boolean nan2(float[] xy, int t) {
        return Float.isNaN(xy[2 * t]) && Float.isNaN(xy[2 * t + 1]);
    }

    private static Optional<Violation> fail(Criterion c, String detail) {
        return Optional.of(new Violation(c, detail));
    }
}
