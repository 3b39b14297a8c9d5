package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The minimum-curvature racing line of every env, one thread per env ({@code dim = E}): lateral
 * offsets {@code alpha_i} along the centerline normals, {@code r_i = p_i + alpha_i n_i}, that
 * minimize the summed squared curvature {@code sum_i w_i kappa_i^2} subject to
 * {@code -(right_i - margin) <= alpha_i <= left_i - margin} (Heilmeier et al., "Minimum curvature
 * trajectory planning and control for an autonomous race car", Vehicle System Dynamics 58(10),
 * 2020 (online 2019): the same quadratic program in the offsets, here on the discrete line).
 *
 * <p>Method, per env with {@code cn = count[e] >= MIN_POINTS} points:
 * <ol>
 *   <li><b>Linearization</b> ({@code outer} times) around the current line: with the current
 *       unit tangent {@code t_i} (chord {@code r_{i+1} - r_{i-1}}) and edge lengths
 *       {@code l_{i-1}, l_i} frozen, the curvature {@code kappa_i = t_i x r''_i}, with the
 *       non-uniform second difference {@code r''_i = 2 / (l_{i-1} + l_i) * ((r_{i+1} - r_i) / l_i
 *       - (r_i - r_{i-1}) / l_{i-1})}, is affine in the offsets:
 *       {@code kappa_i = c_i + am_i alpha_{i-1} + a0_i alpha_i + ap_i alpha_{i+1}}; the weights
 *       {@code w_i = (l_{i-1} + l_i) / 2} make the sum the integral of {@code kappa^2} over arc
 *       length. The quadratic program {@code min 1/2 alpha' P alpha + q' alpha} has a cyclic
 *       pentadiagonal {@code P = sum_i w_i a_i a_i'}.</li>
 *   <li><b>Factorization</b> of {@code P + rho I}, with {@code rho = rhoScale * mean(diag P) *
 *       mean((w_i kappa_i)^2)} (the second factor, the squared curvature per point spacing of the
 *       current line, puts {@code rho} near the eigenvalues of the corners' modes whatever the
 *       resolution, so one {@code rhoScale} suits 80 and 1400 points a lap): the
 *       Cholesky factor of a cyclic pentadiagonal matrix is banded except for its last two rows,
 *       which fill in; {@code O(cn)} operations and storage.</li>
 *   <li><b>ADMM</b> ({@code inner} sweeps, Boyd et al. 2011, over-relaxation 1.6): an exact
 *       banded solve for the unconstrained step, a clamp onto the road for the constrained copy
 *       {@code z} (the offsets), a scaled dual update. {@code z} and the duals carry over from one
 *       linearization to the next.</li>
 * </ol>
 * The offsets are always inside the bounds (a clamp is the last write), whatever the number of
 * sweeps; the sweeps decide how close the line is to the optimum. A fixed number of sweeps makes the
 * launch capturable and the result deterministic.
 *
 * <p>Outputs per env: {@code offset} ({@code alpha}, world units, positive along the normal),
 * {@code line} ({@code r}), {@code heading} ({@code atan2} of the chord {@code r_{i+1} - r_{i-1}},
 * radians, 0 along +x, counter-clockwise), {@code arclen} (cumulative length along the line, the
 * sum in double rounded to float), {@code length[e]} (the closed line's length) and
 * {@code residual[e]} (the last sweep's largest {@code |x_i - z_i|}, the ADMM primal residual,
 * world units). Envs with fewer than {@link #MIN_POINTS} points get NaN everywhere; padding slots
 * get NaN. Where a road is narrower than twice the margin the bounds meet at their midpoint.
 *
 * <p>Shapes: {@code center, normal, line: [E * nMax]} pairs; {@code count, length, residual: [E]};
 * {@code left, right, offset, heading, arclen: [E * nMax]}; {@code work:
 * [E * RacelineKernels.SOLVER_SLOTS * nMax]} scratch (its rows: the three coefficients, the
 * constant and the weight of each point, the three diagonals and the linear term, the band of the
 * factor and its two dense rows, the duals and the solve's vector).
 */
public final class RacelineSolveKernel extends RacelineSolveKernelBase {
    /** The kernel instance. */
    public static final RacelineSolveKernel INSTANCE = new RacelineSolveKernel();

    /** Fewest points of an env the solver works on (the cyclic pentadiagonal needs five; eight keeps the dense rows apart). */
    public static final int MIN_POINTS = 8;

    /** ADMM over-relaxation factor. */
    static final float RELAX = 1.6f;

    private static final int AM = 0;
    private static final int A0 = 1;
    private static final int AP = 2;
    private static final int CC = 3;
    private static final int WW = 4;
    private static final int D0 = 5;
    private static final int D1 = 6;
    private static final int D2 = 7;
    private static final int QQ = 8;
    private static final int LD = 9;
    private static final int L1 = 10;
    private static final int L2 = 11;
    private static final int R1 = 12;
    private static final int R2 = 13;
    private static final int UU = 14;
    private static final int XX = 15;

    private RacelineSolveKernel() {
    }

    @KernelSignature(ptx = RacelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_raceline_solve(@In Vec2Array center, @In Vec2Array normal, @In I32Array count, int nMax, @In F32Array left,
                               @In F32Array right, float margin, int outer, int inner, float rhoScale,
                               @InOut F32Array work, @Out F32Array offset, @Out Vec2Array line, @Out F32Array heading,
                               @Out F32Array arclen, @Out F32Array length, @Out F32Array residual);
    }

    @Override
    protected void run(int begin, int end, float[] center, float[] normal, int[] count, int nMax, float[] left,
                       float[] right, float margin, int outer, int inner, float rhoScale, float[] work, float[] offset,
                       float[] line, float[] heading, float[] arclen, float[] length, float[] residual) {
        for (int e = begin; e < end; e++) {
            solve(center, normal, count, nMax, left, right, margin, outer, inner, rhoScale, work, offset, line, heading,
                    arclen, length, residual, e);
        }
    }

    static void solve(float[] c, float[] nrm, int[] count, int nMax, float[] left, float[] right, float margin,
                      int outer, int inner, float rhoScale, float[] work, float[] z, float[] line, float[] heading,
                      float[] arclen, float[] length, float[] residual, int e) {
        int b = e * nMax;
        int cn = count[e];
        int w = e * RacelineKernels.SOLVER_SLOTS * nMax;
        if (cn < MIN_POINTS) {
            for (int i = 0; i < nMax; i++) {
                pad(z, line, heading, arclen, b + i);
            }
            length[e] = Float.NaN;
            residual[e] = Float.NaN;
            return;
        }
        int am = w + AM * nMax;
        int a0 = w + A0 * nMax;
        int ap = w + AP * nMax;
        int cc = w + CC * nMax;
        int ww = w + WW * nMax;
        int d0 = w + D0 * nMax;
        int d1 = w + D1 * nMax;
        int d2 = w + D2 * nMax;
        int qq = w + QQ * nMax;
        int ld = w + LD * nMax;
        int l1 = w + L1 * nMax;
        int l2 = w + L2 * nMax;
        int r1 = w + R1 * nMax;
        int r2 = w + R2 * nMax;
        int uu = w + UU * nMax;
        int xx = w + XX * nMax;
        for (int i = 0; i < cn; i++) {
            z[b + i] = 0.0f;
            work[uu + i] = 0.0f;
        }
        int k = cn - 2;
        float res = 0.0f;
        for (int o = 0; o < outer; o++) {
            // 1. the curvature, affine in the offsets around the current line
            float spread = 0.0f;
            for (int i = 0; i < cn; i++) {
                int im = b + (i == 0 ? cn - 1 : i - 1);
                int ic = b + i;
                int ip = b + (i + 1 == cn ? 0 : i + 1);
                float pmx = c[2 * im];
                float pmy = c[2 * im + 1];
                float pix = c[2 * ic];
                float piy = c[2 * ic + 1];
                float ppx = c[2 * ip];
                float ppy = c[2 * ip + 1];
                float nmx = nrm[2 * im];
                float nmy = nrm[2 * im + 1];
                float nix = nrm[2 * ic];
                float niy = nrm[2 * ic + 1];
                float npx = nrm[2 * ip];
                float npy = nrm[2 * ip + 1];
                float zm = z[im];
                float zc = z[ic];
                float zp = z[ip];
                float rmx = pmx + zm * nmx;
                float rmy = pmy + zm * nmy;
                float rix = pix + zc * nix;
                float riy = piy + zc * niy;
                float rpx = ppx + zp * npx;
                float rpy = ppy + zp * npy;
                float ex = rix - rmx;
                float ey = riy - rmy;
                float fx = rpx - rix;
                float fy = rpy - riy;
                float lm = Math.max((float) Math.sqrt(ex * ex + ey * ey), 1.0e-12f);
                float lp = Math.max((float) Math.sqrt(fx * fx + fy * fy), 1.0e-12f);
                float tx = rpx - rmx;
                float ty = rpy - rmy;
                float tl = Math.max((float) Math.sqrt(tx * tx + ty * ty), 1.0e-12f);
                tx = tx / tl;
                ty = ty / tl;
                float g = 2.0f / (lm + lp);
                float wp = g / lp;
                float wm = g / lm;
                float dx = wp * (ppx - pix) - wm * (pix - pmx);
                float dy = wp * (ppy - piy) - wm * (piy - pmy);
                float cm = wm * (tx * nmy - ty * nmx);
                float c0 = -(wp + wm) * (tx * niy - ty * nix);
                float cp = wp * (tx * npy - ty * npx);
                float cst = tx * dy - ty * dx;
                float wi = 0.5f * (lm + lp);
                work[am + i] = cm;
                work[a0 + i] = c0;
                work[ap + i] = cp;
                work[cc + i] = cst;
                work[ww + i] = wi;
                float kw = wi * (cst + cm * zm + c0 * zc + cp * zp);
                spread += kw * kw;
            }
            // 2. P's three diagonals and the linear term, gathered point by point
            float sum = 0.0f;
            for (int j = 0; j < cn; j++) {
                int jm = j == 0 ? cn - 1 : j - 1;
                int jp = j + 1 == cn ? 0 : j + 1;
                float wn = work[ww + jp];
                float wj = work[ww + j];
                float wq = work[ww + jm];
                float diag = wn * work[am + jp] * work[am + jp] + wj * work[a0 + j] * work[a0 + j]
                        + wq * work[ap + jm] * work[ap + jm];
                work[d0 + j] = diag;
                work[d1 + j] = wn * work[am + jp] * work[a0 + jp] + wj * work[a0 + j] * work[ap + j];
                work[d2 + j] = wn * work[am + jp] * work[ap + jp];
                work[qq + j] = wn * work[cc + jp] * work[am + jp] + wj * work[cc + j] * work[a0 + j]
                        + wq * work[cc + jm] * work[ap + jm];
                sum += diag;
            }
            float rho = Math.max(rhoScale * (sum / (float) cn) * (spread / (float) cn), Float.MIN_NORMAL);
            // 3. Cholesky factor of P + rho I: band rows 0 .. cn-3, dense rows cn-2 and cn-1;
            //    ld holds the reciprocal of the factor's diagonal
            for (int i = 0; i < k; i++) {
                float f2 = i >= 2 ? work[d2 + i - 2] * work[ld + i - 2] : 0.0f;
                float f1 = 0.0f;
                if (i >= 1) {
                    float m = work[d1 + i - 1];
                    if (i >= 2) {
                        m -= f2 * work[l1 + i - 1];
                    }
                    f1 = m * work[ld + i - 1];
                }
                work[ld + i] = 1.0f / (float) Math.sqrt(work[d0 + i] + rho - f2 * f2 - f1 * f1);
                work[l1 + i] = f1;
                work[l2 + i] = f2;
            }
            work[l1 + k] = 0.0f;
            work[l2 + k] = 0.0f;
            work[l2 + k + 1] = 0.0f;
            for (int j = 0; j < k; j++) {
                float m1 = j == 0 ? work[d2 + cn - 2] : 0.0f;
                if (j == k - 2) {
                    m1 += work[d2 + cn - 4];
                }
                if (j == k - 1) {
                    m1 += work[d1 + cn - 3];
                }
                float m2 = j == 0 ? work[d1 + cn - 1] : j == 1 ? work[d2 + cn - 1] : 0.0f;
                if (j == k - 1) {
                    m2 += work[d2 + cn - 3];
                }
                if (j >= 2) {
                    m1 -= work[r1 + j - 2] * work[l2 + j];
                    m2 -= work[r2 + j - 2] * work[l2 + j];
                }
                if (j >= 1) {
                    m1 -= work[r1 + j - 1] * work[l1 + j];
                    m2 -= work[r2 + j - 1] * work[l1 + j];
                }
                work[r1 + j] = m1 * work[ld + j];
                work[r2 + j] = m2 * work[ld + j];
            }
            float s11 = 0.0f;
            float s12 = 0.0f;
            float s22 = 0.0f;
            for (int j = 0; j < k; j++) {
                s11 += work[r1 + j] * work[r1 + j];
                s12 += work[r2 + j] * work[r1 + j];
                s22 += work[r2 + j] * work[r2 + j];
            }
            float ia = 1.0f / (float) Math.sqrt(work[d0 + cn - 2] + rho - s11);
            float lr = (work[d1 + cn - 2] - s12) * ia;
            float ib = 1.0f / (float) Math.sqrt(work[d0 + cn - 1] + rho - s22 - lr * lr);
            // the bounds, into rows the sweeps no longer need
            for (int i = 0; i < cn; i++) {
                float hi = left[b + i] - margin;
                float lo = margin - right[b + i];
                if (lo > hi) {
                    float mid = 0.5f * (lo + hi);
                    lo = mid;
                    hi = mid;
                }
                work[am + i] = lo;
                work[a0 + i] = hi;
            }
            // 4. ADMM sweeps: forward substitution, then back substitution with the clamp and the
            //    dual update of each point as its x is known
            for (int s = 0; s < inner; s++) {
                float ya = 0.0f;
                float yb = 0.0f;
                float y1 = 0.0f;
                float y2 = 0.0f;
                for (int i = 0; i < k; i++) {
                    float y = (rho * (z[b + i] - work[uu + i]) - work[qq + i] - work[l2 + i] * y2 - work[l1 + i] * y1)
                            * work[ld + i];
                    work[xx + i] = y;
                    ya += work[r1 + i] * y;
                    yb += work[r2 + i] * y;
                    y2 = y1;
                    y1 = y;
                }
                float yn2 = (rho * (z[b + cn - 2] - work[uu + cn - 2]) - work[qq + cn - 2] - ya) * ia;
                float yn1 = (rho * (z[b + cn - 1] - work[uu + cn - 1]) - work[qq + cn - 1] - yb - lr * yn2) * ib;
                float xn1 = yn1 * ib;
                float xn2 = (yn2 - lr * xn1) * ia;
                res = 0.0f;
                res = update(z, work, b + cn - 1, uu + cn - 1, am + cn - 1, a0 + cn - 1, xn1, res);
                res = update(z, work, b + cn - 2, uu + cn - 2, am + cn - 2, a0 + cn - 2, xn2, res);
                float x1 = 0.0f;
                float x2 = 0.0f;
                for (int i = k - 1; i >= 0; i--) {
                    float x = (work[xx + i] - work[r1 + i] * xn2 - work[r2 + i] * xn1 - work[l1 + i + 1] * x1
                            - work[l2 + i + 2] * x2) * work[ld + i];
                    res = update(z, work, b + i, uu + i, am + i, a0 + i, x, res);
                    x2 = x1;
                    x1 = x;
                }
            }
        }
        // 5. the line, its heading and arc length
        for (int i = 0; i < cn; i++) {
            int ic = b + i;
            line[2 * ic] = c[2 * ic] + z[ic] * nrm[2 * ic];
            line[2 * ic + 1] = c[2 * ic + 1] + z[ic] * nrm[2 * ic + 1];
        }
        double acc = 0.0;
        for (int i = 0; i < cn; i++) {
            int im = b + (i == 0 ? cn - 1 : i - 1);
            int ic = b + i;
            int ip = b + (i + 1 == cn ? 0 : i + 1);
            arclen[ic] = (float) acc;
            float sx = line[2 * ip] - line[2 * ic];
            float sy = line[2 * ip + 1] - line[2 * ic + 1];
            acc += (float) Math.sqrt(sx * sx + sy * sy);
            heading[ic] = (float) Math.atan2(line[2 * ip + 1] - line[2 * im + 1], line[2 * ip] - line[2 * im]);
        }
        length[e] = (float) acc;
        residual[e] = res;
        for (int i = cn; i < nMax; i++) {
            pad(z, line, heading, arclen, b + i);
        }
    }

    /** Over-relaxed ADMM step of one point: the clamp onto {@code [lo, hi]} and the dual update; returns the residual so far. */
    private static float update(float[] z, float[] work, int iz, int iu, int ilo, int ihi, float x, float res) {
        float zi = z[iz];
        float xh = RELAX * x + (1.0f - RELAX) * zi;
        float ui = work[iu];
        float zn = Math.min(Math.max(xh + ui, work[ilo]), work[ihi]);
        work[iu] = ui + xh - zn;
        z[iz] = zn;
        return Math.max(res, Math.abs(x - zn));
    }

    private static void pad(float[] z, float[] line, float[] heading, float[] arclen, int t) {
        z[t] = Float.NaN;
        line[2 * t] = Float.NaN;
        line[2 * t + 1] = Float.NaN;
        heading[t] = Float.NaN;
        arclen[t] = Float.NaN;
    }
}
