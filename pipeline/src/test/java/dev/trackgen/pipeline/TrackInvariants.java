package dev.trackgen.pipeline;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.kernel.Geometry;

import java.util.ArrayList;
import java.util.List;

/**
 * Independent checks of what a {@link TrackSnapshot} promises, computed in double precision from
 * the host arrays. Used by pipeline and quality tests.
 */
final class TrackInvariants {
    private TrackInvariants() {
    }

    /**
     * @param s          a snapshot
     * @param halfWidth  the configured half-width, which every real point's left and right
     *                   half-width must equal; 0 for per-point widths (then only the borders'
     *                   agreement with the stored widths is checked, and the thickness against the
     *                   smallest of them)
     * @param relaxTol   the configured thickness tolerance
     * @return one message per violated promise (empty when all hold)
     */
    static List<String> check(TrackSnapshot s, double halfWidth, double relaxTol) {
        List<String> bad = new ArrayList<>();
        int nMax = s.nMax();
        for (int e = 0; e < s.numEnvs(); e++) {
            int n = s.count(e);
            if (n < 0 || n > nMax) {
                bad.add("env " + e + ": count " + n + " outside [0, " + nMax + "]");
                continue;
            }
            for (int i = n; i < nMax; i++) {
                int t = e * nMax + i;
                if (!(allNaN(s.center(), t) && allNaN(s.outer(), t) && allNaN(s.inner(), t)
                        && allNaN(s.tangent(), t) && allNaN(s.normal(), t) && Float.isNaN(s.arclen()[t])
                        && Float.isNaN(s.leftHalfWidth()[t]) && Float.isNaN(s.rightHalfWidth()[t]))) {
                    bad.add("env " + e + ": slot " + i + " past count " + n + " is not NaN");
                    break;
                }
            }
            if (s.isValid(e)) {
                checkValid(s, e, halfWidth, relaxTol, bad);
            }
        }
        return bad;
    }

    private static boolean allNaN(float[] xy, int t) {
        return Float.isNaN(xy[2 * t]) && Float.isNaN(xy[2 * t + 1]);
    }

    private static void checkValid(TrackSnapshot s, int e, double hw, double relaxTol, List<String> bad) {
        int nMax = s.nMax();
        int n = s.count(e);
        int b = e * nMax;
        float[] c = s.center();
        String where = "valid env " + e + ": ";
        if (n < 3) {
            bad.add(where + "only " + n + " points");
            return;
        }
        double perimeter = 0;
        double area2 = 0;
        double turning = 0;
        for (int i = 0; i < n; i++) {
            int t = b + i;
            int u = b + (i + 1) % n;
            int p = b + (i + n - 1) % n;
            for (float[] arr : new float[][] {c, s.outer(), s.inner(), s.tangent(), s.normal()}) {
                if (!Float.isFinite(arr[2 * t]) || !Float.isFinite(arr[2 * t + 1])) {
                    bad.add(where + "non-finite value at point " + i);
                    return;
                }
            }
            double ox = s.outer()[2 * t] - c[2 * t];
            double oy = s.outer()[2 * t + 1] - c[2 * t + 1];
            double ix = s.inner()[2 * t] - c[2 * t];
            double iy = s.inner()[2 * t + 1] - c[2 * t + 1];
            // the border on the +normal side lies at leftHalfWidth, the other at rightHalfWidth
            boolean outerPlus = ox * s.normal()[2 * t] + oy * s.normal()[2 * t + 1] > 0;
            double wOuter = outerPlus ? s.leftHalfWidth()[t] : s.rightHalfWidth()[t];
            double wInner = outerPlus ? s.rightHalfWidth()[t] : s.leftHalfWidth()[t];
            if (!(wOuter > 0) || !(wInner > 0) || !Double.isFinite(wOuter + wInner)) {
                bad.add(where + "half-widths not positive at point " + i + ": " + wOuter + ", " + wInner);
                return;
            }
            if (Math.abs(Math.hypot(ox, oy) - wOuter) > 1e-4 * wOuter + 1e-6
                    || Math.abs(Math.hypot(ix, iy) - wInner) > 1e-4 * wInner + 1e-6) {
                bad.add(where + "half-widths not recovered at point " + i + ": " + Math.hypot(ox, oy) + ", "
                        + Math.hypot(ix, iy) + " for " + wOuter + ", " + wInner);
                return;
            }
            if (hw > 0 && (s.leftHalfWidth()[t] != (float) hw || s.rightHalfWidth()[t] != (float) hw)) {
                bad.add(where + "constant half-width " + hw + " but " + s.leftHalfWidth()[t] + ", "
                        + s.rightHalfWidth()[t] + " at point " + i);
                return;
            }
            double tx = s.tangent()[2 * t];
            double ty = s.tangent()[2 * t + 1];
            double nx = s.normal()[2 * t];
            double ny = s.normal()[2 * t + 1];
            if (Math.abs(Math.hypot(tx, ty) - 1) > 1e-5) {
                bad.add(where + "tangent not unit at point " + i);
                return;
            }
            if (Math.abs(tx * nx + ty * ny) > 1e-5 || nx != -ty || ny != tx) {
                bad.add(where + "normal is not the left normal of the tangent at point " + i);
                return;
            }
            // borders sit on the normal line through the centerline point
            if (Math.abs(ox * tx + oy * ty) > 1e-5 || Math.abs(ix * tx + iy * ty) > 1e-5) {
                bad.add(where + "borders not offset along the normal at point " + i);
                return;
            }
            double ex = c[2 * u] - c[2 * t];
            double ey = c[2 * u + 1] - c[2 * t + 1];
            double len = Math.hypot(ex, ey);
            if (Math.abs(s.arclen()[t] - perimeter) > 1e-4 * Math.max(1, perimeter)) {
                bad.add(where + "arclen[" + i + "] = " + s.arclen()[t] + " but the chain before it is " + perimeter);
                return;
            }
            perimeter += len;
            area2 += c[2 * t] * (double) c[2 * u + 1] - c[2 * u] * (double) c[2 * t + 1];
            double h1 = Math.atan2(ey, ex);
            double h0 = Math.atan2(c[2 * t + 1] - c[2 * p + 1], c[2 * t] - c[2 * p]);
            turning += Math.atan2(Math.sin(h1 - h0), Math.cos(h1 - h0));
        }
        if (Math.abs(perimeter - s.length()[e]) > 1e-5 * perimeter) {
            bad.add(where + "length " + s.length()[e] + " but perimeter " + perimeter);
        }
        if (Math.abs(Math.abs(turning) - 2 * Math.PI) > 0.1) {
            bad.add(where + "net turning " + turning);
        }
        if (Math.signum(area2) != s.winding()[e] || Math.signum(turning) != s.winding()[e]) {
            bad.add(where + "winding " + s.winding()[e] + " but signed area " + area2 + ", turning " + turning);
        }
        if (Math.abs(shoelace(s.outer(), b, n)) <= Math.abs(shoelace(s.inner(), b, n))) {
            bad.add(where + "outer border encloses less area than inner");
        }
        int self = crossings(s.outer(), b, n, s.outer(), true) + crossings(s.inner(), b, n, s.inner(), true);
        if (self != 0) {
            bad.add(where + self + " border self-crossings");
        }
        int mutual = crossings(s.outer(), b, n, s.inner(), false);
        if (mutual != 0) {
            bad.add(where + mutual + " crossings between the outer and inner border");
        }
        double th = thickness(c, b, n, hw);
        if (th < (1 - relaxTol) * hw - 1e-6) {
            bad.add(where + "thickness " + th + " below " + (1 - relaxTol) * hw);
        }
    }

