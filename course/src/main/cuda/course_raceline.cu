/*
 * CUDA C bodies of the racing-line kernels (PTX module trackgen-ptx/course_raceline.ptx): the
 * minimum-curvature solver (one thread per env: linearization,
 * cyclic banded Cholesky factor, ADMM sweeps) and the friction-circle speed profile. Each entry
 * point is the twin of the Java kernel of the same name in dev.trackgen.course.kernel
 * (RacelineSolveKernel, RacelineSpeedKernel, RacelineAgentKernel); see those classes for the
 * method and shapes. Float operations follow the Java bodies one for one (no FMA, correctly
 * rounded sqrt and division, double only where Java sums in double).
 */
#include "trackgen_course_kernels.h"

/* Slots of the solver's per-env scratch rows (RacelineSolveKernel). */
#define TG_RL_SLOTS 16
#define TG_RL_MIN_POINTS 8
#define TG_RL_RELAX 1.6f

TG_INLINE void tg_raceline_pad(float* z, float2* line, float* heading, float* arclen, int t) {
    z[t] = tg_nanf();
    line[t].x = tg_nanf();
    line[t].y = tg_nanf();
    heading[t] = tg_nanf();
    arclen[t] = tg_nanf();
}

/* Over-relaxed ADMM step of point i: clamp onto [lo, hi], dual update; returns the residual so far. */
TG_INLINE float tg_raceline_update(float* z, float* uu, const float* lo, const float* hi, int b, int i, float x,
                                   float res) {
    float zi = z[b + i];
    float xh = TG_RL_RELAX * x + (1.0f - TG_RL_RELAX) * zi;
    float ui = uu[i];
    float zn = tg_minf(tg_maxf(xh + ui, lo[i]), hi[i]);
    uu[i] = ui + xh - zn;
    z[b + i] = zn;
    return tg_maxf(res, fabsf(x - zn));
}

