/*
 * CUDA C bodies of the gates module's kernels (PTX module trackgen-ptx/gates.ptx). Each entry
 * point is the twin of the Java kernel of the same name in dev.trackgen.gates.kernel (see that
 * class for semantics and shapes); one thread walks one env (perEnvironment launches). The
 * prototypes come from the generated header, so a body that disagrees with its declaration does
 * not compile. Float operations follow the Java bodies one for one.
 */
#include "trackgen_gates_kernels.h"
#include "trackgen_altitude.cuh"

/* GatePlaceKernel.pseudoAngle */
TG_INLINE float tg_gate_pseudo_angle(float dx, float dy) {
    float ax = fabsf(dx);
    float ay = fabsf(dy);
    float sum = ax + ay;
    if (!(sum > 0.0f)) {
        return 0.0f;
    }
    if (dy >= 0.0f) {
        return dx >= 0.0f ? dy / sum : 1.0f + ax / sum;
    }
    return dx < 0.0f ? 2.0f + ay / sum : 3.0f + dx / sum;
}

TG_INLINE void tg_gate_order_ccw(float2* plan, int g, int n, float* keys, int ko) {
    double sx = 0.0;
    double sy = 0.0;
    for (int i = 0; i < n; i++) {
        sx += static_cast<double>(plan[g + i].x);
        sy += static_cast<double>(plan[g + i].y);
    }
    float cx = n > 0 ? static_cast<float>(sx / static_cast<double>(n)) : 0.0f;
    float cy = n > 0 ? static_cast<float>(sy / static_cast<double>(n)) : 0.0f;
    for (int i = 0; i < n; i++) {
        float2 pi = plan[g + i];
        float key = tg_gate_pseudo_angle(pi.x - cx, pi.y - cy);
        int j = i - 1;
        while (j >= 0 && keys[ko + j] > key) {
            keys[ko + j + 1] = keys[ko + j];
            plan[g + j + 1] = plan[g + j];
            j--;
        }
        keys[ko + j + 1] = key;
        plan[g + j + 1] = pi;
    }
}

TG_INLINE void tg_gate_order_random_pairs(int seed, float2* plan, int g, int n, float* s, int so, int gMax) {
    int pairs = (n + 1) / 2;
    int copy = so + gMax;
    for (int i = 0; i < n; i++) {
        s[copy + 2 * i] = plan[g + i].x;
        s[copy + 2 * i + 1] = plan[g + i].y;
    }
    for (int p = 0; p < pairs; p++) {
        s[so + p] = tg_rng_uniform(seed, TG_STREAM_GATE_PAIRS, p);
    }
    int out = 0;
    for (int unit = 0; unit < pairs; unit++) {
        int best = 0;
        float bestKey = 2.0f;
        for (int p = 0; p < pairs; p++) {
            if (s[so + p] < bestKey) {
                bestKey = s[so + p];
                best = p;
            }
        }
        s[so + best] = 3.0f;
        for (int m = 2 * best; m < 2 * best + 2 && m < n; m++) {
            plan[g + out] = make_float2(s[copy + 2 * m], s[copy + 2 * m + 1]);
            out++;
        }
    }
}

TG_INLINE void tg_gate_separate(float2* plan, int g, int n, float target, int iters) {
    if (!(target > 0.0f) || iters <= 0) {
        return;
    }
    float eps = 1.0e-8f;
    for (int it = 0; it < iters; it++) {
        bool moved = false;
        for (int i = 0; i < n; i++) {
            float pix = plan[g + i].x;
            float piy = plan[g + i].y;
            for (int j = i + 1; j < n; j++) {
                float dx = plan[g + j].x - pix;
                float dy = plan[g + j].y - piy;
                float dist = sqrtf(dx * dx + dy * dy);
                if (dist + eps < target) {
                    float nx = 1.0f;
                    float ny = 0.0f;
                    if (dist > eps) {
                        nx = dx / dist;
                        ny = dy / dist;
                    }
                    float corr = 0.5f * (target - dist);
                    pix -= corr * nx;
                    piy -= corr * ny;
                    plan[g + j].x += corr * nx;
                    plan[g + j].y += corr * ny;
                    moved = true;
                }
            }
            plan[g + i].x = pix;
            plan[g + i].y = piy;
        }
        if (!moved) {
            break;
        }
    }
}

