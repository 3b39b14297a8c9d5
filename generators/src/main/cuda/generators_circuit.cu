/*
 * CUDA C bodies of the circuit generator (PTX module trackgen-ptx/generators_circuit.ptx). Each
 * entry point is the twin of the Java kernel of the same name in dev.trackgen.generators.circuit
 * (CircuitLayoutKernel, CircuitEmitKernel; the piece geometry is CircuitPieces); see those classes
 * for semantics and shapes. Launch convention and helpers: trackgen_kernel.cuh.
 *
 * One thread per candidate (layout) or env (emit); both are sequential walks over a short piece
 * table. The closure is computed in double, as in Java, with every sum added in Java's order;
 * cos and sin are in double, as in Java, and may differ by an ulp before the rounding to float; the
 * pieces' small turns go through the same Taylor series as Java's, in the same operations (no
 * contraction: -fmad=false), which agree bit for bit.
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* Math.min / Math.max of doubles that are never NaN */
TG_INLINE double tg_circuit_mind(double a, double b) {
    return a <= b ? a : b;
}

TG_INLINE double tg_circuit_maxd(double a, double b) {
    return a >= b ? a : b;
}

/* CircuitPieces.sinSeries: |a| <= TG_CIRCUIT_SERIES_RANGE, Taylor through a^15, Horner's rule in
 * a^2 with the operations of the Java body (the twins agree bit for bit) */
TG_INLINE double tg_circuit_sin_series(double a) {
    double z = a * a;
    double p = z * (-1.0 / 1307674368000.0) + 1.0 / 6227020800.0;
    p = z * p - 1.0 / 39916800.0;
    p = z * p + 1.0 / 362880.0;
    p = z * p - 1.0 / 5040.0;
    p = z * p + 1.0 / 120.0;
    p = z * p - 1.0 / 6.0;
    return a * z * p + a;
}

/* CircuitPieces.cosm1Series: cos(a) - 1, Taylor through a^16 */
TG_INLINE double tg_circuit_cosm1_series(double a) {
    double z = a * a;
    double p = z * (1.0 / 20922789888000.0) - 1.0 / 87178291200.0;
    p = z * p + 1.0 / 479001600.0;
    p = z * p - 1.0 / 3628800.0;
    p = z * p + 1.0 / 40320.0;
    p = z * p - 1.0 / 720.0;
    p = z * p + 1.0 / 24.0;
    p = z * p - 0.5;
    return z * p;
}

/* CircuitPieces.sinOf, cosm1Of, cosOf */
TG_INLINE double tg_circuit_sin_of(double a) {
    return fabs(a) <= TG_CIRCUIT_SERIES_RANGE ? tg_circuit_sin_series(a) : sin(a);
}

TG_INLINE double tg_circuit_cosm1_of(double a) {
    return fabs(a) <= TG_CIRCUIT_SERIES_RANGE ? tg_circuit_cosm1_series(a) : cos(a) - 1.0;
}

TG_INLINE double tg_circuit_cos_of(double a) {
    return fabs(a) <= TG_CIRCUIT_SERIES_RANGE ? 1.0 + tg_circuit_cosm1_series(a) : cos(a);
}

/* CircuitPieces.turn */
TG_INLINE double tg_circuit_turn(double k0, double c, double tau) {
    return k0 * tau + c * tau * tau;
}

/* CircuitPieces.clothoidCos */
TG_INLINE double tg_circuit_clothoid_cos(double k0, double c, double h) {
    return TG_GL_W0 * tg_circuit_cos_of(tg_circuit_turn(k0, c, h))
            + TG_GL_W1 * (tg_circuit_cos_of(tg_circuit_turn(k0, c, h * (1.0 - TG_GL_X1)))
                          + tg_circuit_cos_of(tg_circuit_turn(k0, c, h * (1.0 + TG_GL_X1))))
            + TG_GL_W2 * (tg_circuit_cos_of(tg_circuit_turn(k0, c, h * (1.0 - TG_GL_X2)))
                          + tg_circuit_cos_of(tg_circuit_turn(k0, c, h * (1.0 + TG_GL_X2))));
}

