package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The analytic gradient of the growth energy, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_rep_gradient(center, n, alpha, beta, eps, obs, obsW, M, pExp, nWall, deactivate,
 * lTarget, lInit, wLen, reached, frozen, tang, wd, wcoef, acc, peri, grad)} writes
 * {@code grad[v] = dE/dx_v} for the {@code n} points of each env that is not frozen, with
 * {@code E = E_TP + E_obs + E_len}:
 * <pre>
 *   E_TP  = sum_{i, j: circular |i - j| > 2} P(i, j) w_i w_j,
 *           P(i, j) = (|(x_j - x_i) x T_i| + eps)^alpha / (|x_j - x_i|^2 + eps^2)^(beta/2),
 *           T_i = dir(x_{i+1} - x_{i-1}),  w_i = (|x_{i+1} - x_i| + |x_i - x_{i-1}|) / 2,
 *   E_obs = sum_i sum_m obsW_m (|x_i - o_m|^2 + 1e-8)^pExp   (live obstacle points only),
 *   E_len = wLen ((perimeter - lTarget) / lInit)^2,
 * </pre>
 * {@code dir(u) = u / max(|u|, 1e-8)}. {@code x_v} enters {@code E_TP} through the pair differences,
 * the tangents {@code T_{v+-1}} and the weights {@code w_{v-1}, w_v, w_{v+1}}. Each unordered pair is
 * evaluated once: it adds to both ends' difference terms (they are opposite) and to the per-point
 * sums {@code C_v + D_v = sum_j (P(v, j) + P(j, v)) w_j} ({@code wcoef}) and
 * {@code A_v = sum_j dP(v, j)/dT_v w_j}; then {@code btan_v = (I - T_v T_v^T) w_v A_v / |x_{v+1} - x_{v-1}|}
 * and
 * <pre>
 *   grad_v = (pair terms) + (b_v (W_v + W_{v-1}) - f_v (W_v + W_{v+1})) / 2 + btan_{v-1} - btan_{v+1}
 *            + sum_m 2 pExp obsW_m (|x_v - o_m|^2 + 1e-8)^(pExp - 1) (x_v - o_m)
 *            + 2 wLen (perimeter - lTarget) / lInit^2 (b_v - f_v),
 * </pre>
 * with {@code W = wcoef}, {@code f_v = dir(x_{v+1} - x_v)}, {@code b_v = dir(x_v - x_{v-1})}. Obstacle
 * points {@code m >= nWall} (the inner discs) are skipped once the env has {@code reached} its final
 * length when {@code deactivate != 0}; the wall always stays. {@code peri[e]} receives the
 * perimeter. The pair loop is sequential per env in a fixed order, with no atomics, so results are
 * identical on any thread count.
 *
 * <p>Shapes: {@code center, tang, acc, grad: [E*n]} pairs (prefixes of {@code [E*Nmax]} buffers);
 * {@code wd, wcoef: [E*n]}; {@code obs: [E*M]} pairs; {@code obsW: [E*M]};
 * {@code lTarget, lInit, reached, frozen, peri: [E]}.
 */
public final class RepulsiveGradientKernel extends RepulsiveGradientKernelBase {
    /** The kernel instance. */
    public static final RepulsiveGradientKernel INSTANCE = new RepulsiveGradientKernel();