extern "C" __global__ void tg_raceline_solve(int dim, const float2* c, const float2* nrm, const int* count, int nMax,
                                             const float* left, const float* right, float margin, int outer,
                                             int inner, float rhoScale, float* work, float* z, float2* line,
                                             float* heading, float* arclen, float* length, float* residual) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * nMax;
    int cn = count[e];
    int w = e * TG_RL_SLOTS * nMax;
    if (cn < TG_RL_MIN_POINTS) {
        for (int i = 0; i < nMax; i++) {
            tg_raceline_pad(z, line, heading, arclen, b + i);
        }
        length[e] = tg_nanf();
        residual[e] = tg_nanf();
        return;
    }
    float* am = work + w + 0 * nMax;
    float* a0 = work + w + 1 * nMax;
    float* ap = work + w + 2 * nMax;
    float* cc = work + w + 3 * nMax;
    float* ww = work + w + 4 * nMax;
    float* d0 = work + w + 5 * nMax;
    float* d1 = work + w + 6 * nMax;
    float* d2 = work + w + 7 * nMax;
    float* qq = work + w + 8 * nMax;
    float* ld = work + w + 9 * nMax;
    float* l1 = work + w + 10 * nMax;
    float* l2 = work + w + 11 * nMax;
    float* r1 = work + w + 12 * nMax;
    float* r2 = work + w + 13 * nMax;
    float* uu = work + w + 14 * nMax;
    float* xx = work + w + 15 * nMax;
    for (int i = 0; i < cn; i++) {
        z[b + i] = 0.0f;
        uu[i] = 0.0f;
    }
    int k = cn - 2;
    float res = 0.0f;
    for (int o = 0; o < outer; o++) {
        float spread = 0.0f;
        for (int i = 0; i < cn; i++) {
            int im = b + (i == 0 ? cn - 1 : i - 1);
            int ic = b + i;
            int ip = b + (i + 1 == cn ? 0 : i + 1);
            float pmx = c[im].x;
            float pmy = c[im].y;
            float pix = c[ic].x;
            float piy = c[ic].y;
            float ppx = c[ip].x;
            float ppy = c[ip].y;
            float nmx = nrm[im].x;
            float nmy = nrm[im].y;
            float nix = nrm[ic].x;
            float niy = nrm[ic].y;
            float npx = nrm[ip].x;
            float npy = nrm[ip].y;
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
            float lm = tg_maxf(sqrtf(ex * ex + ey * ey), 1.0e-12f);
            float lp = tg_maxf(sqrtf(fx * fx + fy * fy), 1.0e-12f);
            float tx = rpx - rmx;
            float ty = rpy - rmy;
            float tl = tg_maxf(sqrtf(tx * tx + ty * ty), 1.0e-12f);
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
            am[i] = cm;
            a0[i] = c0;
            ap[i] = cp;
            cc[i] = cst;
            ww[i] = wi;
            float kw = wi * (cst + cm * zm + c0 * zc + cp * zp);
            spread += kw * kw;
        }
        float sum = 0.0f;
        for (int j = 0; j < cn; j++) {
            int jm = j == 0 ? cn - 1 : j - 1;
            int jp = j + 1 == cn ? 0 : j + 1;
            float wn = ww[jp];
            float wj = ww[j];
            float wq = ww[jm];
            float diag = wn * am[jp] * am[jp] + wj * a0[j] * a0[j] + wq * ap[jm] * ap[jm];
            d0[j] = diag;
            d1[j] = wn * am[jp] * a0[jp] + wj * a0[j] * ap[j];
            d2[j] = wn * am[jp] * ap[jp];
            qq[j] = wn * cc[jp] * am[jp] + wj * cc[j] * a0[j] + wq * cc[jm] * ap[jm];
            sum += diag;
        }
        float rho = tg_maxf(rhoScale * (sum / (float) cn) * (spread / (float) cn), 1.17549435e-38f);
        for (int i = 0; i < k; i++) {
            float f2 = i >= 2 ? d2[i - 2] * ld[i - 2] : 0.0f;
            float f1 = 0.0f;
            if (i >= 1) {
                float m = d1[i - 1];
                if (i >= 2) {
                    m -= f2 * l1[i - 1];
                }
                f1 = m * ld[i - 1];
            }
            ld[i] = 1.0f / sqrtf(d0[i] + rho - f2 * f2 - f1 * f1);
            l1[i] = f1;
            l2[i] = f2;
        }
        l1[k] = 0.0f;
        l2[k] = 0.0f;
        l2[k + 1] = 0.0f;
        for (int j = 0; j < k; j++) {
            float m1 = j == 0 ? d2[cn - 2] : 0.0f;
            if (j == k - 2) {
                m1 += d2[cn - 4];
            }
            if (j == k - 1) {
                m1 += d1[cn - 3];
            }
            float m2 = j == 0 ? d1[cn - 1] : j == 1 ? d2[cn - 1] : 0.0f;
            if (j == k - 1) {
                m2 += d2[cn - 3];
            }
            if (j >= 2) {
                m1 -= r1[j - 2] * l2[j];
                m2 -= r2[j - 2] * l2[j];
            }
            if (j >= 1) {
                m1 -= r1[j - 1] * l1[j];
                m2 -= r2[j - 1] * l1[j];
            }
            r1[j] = m1 * ld[j];
            r2[j] = m2 * ld[j];
        }
        float s11 = 0.0f;
        float s12 = 0.0f;
        float s22 = 0.0f;
        for (int j = 0; j < k; j++) {
            s11 += r1[j] * r1[j];
            s12 += r2[j] * r1[j];
            s22 += r2[j] * r2[j];
        }
        float ia = 1.0f / sqrtf(d0[cn - 2] + rho - s11);
        float lr = (d1[cn - 2] - s12) * ia;
        float ib = 1.0f / sqrtf(d0[cn - 1] + rho - s22 - lr * lr);
        for (int i = 0; i < cn; i++) {
            float hi = left[b + i] - margin;
            float lo = margin - right[b + i];
            if (lo > hi) {
                float mid = 0.5f * (lo + hi);
                lo = mid;
                hi = mid;
            }
            am[i] = lo;
            a0[i] = hi;
        }
        for (int s = 0; s < inner; s++) {
            float ya = 0.0f;
            float yb = 0.0f;
            float y1 = 0.0f;
            float y2 = 0.0f;
            for (int i = 0; i < k; i++) {
                float y = (rho * (z[b + i] - uu[i]) - qq[i] - l2[i] * y2 - l1[i] * y1) * ld[i];
                xx[i] = y;
                ya += r1[i] * y;
                yb += r2[i] * y;
                y2 = y1;
                y1 = y;
            }
            float yn2 = (rho * (z[b + cn - 2] - uu[cn - 2]) - qq[cn - 2] - ya) * ia;
            float yn1 = (rho * (z[b + cn - 1] - uu[cn - 1]) - qq[cn - 1] - yb - lr * yn2) * ib;
            float xn1 = yn1 * ib;
            float xn2 = (yn2 - lr * xn1) * ia;
            res = 0.0f;
            res = tg_raceline_update(z, uu, am, a0, b, cn - 1, xn1, res);
            res = tg_raceline_update(z, uu, am, a0, b, cn - 2, xn2, res);
            float x1 = 0.0f;
            float x2 = 0.0f;
            for (int i = k - 1; i >= 0; i--) {
                float x = (xx[i] - r1[i] * xn2 - r2[i] * xn1 - l1[i + 1] * x1 - l2[i + 2] * x2) * ld[i];
                res = tg_raceline_update(z, uu, am, a0, b, i, x, res);
                x2 = x1;
                x1 = x;
            }
        }
    }
    for (int i = 0; i < cn; i++) {
        int ic = b + i;
        line[ic].x = c[ic].x + z[ic] * nrm[ic].x;
        line[ic].y = c[ic].y + z[ic] * nrm[ic].y;
    }
    double acc = 0.0;
    for (int i = 0; i < cn; i++) {
        int im = b + (i == 0 ? cn - 1 : i - 1);
        int ic = b + i;
        int ip = b + (i + 1 == cn ? 0 : i + 1);
        arclen[ic] = (float) acc;
        float sx = line[ip].x - line[ic].x;
        float sy = line[ip].y - line[ic].y;
        acc += (double) sqrtf(sx * sx + sy * sy);
        heading[ic] = (float) atan2((double) (line[ip].y - line[im].y), (double) (line[ip].x - line[im].x));
    }
    length[e] = (float) acc;
    residual[e] = res;
    for (int i = cn; i < nMax; i++) {
        tg_raceline_pad(z, line, heading, arclen, b + i);
    }
}