    private static double shoelace(float[] p, int b, int n) {
        double a = 0;
        for (int i = 0; i < n; i++) {
            int t = b + i;
            int u = b + (i + 1) % n;
            a += p[2 * t] * (double) p[2 * u + 1] - p[2 * u] * (double) p[2 * t + 1];
        }
        return a / 2;
    }

    /** Proper crossings of edges of polyline a with edges of b (same loop: non-adjacent pairs only). */
    private static int crossings(float[] a, int b0, int n, float[] b, boolean same) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            int i1 = b0 + (i + 1) % n;
            int ia = b0 + i;
            for (int j = same ? i + 2 : 0; j < n; j++) {
                if (same && i == 0 && j == n - 1) {
                    continue;
                }
                int ja = b0 + j;
                int j1 = b0 + (j + 1) % n;
                if (Geometry.properCrossing(a[2 * ia], a[2 * ia + 1], a[2 * i1], a[2 * i1 + 1],
                        b[2 * ja], b[2 * ja + 1], b[2 * j1], b[2 * j1 + 1])) {
                    count++;
                }
            }
        }
        return count;
    }

    /** min(smallest three-point radius, half the closest approach of points beyond the band), in double. */
    static double thickness(float[] c, int b, int n, double hw) {
        double peri = 0;
        double rmin = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int t = b + i;
            int u = b + (i + 1) % n;
            int p = b + (i + n - 1) % n;
            peri += Math.hypot(c[2 * u] - c[2 * t], c[2 * u + 1] - c[2 * t + 1]);
            double ax = c[2 * t] - c[2 * p];
            double ay = c[2 * t + 1] - c[2 * p + 1];
            double bx = c[2 * u] - c[2 * t];
            double by = c[2 * u + 1] - c[2 * t + 1];
            double cross = Math.abs(ax * by - ay * bx);
            double denom = Math.hypot(ax, ay) * Math.hypot(bx, by) * Math.hypot(c[2 * u] - c[2 * p], c[2 * u + 1] - c[2 * p + 1]);
            if (cross > 0) {
                rmin = Math.min(rmin, denom / (2 * cross));
            }
        }
        int band = Math.max(1, (int) Math.round(2 * hw / (peri / n)));
        double sep = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int d = j - i;
                if (Math.min(d, n - d) > band) {
                    sep = Math.min(sep, Math.hypot(c[2 * (b + i)] - c[2 * (b + j)], c[2 * (b + i) + 1] - c[2 * (b + j) + 1]));
                }
            }
        }
        return Math.min(rmin, sep / 2);
    }
}