    private RepulsiveGradientKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE)
    interface Signature {
        void tg_rep_gradient(@In Vec2Array center, int n, float alpha, float beta, float eps, @In Vec2Array obs,
                @In F32Array obsW, int M, float pExp, int nWall, int deactivate, @In F32Array lTarget,
                @In F32Array lInit, float wLen, @In I32Array reached, @In I32Array frozen, @Out Vec2Array tang,
                @Out F32Array wd, @Out F32Array wcoef, @Out Vec2Array acc, @Out F32Array peri, @Out Vec2Array grad);
    }

    /** Most threads per block of the CUDA body. */
    public static final int CUDA_MAX_THREADS = 256;

    /**
     * One block per env with a thread per point (up to {@value #CUDA_MAX_THREADS}, a multiple of 32):
     * each thread sums its own point's pair terms, in the order this body adds them.
     */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, Math.min(CUDA_MAX_THREADS, LaunchShape.roundUpToWarp(((Args) args).n())),
                0);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] x = a.center();
        int n = a.n();
        float alpha = a.alpha();
        float beta = a.beta();
        float eps = a.eps();
        float[] obs = a.obs();
        float[] obsW = a.obsW();
        int m = a.M();
        float pExp = a.pExp();
        int nWall = a.nWall();
        boolean deactivate = a.deactivate() != 0;
        float[] lTarget = a.lTarget();
        float[] lInit = a.lInit();
        float wLen = a.wLen();
        int[] reached = a.reached();
        int[] frozen = a.frozen();
        float[] tang = a.tang();
        float[] wd = a.wd();
        float[] wcoef = a.wcoef();
        float[] acc = a.acc();
        float[] peri = a.peri();
        float[] grad = a.grad();
        float hb = 0.5f * beta;
        float eps2 = eps * eps;
        float am1 = alpha - 1f;
        float pm1 = pExp - 1f;
        for (int e = begin; e < end; e++) {
            if (frozen[e] == 1) {
                continue;
            }
            int b = e * n;
            // tangents, dual weights, perimeter; zero the accumulators
            float per = 0f;
            for (int v = 0; v < n; v++) {
                int vn = b + (v + 1 == n ? 0 : v + 1);
                int vp = b + (v == 0 ? n - 1 : v - 1);
                int t = b + v;
                float fx = x[2 * vn] - x[2 * t];
                float fy = x[2 * vn + 1] - x[2 * t + 1];
                float bx = x[2 * t] - x[2 * vp];
                float by = x[2 * t + 1] - x[2 * vp + 1];
                float lf = (float) Math.sqrt(fx * fx + fy * fy);
                float lb = (float) Math.sqrt(bx * bx + by * by);
                per += lf;
                float ux = x[2 * vn] - x[2 * vp];
                float uy = x[2 * vn + 1] - x[2 * vp + 1];
                float inv = 1f / Math.max((float) Math.sqrt(ux * ux + uy * uy), 1.0e-8f);
                tang[2 * t] = ux * inv;
                tang[2 * t + 1] = uy * inv;
                wd[t] = 0.5f * (lf + lb);
                wcoef[t] = 0f;
                acc[2 * t] = 0f;
                acc[2 * t + 1] = 0f;
                grad[2 * t] = 0f;
                grad[2 * t + 1] = 0f;
            }
            peri[e] = per;
            // every unordered pair at circular index distance > 2, once
            for (int i = 0; i < n; i++) {
                int ti = b + i;
                float xi = x[2 * ti];
                float yi = x[2 * ti + 1];
                float tix = tang[2 * ti];
                float tiy = tang[2 * ti + 1];
                float wi = wd[ti];
                float cdi = 0f;
                float aix = 0f;
                float aiy = 0f;
                float gix = 0f;
                float giy = 0f;
                int jEnd = Math.min(n - 1, i + n - 3);
                for (int j = i + 3; j <= jEnd; j++) {
                    int tj = b + j;
                    float dx = x[2 * tj] - xi;
                    float dy = x[2 * tj + 1] - yi;
                    float tjx = tang[2 * tj];
                    float tjy = tang[2 * tj + 1];
                    float wj = wd[tj];
                    float invDe2 = 1f / (dx * dx + dy * dy + eps2);
                    float invDen = RepulsiveMath.pow(invDe2, hb);
                    float wij = dx * tiy - dy * tix;
                    float aw1 = Math.abs(wij) + eps;
                    float pij = RepulsiveMath.pow(aw1, alpha) * invDen;
                    float gn1 = alpha * RepulsiveMath.pow(aw1, am1) * (wij < 0f ? -1f : 1f) * invDen;
                    float wji = dy * tjx - dx * tjy;
                    float aw2 = Math.abs(wji) + eps;
                    float pji = RepulsiveMath.pow(aw2, alpha) * invDen;
                    float gn2 = alpha * RepulsiveMath.pow(aw2, am1) * (wji < 0f ? -1f : 1f) * invDen;
                    float psum = pij + pji;
                    cdi += psum * wj;
                    wcoef[tj] += psum * wi;
                    aix += -gn1 * dy * wj;
                    aiy += gn1 * dx * wj;
                    acc[2 * tj] += gn2 * dy * wi;
                    acc[2 * tj + 1] += -gn2 * dx * wi;
                    // ww * (dP(j,i)/d(x_i - x_j) - dP(i,j)/d(x_j - x_i)), added to i, subtracted from j
                    float ww = wi * wj;
                    float sb = beta * invDe2;
                    float qx = ww * (gn2 * tjy + pji * sb * dx - gn1 * tiy + pij * sb * dx);
                    float qy = ww * (-gn2 * tjx + pji * sb * dy + gn1 * tix + pij * sb * dy);
                    gix += qx;
                    giy += qy;
                    grad[2 * tj] -= qx;
                    grad[2 * tj + 1] -= qy;
                }
                wcoef[ti] += cdi;
                acc[2 * ti] += aix;
                acc[2 * ti + 1] += aiy;
                grad[2 * ti] += gix;
                grad[2 * ti + 1] += giy;
            }
            // tangent coupling: btan_v = (I - T T^T) w_v A_v / |x_{v+1} - x_{v-1}|, kept in acc
            for (int v = 0; v < n; v++) {
                int t = b + v;
                int vn = b + (v + 1 == n ? 0 : v + 1);
                int vp = b + (v == 0 ? n - 1 : v - 1);
                float ux = x[2 * vn] - x[2 * vp];
                float uy = x[2 * vn + 1] - x[2 * vp + 1];
                float lv = Math.max((float) Math.sqrt(ux * ux + uy * uy), 1.0e-8f);
                float fx = wd[t] * acc[2 * t];
                float fy = wd[t] * acc[2 * t + 1];
                float tx = tang[2 * t];
                float ty = tang[2 * t + 1];
                float dot = tx * fx + ty * fy;
                acc[2 * t] = (fx - tx * dot) / lv;
                acc[2 * t + 1] = (fy - ty * dot) / lv;
            }
            float li = lInit[e];
            float lenCoef = 2f * wLen * (per - lTarget[e]) / (li * li);
            int mEnd = deactivate && reached[e] == 1 ? Math.min(nWall, m) : m;
            int ob = e * m;
            for (int v = 0; v < n; v++) {
                int t = b + v;
                int vn = b + (v + 1 == n ? 0 : v + 1);
                int vp = b + (v == 0 ? n - 1 : v - 1);
                float fx = x[2 * vn] - x[2 * t];
                float fy = x[2 * vn + 1] - x[2 * t + 1];
                float bx = x[2 * t] - x[2 * vp];
                float by = x[2 * t + 1] - x[2 * vp + 1];
                float fInv = 1f / Math.max((float) Math.sqrt(fx * fx + fy * fy), 1.0e-8f);
                float bInv = 1f / Math.max((float) Math.sqrt(bx * bx + by * by), 1.0e-8f);
                fx *= fInv;
                fy *= fInv;
                bx *= bInv;
                by *= bInv;
                float wv = wcoef[t];
                float wPrev = wcoef[vp];
                float wNext = wcoef[vn];
                float gx = grad[2 * t] + 0.5f * bx * (wv + wPrev) - 0.5f * fx * (wv + wNext)
                        + acc[2 * vp] - acc[2 * vn] + lenCoef * (bx - fx);
                float gy = grad[2 * t + 1] + 0.5f * by * (wv + wPrev) - 0.5f * fy * (wv + wNext)
                        + acc[2 * vp + 1] - acc[2 * vn + 1] + lenCoef * (by - fy);
                float xv = x[2 * t];
                float yv = x[2 * t + 1];
                for (int k = 0; k < mEnd; k++) {
                    float mw = obsW[ob + k];
                    if (mw != 0f) {
                        float dx = xv - obs[2 * (ob + k)];
                        float dy = yv - obs[2 * (ob + k) + 1];
                        float c = 2f * mw * pExp * RepulsiveMath.pow(dx * dx + dy * dy + 1.0e-8f, pm1);
                        gx += c * dx;
                        gy += c * dy;
                    }
                }
                grad[2 * t] = gx;
                grad[2 * t + 1] = gy;
            }
        }
    }
}