TG_INLINE float tg_raceline_edge(const float2* p, int i, int j, float scale) {
    float dx = p[j].x - p[i].x;
    float dy = p[j].y - p[i].y;
    return scale * sqrtf(dx * dx + dy * dy);
}

TG_INLINE float tg_raceline_reach(float v, float k, float ds, float aLat, float aLong) {
    float use = v * v * k / aLat;
    float rest = use >= 0.999999f ? 0.0f : sqrtf(1.0f - use * use);
    return sqrtf(v * v + 2.0f * ds * aLong * rest);
}

/* RacelineSpeedKernel.bankedLateral: the banked-curve lateral limit (aLat + g tan b) / (1 - mu tan b). */
TG_INLINE float tg_raceline_banked(float aLat, float gravity, float bk, float kappa) {
    float b = kappa < 0.0f ? -bk : bk;
    float t = b == 0.0f ? 0.0f : (float) tan((double) b);
    float num = aLat + gravity * t;
    float den = 1.0f - aLat * t / gravity;
    if (!(num > 0.0f)) {
        return 0.0f;
    }
    return den > 0.0f ? num / den : __int_as_float(0x7f800000);
}

TG_INLINE float tg_raceline_edge3(const float2* p, const float* h, int i, int j, float scale) {
    float dx = p[j].x - p[i].x;
    float dy = p[j].y - p[i].y;
    float dz = h[j] - h[i];
    return scale * sqrtf(dx * dx + dy * dy + dz * dz);
}

TG_INLINE float tg_raceline_climb(float v, float k, float lat, float ds, float aLong, float rise) {
    float use = k > 0.0f ? (lat > 0.0f ? v * v * k / lat : 1.0f) : 0.0f;
    float rest = use >= 0.999999f ? 0.0f : sqrtf(1.0f - use * use);
    float r2 = v * v + 2.0f * ds * aLong * rest - rise;
    return r2 > 0.0f ? sqrtf(r2) : 0.0f;
}

