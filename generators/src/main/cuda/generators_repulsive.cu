/*
 * CUDA C bodies of the repulsive generator's own kernels (PTX module
 * trackgen-ptx/generators_repulsive.ptx). Each entry point is the twin of the Java kernel of the
 * same name in dev.trackgen.generators.repulsive; see that class for semantics and shapes. Launch
 * convention and helpers: trackgen_kernel.cuh. The generator is not capturable (it reads the
 * frozen flags back between launches); on CUDA it runs eagerly before the captured remainder.
 *
 * The gradient runs one block per env with threads over points: each thread sums its point's
 * pair terms itself, first the pairs (i, v) with i < v in increasing i, then the pairs (v, j) with
 * j > v in increasing j, which is exactly the order in which Java's single pass over unordered
 * pairs adds them to that point, so every sum rounds as in Java (each pair is evaluated by both
 * its ends). Sums over a whole env (perimeters, dot products, means) are added by one thread in
 * Java's order. cos and sin (setup only) are in double, as in Java, and may differ by an ulp
 * before the rounding to float; pow with a non-default exponent likewise.
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* RepulsiveMath.pow: x^a with the default energy's exponents by multiplication and square roots. */
TG_INLINE float tg_rep_pow(float x, float a) {
    if (a == 3.0f) {
        return x * x * x;
    }
    if (a == 2.0f) {
        return x * x;
    }
    if (a == 1.0f) {
        return x;
    }
    if (a == -2.5f) {
        return 1.0f / (x * x * sqrtf(x));
    }
    if (a == 0.5f) {
        return sqrtf(x);
    }
    return static_cast<float>(pow(static_cast<double>(x), static_cast<double>(a)));
}

/* dir(u) normalizer of the repulsive kernels: 1 / max(|u|, 1e-8). */
TG_INLINE float tg_rep_inv_len(float x, float y) {
    return 1.0f / tg_maxf(tg_length(x, y), 1.0e-8f);
}

/* RepulsiveObstaclesKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_rep_obstacles(int dim, const int* seeds, float rDom, float rInit, float radiusLo,
                                            float radiusHi, int kMin, int kMax, int M, float2* points,
                                            float* weights) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    const int st = TG_STREAM_REPULSIVE_OBSTACLES;
    double twoPi = 2.0 * TG_PI_D;
    int seed = seeds[e];
    int b = e * M;
    float wallW = static_cast<float>(twoPi * static_cast<double>(rDom) / static_cast<double>(TG_REP_N_WALL))
                  * TG_REP_WALL_WEIGHT;
    for (int i = 0; i < TG_REP_N_WALL; i++) {
        double ang = static_cast<double>(i) * twoPi / static_cast<double>(TG_REP_N_WALL);
        points[b + i] = make_float2(rDom * static_cast<float>(cos(ang)), rDom * static_cast<float>(sin(ang)));
        weights[b + i] = wallW;
    }
    int k = tg_rng_uniform_int(seed, st, 0, kMin, kMax);
    float phase = tg_rng_uniform(seed, st, 1) * static_cast<float>(twoPi);
    for (int j = 0; j < kMax; j++) {
        int col = b + TG_REP_N_WALL + j * TG_REP_N_DISC;
        bool live = false;
        float cx = 0.0f;
        float cy = 0.0f;
        float r = 0.0f;
        if (j < k) {
            r = (radiusLo + (radiusHi - radiusLo) * tg_rng_uniform(seed, st, 2 + 2 * j)) * rDom;
            float lo = rInit + r + 0.05f * rDom;
            float hi = TG_REP_CENTER_FRAC * rDom;
            float rad = lo + (hi - lo) * tg_rng_uniform(seed, st, 3 + 2 * j);
            live = lo < hi;
            double ang = static_cast<double>(phase) + static_cast<double>(j) * twoPi / static_cast<double>(k);
            cx = rad * static_cast<float>(cos(ang));
            cy = rad * static_cast<float>(sin(ang));
        }
        float discW = static_cast<float>(twoPi * static_cast<double>(r) / static_cast<double>(TG_REP_N_DISC))
                      * TG_REP_DISC_WEIGHT;
        for (int i = 0; i < TG_REP_N_DISC; i++) {
            double ang = static_cast<double>(i) * twoPi / static_cast<double>(TG_REP_N_DISC);
            points[col + i] = live ? make_float2(cx + r * static_cast<float>(cos(ang)),
                                                 cy + r * static_cast<float>(sin(ang)))
                                   : make_float2(tg_nanf(), tg_nanf());
            weights[col + i] = live ? discW : 0.0f;
        }
    }
}

/* RepulsiveSeedKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_rep_seed(int dim, const int* seeds, float rInit, float growLo, float growHi,
                                       float* lFinal, float* lInit, float* lTarget, int* reached, int* frozen,
                                       int* live, float* areaPrev) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    float l0 = static_cast<float>(2.0 * TG_PI_D) * rInit;
    float g = tg_rng_uniform_range(seeds[e], TG_STREAM_REPULSIVE_GROWTH, 0, growLo, growHi);
    lInit[e] = l0;
    lTarget[e] = l0;
    lFinal[e] = g * l0;
    reached[e] = 0;
    frozen[e] = 0;
    live[e] = 1;
    areaPrev[e] = 0.0f;
}

/* RepulsiveCircleKernel: one thread per point (dim = E * n). */
extern "C" __global__ void tg_rep_circle(int dim, float2* center, int n, float rInit) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int i = t % n;
    double ang = static_cast<double>(i) * (2.0 * TG_PI_D / static_cast<double>(n));
    center[t] = make_float2(rInit * static_cast<float>(cos(ang)), rInit * static_cast<float>(sin(ang)));
}

/* RepulsiveRatchetKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_rep_ratchet(int dim, float* lTarget, const float* lFinal, float growth, int* reached) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    float v = tg_minf(lTarget[e] * (1.0f + growth), lFinal[e]);
    lTarget[e] = v;
    reached[e] = v >= lFinal[e] - 1.0e-9f ? 1 : 0;
}

/*
 * RepulsiveGradientKernel: one block per env (dim = E, threads over points). Phases, separated by
 * barriers: (1) tangents and dual weights per point, the perimeter by thread 0 in Java's order;
 * (2) per point, the pair sums (column then row, see above) giving wcoef, the pair part of grad and
 * the tangent-coupling term kept in acc; (3) per point, the final gradient from its neighbours'
 * wcoef and acc, the obstacles and the length term.
 */
extern "C" __global__ void tg_rep_gradient(int dim, const float2* center, int n, float alpha, float beta, float eps,
                                           const float2* obs, const float* obsW, int M, float pExp, int nWall,
                                           int deactivate, const float* lTarget, const float* lInit, float wLen,
                                           const int* reached, const int* frozen, float2* tang, float* wd,
                                           float* wcoef, float2* acc, float* peri, float2* grad) {
    __shared__ float s_per;
    int e = static_cast<int>(blockIdx.x);
    if (e >= dim || frozen[e] == 1) {
        return;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    const float2* x = center;
    float hb = 0.5f * beta;
    float eps2 = eps * eps;
    float am1 = alpha - 1.0f;
    float pm1 = pExp - 1.0f;
    int b = e * n;
    /* (1) tangents, dual weights, perimeter */
    for (int v = tid; v < n; v += nt) {
        int t = b + v;
        float2 xv = x[t];
        float2 xn = x[b + (v + 1 == n ? 0 : v + 1)];
        float2 xp = x[b + (v == 0 ? n - 1 : v - 1)];
        float lf = tg_length(xn.x - xv.x, xn.y - xv.y);
        float lb = tg_length(xv.x - xp.x, xv.y - xp.y);
        float ux = xn.x - xp.x;
        float uy = xn.y - xp.y;
        float inv = 1.0f / tg_maxf(tg_length(ux, uy), 1.0e-8f);
        tang[t] = make_float2(ux * inv, uy * inv);
        wd[t] = 0.5f * (lf + lb);
    }
    if (tid == 0) {
        float per = 0.0f;
        for (int v = 0; v < n; v++) {
            float2 xv = x[b + v];
            float2 xn = x[b + (v + 1 == n ? 0 : v + 1)];
            per += tg_length(xn.x - xv.x, xn.y - xv.y);
        }
        s_per = per;
        peri[e] = per;
    }
    __syncthreads();
    /* (2) pair sums per point */
    for (int v = tid; v < n; v += nt) {
        int t = b + v;
        float2 xv = x[t];
        float2 tv = tang[t];
        float wv = wd[t];
        /* column: pairs (i, v), i < v, as Java adds them to v while scanning row i */
        float colW = 0.0f;
        float colAx = 0.0f;
        float colAy = 0.0f;
        float colGx = 0.0f;
        float colGy = 0.0f;
        for (int i = tg_maxi(0, v - n + 3); i <= v - 3; i++) {
            int ti = b + i;
            float2 xi = x[ti];
            float2 ti2 = tang[ti];
            float wi = wd[ti];
            float tix = ti2.x;
            float tiy = ti2.y;
            float dx = xv.x - xi.x;
            float dy = xv.y - xi.y;
            float tjx = tv.x;
            float tjy = tv.y;
            float wj = wv;
            float invDe2 = 1.0f / (dx * dx + dy * dy + eps2);
            float invDen = tg_rep_pow(invDe2, hb);
            float wij = dx * tiy - dy * tix;
            float aw1 = fabsf(wij) + eps;
            float pij = tg_rep_pow(aw1, alpha) * invDen;
            float gn1 = alpha * tg_rep_pow(aw1, am1) * (wij < 0.0f ? -1.0f : 1.0f) * invDen;
            float wji = dy * tjx - dx * tjy;
            float aw2 = fabsf(wji) + eps;
            float pji = tg_rep_pow(aw2, alpha) * invDen;
            float gn2 = alpha * tg_rep_pow(aw2, am1) * (wji < 0.0f ? -1.0f : 1.0f) * invDen;
            float psum = pij + pji;
            colW += psum * wi;
            colAx += gn2 * dy * wi;
            colAy += -gn2 * dx * wi;
            float ww = wi * wj;
            float sb = beta * invDe2;
            float qx = ww * (gn2 * tjy + pji * sb * dx - gn1 * tiy + pij * sb * dx);
            float qy = ww * (-gn2 * tjx + pji * sb * dy + gn1 * tix + pij * sb * dy);
            colGx -= qx;
            colGy -= qy;
        }
        /* row: pairs (v, j), j > v, as Java scans row v */
        float cdi = 0.0f;
        float aix = 0.0f;
        float aiy = 0.0f;
        float gix = 0.0f;
        float giy = 0.0f;
        int jEnd = tg_mini(n - 1, v + n - 3);
        for (int j = v + 3; j <= jEnd; j++) {
            int tj = b + j;
            float2 xj = x[tj];
            float2 tj2 = tang[tj];
            float wj = wd[tj];
            float tix = tv.x;
            float tiy = tv.y;
            float wi = wv;
            float dx = xj.x - xv.x;
            float dy = xj.y - xv.y;
            float tjx = tj2.x;
            float tjy = tj2.y;
            float invDe2 = 1.0f / (dx * dx + dy * dy + eps2);
            float invDen = tg_rep_pow(invDe2, hb);
            float wij = dx * tiy - dy * tix;
            float aw1 = fabsf(wij) + eps;
            float pij = tg_rep_pow(aw1, alpha) * invDen;
            float gn1 = alpha * tg_rep_pow(aw1, am1) * (wij < 0.0f ? -1.0f : 1.0f) * invDen;
            float wji = dy * tjx - dx * tjy;
            float aw2 = fabsf(wji) + eps;
            float pji = tg_rep_pow(aw2, alpha) * invDen;
            float gn2 = alpha * tg_rep_pow(aw2, am1) * (wji < 0.0f ? -1.0f : 1.0f) * invDen;
            float psum = pij + pji;
            cdi += psum * wj;
            aix += -gn1 * dy * wj;
            aiy += gn1 * dx * wj;
            float ww = wi * wj;
            float sb = beta * invDe2;
            float qx = ww * (gn2 * tjy + pji * sb * dx - gn1 * tiy + pij * sb * dx);
            float qy = ww * (-gn2 * tjx + pji * sb * dy + gn1 * tix + pij * sb * dy);
            gix += qx;
            giy += qy;
        }
        wcoef[t] = colW + cdi;
        grad[t] = make_float2(colGx + gix, colGy + giy);
        /* tangent coupling: btan_v = (I - T T^T) w_v A_v / |x_{v+1} - x_{v-1}| */
        float2 xn = x[b + (v + 1 == n ? 0 : v + 1)];
        float2 xp = x[b + (v == 0 ? n - 1 : v - 1)];
        float ux = xn.x - xp.x;
        float uy = xn.y - xp.y;
        float lv = tg_maxf(tg_length(ux, uy), 1.0e-8f);
        float fx = wv * (colAx + aix);
        float fy = wv * (colAy + aiy);
        float dot = tv.x * fx + tv.y * fy;
        acc[t] = make_float2((fx - tv.x * dot) / lv, (fy - tv.y * dot) / lv);
    }
    __syncthreads();
    /* (3) the gradient */
    float li = lInit[e];
    float lenCoef = 2.0f * wLen * (s_per - lTarget[e]) / (li * li);
    int mEnd = deactivate != 0 && reached[e] == 1 ? tg_mini(nWall, M) : M;
    int ob = e * M;
    for (int v = tid; v < n; v += nt) {
        int t = b + v;
        int vn = b + (v + 1 == n ? 0 : v + 1);
        int vp = b + (v == 0 ? n - 1 : v - 1);
        float2 xv = x[t];
        float fx = x[vn].x - xv.x;
        float fy = x[vn].y - xv.y;
        float bx = xv.x - x[vp].x;
        float by = xv.y - x[vp].y;
        float fInv = tg_rep_inv_len(fx, fy);
        float bInv = tg_rep_inv_len(bx, by);
        fx *= fInv;
        fy *= fInv;
        bx *= bInv;
        by *= bInv;
        float wv = wcoef[t];
        float wPrev = wcoef[vp];
        float wNext = wcoef[vn];
        float2 g = grad[t];
        float2 ap = acc[vp];
        float2 an = acc[vn];
        float gx = g.x + 0.5f * bx * (wv + wPrev) - 0.5f * fx * (wv + wNext) + ap.x - an.x + lenCoef * (bx - fx);
        float gy = g.y + 0.5f * by * (wv + wPrev) - 0.5f * fy * (wv + wNext) + ap.y - an.y + lenCoef * (by - fy);
        for (int k = 0; k < mEnd; k++) {
            float mw = obsW[ob + k];
            if (mw != 0.0f) {
                float2 o = obs[ob + k];
                float dx = xv.x - o.x;
                float dy = xv.y - o.y;
                float c = 2.0f * mw * pExp * tg_rep_pow(dx * dx + dy * dy + 1.0e-8f, pm1);
                gx += c * dx;
                gy += c * dy;
            }
        }
        grad[t] = make_float2(gx, gy);
    }
}

/* RepulsiveLengthDirKernel: one thread per point (dim = E * n). */
extern "C" __global__ void tg_rep_length_dir(int dim, const float2* center, int n, float2* lg) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / n;
    int i = t - e * n;
    float2 xv = center[t];
    float2 xn = center[e * n + (i + 1 == n ? 0 : i + 1)];
    float2 xp = center[e * n + (i == 0 ? n - 1 : i - 1)];
    float fx = xn.x - xv.x;
    float fy = xn.y - xv.y;
    float bx = xv.x - xp.x;
    float by = xv.y - xp.y;
    float fi = tg_rep_inv_len(fx, fy);
    float bi = tg_rep_inv_len(bx, by);
    lg[t] = make_float2(bx * bi - fx * fi, by * bi - fy * fi);
}