extern "C" __global__ void tg_gate_place(int dim, const float2* c, const float* arclen, const float* length,
                                         const int* trackCount, const int* trackValid, const int* seeds, int nMax,
                                         int gMax, int minGates, int maxGates, int ordering, float minDistance,
                                         int iters, float* scratch, float2* plan, int* count, int* planOk) {
    int e = tg_thread_index();
    if (e >= dim) return;
    int seed = seeds[e];
    int n = tg_rng_uniform_int(seed, TG_STREAM_GATE_COUNT, 0, minGates, maxGates);
    n = tg_mini(n, gMax);
    count[e] = n;
    int b = e * nMax;
    int g = e * gMax;
    int cn = trackCount[e];
    float lap = length[e];
    bool ok = trackValid[e] != 0 && cn >= 3 && cn <= nMax && lap > 0.0f && lap < __int_as_float(0x7f800000);
    planOk[e] = ok ? 1 : 0;
    if (ok) {
        float phase = tg_rng_uniform(seed, TG_STREAM_GATE_PHASE, 0);
        int j = 0;
        for (int k = 0; k < n; k++) {
            float s = (static_cast<float>(k) + phase) * lap / static_cast<float>(n);
            while (j + 1 < cn && arclen[b + j + 1] <= s) {
                j++;
            }
            int q = j + 1 < cn ? j + 1 : 0;
            float s0 = arclen[b + j];
            float s1 = j + 1 < cn ? arclen[b + j + 1] : lap;
            float t = s1 > s0 ? (s - s0) / (s1 - s0) : 0.0f;
            t = tg_minf(tg_maxf(t, 0.0f), 1.0f);
            float2 a = c[b + j];
            float2 qq = c[b + q];
            plan[g + k] = make_float2(a.x + t * (qq.x - a.x), a.y + t * (qq.y - a.y));
        }
        if (ordering == TG_GATE_ORDER_CCW) {
            tg_gate_order_ccw(plan, g, n, scratch, 3 * g);
        } else if (ordering == TG_GATE_ORDER_RANDOM_PAIRS) {
            tg_gate_order_random_pairs(seed, plan, g, n, scratch, 3 * g, gMax);
        }
        tg_gate_separate(plan, g, n, minDistance, iters);
    } else {
        for (int k = 0; k < n; k++) {
            plan[g + k] = make_float2(tg_nanf(), tg_nanf());
        }
    }
    for (int k = n; k < gMax; k++) {
        plan[g + k] = make_float2(tg_nanf(), tg_nanf());
    }
}

extern "C" __global__ void tg_gate_altitude(int dim, const float2* plan, const int* count, const int* seeds, int gMax,
                                            int profile, float zBase, float zMin, float zMax, float zMaxStep,
                                            float zNoiseAmplitude, int zNoiseHarmonics, float* cum, float* z) {
    int e = tg_thread_index();
    if (e >= dim) return;
    int g = e * gMax;
    int n = tg_mini(tg_maxi(count[e], 0), gMax);
    float perim = tg_alt_closed_chords(plan, g, n, cum, g);
    tg_alt_fill(profile, seeds[e], cum, g, n, perim, zBase, zMin, zMax, zMaxStep, zNoiseAmplitude, zNoiseHarmonics, z, g);
    for (int i = n; i < gMax; i++) {
        cum[g + i] = tg_nanf();
        z[g + i] = tg_nanf();
    }
}

/* GateFramesKernel.writeQuaternion */
TG_INLINE void tg_gate_quaternion(float m00, float m10, float m20, float m01, float m11, float m21, float m02,
                                  float m12, float m22, float* q, int o) {
    float trace = m00 + m11 + m22;
    float x;
    float y;
    float z;
    float w;
    if (trace > 0.0f) {
        float s = sqrtf(trace + 1.0f) * 2.0f;
        w = 0.25f * s;
        x = (m21 - m12) / s;
        y = (m02 - m20) / s;
        z = (m10 - m01) / s;
    } else if (m00 > m11 && m00 > m22) {
        float s = sqrtf(1.0f + m00 - m11 - m22) * 2.0f;
        w = (m21 - m12) / s;
        x = 0.25f * s;
        y = (m01 + m10) / s;
        z = (m02 + m20) / s;
    } else if (m11 > m22) {
        float s = sqrtf(1.0f + m11 - m00 - m22) * 2.0f;
        w = (m02 - m20) / s;
        x = (m01 + m10) / s;
        y = 0.25f * s;
        z = (m12 + m21) / s;
    } else {
        float s = sqrtf(1.0f + m22 - m00 - m11) * 2.0f;
        w = (m10 - m01) / s;
        x = (m02 + m20) / s;
        y = (m12 + m21) / s;
        z = 0.25f * s;
    }
    if (w < 0.0f) {
        x = -x;
        y = -y;
        z = -z;
        w = -w;
    }
    q[o] = x;
    q[o + 1] = y;
    q[o + 2] = z;
    q[o + 3] = w;
}

