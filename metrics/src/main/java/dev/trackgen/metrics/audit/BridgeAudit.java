package dev.trackgen.metrics.audit;

import dev.trackgen.api.TrackSnapshot;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * An independent double-precision audit of a bridge track (docs/elevation.md, "Bridges"), from the
 * output floats alone and sharing no code with {@code BridgeKernel}: wherever two parts of the
 * road meet in the plan view (centerline segments that cross, border segments that cross, or
 * centerline points farther apart along the loop than {@code 2 w / spacing + 1} points whose
 * plan-view distance is under the sum of their half-widths), the two road cross-sections there
 * (the range of the centerline's and both borders' heights, interpolated linearly along each
 * segment) must be at least {@code clearance} apart vertically; and every centerline edge's grade
 * is at most {@code grade}.
 *
 * <p>{@link ValiditySearch} judges a track of a configuration with
 * {@code bridge_clearance > 0} by it wherever {@link TrackAudit} finds only a plan-view contact
 * ({@link #PLAN_VIEW_CONTACTS}): such a track may cross or come near itself where one branch
 * passes over the other. {@code BridgeTest} audits the bridge stage's own cases with it.
 */
public final class BridgeAudit {
    /**
     * The parts of the plan-view definition that a bridge may break by design: there the road
     * meets itself in the plan view, which is sound when the two surfaces are far enough apart
     * vertically.
     */
    public static final Set<Criterion> PLAN_VIEW_CONTACTS = EnumSet.of(Criterion.CLEARANCE,
            Criterion.CENTERLINE_SIMPLE, Criterion.BORDER_SIMPLE, Criterion.BORDERS_DISJOINT, Criterion.NESTING);

    /**
     * What one audit found.
     *
     * @param centerCrossings plan-view crossings of centerline edges
     * @param leastGap        the least vertical gap where parts of the road meet (infinity where none meet)
     * @param problems        each place where the road meets itself with less than the clearance, or
     *                        an edge steeper than the grade; empty for a sound bridge track
     */
    public record Result(int centerCrossings, double leastGap, List<String> problems) {
    }

    private BridgeAudit() {
    }

    /**
     * @param s         the batch
     * @param e         the env
     * @param clearance the least vertical gap where parts of the road meet, world units
     * @param grade     the largest centerline grade, or 0 for unchecked
     * @return the crossings of the centerline, the least gap found where parts meet (infinity
     *         where none meet) and the problems
     */
    public static Result check(TrackSnapshot s, int e, double clearance, double grade) {
        int n = s.count(e);
        int b = e * s.nMax();
        float[] c = s.center();
        float[] z = s.centerZ();
        float[] oz = s.outerZ();
        float[] iz = s.innerZ();
        List<String> problems = new ArrayList<>();
        double[] least = {Double.POSITIVE_INFINITY};
        int crossings = 0;
        float[][] rings = {c, s.outer(), s.inner()};
        for (int pa = 0; pa < 3; pa++) {
            for (int pb = pa; pb < 3; pb++) {
                for (int i = 0; i < n; i++) {
                    for (int j = pa == pb ? i + 2 : 0; j < n; j++) {
                        if (pa == pb && i == 0 && j == n - 1) {
                            continue;
                        }
                        double[] tu = cross(rings[pa], rings[pb], b, i, (i + 1) % n, j, (j + 1) % n);
                        if (tu == null) {
                            continue;
                        }
                        if (pa == 0 && pb == 0) {
                            crossings++;
                        }
                        double g = gap(z, oz, iz, b, i, (i + 1) % n, tu[0], j, (j + 1) % n, tu[1]);
                        least[0] = Math.min(least[0], g);
                        if (!(g >= clearance * (1 - 1e-5))) {
                            problems.add("rings " + pa + "/" + pb + " edges " + i + ", " + j + " cross " + g
                                    + " apart vertically (clearance " + clearance + ")");
                        }
                    }
                }
            }
        }
        float[] wl = s.leftHalfWidth();
        float[] wr = s.rightHalfWidth();
        double spacing = s.length()[e] / n;
        double wMax = 0;
        for (int i = 0; i < n; i++) {
            wMax = Math.max(wMax, Math.max(wl[b + i], wr[b + i]));
        }
        int band = (int) Math.ceil(2 * wMax / spacing) + 1;
        for (int i = 0; i < n; i++) {
            for (int j = i + band + 1; j < n; j++) {
                if (n - (j - i) <= band) {
                    continue;
                }
                double d = Math.hypot(c[2 * (b + i)] - c[2 * (b + j)], c[2 * (b + i) + 1] - c[2 * (b + j) + 1]);
                double w = Math.max(wl[b + i], wr[b + i]) + Math.max(wl[b + j], wr[b + j]);
                if (d < 0.95 * w) {
                    double g = gap(z, oz, iz, b, i, i, 0, j, j, 0);
                    least[0] = Math.min(least[0], g);
                    if (!(g >= clearance * (1 - 1e-5))) {
                        problems.add("points " + i + ", " + j + " " + d + " apart in plan, " + g + " vertically");
                    }
                }
            }
        }
        if (grade > 0) {
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                double ds = Math.hypot(c[2 * (b + j)] - c[2 * (b + i)], c[2 * (b + j) + 1] - c[2 * (b + i) + 1]);
                double dz = Math.abs((double) z[b + j] - z[b + i]);
                if (dz > grade * ds * (1 + 1e-5) + 1e-7) {
                    problems.add("edge " + i + " grade " + dz / ds + " > " + grade);
                }
            }
        }
        return new Result(crossings, least[0], problems);
    }

    /** Where segments p(i0, i1) and q(j0, j1) cross (parameters along each), in double; null if they do not. */
    private static double[] cross(float[] p, float[] q, int b, int i0, int i1, int j0, int j1) {
        double ax = p[2 * (b + i0)];
        double ay = p[2 * (b + i0) + 1];
        double rx = p[2 * (b + i1)] - ax;
        double ry = p[2 * (b + i1) + 1] - ay;
        double cx = q[2 * (b + j0)];
        double cy = q[2 * (b + j0) + 1];
        double sx = q[2 * (b + j1)] - cx;
        double sy = q[2 * (b + j1) + 1] - cy;
        double den = rx * sy - ry * sx;
        if (den == 0) {
            return null;
        }
        double t = ((cx - ax) * sy - (cy - ay) * sx) / den;
        double u = ((cx - ax) * ry - (cy - ay) * rx) / den;
        return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? new double[] {t, u} : null;
    }

    /** The vertical gap between the road cross-sections at i0 + t (i1 - i0) and j0 + u (j1 - j0). */
    private static double gap(float[] z, float[] oz, float[] iz, int b, int i0, int i1, double t, int j0, int j1,
                              double u) {
        double[] a = range(z, oz, iz, b, i0, i1, t);
        double[] c = range(z, oz, iz, b, j0, j1, u);
        return Math.max(a[0] - c[1], c[0] - a[1]);
    }

    private static double[] range(float[] z, float[] oz, float[] iz, int b, int i0, int i1, double t) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (float[] h : new float[][] {z, oz, iz}) {
            double v = h[b + i0] + t * ((double) h[b + i1] - h[b + i0]);
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new double[] {lo, hi};
    }
}