/* CircuitPieces.clothoidSin */
TG_INLINE double tg_circuit_clothoid_sin(double k0, double c, double h) {
    return TG_GL_W0 * tg_circuit_sin_of(tg_circuit_turn(k0, c, h))
            + TG_GL_W1 * (tg_circuit_sin_of(tg_circuit_turn(k0, c, h * (1.0 - TG_GL_X1)))
                          + tg_circuit_sin_of(tg_circuit_turn(k0, c, h * (1.0 + TG_GL_X1))))
            + TG_GL_W2 * (tg_circuit_sin_of(tg_circuit_turn(k0, c, h * (1.0 - TG_GL_X2)))
                          + tg_circuit_sin_of(tg_circuit_turn(k0, c, h * (1.0 + TG_GL_X2))));
}

/* CircuitPieces.offset */
TG_INLINE void tg_circuit_offset(double len, double k0, double k1, double cos0, double sin0, double t,
                                 double* ox, double* oy) {
    if (k0 == 0.0 && k1 == 0.0) {
        *ox = t * cos0;
        *oy = t * sin0;
    } else if (k0 == k1) {
        double theta = k0 * t;
        double sn = tg_circuit_sin_of(theta);
        double cm = tg_circuit_cosm1_of(theta);
        *ox = (cos0 * sn + sin0 * cm) / k0;
        *oy = (sin0 * sn - cos0 * cm) / k0;
    } else {
        double h = 0.5 * t;
        double c = (k1 - k0) / (2.0 * len);
        double cs = tg_circuit_clothoid_cos(k0, c, h);
        double sn = tg_circuit_clothoid_sin(k0, c, h);
        *ox = h * (cos0 * cs - sin0 * sn);
        *oy = h * (sin0 * cs + cos0 * sn);
    }
}

/* The offset of a whole piece q (its own length), as CircuitLayoutKernel's displacement loop and, for
 * a main straight (t cos, t sin of its heading), its start-point loop */
TG_INLINE void tg_circuit_piece_offset(const float* pc, int q, double* ox, double* oy) {
    double len = static_cast<double>(pc[q]);
    double phi0 = static_cast<double>(pc[q + 5]);
    tg_circuit_offset(len, static_cast<double>(pc[q + 1]), static_cast<double>(pc[q + 2]), cos(phi0), sin(phi0),
                      len, ox, oy);
}

/* CircuitPieces.sample: cos and sin of a piece's start heading once per piece */
TG_INLINE void tg_circuit_sample(const float* pc, int pb, int count, int n, float2* out, int ob) {
    double total = 0.0;
    for (int p = 0; p < count; p++) {
        total += static_cast<double>(pc[6 * (pb + p)]);
    }
    int p = 0;
    double start = 0.0;
    int cached = -1;
    double cos0 = 0.0;
    double sin0 = 0.0;
    for (int i = 0; i < n; i++) {
        double s = static_cast<double>(i) * total / static_cast<double>(n);
        while (p < count - 1 && s >= start + static_cast<double>(pc[6 * (pb + p)])) {
            start += static_cast<double>(pc[6 * (pb + p)]);
            p++;
        }
        int q = 6 * (pb + p);
        double len = static_cast<double>(pc[q]);
        double k0 = static_cast<double>(pc[q + 1]);
        double k1 = static_cast<double>(pc[q + 2]);
        double phi0 = static_cast<double>(pc[q + 5]);
        if (p != cached) {
            cached = p;
            cos0 = cos(phi0);
            sin0 = sin(phi0);
        }
        double t = s - start;
        double ox;
        double oy;
        if (k0 == 0.0 && k1 == 0.0) {
            ox = t * cos0;
            oy = t * sin0;
        } else {
            tg_circuit_offset(len, k0, k1, cos0, sin0, t, &ox, &oy);
        }
        out[ob + i] = make_float2(static_cast<float>(static_cast<double>(pc[q + 3]) + ox),
                                  static_cast<float>(static_cast<double>(pc[q + 4]) + oy));
    }
}