extern "C" __global__ void tg_gate_frames(int dim, const float2* plan, const float* z, const int* count, int gMax,
                                          float hs, int alignFull, float* pos, float* tan, float* quat, float* half,
                                          float* left, float* right) {
    int e = tg_thread_index();
    if (e >= dim) return;
    int g = e * gMax;
    int n = tg_mini(tg_maxi(count[e], 0), gMax);
    for (int i = 0; i < n; i++) {
        int o = g + i;
        pos[3 * o] = plan[o].x;
        pos[3 * o + 1] = plan[o].y;
        pos[3 * o + 2] = z[o];
    }
    for (int i = 0; i < n; i++) {
        int o = g + i;
        int prev = g + (i == 0 ? n - 1 : i - 1);
        int next = g + (i + 1 == n ? 0 : i + 1);
        float tx = pos[3 * next] - pos[3 * prev];
        float ty = pos[3 * next + 1] - pos[3 * prev + 1];
        float tz = pos[3 * next + 2] - pos[3 * prev + 2];
        float tl = sqrtf(tx * tx + ty * ty + tz * tz);
        if (tl > 0.0f) {
            tx = tx / tl;
            ty = ty / tl;
            tz = tz / tl;
        }
        tan[3 * o] = tx;
        tan[3 * o + 1] = ty;
        tan[3 * o + 2] = tz;
        float h = sqrtf(tx * tx + ty * ty);
        float fx;
        float fy;
        float fz;
        float yx;
        float yy;
        if (h < TG_GATE_VERTICAL_EPS) {
            yx = 0.0f;
            yy = 1.0f;
            if (alignFull != 0 && tl > 0.0f) {
                fx = tx;
                fy = ty;
                fz = tz;
            } else {
                fx = 1.0f;
                fy = 0.0f;
                fz = 0.0f;
            }
        } else {
            yx = -ty / h;
            yy = tx / h;
            if (alignFull != 0) {
                fx = tx;
                fy = ty;
                fz = tz;
            } else {
                fx = tx / h;
                fy = ty / h;
                fz = 0.0f;
            }
        }
        float zx = -fz * yy;
        float zy = fz * yx;
        float zz = fx * yy - fy * yx;
        tg_gate_quaternion(fx, fy, fz, yx, yy, 0.0f, zx, zy, zz, quat, 4 * o);
        half[o] = hs;
        left[3 * o] = pos[3 * o] + hs * yx;
        left[3 * o + 1] = pos[3 * o + 1] + hs * yy;
        left[3 * o + 2] = pos[3 * o + 2];
        right[3 * o] = pos[3 * o] - hs * yx;
        right[3 * o + 1] = pos[3 * o + 1] - hs * yy;
        right[3 * o + 2] = pos[3 * o + 2];
    }
    for (int i = n; i < gMax; i++) {
        int o = g + i;
        for (int d = 0; d < 3; d++) {
            pos[3 * o + d] = tg_nanf();
            tan[3 * o + d] = tg_nanf();
            left[3 * o + d] = tg_nanf();
            right[3 * o + d] = tg_nanf();
        }
        for (int d = 0; d < 4; d++) {
            quat[4 * o + d] = tg_nanf();
        }
        half[o] = tg_nanf();
    }
}

TG_INLINE float tg_gate_dist3(const float* a, int i, int j) {
    float dx = a[j] - a[i];
    float dy = a[j + 1] - a[i + 1];
    float dz = a[j + 2] - a[i + 2];
    return sqrtf(dx * dx + dy * dy + dz * dz);
}