/* RacelineSpeedKernel.lifted: the profile on the road's surface (lift 1: heights z, lift 2: z - offset tan(bank)). */
TG_INLINE void tg_raceline_speed_lifted(int e, const float2* p, const float* kappa, const int* count, int nMax,
                                        float aLat, float aAccel, float aBrake, float vMax, float scale,
                                        const float* z, const float* bank, const float* off, int lift, float gravity,
                                        float* v, float* a, float* lapTime) {
    int b = e * nMax;
    int cn = count[e];
    bool ok = cn >= 3;
    for (int i = 0; ok && i < cn; i++) {
        float o = lift == 2 ? off[b + i] : 0.0f;
        if (!(kappa[b + i] - kappa[b + i] == 0.0f) || !(p[b + i].x - p[b + i].x == 0.0f)
            || !(p[b + i].y - p[b + i].y == 0.0f) || !(z[b + i] - z[b + i] == 0.0f)
            || !(bank[b + i] - bank[b + i] == 0.0f) || !(o - o == 0.0f)) {
            ok = false;
        }
    }
    if (!ok) {
        for (int i = 0; i < nMax; i++) {
            v[b + i] = tg_nanf();
            a[b + i] = tg_nanf();
        }
        lapTime[e] = tg_nanf();
        return;
    }
    for (int i = 0; i < cn; i++) {
        float h = z[b + i];
        if (lift == 2) {
            float bk = bank[b + i];
            float tb = bk == 0.0f ? bk : (float) tan((double) bk);
            h = h - off[b + i] * tb;
        }
        a[b + i] = h;
    }
    int i0 = 0;
    for (int i = 0; i < cn; i++) {
        float k = fabsf(kappa[b + i]) / scale;
        float lat = tg_raceline_banked(aLat, gravity, bank[b + i], kappa[b + i]);
        float lim = k > 0.0f ? tg_minf(vMax, sqrtf(lat / k)) : vMax;
        v[b + i] = lim;
        if (lim < v[b + i0]) {
            i0 = i;
        }
    }
    float g2 = 2.0f * gravity * scale;
    int ip = i0;
    int i = i0 + 1 == cn ? 0 : i0 + 1;
    for (int m = 1; m < 2 * cn; m++) {
        float lat = tg_raceline_banked(aLat, gravity, bank[b + ip], kappa[b + ip]);
        float r = tg_raceline_climb(v[b + ip], fabsf(kappa[b + ip]) / scale, lat,
                                    tg_raceline_edge3(p, a, b + ip, b + i, scale), aAccel, g2 * (a[b + i] - a[b + ip]));
        if (r < v[b + i]) {
            v[b + i] = r;
        }
        ip = i;
        i = i + 1 == cn ? 0 : i + 1;
    }
    i0 = 0;
    for (int m = 1; m < cn; m++) {
        if (v[b + m] < v[b + i0]) {
            i0 = m;
        }
    }
    int in = i0;
    i = i0 == 0 ? cn - 1 : i0 - 1;
    for (int m = 1; m < 2 * cn; m++) {
        float lat = tg_raceline_banked(aLat, gravity, bank[b + in], kappa[b + in]);
        float r = tg_raceline_climb(v[b + in], fabsf(kappa[b + in]) / scale, lat,
                                    tg_raceline_edge3(p, a, b + i, b + in, scale), aBrake, g2 * (a[b + i] - a[b + in]));
        if (r < v[b + i]) {
            v[b + i] = r;
        }
        in = i;
        i = i == 0 ? cn - 1 : i - 1;
    }
    double t = 0.0;
    float h0 = a[b];
    for (int j = 0; j < cn; j++) {
        int jn = j + 1 == cn ? 0 : j + 1;
        float hn = jn == 0 ? h0 : a[b + jn];
        float dx = p[b + jn].x - p[b + j].x;
        float dy = p[b + jn].y - p[b + j].y;
        float dz = hn - a[b + j];
        float ds = scale * sqrtf(dx * dx + dy * dy + dz * dz);
        float vj = v[b + j];
        float vn = v[b + jn];
        a[b + j] = ds > 0.0f ? (vn * vn - vj * vj) / (2.0f * ds) : 0.0f;
        t += (double) (2.0f * ds / (vj + vn));
    }
    lapTime[e] = (float) t;
    for (int j = cn; j < nMax; j++) {
        v[b + j] = tg_nanf();
        a[b + j] = tg_nanf();
    }
}