/* CircuitLayoutKernel.radius */
TG_INLINE float tg_circuit_radius(float u, float mag, float rMin, float rMax) {
    float span = mag > 2.0f ? 0.2f * (rMax - rMin) : rMax - rMin;
    return rMin + span * (u * u * u);
}

/* CircuitLayoutKernel: one thread per candidate (dim = E * K). */
extern "C" __global__ void tg_circuit_layout(int dim, const int* seeds, int K, int S, int slotsLo, int slotsHi,
                                             int Nc, float length, float spread, float rMin, float rMax,
                                             float share, float chicaneProb, float clearance, float hw, float compactLo,
                                             float compactHi, float* pc,
                                             float2* coarse, float* boxes, float* info, int* score) {
    int slot = tg_thread_index();
    if (slot >= dim) {
        return;
    }
    const int st = TG_STREAM_CIRCUIT;
    int e = slot / K;
    int k = slot - e * K;
    int seed = seeds[e];
    int d0 = k * (TG_CIRCUIT_HEADER_DRAWS + TG_CIRCUIT_SLOT_DRAWS * S);
    int m = tg_rng_uniform_int(seed, st, d0, slotsLo, slotsHi);
    float lenF = length * (1.0f + spread * (2.0f * tg_rng_uniform(seed, st, d0 + 1) - 1.0f));
    int pb = slot * 8 * S;
    for (int q = 6 * pb; q < 6 * (pb + 8 * S); q++) {
        pc[q] = 0.0f;
    }
    double left = 0.0;
    double right = 0.0;
    double head = 0.0;
    for (int j = 0; j < m; j++) {
        double ramp = 2.0 * TG_PI_D * static_cast<double>(j) / static_cast<double>(m);
        bool forceRight = head > ramp + TG_CIRCUIT_HEADING_DEV;
        bool forceLeft = head < ramp - TG_CIRCUIT_HEADING_DEV;
        int d = d0 + TG_CIRCUIT_HEADER_DRAWS + TG_CIRCUIT_SLOT_DRAWS * j;
        float u0 = tg_rng_uniform(seed, st, d);
        float u1 = tg_rng_uniform(seed, st, d + 1);
        float u2 = tg_rng_uniform(seed, st, d + 2);
        float u3 = tg_rng_uniform(seed, st, d + 3);
        float u4 = tg_rng_uniform(seed, st, d + 4);
        float u5 = tg_rng_uniform(seed, st, d + 5);
        float u6 = tg_rng_uniform(seed, st, d + 6);
        float u7 = tg_rng_uniform(seed, st, d + 7);
        float t1;
        float r1;
        float t2;
        float r2;
        float inner;
        float scaled;
        if (u0 < chicaneProb) {
            float sg = u1 < 0.5f ? -1.0f : 1.0f;
            t1 = sg * (0.45f + 0.8f * u2);
            t2 = -sg * (0.45f + 0.8f * u3);
            r1 = rMin * (1.0f + 1.5f * u4);
            r2 = rMin * (1.0f + 1.5f * u5);
            inner = hw * (0.5f + 3.0f * u6);
            scaled = 0.0f;
        } else if (u0 < chicaneProb + (1.0f - chicaneProb) * TG_CIRCUIT_COMPLEX_SHARE) {
            float sg = (u1 < TG_CIRCUIT_RIGHT_SHARE || forceRight) && !forceLeft ? -1.0f : 1.0f;
            float m1 = 0.5f + 1.3f * u2;
            float m2 = 0.5f + 1.3f * u3;
            t1 = sg * m1;
            t2 = sg * m2;
            r1 = tg_circuit_radius(u4, m1, rMin, rMax);
            r2 = tg_circuit_radius(u5, m2, rMin, rMax);
            inner = hw * (1.0f + 8.0f * u6);
            scaled = 1.0f;
        } else {
            bool neg = (u1 < TG_CIRCUIT_RIGHT_SHARE || forceRight) && !forceLeft;
            float m1 = neg ? 0.35f + 1.85f * u2 : 0.4f + 2.6f * u2;
            t1 = neg ? -m1 : m1;
            r1 = tg_circuit_radius(u4, m1, rMin, rMax);
            t2 = 0.0f;
            r2 = 0.0f;
            inner = 0.0f;
            scaled = 1.0f;
        }
        int p0 = 6 * (pb + 8 * j);
        pc[p0 + 3] = t1;
        pc[p0 + 4] = r1;
        pc[p0 + 5] = scaled;
        pc[p0 + 6 * 4 + 3] = t2;
        pc[p0 + 6 * 4 + 4] = r2;
        pc[p0 + 6 * 3] = inner;
        pc[p0 + 6 * 7] = 0.03f + (u7 * u7) * (u7 * u7);
        left += static_cast<double>((t1 > 0.0f ? t1 : 0.0f) + (t2 > 0.0f ? t2 : 0.0f));
        right += static_cast<double>((t1 < 0.0f ? -t1 : 0.0f) + (t2 < 0.0f ? -t2 : 0.0f));
        head += static_cast<double>(t1 + t2);
    }
    double f = left > 0.0 ? (2.0 * TG_PI_D + right) / left : 0.0;
    double scalable = 0.0;
    double fixedCorners = 0.0;
    for (int j = 0; j < m; j++) {
        for (int c = 0; c < 2; c++) {
            int q = 6 * (pb + 8 * j + 4 * c);
            double t = static_cast<double>(pc[q + 3]);
            double mag = t > 0.0 ? t * f : -t;
            double l = (1.0 + TG_CIRCUIT_CLOTHOID_SHARE) * static_cast<double>(pc[q + 4]) * mag;
            if (pc[6 * (pb + 8 * j) + 5] != 0.0f) {
                scalable += l;
            } else {
                fixedCorners += l;
            }
        }
    }
    double g = scalable > 0.0
            ? ((1.0 - static_cast<double>(share)) * static_cast<double>(lenF) - fixedCorners) / scalable : 1.0;
    double fixedLen = 0.0;
    double wsum = 0.0;
    bool sharp = false;
    for (int j = 0; j < m; j++) {
        int s0 = 6 * (pb + 8 * j);
        bool scal = pc[s0 + 5] != 0.0f;
        for (int c = 0; c < 2; c++) {
            int q = 6 * (pb + 8 * j + 4 * c);
            double t = static_cast<double>(pc[q + 3]);
            double r = static_cast<double>(pc[q + 4]);
            pc[q + 3] = 0.0f;
            pc[q + 4] = 0.0f;
            pc[q + 5] = 0.0f;
            if (t == 0.0) {
                continue;
            }
            double turn = t > 0.0 ? t * f : t;
            sharp |= fabs(turn) > 3.4;
            if (scal) {
                r = tg_circuit_mind(tg_circuit_maxd(r * g, static_cast<double>(rMin)), static_cast<double>(rMax));
            }
            float kap = static_cast<float>((turn > 0.0 ? 1.0 : -1.0) / r);
            float lc = static_cast<float>(0.5 * TG_CIRCUIT_CLOTHOID_SHARE * fabs(turn) * 2.0 * r);
            float la = static_cast<float>((1.0 - TG_CIRCUIT_CLOTHOID_SHARE) * fabs(turn) * r);
            pc[q] = lc;
            pc[q + 2] = kap;
            pc[q + 6] = la;
            pc[q + 6 + 1] = kap;
            pc[q + 6 + 2] = kap;
            pc[q + 12] = lc;
            pc[q + 12 + 1] = kap;
            fixedLen += static_cast<double>(lc) + static_cast<double>(la) + static_cast<double>(lc);
        }
        fixedLen += static_cast<double>(pc[s0 + 6 * 3]);
        wsum += static_cast<double>(pc[s0 + 6 * 7]);
    }
    int count = 8 * m;
    double straights = static_cast<double>(lenF) - fixedLen;
    double sMin = static_cast<double>(hw);
    bool ok = f > 0.0 && straights > sMin * static_cast<double>(m);
    double phi = 0.0;
    for (int p = 0; p < count; p++) {
        int q = 6 * (pb + p);
        pc[q + 5] = static_cast<float>(phi);
        if (p % 8 == 7) {
            float s0 = static_cast<float>(static_cast<double>(pc[q]) / wsum * straights);
            pc[q] = s0;
            pc[q + 4] = s0;
        }
        phi += static_cast<double>(pc[q]) * (static_cast<double>(pc[q + 1]) + static_cast<double>(pc[q + 2])) * 0.5;
    }
    double dxs = 0.0;
    double dys = 0.0;
    for (int p = 0; p < count; p++) {
        int q = 6 * (pb + p);
        if (p % 8 != 7 && pc[q] > 0.0f) {
            double ox;
            double oy;
            tg_circuit_piece_offset(pc, q, &ox, &oy);
            dxs += ox;
            dys += oy;
        }
    }
    bool solved = false;
    for (int it = 0; it < TG_CIRCUIT_SOLVER_ITERATIONS && ok && !solved; it++) {
        double a00 = 0.0;
        double a01 = 0.0;
        double a02 = 0.0;
        double a11 = 0.0;
        double a12 = 0.0;
        double a22 = 0.0;
        double r0 = -dxs;
        double r1 = -dys;
        double r2 = straights;
        for (int j = 0; j < m; j++) {
            int q = 6 * (pb + 8 * j + 7);
            double w = static_cast<double>(pc[q + 4]);
            /* the Java body keeps these (and the two below) in its disp scratch: the same values */
            double cs = cos(static_cast<double>(pc[q + 5]));
            double sn = sin(static_cast<double>(pc[q + 5]));
            double sl = static_cast<double>(pc[q]);
            r0 -= sl * cs;
            r1 -= sl * sn;
            r2 -= sl;
            a00 += w * cs * cs;
            a01 += w * cs * sn;
            a02 += w * cs;
            a11 += w * sn * sn;
            a12 += w * sn;
            a22 += w;
        }
        double c00 = a11 * a22 - a12 * a12;
        double c01 = a02 * a12 - a01 * a22;
        double c02 = a01 * a12 - a02 * a11;
        double det = a00 * c00 + a01 * c01 + a02 * c02;
        if (!(fabs(det) > 1e-12 * a22 * a22 * a22)) {
            ok = false;
            break;
        }
        double c11 = a00 * a22 - a02 * a02;
        double c12 = a01 * a02 - a00 * a12;
        double c22 = a00 * a11 - a01 * a01;
        double l0 = (c00 * r0 + c01 * r1 + c02 * r2) / det;
        double l1 = (c01 * r0 + c11 * r1 + c12 * r2) / det;
        double l2 = (c02 * r0 + c12 * r1 + c22 * r2) / det;
        bool pinned = false;
        for (int j = 0; j < m; j++) {
            int q = 6 * (pb + 8 * j + 7);
            double w = static_cast<double>(pc[q + 4]);
            double ph = static_cast<double>(pc[q + 5]);
            if (w > 0.0 && static_cast<double>(pc[q]) + w * (cos(ph) * l0 + sin(ph) * l1 + l2) < sMin) {
                pc[q] = static_cast<float>(sMin);
                pc[q + 4] = 0.0f;
                pinned = true;
            }
        }
        if (!pinned) {
            for (int j = 0; j < m; j++) {
                int q = 6 * (pb + 8 * j + 7);
                double w = static_cast<double>(pc[q + 4]);
                double ph = static_cast<double>(pc[q + 5]);
                if (w > 0.0) {
                    pc[q] = static_cast<float>(static_cast<double>(pc[q]) + w * (cos(ph) * l0 + sin(ph) * l1 + l2));
                }
            }
            solved = true;
        }
    }
    ok = ok && solved;
    double x = 0.0;
    double y = 0.0;
    for (int p = 0; p < count; p++) {
        int q = 6 * (pb + p);
        pc[q + 3] = static_cast<float>(x);
        pc[q + 4] = static_cast<float>(y);
        if (pc[q] > 0.0f) {
            double ox;
            double oy;
            tg_circuit_piece_offset(pc, q, &ox, &oy);
            x += ox;
            y += oy;
        }
    }
    ok = ok && sqrt(x * x + y * y) < 0.01 * static_cast<double>(hw);
    info[2 * slot] = lenF;
    info[2 * slot + 1] = static_cast<float>(m);
    if (!ok) {
        score[slot] = TG_CIRCUIT_FAIL;
        return;
    }
    int cb = slot * Nc;
    tg_circuit_sample(pc, pb, count, Nc, coarse, cb);
    int bad = 0;
    double cl = static_cast<double>(clearance);
    double cl2 = cl * cl;
    int nb = (Nc + TG_CIRCUIT_CHUNK - 1) / TG_CIRCUIT_CHUNK;
    int bb = slot * nb * 4;
    for (int b = 0; b < nb; b++) {
        float x0 = 3.4028234663852886e38f;
        float y0 = 3.4028234663852886e38f;
        float x1 = -3.4028234663852886e38f;
        float y1 = -3.4028234663852886e38f;
        int hi = tg_mini(TG_CIRCUIT_CHUNK * b + TG_CIRCUIT_CHUNK, Nc);
        for (int j = TG_CIRCUIT_CHUNK * b; j <= hi; j++) {
            int jj = j == Nc ? 0 : j;
            float2 q = coarse[cb + jj];
            x0 = tg_minf(x0, q.x);
            y0 = tg_minf(y0, q.y);
            x1 = tg_maxf(x1, q.x);
            y1 = tg_maxf(y1, q.y);
        }
        boxes[bb + 4 * b] = x0;
        boxes[bb + 4 * b + 1] = y0;
        boxes[bb + 4 * b + 2] = x1;
        boxes[bb + 4 * b + 3] = y1;
    }
    /* point chunk a against edge box b, skipped whole when box a misses box b grown by cl */
    for (int a = 0; a < nb; a++) {
        double ax0 = static_cast<double>(boxes[bb + 4 * a]);
        double ay0 = static_cast<double>(boxes[bb + 4 * a + 1]);
        double ax1 = static_cast<double>(boxes[bb + 4 * a + 2]);
        double ay1 = static_cast<double>(boxes[bb + 4 * a + 3]);
        int iHi = tg_mini(TG_CIRCUIT_CHUNK * a + TG_CIRCUIT_CHUNK, Nc);
        for (int b = 0; b < nb; b++) {
            double bx0 = static_cast<double>(boxes[bb + 4 * b]) - cl;
            double by0 = static_cast<double>(boxes[bb + 4 * b + 1]) - cl;
            double bx1 = static_cast<double>(boxes[bb + 4 * b + 2]) + cl;
            double by1 = static_cast<double>(boxes[bb + 4 * b + 3]) + cl;
            if (ax1 < bx0 || ay1 < by0 || ax0 > bx1 || ay0 > by1) {
                continue;
            }
            int hi = tg_mini(TG_CIRCUIT_CHUNK * b + TG_CIRCUIT_CHUNK, Nc);
            for (int i = TG_CIRCUIT_CHUNK * a; i < iHi; i++) {
                float2 pi = coarse[cb + i];
                double px = static_cast<double>(pi.x);
                double py = static_cast<double>(pi.y);
                if (px < bx0 || py < by0 || px > bx1 || py > by1) {
                    continue;
                }
                for (int j = TG_CIRCUIT_CHUNK * b; j < hi; j++) {
                    int j1 = j + 1 == Nc ? 0 : j + 1;
                    int di = abs(i - j);
                    int dj = abs(i - j1);
                    di = tg_mini(di, Nc - di);
                    dj = tg_mini(dj, Nc - dj);
                    if (di < TG_CIRCUIT_GAP || dj < TG_CIRCUIT_GAP) {
                        continue;
                    }
                    float2 pa = coarse[cb + j];
                    float2 pe = coarse[cb + j1];
                    double ax = static_cast<double>(pa.x);
                    double ay = static_cast<double>(pa.y);
                    double ex = static_cast<double>(pe.x) - ax;
                    double ey = static_cast<double>(pe.y) - ay;
                    double ee = ex * ex + ey * ey;
                    double tt = ee > 0.0 ? ((px - ax) * ex + (py - ay) * ey) / ee : 0.0;
                    tt = tg_circuit_mind(tg_circuit_maxd(tt, 0.0), 1.0);
                    double qx = ax + tt * ex - px;
                    double qy = ay + tt * ey - py;
                    if (qx * qx + qy * qy < cl2) {
                        bad++;
                    }
                }
            }
        }
    }
    double area = 0.0;
    double per = 0.0;
    for (int i = 0; i < Nc; i++) {
        int i1 = i + 1 == Nc ? 0 : i + 1;
        float2 p0 = coarse[cb + i];
        float2 p1 = coarse[cb + i1];
        double x0 = static_cast<double>(p0.x);
        double y0 = static_cast<double>(p0.y);
        double x1 = static_cast<double>(p1.x);
        double y1 = static_cast<double>(p1.y);
        area += x0 * y1 - x1 * y0;
        per += sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
    }
    double compact = 2.0 * TG_PI_D * fabs(area) / (per * per);
    double target = static_cast<double>(compactLo) + static_cast<double>(compactHi - compactLo)
            * static_cast<double>(tg_rng_uniform(seed, TG_STREAM_CIRCUIT_TARGET, 0));
    int shape = static_cast<int>(tg_circuit_mind(static_cast<double>(TG_CIRCUIT_SHAPE_MAX),
                                                 1000.0 * fabs(compact - target)));
    int sc = bad > 0 ? TG_CIRCUIT_CONTACT + tg_mini(bad, 1 << 16) : shape;
    if (f < 0.5 || f > 2.0 || sharp) {
        sc += TG_CIRCUIT_TURN_PENALTY;
    }
    score[slot] = sc;
}