extern "C" __global__ void tg_gate_line(int dim, const float* p, const int* count, int gMax, int spg, float* lp,
                                        float* arc, float* length, int* lineCount, float* bow) {
    int e = tg_thread_index();
    if (e >= dim) return;
    int lMax = gMax * spg;
    int g = e * gMax;
    int l = e * lMax;
    int n = tg_mini(tg_maxi(count[e], 0), gMax);
    float worst = 0.0f;
    for (int i = 0; i < n; i++) {
        int i0 = 3 * (g + (i == 0 ? n - 1 : i - 1));
        int i1 = 3 * (g + i);
        int i2 = 3 * (g + (i + 1) % n);
        int i3 = 3 * (g + (i + 2) % n);
        float cx = p[i2] - p[i1];
        float cy = p[i2 + 1] - p[i1 + 1];
        float cz = p[i2 + 2] - p[i1 + 2];
        float chord2 = cx * cx + cy * cy + cz * cz;
        float chord = sqrtf(chord2);
        for (int j = 0; j < spg; j++) {
            float u = static_cast<float>(j) / static_cast<float>(spg);
            int o = 3 * (l + i * spg + j);
            for (int d = 0; d < 3; d++) {
                float p0 = p[i0 + d];
                float p1 = p[i1 + d];
                float p2 = p[i2 + d];
                float p3 = p[i3 + d];
                float a = 2.0f * p1;
                float bb = p2 - p0;
                float cc = 2.0f * p0 - 5.0f * p1 + 4.0f * p2 - p3;
                float dd = -p0 + 3.0f * p1 - 3.0f * p2 + p3;
                lp[o + d] = 0.5f * (a + u * (bb + u * (cc + u * dd)));
            }
            float rx = lp[o] - p[i1];
            float ry = lp[o + 1] - p[i1 + 1];
            float rz = lp[o + 2] - p[i1 + 2];
            float t = chord2 > 0.0f ? (rx * cx + ry * cy + rz * cz) / chord2 : 0.0f;
            t = tg_minf(tg_maxf(t, 0.0f), 1.0f);
            float dx = rx - t * cx;
            float dy = ry - t * cy;
            float dz = rz - t * cz;
            float dist = sqrtf(dx * dx + dy * dy + dz * dz);
            float rel = chord > 0.0f ? dist / chord : __int_as_float(0x7f800000);
            worst = tg_maxf(worst, rel);
        }
    }
    int m = n * spg;
    float acc = 0.0f;
    for (int k = 0; k < m; k++) {
        if (k > 0) {
            acc += tg_gate_dist3(lp, 3 * (l + k - 1), 3 * (l + k));
        }
        arc[l + k] = acc;
    }
    length[e] = m > 0 ? acc + tg_gate_dist3(lp, 3 * (l + m - 1), 3 * l) : 0.0f;
    lineCount[e] = m;
    bow[e] = n > 0 ? worst : __int_as_float(0x7f800000);
    for (int k = m; k < lMax; k++) {
        lp[3 * (l + k)] = tg_nanf();
        lp[3 * (l + k) + 1] = tg_nanf();
        lp[3 * (l + k) + 2] = tg_nanf();
        arc[l + k] = tg_nanf();
    }
}