extern "C" __global__ void tg_raceline_speed(int dim, const float2* p, const float* kappa, const int* count, int nMax,
                                             float aLat, float aAccel, float aBrake, float vMax, float scale,
                                             const float* z, const float* bank, const float* off, int lift,
                                             float gravity, float* v, float* a, float* lapTime) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    if (lift != 0) {
        tg_raceline_speed_lifted(e, p, kappa, count, nMax, aLat, aAccel, aBrake, vMax, scale, z, bank, off, lift,
                                 gravity, v, a, lapTime);
        return;
    }
    int b = e * nMax;
    int cn = count[e];
    bool ok = cn >= 3;
    for (int i = 0; ok && i < cn; i++) {
        if (!(kappa[b + i] - kappa[b + i] == 0.0f) || !(p[b + i].x - p[b + i].x == 0.0f)
            || !(p[b + i].y - p[b + i].y == 0.0f)) {
            ok = false;
        }
    }
    if (!ok) {
        for (int i = 0; i < nMax; i++) {
            v[b + i] = tg_nanf();
            a[b + i] = tg_nanf();
        }
        lapTime[e] = tg_nanf();
        return;
    }
    int i0 = 0;
    for (int i = 0; i < cn; i++) {
        float k = fabsf(kappa[b + i]) / scale;
        float lim = k > 0.0f ? tg_minf(vMax, sqrtf(aLat / k)) : vMax;
        v[b + i] = lim;
        if (lim < v[b + i0]) {
            i0 = i;
        }
    }
    int ip = i0;
    int i = i0 + 1 == cn ? 0 : i0 + 1;
    for (int m = 1; m < cn; m++) {
        float r = tg_raceline_reach(v[b + ip], fabsf(kappa[b + ip]) / scale, tg_raceline_edge(p, b + ip, b + i, scale),
                                    aLat, aAccel);
        if (r < v[b + i]) {
            v[b + i] = r;
        }
        ip = i;
        i = i + 1 == cn ? 0 : i + 1;
    }
    i0 = 0;
    for (int m = 1; m < cn; m++) {
        if (v[b + m] < v[b + i0]) {
            i0 = m;
        }
    }
    int in = i0;
    i = i0 == 0 ? cn - 1 : i0 - 1;
    for (int m = 1; m < cn; m++) {
        float r = tg_raceline_reach(v[b + in], fabsf(kappa[b + in]) / scale, tg_raceline_edge(p, b + i, b + in, scale),
                                    aLat, aBrake);
        if (r < v[b + i]) {
            v[b + i] = r;
        }
        in = i;
        i = i == 0 ? cn - 1 : i - 1;
    }
    double t = 0.0;
    for (int j = 0; j < cn; j++) {
        int jn = j + 1 == cn ? 0 : j + 1;
        float ds = tg_raceline_edge(p, b + j, b + jn, scale);
        float vj = v[b + j];
        float vn = v[b + jn];
        a[b + j] = ds > 0.0f ? (vn * vn - vj * vj) / (2.0f * ds) : 0.0f;
        t += (double) (2.0f * ds / (vj + vn));
    }
    lapTime[e] = (float) t;
    for (int j = cn; j < nMax; j++) {
        v[b + j] = tg_nanf();
        a[b + j] = tg_nanf();
    }
}

/* Each agent's signed distance to the racing line and the line's speed there (RacelineAgentKernel). */
extern "C" __global__ void tg_raceline_agent(int dim, const float2* line, const float* speed, const int* count, int nMax,
                                             const float2* position, const int* segment, int agents, int window,
                                             float* lateral, float* lineSpeed) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / agents;
    int cn = count[e];
    int seg = segment[t];
    float px = position[t].x;
    float py = position[t].y;
    float bl = tg_nanf();
    float bv = tg_nanf();
    if (cn >= TG_RL_MIN_POINTS && seg >= 0 && seg < cn && px == px && py == py) {
        int b = e * nMax;
        float best = __int_as_float(0x7f800000);
        for (int k = -window; k <= window; k++) {
            int i = ((seg + k) % cn + cn) % cn;
            int j = i + 1 == cn ? 0 : i + 1;
            float ax = line[b + i].x;
            float ay = line[b + i].y;
            float dx = line[b + j].x - ax;
            float dy = line[b + j].y - ay;
            float rx = px - ax;
            float ry = py - ay;
            float l2 = dx * dx + dy * dy;
            float u = l2 > 0.0f ? (rx * dx + ry * dy) / l2 : 0.0f;
            u = tg_minf(tg_maxf(u, 0.0f), 1.0f);
            float qx = rx - u * dx;
            float qy = ry - u * dy;
            float d2 = qx * qx + qy * qy;
            if (d2 < best) {
                best = d2;
                float d = sqrtf(d2);
                bl = dx * ry - dy * rx < 0.0f ? -d : d;
                float v0 = speed[b + i];
                bv = v0 + u * (speed[b + j] - v0);
            }
        }
    }
    lateral[t] = bl;
    lineSpeed[t] = bv;
}
