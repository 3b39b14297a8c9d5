package dev.trackgen.gates;

import java.util.ArrayList;
import java.util.List;

/**
 * An independent double-precision check of what a valid gate course promises (docs/gates.md,
 * "Validity"), sharing no code with the kernels: gate count and NaN padding, plan-view spacing
 * of at least {@code 2 * gate_radius}, no crossing gate bars, grades within {@code z_valid_grade},
 * the vertical clearance of stacked (plan-view crossing) course-line sections, the course line
 * through the gates (recomputed in double) within its bow bound, and unit, roll-free gate frames
 * whose bars and forward axes agree with the tangent.
 */
final class GateAudit {
    private GateAudit() {
    }

    /** @return the violations of env {@code e} (empty: every promise holds) */
    static List<String> audit(GateCourseSnapshot s, GateConfig c, int e) {
        List<String> bad = new ArrayList<>();
        int gMax = s.gMax();
        int lMax = s.lineMax();
        int spg = c.samplesPerGate();
        int n = s.count()[e];
        int m = s.lineCount()[e];
        if (n < c.minGates() || n > c.maxGates()) {
            bad.add("count " + n + " outside [" + c.minGates() + ", " + c.maxGates() + "]");
            return bad;
        }
        if (m != n * spg) {
            bad.add("lineCount " + m + " != " + n + " * " + spg);
            return bad;
        }
        int g = e * gMax;
        int l = e * lMax;
        for (int i = 0; i < gMax; i++) {
            boolean real = i < n;
            for (int d = 0; d < 3; d++) {
                for (float[] a : new float[][] {s.position(), s.tangent(), s.left(), s.right()}) {
                    if (real != Float.isFinite(a[3 * (g + i) + d])) {
                        bad.add("gate slot " + i + (real ? " not finite" : " not NaN padded"));
                    }
                }
            }
            if (real != Float.isFinite(s.halfSize()[g + i]) || real != Float.isFinite(s.orientation()[4 * (g + i)])) {
                bad.add("gate slot " + i + " half-size or orientation padding");
            }
        }
        for (int k = 0; k < lMax; k++) {
            if ((k < m) != Float.isFinite(s.linePoints()[3 * (l + k)]) || (k < m) != Float.isFinite(s.lineArclen()[l + k])) {
                bad.add("line slot " + k + " padding");
            }
        }
        if (!bad.isEmpty()) {
            return bad;
        }
        double[][] p = new double[n][3];
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                p[i][d] = s.position()[3 * (g + i) + d];
            }
        }
        // plan-view spacing
        double minD = 2.0 * c.gateRadius();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dist = Math.hypot(p[j][0] - p[i][0], p[j][1] - p[i][1]);
                if (dist < minD * (1 - 1e-5) - 1e-6) {
                    bad.add("gates " + i + " and " + j + " are " + dist + " apart in plan view, below " + minD);
                }
            }
        }
        // bars
        double hs = 0.5 * c.gateWidth();
        if (hs > 0) {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (crosses(s.left(), s.right(), 3 * (g + i), s.left(), s.right(), 3 * (g + j))) {
                        bad.add("bars of gates " + i + " and " + j + " cross");
                    }
                }
            }
        }
        // grades
        if (c.zValidGrade() > 0) {
            for (int i = 0; i < n; i++) {
                double[] a = p[i];
                double[] b = p[(i + 1) % n];
                double dxy = Math.hypot(b[0] - a[0], b[1] - a[1]);
                if (Math.abs(b[2] - a[2]) > c.zValidGrade() * dxy * (1 + 1e-4) + 1e-6) {
                    bad.add("grade " + Math.abs(b[2] - a[2]) / dxy + " from gate " + i + " above " + c.zValidGrade());
                }
            }
        }
        // the course line, recomputed in double
        double worstBow = 0;
        double scale = 1e-6;
        for (double[] q : p) {
            scale = Math.max(scale, Math.max(Math.abs(q[0]), Math.max(Math.abs(q[1]), Math.abs(q[2]))));
        }
        for (int i = 0; i < n; i++) {
            double[] p0 = p[(i + n - 1) % n];
            double[] p1 = p[i];
            double[] p2 = p[(i + 1) % n];
            double[] p3 = p[(i + 2) % n];
            double[] chord = {p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]};
            double cl = Math.sqrt(chord[0] * chord[0] + chord[1] * chord[1] + chord[2] * chord[2]);
            for (int j = 0; j < spg; j++) {
                double u = j / (double) spg;
                double[] q = new double[3];
                for (int d = 0; d < 3; d++) {
                    q[d] = 0.5 * (2 * p1[d] + (p2[d] - p0[d]) * u + (2 * p0[d] - 5 * p1[d] + 4 * p2[d] - p3[d]) * u * u
                            + (-p0[d] + 3 * p1[d] - 3 * p2[d] + p3[d]) * u * u * u);
                    double got = s.linePoints()[3 * (l + i * spg + j) + d];
                    if (Math.abs(got - q[d]) > 1e-4 * scale) {
                        bad.add("line sample " + (i * spg + j) + " is " + got + ", the spline gives " + q[d]);
                    }
                    if (j == 0 && got != s.position()[3 * (g + i) + d]) {
                        bad.add("line sample " + i * spg + " is not gate " + i + "'s center");
                    }
                }
                double t = 0;
                double c2 = cl * cl;
                if (c2 > 0) {
                    t = ((q[0] - p1[0]) * chord[0] + (q[1] - p1[1]) * chord[1] + (q[2] - p1[2]) * chord[2]) / c2;
                    t = Math.max(0, Math.min(1, t));
                }
                double dx = q[0] - p1[0] - t * chord[0];
                double dy = q[1] - p1[1] - t * chord[1];
                double dz = q[2] - p1[2] - t * chord[2];
                worstBow = Math.max(worstBow, cl > 0 ? Math.sqrt(dx * dx + dy * dy + dz * dz) / cl : Double.POSITIVE_INFINITY);
            }
        }
        if (c.lineBowBound() > 0 && worstBow > c.lineBowBound() * (1 + 1e-4) + 1e-6) {
            bad.add("the course line bows " + worstBow + " of a chord, above " + c.lineBowBound());
        }
        // arc length
        double acc = 0;
        for (int k = 0; k < m; k++) {
            if (k > 0) {
                acc += dist3(s.linePoints(), 3 * (l + k - 1), 3 * (l + k));
            }
            if (Math.abs(s.lineArclen()[l + k] - acc) > 1e-4 * Math.max(1, acc)) {
                bad.add("lineArclen[" + k + "] " + s.lineArclen()[l + k] + " vs " + acc);
                break;
            }
        }
        acc += dist3(s.linePoints(), 3 * (l + m - 1), 3 * l);
        if (Math.abs(s.lineLength()[e] - acc) > 1e-4 * Math.max(1, acc)) {
            bad.add("lineLength " + s.lineLength()[e] + " vs " + acc);
        }
        // stacked sections
        if (c.stackClearance() > 0) {
            float[] lp = s.linePoints();
            for (int a = 0; a < m; a++) {
                for (int b = a + 2; b < m; b++) {
                    if (a == 0 && b == m - 1) {
                        continue;
                    }
                    int a0 = 3 * (l + a);
                    int a1 = 3 * (l + (a + 1) % m);
                    int b0 = 3 * (l + b);
                    int b1 = 3 * (l + (b + 1) % m);
                    double dax = lp[a1] - lp[a0];
                    double day = lp[a1 + 1] - lp[a0 + 1];
                    double dbx = lp[b1] - lp[b0];
                    double dby = lp[b1 + 1] - lp[b0 + 1];
                    double den = dax * dby - day * dbx;
                    if (den == 0) {
                        continue;
                    }
                    double wx = lp[b0] - lp[a0];
                    double wy = lp[b0 + 1] - lp[a0 + 1];
                    double ta = (wx * dby - wy * dbx) / den;
                    double tb = (wx * day - wy * dax) / den;
                    double margin = 2e-3;
                    if (ta > margin && ta < 1 - margin && tb > margin && tb < 1 - margin) {
                        double za = lp[a0 + 2] + ta * (lp[a1 + 2] - lp[a0 + 2]);
                        double zb = lp[b0 + 2] + tb * (lp[b1 + 2] - lp[b0 + 2]);
                        if (Math.abs(za - zb) < c.stackClearance() * (1 - 1e-4) - 1e-6) {
                            bad.add("line sections " + a + " and " + b + " cross " + Math.abs(za - zb)
                                    + " apart vertically, below " + c.stackClearance());
                        }
                    }
                }
            }
        }
        // frames
        for (int i = 0; i < n; i++) {
            int o = g + i;
            double qx = s.orientation()[4 * o];
            double qy = s.orientation()[4 * o + 1];
            double qz = s.orientation()[4 * o + 2];
            double qw = s.orientation()[4 * o + 3];
            double norm = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
            if (Math.abs(norm - 1) > 1e-5) {
                bad.add("gate " + i + " quaternion norm " + norm);
            }
            double[] fwd = rotate(qx, qy, qz, qw, 1, 0, 0);
            double[] lft = rotate(qx, qy, qz, qw, 0, 1, 0);
            double[] up = rotate(qx, qy, qz, qw, 0, 0, 1);
            if (Math.abs(lft[2]) > 1e-5) {
                bad.add("gate " + i + " frame rolls: left axis z = " + lft[2]);
            }
            if (up[2] < -1e-6) {
                bad.add("gate " + i + " frame upside down");
            }
            double[] t = {s.tangent()[3 * o], s.tangent()[3 * o + 1], s.tangent()[3 * o + 2]};
            double tl = Math.sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
            if (Math.abs(tl - 1) > 1e-5) {
                bad.add("gate " + i + " tangent length " + tl);
            }
            double[] cd = new double[3];
            for (int d = 0; d < 3; d++) {
                cd[d] = p[(i + 1) % n][d] - p[(i + n - 1) % n][d];
            }
            double cdl = Math.sqrt(cd[0] * cd[0] + cd[1] * cd[1] + cd[2] * cd[2]);
            double dot = (cd[0] * t[0] + cd[1] * t[1] + cd[2] * t[2]) / cdl;
            if (dot < 1 - 1e-5) {
                bad.add("gate " + i + " tangent is not the central difference (cos " + dot + ")");
            }
            double h = Math.hypot(t[0], t[1]);
            double[] want = c.gateAlign() == GateAlign.FULL_TANGENT ? t : new double[] {t[0] / h, t[1] / h, 0};
            for (int d = 0; d < 3; d++) {
                if (Math.abs(fwd[d] - want[d]) > 1e-5) {
                    bad.add("gate " + i + " forward axis " + java.util.Arrays.toString(fwd) + " is not "
                            + java.util.Arrays.toString(want));
                    break;
                }
            }
            for (int d = 0; d < 3; d++) {
                double le = s.left()[3 * o + d] - p[i][d];
                double ri = s.right()[3 * o + d] - p[i][d];
                if (Math.abs(le - hs * lft[d]) > 1e-5 * Math.max(1, scale) || Math.abs(ri + hs * lft[d]) > 1e-5 * Math.max(1, scale)) {
                    bad.add("gate " + i + " bar endpoints are not center +- half-size * left axis");
                    break;
                }
            }
        }
        return bad;
    }

    private static double[] rotate(double x, double y, double z, double w, double vx, double vy, double vz) {
        // v' = v + 2w (q x v) + 2 q x (q x v)
        double cx = y * vz - z * vy;
        double cy = z * vx - x * vz;
        double cz = x * vy - y * vx;
        double ccx = y * cz - z * cy;
        double ccy = z * cx - x * cz;
        double ccz = x * cy - y * cx;
        return new double[] {vx + 2 * (w * cx + ccx), vy + 2 * (w * cy + ccy), vz + 2 * (w * cz + ccz)};
    }

    private static boolean crosses(float[] l1, float[] r1, int i, float[] l2, float[] r2, int j) {
        double ax = l1[i];
        double ay = l1[i + 1];
        double bx = r1[i];
        double by = r1[i + 1];
        double cx = l2[j];
        double cy = l2[j + 1];
        double dx = r2[j];
        double dy = r2[j + 1];
        double o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        double o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
        double o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
        double o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
        double tol = 1e-3 * Math.max((bx - ax) * (bx - ax) + (by - ay) * (by - ay), (dx - cx) * (dx - cx) + (dy - cy) * (dy - cy));
        return (o1 > tol && o2 < -tol || o1 < -tol && o2 > tol) && (o3 > tol && o4 < -tol || o3 < -tol && o4 > tol);
    }

    private static double dist3(float[] a, int i, int j) {
        double dx = a[j] - (double) a[i];
        double dy = a[j + 1] - (double) a[i + 1];
        double dz = a[j + 2] - (double) a[i + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