TG_INLINE bool tg_gate_check(const float* p, const float* left, const float* right, const float* half, int n,
                             int planOk, const float* lp, int m, float bow, int e, int gMax, int lineMax,
                             int minGates, int maxGates, float minDistance, float zValidGrade, float lineBowBound,
                             float stackClearance) {
    if (planOk == 0 || n < minGates || n > maxGates || n > gMax || m > lineMax) {
        return false;
    }
    int g = e * gMax;
    for (int i = 0; i < n; i++) {
        int o = 3 * (g + i);
        for (int d = 0; d < 3; d++) {
            if (!tg_isfinite(p[o + d]) || !tg_isfinite(left[o + d]) || !tg_isfinite(right[o + d])) {
                return false;
            }
        }
    }
    int l = e * lineMax;
    for (int k = 0; k < 3 * m; k++) {
        if (!tg_isfinite(lp[3 * l + k])) {
            return false;
        }
    }
    float minD2 = minDistance * minDistance;
    float slop = 1.0e-6f * tg_maxf(1.0f, minD2);
    for (int i = 0; i < n; i++) {
        int a = 3 * (g + i);
        for (int j = i + 1; j < n; j++) {
            int b = 3 * (g + j);
            float dx = p[b] - p[a];
            float dy = p[b + 1] - p[a + 1];
            if (dx * dx + dy * dy + slop < minD2) {
                return false;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        if (!(half[g + i] > 0.0f)) {
            continue;
        }
        int a = 3 * (g + i);
        for (int j = i + 1; j < n; j++) {
            int b = 3 * (g + j);
            if (tg_proper_crossing(left[a], left[a + 1], right[a], right[a + 1], left[b], left[b + 1], right[b],
                                   right[b + 1])) {
                return false;
            }
        }
    }
    if (zValidGrade > 0.0f) {
        for (int i = 0; i < n; i++) {
            int a = 3 * (g + i);
            int b = 3 * (g + (i + 1 == n ? 0 : i + 1));
            float dxy = tg_length(p[b] - p[a], p[b + 1] - p[a + 1]);
            if (fabsf(p[b + 2] - p[a + 2]) > zValidGrade * tg_maxf(dxy, 1.0e-9f)) {
                return false;
            }
        }
    }
    if (lineBowBound > 0.0f && !(bow <= lineBowBound)) {
        return false;
    }
    if (stackClearance > 0.0f) {
        for (int s = 0; s < m; s++) {
            int a0 = 3 * (l + s);
            int a1 = 3 * (l + (s + 1 == m ? 0 : s + 1));
            float axMin = tg_minf(lp[a0], lp[a1]);
            float axMax = tg_maxf(lp[a0], lp[a1]);
            float ayMin = tg_minf(lp[a0 + 1], lp[a1 + 1]);
            float ayMax = tg_maxf(lp[a0 + 1], lp[a1 + 1]);
            for (int t = s + 2; t < m; t++) {
                if (s == 0 && t == m - 1) {
                    continue;
                }
                int b0 = 3 * (l + t);
                int b1 = 3 * (l + (t + 1 == m ? 0 : t + 1));
                if (tg_maxf(lp[b0], lp[b1]) < axMin || tg_minf(lp[b0], lp[b1]) > axMax
                        || tg_maxf(lp[b0 + 1], lp[b1 + 1]) < ayMin || tg_minf(lp[b0 + 1], lp[b1 + 1]) > ayMax) {
                    continue;
                }
                if (!tg_proper_crossing(lp[a0], lp[a0 + 1], lp[a1], lp[a1 + 1], lp[b0], lp[b0 + 1], lp[b1],
                                        lp[b1 + 1])) {
                    continue;
                }
                float dax = lp[a1] - lp[a0];
                float day = lp[a1 + 1] - lp[a0 + 1];
                float dbx = lp[b1] - lp[b0];
                float dby = lp[b1 + 1] - lp[b0 + 1];
                float wx = lp[b0] - lp[a0];
                float wy = lp[b0 + 1] - lp[a0 + 1];
                float den = tg_cross(dax, day, dbx, dby);
                float ta = tg_cross(wx, wy, dbx, dby) / den;
                float tb = tg_cross(wx, wy, dax, day) / den;
                float za = lp[a0 + 2] + ta * (lp[a1 + 2] - lp[a0 + 2]);
                float zb = lp[b0 + 2] + tb * (lp[b1 + 2] - lp[b0 + 2]);
                if (fabsf(za - zb) < stackClearance) {
                    return false;
                }
            }
        }
    }
    return true;
}

extern "C" __global__ void tg_gate_validity(int dim, const float* p, const float* left, const float* right,
                                            const float* half, const int* count, const int* planOk, const float* lp,
                                            const int* lineCount, const float* bow, int gMax, int lineMax,
                                            int minGates, int maxGates, float minDistance, float zValidGrade,
                                            float lineBowBound, float stackClearance, int* valid) {
    int e = tg_thread_index();
    if (e >= dim) return;
    valid[e] = tg_gate_check(p, left, right, half, count[e], planOk[e], lp, lineCount[e], bow[e], e, gMax, lineMax,
                             minGates, maxGates, minDistance, zValidGrade, lineBowBound, stackClearance)
                       ? 1
                       : 0;
}