/* CircuitEmitKernel.stadium */
TG_INLINE void tg_circuit_stadium(float len, float rMin, float rMax, int n, float2* out, int ob) {
    double l = static_cast<double>(len);
    double r = tg_circuit_mind(tg_circuit_maxd(0.06 * l, static_cast<double>(rMin)), static_cast<double>(rMax));
    r = tg_circuit_mind(r, l / (2.0 * TG_PI_D));
    double st = 0.5 * (l - 2.0 * TG_PI_D * r);
    double arc = TG_PI_D * r;
    for (int i = 0; i < n; i++) {
        double s = static_cast<double>(i) * l / static_cast<double>(n);
        double x;
        double y;
        if (s < st) {
            x = s - 0.5 * st;
            y = -r;
        } else if (s < st + arc) {
            double ang = -0.5 * TG_PI_D + (s - st) / r;
            x = 0.5 * st + r * cos(ang);
            y = r * sin(ang);
        } else if (s < 2.0 * st + arc) {
            x = 0.5 * st - (s - st - arc);
            y = r;
        } else {
            double ang = 0.5 * TG_PI_D + (s - 2.0 * st - arc) / r;
            x = -0.5 * st + r * cos(ang);
            y = r * sin(ang);
        }
        out[ob + i] = make_float2(static_cast<float>(x), static_cast<float>(y));
    }
}

/* CircuitEmitKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_circuit_emit(int dim, const float* pc, const float* info, const int* score, int K,
                                           int S, int N, float rMin, float rMax, float2* out) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int best = 0;
    int bestScore = score[e * K];
    for (int c = 1; c < K; c++) {
        if (score[e * K + c] < bestScore) {
            bestScore = score[e * K + c];
            best = c;
        }
    }
    int slot = e * K + best;
    int ob = e * N;
    if (bestScore >= TG_CIRCUIT_FAIL) {
        tg_circuit_stadium(info[2 * e * K], rMin, rMax, N, out, ob);
    } else {
        int count = 8 * tg_f2i(info[2 * slot + 1]);
        tg_circuit_sample(pc, slot * 8 * S, count, N, out, ob);
    }
    double cx = 0.0;
    double cy = 0.0;
    for (int i = 0; i < N; i++) {
        float2 p = out[ob + i];
        cx += static_cast<double>(p.x);
        cy += static_cast<double>(p.y);
    }
    float mx = static_cast<float>(cx / static_cast<double>(N));
    float my = static_cast<float>(cy / static_cast<double>(N));
    for (int i = 0; i < N; i++) {
        float2 p = out[ob + i];
        out[ob + i] = make_float2(p.x - mx, p.y - my);
    }
}