/* RepulsiveConvKernel: one thread per point (dim = E * n); frozen envs are skipped. */
extern "C" __global__ void tg_rep_conv2(int dim, const float2* a, const float2* b, const float* h, int n,
                                        const int* frozen, float2* outA, float2* outB) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / n;
    if (frozen[e] == 1) {
        return;
    }
    int i = t - e * n;
    int base = e * n;
    float ax = 0.0f;
    float ay = 0.0f;
    float bx = 0.0f;
    float by = 0.0f;
    for (int j = 0; j <= i; j++) {
        float w = h[i - j];
        float2 aj = a[base + j];
        float2 bj = b[base + j];
        ax += w * aj.x;
        ay += w * aj.y;
        bx += w * bj.x;
        by += w * bj.y;
    }
    for (int j = i + 1; j < n; j++) {
        float w = h[i - j + n];
        float2 aj = a[base + j];
        float2 bj = b[base + j];
        ax += w * aj.x;
        ay += w * aj.y;
        bx += w * bj.x;
        by += w * bj.y;
    }
    outA[t] = make_float2(ax, ay);
    outB[t] = make_float2(bx, by);
}

/* RepulsiveStepKernel: one thread per env (dim = E); every sum is added in Java's order. */
extern "C" __global__ void tg_rep_step(int dim, float2* center, float2* g, const float2* lg, const float2* ainvLg,
                                       int n, const float* peri, const float* lTarget, float tau, const int* frozen) {
    int e = tg_thread_index();
    if (e >= dim || frozen[e] == 1) {
        return;
    }
    int b = e * n;
    float num = 0.0f;
    float den = 0.0f;
    for (int i = 0; i < n; i++) {
        float2 gi = g[b + i];
        float2 li = lg[b + i];
        float2 ai = ainvLg[b + i];
        num += gi.x * li.x;
        den += li.x * ai.x;
        num += gi.y * li.y;
        den += li.y * ai.y;
    }
    float ratio = num / tg_maxf(den, 1.0e-12f);
    float mx = 0.0f;
    float my = 0.0f;
    for (int i = 0; i < n; i++) {
        float2 gi = g[b + i];
        float2 ai = ainvLg[b + i];
        gi.x -= ratio * ai.x;
        gi.y -= ratio * ai.y;
        g[b + i] = gi;
        mx += gi.x;
        my += gi.y;
    }
    mx /= static_cast<float>(n);
    my /= static_cast<float>(n);
    float gmax = 0.0f;
    for (int i = 0; i < n; i++) {
        float2 gi = g[b + i];
        gmax = tg_maxf(gmax, tg_length(gi.x - mx, gi.y - my));
    }
    gmax = tg_maxf(gmax, 1.0e-12f);
    float s = tau * (peri[e] / static_cast<float>(n)) / gmax;
    float cx = 0.0f;
    float cy = 0.0f;
    for (int i = 0; i < n; i++) {
        float2 gi = g[b + i];
        float2 xi = center[b + i];
        xi.x -= s * (gi.x - mx);
        xi.y -= s * (gi.y - my);
        center[b + i] = xi;
        cx += xi.x;
        cy += xi.y;
    }
    cx /= static_cast<float>(n);
    cy /= static_cast<float>(n);
    float len = 0.0f;
    for (int i = 0; i < n; i++) {
        float2 xi = center[b + i];
        float2 xn = center[b + (i + 1 == n ? 0 : i + 1)];
        len += tg_length(xn.x - xi.x, xn.y - xi.y);
    }
    float r = lTarget[e] / tg_maxf(len, 1.0e-9f);
    for (int i = 0; i < n; i++) {
        float2 xi = center[b + i];
        center[b + i] = make_float2(cx + (xi.x - cx) * r, cy + (xi.y - cy) * r);
    }
}

/* RepulsiveFreezeKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_rep_freeze(int dim, const float2* center, int n, const int* reached, float tol,
                                         float* areaPrev, int* frozen, int* live) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * n;
    float a2 = 0.0f;
    for (int i = 0; i < n; i++) {
        float2 p = center[b + i];
        float2 q = center[b + (i + 1 == n ? 0 : i + 1)];
        a2 += p.x * q.y - q.x * p.y;
    }
    float area = fabsf(a2) * 0.5f;
    float rel = fabsf(area - areaPrev[e]) / tg_maxf(area, 1.0e-9f);
    areaPrev[e] = area;
    if (reached[e] == 1 && frozen[e] == 0 && rel < tol) {
        frozen[e] = 1;
    }
    live[e] = 1 - frozen[e];
}
