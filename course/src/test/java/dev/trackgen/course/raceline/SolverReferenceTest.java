package dev.trackgen.course.raceline;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.Fixtures;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The float solver (cyclic banded Cholesky, ADMM) against a double-precision reference of the same
 * problem that shares no code with it: the linearized curvature assembled into a dense matrix,
 * a dense Cholesky solve, ADMM run to convergence.
 */
class SolverReferenceTest {

    /** Offsets of the double reference for one env: {@code outer} linearizations of {@code inner} ADMM sweeps. */
    static double[] reference(double[] p, double[] nv, double lo, double hi, int outer, int inner, double rhoScale) {
        int n = p.length / 2;
        double[] z = new double[n];
        double[] u = new double[n];
        for (int o = 0; o < outer; o++) {
            double[][] a = new double[n][n]; // kappa = c + A z
            double[] c = new double[n];
            double[] w = new double[n];
            double spread = 0;
            for (int i = 0; i < n; i++) {
                int im = (i + n - 1) % n;
                int ip = (i + 1) % n;
                double[] rm = {p[2 * im] + z[im] * nv[2 * im], p[2 * im + 1] + z[im] * nv[2 * im + 1]};
                double[] ri = {p[2 * i] + z[i] * nv[2 * i], p[2 * i + 1] + z[i] * nv[2 * i + 1]};
                double[] rp = {p[2 * ip] + z[ip] * nv[2 * ip], p[2 * ip + 1] + z[ip] * nv[2 * ip + 1]};
                double lm = Math.hypot(ri[0] - rm[0], ri[1] - rm[1]);
                double lp = Math.hypot(rp[0] - ri[0], rp[1] - ri[1]);
                double tl = Math.hypot(rp[0] - rm[0], rp[1] - rm[1]);
                double tx = (rp[0] - rm[0]) / tl;
                double ty = (rp[1] - rm[1]) / tl;
                // second difference weights of r_{i-1}, r_i, r_{i+1}
                double g = 2 / (lm + lp);
                double[] coef = {g / lm, -(g / lm + g / lp), g / lp};
                int[] idx = {im, i, ip};
                double cx = 0;
                double cy = 0;
                for (int m = 0; m < 3; m++) {
                    cx += coef[m] * p[2 * idx[m]];
                    cy += coef[m] * p[2 * idx[m] + 1];
                    a[i][idx[m]] += coef[m] * (tx * nv[2 * idx[m] + 1] - ty * nv[2 * idx[m]]);
                }
                c[i] = tx * cy - ty * cx;
                w[i] = 0.5 * (lm + lp);
                double k = c[i];
                for (int m = 0; m < 3; m++) {
                    k += a[i][idx[m]] * z[idx[m]];
                }
                spread += (w[i] * k) * (w[i] * k);
            }
            double[][] m = new double[n][n];
            double[] q = new double[n];
            double diag = 0;
            for (int r = 0; r < n; r++) {
                for (int s = 0; s < n; s++) {
                    double v = 0;
                    for (int i = 0; i < n; i++) {
                        v += w[i] * a[i][r] * a[i][s];
                    }
                    m[r][s] = v;
                }
                for (int i = 0; i < n; i++) {
                    q[r] += w[i] * c[i] * a[i][r];
                }
                diag += m[r][r];
            }
            double rho = rhoScale * (diag / n) * (spread / n);
            for (int r = 0; r < n; r++) {
                m[r][r] += rho;
            }
            double[][] l = cholesky(m);
            for (int s = 0; s < inner; s++) {
                double[] rhs = new double[n];
                for (int i = 0; i < n; i++) {
                    rhs[i] = rho * (z[i] - u[i]) - q[i];
                }
                double[] x = solve(l, rhs);
                for (int i = 0; i < n; i++) {
                    double xh = 1.6 * x[i] - 0.6 * z[i];
                    double zn = Math.min(Math.max(xh + u[i], lo), hi);
                    u[i] += xh - zn;
                    z[i] = zn;
                }
            }
        }
        return z;
    }

    static double[][] cholesky(double[][] m) {
        int n = m.length;
        double[][] l = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double s = m[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = i == j ? Math.sqrt(s) : s / l[j][j];
            }
        }
        return l;
    }

    static double[] solve(double[][] l, double[] b) {
        int n = b.length;
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= l[i][k] * y[k];
            }
            y[i] = s / l[i][i];
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < n; k++) {
                s -= l[k][i] * x[k];
            }
            x[i] = s / l[i][i];
        }
        return x;
    }

    @Test
    void floatSolverMatchesTheDoubleReference() {
        for (String g : new String[] {"bezier", "polar"}) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            double hw = b.halfWidth();
            int outer = 5;
            int inner = 1500;
            RacingLine rl = RacingLine.builder(b.track()).halfWidth(hw).linearizations(outer).sweeps(inner).build().compute();
            float[] off = ((HostF32Array) rl.offset()).data();
            float[] line = ((HostVec2Array) rl.line()).data();
            double m = rl.vehicleMargin();
            int checked = 0;
            for (int e = 0; e < h.numEnvs() && checked < 4; e++) {
                if (!h.isValid(e) || h.count(e) > 150) {
                    continue;
                }
                checked++;
                int n = h.count(e);
                double[] p = LineReference.row(h.center(), e, h.nMax(), n);
                double[] nv = LineReference.row(h.normal(), e, h.nMax(), n);
                double[] z = reference(p, nv, -(hw - m), hw - m, outer, inner, rl.rho());
                double[] ref = new double[2 * n];
                double worst = 0;
                for (int i = 0; i < n; i++) {
                    ref[2 * i] = p[2 * i] + z[i] * nv[2 * i];
                    ref[2 * i + 1] = p[2 * i + 1] + z[i] * nv[2 * i + 1];
                    worst = Math.max(worst, Math.abs(z[i] - off[e * h.nMax() + i]));
                }
                double ours = LineReference.squaredCurvature(LineReference.row(line, e, h.nMax(), n));
                double theirs = LineReference.squaredCurvature(ref);
                String where = g + " env " + e + ": ";
                assertTrue(Math.abs(ours / theirs - 1) < 0.005, where + "squared curvature " + ours + " vs double " + theirs);
                assertTrue(worst < 0.02 * hw, where + "offsets differ by up to " + worst + " (half-width " + hw + ")");
            }
            assertTrue(checked > 0, g + ": no env checked");
        }
    }
}
