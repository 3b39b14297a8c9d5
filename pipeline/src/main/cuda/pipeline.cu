/*
 * CUDA C bodies of the pipeline's kernels (PTX module trackgen-ptx/pipeline.ptx): the
 * constant-spacing resample, the fused XPBD relaxation and the inflation stage. Each entry point
 * is the twin of the Java kernel of the same name in dev.trackgen.pipeline.{resample,relax,
 * inflate}; see that class for semantics and shapes. Launch convention and helpers:
 * trackgen_kernel.cuh. Sums whose float rounding depends on order (perimeters, turning) are
 * accumulated by one thread in the Java order, so results match Java bit for bit.
 *
 * trackgen_pipeline_kernels.h (generated from the Java declarations) has the prototype of every
 * declared kernel, so a body whose parameters differ from its declaration does not compile, and
 * the constants shared with Java (TG_HALF_WIDTH_TOL, TG_CONTACT_REL_TOL2; api's through
 * trackgen_kernel.cuh); none is defined here by hand.
 */
#include "trackgen_kernel.cuh"
#include "trackgen_pipeline_kernels.h"
#include "trackgen_altitude.cuh"

/* ------------------------------------------------------------------------------------------ */
/* Constant-spacing resample                                                                  */
/* ------------------------------------------------------------------------------------------ */

/* ConstantSpacingScanKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_cs_scan(int dim, const float2* center, int N, float spacing, int nMax, float* seg,
                                      float* s, int* count, int* valid) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * N;
    float total = static_cast<float>(tg_closed_arc_scan(center + b, N, seg + b, s + e * (N + 1)));
    if (!(total > 0.0f)) {
        count[e] = 0;
        valid[e] = 0;
        return;
    }
    float q = floorf(total / spacing);
    if (q > static_cast<float>(nMax)) {
        count[e] = nMax;
        valid[e] = 0;
        return;
    }
    int k = tg_f2i(q) + 1;
    while (k > 1 && static_cast<float>(k - 1) * spacing >= total) {
        k--;
    }
    if (k > nMax) {
        valid[e] = 0;
    }
    count[e] = tg_mini(tg_maxi(k, 1), nMax);
}

/* ConstantSpacingLookupKernel: one thread per output slot (dim = E * nMax). */
extern "C" __global__ void tg_cs_lookup(int dim, const float2* center, const float* seg, const float* s, int N,
                                        float spacing, int nMax, const int* count, float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int k = t - e * nMax;
    if (k >= count[e]) {
        out[t] = make_float2(tg_nanf(), tg_nanf());
        return;
    }
    int eb = e * N;
    int es = e * (N + 1);
    float target = static_cast<float>(k) * spacing;
    out[t] = tg_arc_point(center + eb, seg + eb, s + es, N, target);
}

/* ------------------------------------------------------------------------------------------ */
/* Fused XPBD relaxation                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* TG_TAUBIN_LAMBDA, TG_TAUBIN_MU, TG_XPBD_CHUNK, TG_XPBD_MAX_THREADS (threads per block at most) and
   TG_XPBD_MIN_BLOCKS (blocks per SM to plan registers for) come from XpbdRelaxKernel's
   @CudaConstants, through trackgen_pipeline_kernels.h, as do the sweep modes TG_MODE_NONE,
   TG_MODE_CACHED and TG_MODE_DENSE */

/* Dynamic shared memory the fused relaxation uses for one track; the twin of
   XpbdRelaxKernel.sharedBytes(nMax, slots). Less than this and the body works in global scratch. */
TG_INLINE unsigned int tg_xpbd_shared_bytes(int nMax, int slots) {
    int chunks = (nMax + TG_XPBD_CHUNK - 1) / TG_XPBD_CHUNK;
    int s = slots > 0 ? slots : 1;
    return static_cast<unsigned int>(3 * 8 * nMax + 2 * 4 * nMax + 4 * 4 * chunks + 4 * nMax + 4 * nMax * s);
}

/* SeparationBand.of */
TG_INLINE int tg_separation_band(float l0, float twoHalf) {
    float bf = twoHalf / tg_maxf(l0, 1.0e-9f);
    if (!tg_isfinite(bf)) {
        return 1;
    }
    return tg_maxi(tg_f2i(floorf(bf + 0.5f)), 1);
}

/* Where the relaxation of one track keeps its state: shared memory or its rows of the scratch arrays. */
struct TgXpbdState {
    float2* x0;
    float2* x1;
    float2* x2;
    float* len;
    float* fac;
    float* boxes;
    int* cCount;
    int* cIdx;
    int idxStrideBead; /* cIdx[bead * idxStrideBead + slot * idxStrideSlot] */
    int idxStrideSlot;
};

/* Buffer i (0, 1, 2) of the three rotating bead buffers, without indexing an array (which would
   put the state in local memory). */
TG_INLINE float2* tg_xpbd_buf(const TgXpbdState& st, int i) {
    return i == 0 ? st.x0 : (i == 1 ? st.x1 : st.x2);
}

/* Candidate cache refresh (XpbdRelaxKernel.buildCache): each bead scans, in ascending index
   order, the beads of the chunks whose box is within the radius of its own chunk's box, and
   keeps the first `slots` candidates; the same lists as the Java pair loop. Returns (to every
   thread) the number of overflowing beads. */
TG_INLINE int tg_xpbd_build_cache(const TgXpbdState& st, const float2* x, int n, int band, float radius, int slots,
                                  int* overflowCounter) {
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int chunks = (n + TG_XPBD_CHUNK - 1) / TG_XPBD_CHUNK;
    for (int c = tid; c < chunks; c += nt) {
        float minx = __int_as_float(0x7f800000);
        float miny = minx;
        float maxx = __int_as_float(static_cast<int>(0xff800000u));
        float maxy = maxx;
        int last = tg_mini(n, (c + 1) * TG_XPBD_CHUNK);
        for (int j = c * TG_XPBD_CHUNK; j < last; j++) {
            float2 p = x[j];
            minx = tg_minf(minx, p.x);
            maxx = tg_maxf(maxx, p.x);
            miny = tg_minf(miny, p.y);
            maxy = tg_maxf(maxy, p.y);
        }
        st.boxes[4 * c] = minx;
        st.boxes[4 * c + 1] = miny;
        st.boxes[4 * c + 2] = maxx;
        st.boxes[4 * c + 3] = maxy;
    }
    if (tid == 0) {
        *overflowCounter = 0;
    }
    __syncthreads();
    float r2 = radius * radius;
    for (int i = tid; i < n; i += nt) {
        int ci = i / TG_XPBD_CHUNK;
        int cnt = 0;
        for (int cj = 0; cj < chunks; cj++) {
            if ((st.boxes[4 * cj] - st.boxes[4 * ci + 2] >= radius) | (st.boxes[4 * ci] - st.boxes[4 * cj + 2] >= radius)
                | (st.boxes[4 * cj + 1] - st.boxes[4 * ci + 3] >= radius)
                | (st.boxes[4 * ci + 1] - st.boxes[4 * cj + 3] >= radius)) {
                continue;
            }
            int jEnd = tg_mini(n, (cj + 1) * TG_XPBD_CHUNK);
            for (int j = cj * TG_XPBD_CHUNK; j < jEnd; j++) {
                if (j == i) {
                    continue;
                }
                int lo = i < j ? i : j;
                int hi = i < j ? j : i;
                int dd = hi - lo;
                float2 a = x[lo];
                float2 b = x[hi];
                float dx = a.x - b.x;
                float dy = a.y - b.y;
                if ((dx * dx + dy * dy < r2) & (tg_mini(dd, n - dd) > band)) {
                    if (cnt < slots) {
                        st.cIdx[i * st.idxStrideBead + cnt * st.idxStrideSlot] = j;
                    }
                    cnt++;
                }
            }
        }
        st.cCount[i] = tg_mini(cnt, slots);
        if (cnt > slots) {
            atomicAdd(overflowCounter, 1);
        }
    }
    __syncthreads();
    return *overflowCounter;
}

/* One Jacobi sweep from x into out (XpbdRelaxKernel.sweep); xPrev != nullptr applies the Chebyshev blend. */
TG_INLINE void tg_xpbd_sweep(const TgXpbdState& st, const float2* x, float2* out, const float2* xPrev, float omega,
                             float gamma, int n, int band, float l0, float target, float rMin, float sr, float pr,
                             float br, int mode) {
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    for (int i = tid; i < n; i += nt) {
        int u = i + 1 == n ? 0 : i + 1;
        float dx = x[u].x - x[i].x;
        float dy = x[u].y - x[i].y;
        float len = sqrtf(dx * dx + dy * dy);
        float l = tg_maxf(len, 1.0e-9f);
        st.len[i] = len;
        st.fac[i] = (l - l0) / l;
    }
    __syncthreads();
    float target2 = target * target;
    for (int i = tid; i < n; i += nt) {
        float xi = x[i].x;
        float yi = x[i].y;
        float sx = 0.0f;
        float sy = 0.0f;
        int hits = 0;
        if (mode == TG_MODE_CACHED) {
            int nc = st.cCount[i];
            for (int s = 0; s < nc; s++) {
                int j = st.cIdx[i * st.idxStrideBead + s * st.idxStrideSlot];
                float ddx = xi - x[j].x;
                float ddy = yi - x[j].y;
                float d2 = ddx * ddx + ddy * ddy;
                if (d2 < target2) {
                    float dist = tg_maxf(sqrtf(d2), 1.0e-9f);
                    float w = 0.5f * (target - dist) / dist;
                    sx += w * ddx;
                    sy += w * ddy;
                    hits++;
                }
            }
        } else if (mode == TG_MODE_DENSE) {
            for (int jj = 0; jj < n; jj++) {
                int dd = i > jj ? i - jj : jj - i;
                if (tg_mini(dd, n - dd) <= band) {
                    continue;
                }
                float ddx = xi - x[jj].x;
                float ddy = yi - x[jj].y;
                if (fabsf(ddx) < target && fabsf(ddy) < target) {
                    float d2 = ddx * ddx + ddy * ddy;
                    if (d2 < target2) {
                        float dist = tg_maxf(sqrtf(d2), 1.0e-9f);
                        float w = 0.5f * (target - dist) / dist;
                        sx += w * ddx;
                        sy += w * ddy;
                        hits++;
                    }
                }
            }
        }
        if (hits > 0) {
            sx /= static_cast<float>(hits);
            sy /= static_cast<float>(hits);
        }
        int ip = i == 0 ? n - 1 : i - 1;
        int in = i + 1 == n ? 0 : i + 1;
        float xn = x[in].x;
        float yn = x[in].y;
        float xp = x[ip].x;
        float yp = x[ip].y;
        float dnx = xn - xi;
        float dny = yn - yi;
        float dpx = xi - xp;
        float dpy = yi - yp;
        float fn = st.fac[i];
        float fp = st.fac[ip];
        float spx = 0.25f * (fn * dnx - fp * dpx);
        float spy = 0.25f * (fn * dny - fp * dpy);
        float bscale = 0.0f;
        float twoCross = 2.0f * fabsf(dpx * dny - dpy * dnx);
        float cx = xn - xp;
        float cy = yn - yp;
        float lc2 = cx * cx + cy * cy;
        float lpln = st.len[ip] * st.len[i];
        float q = twoCross * rMin;
        if (q * q > lpln * lpln * lc2) {
            float radius = tg_maxf(lpln * sqrtf(lc2), 1.0e-12f) / twoCross;
            bscale = tg_minf(br * ((rMin - radius) / rMin), 1.0f);
        }
        float hx = xi + sr * sx + pr * spx + bscale * (0.5f * (xp + xn) - xi);
        float hy = yi + sr * sy + pr * spy + bscale * (0.5f * (yp + yn) - yi);
        if (xPrev != nullptr) {
            float px = xPrev[i].x;
            float py = xPrev[i].y;
            hx = omega * (gamma * (hx - xi) + (xi - px)) + px;
            hy = omega * (gamma * (hy - yi) + (yi - py)) + py;
        }
        out[i] = make_float2(hx, hy);
    }
    __syncthreads();
}

/* One Taubin half-step from x into out. */
TG_INLINE void tg_xpbd_taubin(const float2* x, float2* out, int n, float factor) {
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    for (int i = tid; i < n; i += nt) {
        int in = i + 1 == n ? 0 : i + 1;
        int ip = i == 0 ? n - 1 : i - 1;
        float xi = x[i].x;
        float yi = x[i].y;
        out[i] = make_float2(xi + factor * (0.5f * (x[ip].x + x[in].x) - xi),
                             yi + factor * (0.5f * (x[ip].y + x[in].y) - yi));
    }
    __syncthreads();
}

/*
 * XpbdRelaxKernel: one block per track (cooperative, dim = E), threads over beads, every sweep
 * in one launch with __syncthreads between phases. With tg_xpbd_shared_bytes(nMax, slots) of
 * dynamic shared memory the beads, edge terms, broadphase boxes and candidate cache live in
 * shared memory; with less, in the env's rows of bufA/bufB/bufC, edgeLen, edgeFactor, boxes,
 * cacheCount and cacheIdx, exactly as the Java body uses them.
 */
extern "C" __global__ void TG_LAUNCH_BOUNDS(TG_XPBD_MAX_THREADS, TG_XPBD_MIN_BLOCKS) tg_xpbd_relax(int dim, const float2* in, const int* count, int nMax, float twoHalfWidth,
                                         int bandOverride, float target, float rMin, float sepScale, float spcScale,
                                         float bendScale, int iters, int sepEvery, int slots, float cacheRadius,
                                         int chebyStart, const float* omegas, float gamma, int smoothPasses,
                                         int polishIters, float2* bufA, float2* bufB, float2* bufC, float* edgeLen,
                                         float* edgeFactor, int* cacheCount, int* cacheIdx, int* overflow,
                                         float* boxes, int* band, float* l0) {
    __shared__ int s_overflow;
    __shared__ int s_band;
    __shared__ float s_l0;
    int e = static_cast<int>(blockIdx.x);
    if (e >= dim) {
        return;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int n = count[e];
    int b = e * nMax;
    bool inShared = tg_dynamic_shared_bytes() >= tg_xpbd_shared_bytes(nMax, slots);
    TgXpbdState st;
    if (inShared) {
        TG_DYNAMIC_SHARED(unsigned char, smem);
        int chunks = (nMax + TG_XPBD_CHUNK - 1) / TG_XPBD_CHUNK;
        float2* pts = reinterpret_cast<float2*>(smem);
        st.x0 = pts;
        st.x1 = pts + nMax;
        st.x2 = pts + 2 * nMax;
        float* fl = reinterpret_cast<float*>(pts + 3 * nMax);
        st.len = fl;
        st.fac = fl + nMax;
        st.boxes = fl + 2 * nMax;
        int* ints = reinterpret_cast<int*>(fl + 2 * nMax + 4 * chunks);
        st.cCount = ints;
        st.cIdx = ints + nMax;
        st.idxStrideBead = 1;
        st.idxStrideSlot = nMax;
    } else {
        st.x0 = bufA + b;
        st.x1 = bufB + b;
        st.x2 = bufC + b;
        st.len = edgeLen + b;
        st.fac = edgeFactor + b;
        st.boxes = boxes + e * 4 * ((nMax + TG_XPBD_CHUNK - 1) / TG_XPBD_CHUNK);
        st.cCount = cacheCount + b;
        st.cIdx = cacheIdx + b * (slots > 0 ? slots : 1);
        st.idxStrideBead = slots > 0 ? slots : 1;
        st.idxStrideSlot = 1;
    }
    /* bufA = in (the whole row, NaN padding included); in shared memory the beads start from in */
    for (int i = tid; i < nMax; i += nt) {
        float2 p = in[b + i];
        if (!inShared || i >= n) {
            bufA[b + i] = p;
        }
        if (inShared && i < n) {
            st.x0[i] = p;
        }
    }
    /* setup: perimeter (summed in bead order by one thread, as Java does), rest length, band */
    for (int i = tid; i < n; i += nt) {
        int u = i + 1 == n ? 0 : i + 1;
        float dx = in[b + u].x - in[b + i].x;
        float dy = in[b + u].y - in[b + i].y;
        st.len[i] = sqrtf(dx * dx + dy * dy);
    }
    __syncthreads();
    if (tid == 0) {
        float peri = 0.0f;
        for (int i = 0; i < n; i++) {
            peri += st.len[i];
        }
        float l0e = peri / static_cast<float>(n);
        int bandE = bandOverride > 0 ? bandOverride : tg_separation_band(l0e, twoHalfWidth);
        s_l0 = l0e;
        s_band = bandE;
        l0[e] = l0e;
        band[e] = bandE;
        overflow[e] = 0;
    }
    __syncthreads();
    float l0e = s_l0;
    int bandE = s_band;
    int r = 0;
    if (n >= 3) {
        bool useCache = slots > 0 && sepEvery > 1;
        int w = 1;
        int p = 2;
        for (int k = 0; k < iters; k++) {
            int mode;
            if (useCache) {
                if (k % sepEvery == 0) {
                    int of = tg_xpbd_build_cache(st, tg_xpbd_buf(st, r), n, bandE, cacheRadius, slots, &s_overflow);
                    if (tid == 0) {
                        overflow[e] = of;
                    }
                }
                mode = TG_MODE_CACHED;
            } else {
                mode = k % sepEvery == 0 ? TG_MODE_DENSE : TG_MODE_NONE;
            }
            bool accelerate = k >= chebyStart;
            int prevIdx = k == chebyStart ? r : p;
            tg_xpbd_sweep(st, tg_xpbd_buf(st, r), tg_xpbd_buf(st, w), accelerate ? tg_xpbd_buf(st, prevIdx) : nullptr, omegas[k], gamma, n, bandE,
                          l0e, target, rMin, sepScale, spcScale, bendScale, mode);
            if (accelerate) {
                int freed = p;
                p = r;
                r = w;
                w = freed;
            } else {
                int tmp = r;
                r = w;
                w = tmp;
            }
        }
        for (int pass = 0; pass < smoothPasses; pass++) {
            tg_xpbd_taubin(tg_xpbd_buf(st, r), tg_xpbd_buf(st, w), n, TG_TAUBIN_LAMBDA);
            tg_xpbd_taubin(tg_xpbd_buf(st, w), tg_xpbd_buf(st, r), n, TG_TAUBIN_MU);
        }
        for (int k = 0; k < polishIters; k++) {
            tg_xpbd_sweep(st, tg_xpbd_buf(st, r), tg_xpbd_buf(st, w), nullptr, 1.0f, 1.0f, n, bandE, l0e, target, rMin, 0.0f, spcScale,
                          0.0f, TG_MODE_NONE);
            int tmp = r;
            r = w;
            w = tmp;
        }
    }
    if (inShared || r != 0) {
        for (int i = tid; i < n; i += nt) {
            bufA[b + i] = tg_xpbd_buf(st, r)[i];
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Inflation                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/* UniformResampleScanKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_uniform_scan(int dim, const float2* center, int nMax, const int* count, float* seg,
                                           float* s) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * nMax;
    tg_closed_arc_scan(center + b, count[e], seg + b, s + e * (nMax + 1));
}

/* UniformResampleLookupKernel: one thread per slot (dim = E * nMax). */
extern "C" __global__ void tg_uniform_lookup(int dim, const float2* center, const float* seg, const float* s,
                                             int nMax, const int* count, float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int b = e * nMax;
    int k = t - b;
    int cn = count[e];
    if (k >= cn) {
        out[t] = make_float2(tg_nanf(), tg_nanf());
        return;
    }
    int es = e * (nMax + 1);
    float total = s[es + cn];
    float tk = static_cast<float>(k) * total / static_cast<float>(cn);
    out[t] = tg_arc_point(center + b, seg + b, s + es, cn, tk);
}

/* FrameKernel: one thread per point (dim = E * nMax). */
extern "C" __global__ void tg_frame(int dim, const float2* center, int nMax, const int* count, float2* tangent,
                                    float2* normal, float* kappa) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int b = e * nMax;
    int i = t - b;
    int cn = count[e];
    if (i >= cn) {
        tangent[t] = make_float2(tg_nanf(), tg_nanf());
        normal[t] = make_float2(tg_nanf(), tg_nanf());
        kappa[t] = tg_nanf();
        return;
    }
    int in = b + (i + 1 == cn ? 0 : i + 1);
    int ip = b + (i == 0 ? cn - 1 : i - 1);
    float2 p = center[ip];
    float2 q = center[in];
    float2 c = center[t];
    float dx = q.x - p.x;
    float dy = q.y - p.y;
    float inv = 1.0f / tg_maxf(tg_length(dx, dy), 1.0e-8f);
    float tx = dx * inv;
    float ty = dy * inv;
    tangent[t] = make_float2(tx, ty);
    normal[t] = make_float2(-ty, tx);
    kappa[t] = tg_menger(p.x, p.y, c.x, c.y, q.x, q.y);
}

/* ArcLengthKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_arc_length(int dim, const float2* center, int nMax, const int* count, float* arclen,
                                         float* length, float* winding) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int cn = count[e];
    int b = e * nMax;
    double acc = 0.0;
    float area2 = 0.0f;
    for (int i = 0; i < cn; i++) {
        arclen[b + i] = static_cast<float>(acc);
        int in = i + 1 == cn ? 0 : i + 1;
        float2 p = center[b + i];
        float2 q = center[b + in];
        acc += static_cast<double>(tg_length(q.x - p.x, q.y - p.y));
        area2 += p.x * q.y - q.x * p.y;
    }
    length[e] = static_cast<float>(acc);
    winding[e] = area2 > 0.0f ? 1.0f : (area2 < 0.0f ? -1.0f : 0.0f);
    for (int i = cn; i < nMax; i++) {
        arclen[b + i] = tg_nanf();
    }
}

/* WidthFillKernel: one thread per slot (dim = E * nMax). */
extern "C" __global__ void tg_width_fill(int dim, float halfWidth, int nMax, const int* count, float* left,
                                         float* right) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int i = t - e * nMax;
    float w = i < count[e] ? halfWidth : tg_nanf();
    left[t] = w;
    right[t] = w;
}

/* WidthCurvatureKernel: one thread per slot (dim = E * nMax). */
extern "C" __global__ void tg_width_curvature(int dim, const float2* center, int nMax, const int* count, float wMin,
                                              float wMax, float cornerRadius, int window, float* left,
                                              float* right) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int k = t - e * nMax;
    int cn = count[e];
    if (k >= cn) {
        left[t] = tg_nanf();
        right[t] = tg_nanf();
        return;
    }
    int b = e * nMax;
    int m = tg_mini(window, (cn - 1) / 2);
    float inv = 1.0f / static_cast<float>(2 * m + 1);
    float sum = 0.0f;
    for (int j = k - m; j <= k + m; j++) {
        int i = j < 0 ? j + cn : (j >= cn ? j - cn : j);
        int p = i == 0 ? cn - 1 : i - 1;
        int n = i + 1 == cn ? 0 : i + 1;
        float2 cp = center[b + p];
        float2 ci = center[b + i];
        float2 cq = center[b + n];
        sum += tg_menger(cp.x, cp.y, ci.x, ci.y, cq.x, cq.y);
    }
    float f = tg_minf(1.0f, sum * inv * cornerRadius);
    float w = wMin + (wMax - wMin) * f;
    left[t] = w;
    right[t] = w;
}

/* WidthProfileKernel: one thread per slot (dim = E * nMax). */
extern "C" __global__ void tg_width_profile(int dim, const float* profileLeft, const float* profileRight, int p,
                                            int nMax, const int* count, float* left, float* right) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int k = t - e * nMax;
    int cn = count[e];
    if (k >= cn) {
        left[t] = tg_nanf();
        right[t] = tg_nanf();
        return;
    }
    int pb = e * p;
    float u = static_cast<float>(k) * static_cast<float>(p) / static_cast<float>(cn);
    int i0 = tg_mini(tg_f2i(u), p - 1);
    float f = u - static_cast<float>(i0);
    int i1 = i0 + 1 == p ? 0 : i0 + 1;
    left[t] = profileLeft[pb + i0] + f * (profileLeft[pb + i1] - profileLeft[pb + i0]);
    right[t] = profileRight[pb + i0] + f * (profileRight[pb + i1] - profileRight[pb + i0]);
}

/* OffsetAreaKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_offset_area(int dim, const float2* center, const float2* normal, const float* left,
                                          const float* right, int nMax, const int* count, float* areaA,
                                          float* areaB) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int cn = count[e];
    int b = e * nMax;
    float sa = 0.0f;
    float sb = 0.0f;
    for (int i = 0; i < cn; i++) {
        int t = b + i;
        int u = b + (i + 1 == cn ? 0 : i + 1);
        float2 ct = center[t];
        float2 nt = normal[t];
        float2 cu = center[u];
        float2 nu = normal[u];
        float ax = ct.x + left[t] * nt.x;
        float ay = ct.y + left[t] * nt.y;
        float bx = ct.x - right[t] * nt.x;
        float by = ct.y - right[t] * nt.y;
        float anx = cu.x + left[u] * nu.x;
        float any = cu.y + left[u] * nu.y;
        float bnx = cu.x - right[u] * nu.x;
        float bny = cu.y - right[u] * nu.y;
        sa += 0.5f * (ax * any - anx * ay);
        sb += 0.5f * (bx * bny - bnx * by);
    }
    areaA[e] = sa;
    areaB[e] = sb;
}

/* OffsetAssignKernel: one thread per point (dim = E * nMax). */
extern "C" __global__ void tg_offset_assign(int dim, const float2* center, const float2* normal, const float* left,
                                            const float* right, int nMax, const int* count, const float* areaA,
                                            const float* areaB, float2* outer, float2* inner) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int i = t - e * nMax;
    if (i >= count[e]) {
        outer[t] = make_float2(tg_nanf(), tg_nanf());
        inner[t] = make_float2(tg_nanf(), tg_nanf());
        return;
    }
    bool plusOuter = fabsf(areaA[e]) >= fabsf(areaB[e]);
    float2 n = normal[t];
    float2 c = center[t];
    float2 plus = make_float2(c.x + left[t] * n.x, c.y + left[t] * n.y);
    float2 minus = make_float2(c.x - right[t] * n.x, c.y - right[t] * n.y);
    outer[t] = plusOuter ? plus : minus;
    inner[t] = plusOuter ? minus : plus;
}

/* ------------------------------------------------------------------------------------------ */
/* Validity gate                                                                              */
/* ------------------------------------------------------------------------------------------ */

/** EdgeContacts.edgesMeet: whether segments a and b cannot be proved apart (conservative). */
TG_INLINE bool tg_edges_meet(float a0x, float a0y, float a1x, float a1y, float b0x, float b0y, float b1x,
                             float b1y) {
    if (tg_maxf(a0x, a1x) < tg_minf(b0x, b1x) || tg_maxf(b0x, b1x) < tg_minf(a0x, a1x)
        || tg_maxf(a0y, a1y) < tg_minf(b0y, b1y) || tg_maxf(b0y, b1y) < tg_minf(a0y, a1y)) {
        return false;
    }
    float al2 = (a1x - a0x) * (a1x - a0x) + (a1y - a0y) * (a1y - a0y);
    float bl2 = (b1x - b0x) * (b1x - b0x) + (b1y - b0y) * (b1y - b0y);
    float l2 = tg_maxf(al2, bl2);
    float eb2 = TG_CONTACT_REL_TOL2 * bl2 * l2;
    float d1 = tg_orient(b0x, b0y, b1x, b1y, a0x, a0y);
    float d2 = tg_orient(b0x, b0y, b1x, b1y, a1x, a1y);
    if (((d1 > 0.0f && d2 > 0.0f) || (d1 < 0.0f && d2 < 0.0f)) && d1 * d1 > eb2 && d2 * d2 > eb2) {
        return false;
    }
    float ea2 = TG_CONTACT_REL_TOL2 * al2 * l2;
    float d3 = tg_orient(a0x, a0y, a1x, a1y, b0x, b0y);
    float d4 = tg_orient(a0x, a0y, a1x, a1y, b1x, b1y);
    return !(((d3 > 0.0f && d4 > 0.0f) || (d3 < 0.0f && d4 < 0.0f)) && d3 * d3 > ea2 && d4 * d4 > ea2);
}

/** EdgeContacts.chunkPairMeets: edges of chunk ci of p against edges of chunk cj of q. */
TG_INLINE bool tg_chunk_pair_meets(const float2* p, const float2* q, int same, int base, int n, const float* boxes,
                                   int pb, int qb, int ci, int cj) {
    if (boxes[pb + 4 * ci] > boxes[qb + 4 * cj + 2] || boxes[qb + 4 * cj] > boxes[pb + 4 * ci + 2]
        || boxes[pb + 4 * ci + 1] > boxes[qb + 4 * cj + 3] || boxes[qb + 4 * cj + 1] > boxes[pb + 4 * ci + 3]) {
        return false;
    }
    int iEnd = tg_mini(n, (ci + 1) * TG_CROSSING_CHUNK);
    int jEnd = tg_mini(n, (cj + 1) * TG_CROSSING_CHUNK);
    for (int i = ci * TG_CROSSING_CHUNK; i < iEnd; i++) {
        int i1 = i + 1 == n ? 0 : i + 1;
        float2 a0 = p[base + i];
        float2 a1 = p[base + i1];
        if (tg_maxf(a0.x, a1.x) < boxes[qb + 4 * cj] || tg_minf(a0.x, a1.x) > boxes[qb + 4 * cj + 2]
            || tg_maxf(a0.y, a1.y) < boxes[qb + 4 * cj + 1] || tg_minf(a0.y, a1.y) > boxes[qb + 4 * cj + 3]) {
            continue;
        }
        for (int j = same ? tg_maxi(cj * TG_CROSSING_CHUNK, i + 2) : cj * TG_CROSSING_CHUNK; j < jEnd; j++) {
            if (same && i == 0 && j == n - 1) {
                continue;
            }
            int j1 = j + 1 == n ? 0 : j + 1;
            float2 b0 = q[base + j];
            float2 b1 = q[base + j1];
            if (tg_edges_meet(a0.x, a0.y, a1.x, a1.y, b0.x, b0.y, b1.x, b1.y)) {
                return true;
            }
        }
    }
    return false;
}

/**
 * EdgeContacts.anyMeet for a whole block (cooperative launches only; every thread calls it with
 * the same arguments and gets the same answer). Chunk boxes are built by the block, chunk pairs
 * shared out in rounds of blockDim.x; the scan stops after the first round with a contact.
 */
#ifdef __CUDACC__
static __device__ __noinline__
#else
static inline
#endif
bool tg_block_any_meet(const float2* p, const float2* q, int same, int base, int n, float* boxes, int bb) {
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int chunks = (n + TG_CROSSING_CHUNK - 1) / TG_CROSSING_CHUNK;
    int qb = same ? bb : bb + tg_crossing_box_floats(n);
    for (int c = tid; c < chunks; c += nt) {
        tg_crossing_chunk_box(p, base, n, c, boxes, bb);
        if (!same) {
            tg_crossing_chunk_box(q, base, n, c, boxes, qb);
        }
    }
    __syncthreads();
    int pairs = chunks * chunks;
    bool met = false;
    for (int round = 0; round < pairs; round += nt) {
        int k = round + tid;
        int v = 0;
        if (k < pairs) {
            int ci = k / chunks;
            int cj = k - ci * chunks;
            if (!same || cj >= ci) {
                v = tg_chunk_pair_meets(p, q, same, base, n, boxes, bb, qb, ci, cj) ? 1 : 0;
            }
        }
        if (__syncthreads_or(v)) {
            met = true;
            break;
        }
    }
    __syncthreads();
    return met;
}

/** ValidityKernel.offsetHolds: border point at its side's half-width along the centerline normal. */
TG_INLINE bool tg_offset_holds(float2 c, float2 n, float2 q, float wl, float wr) {
    float dx = q.x - c.x;
    float dy = q.y - c.y;
    float along = dx * n.x + dy * n.y;
    float across = dx * n.y - dy * n.x;
    float w = along >= 0.0f ? wl : wr;
    float widthTol = TG_HALF_WIDTH_TOL * w;
    return fabsf(fabsf(along) - w) <= widthTol && fabsf(across) <= widthTol;
}

/** ValidityKernel.turnsForward: the polygon turns by less than 90 degrees at t. */
TG_INLINE bool tg_turns_forward(float2 p, float2 t, float2 u) {
    float ax = t.x - p.x;
    float ay = t.y - p.y;
    float bx = u.x - t.x;
    float by = u.y - t.y;
    return ax * bx + ay * by > 0.0f;
}

/*
 * ValidityKernel: one block per env (cooperative, dim = E). Threads evaluate the per-point terms;
 * the order-dependent float sums (net turning, perimeter, signed areas) are added by thread 0 in
 * point order, the pair scan of the clearance check and the edge-contact scans are shared out and
 * stop at the first round with a violation. Dynamic shared memory: 2 * nMax floats
 * (ValidityKernel.cudaLaunchShape).
 */
/** The direction of edge i -> i + 1 (closing at cn) of env base b, as the validity gate's turning sum takes it. */
TG_INLINE float tg_validity_edge_angle(const float2* center, int b, int i, int cn) {
    int u = i + 1 == cn ? 0 : i + 1;
    float2 p = center[b + i];
    float2 q = center[b + u];
    return static_cast<float>(atan2(static_cast<double>(q.y - p.y), static_cast<double>(q.x - p.x)));
}

extern "C" __global__ void tg_validity(int dim, const float2* center, const int* count, const int* genValid,
                                       const float2* normal, const float2* outer, const float2* inner,
                                       const float* left, const float* right, int nMax, float turningTol,
                                       float wFloor, float relaxTol, float* boxes, int* valid) {
    __shared__ float s_total;
    __shared__ float s_wmin;
    __shared__ float s_wmax;
    __shared__ float s_peri;
    __shared__ int s_wound;
    __shared__ int s_inside;
    int e = static_cast<int>(blockIdx.x);
    if (e >= dim) {
        return;
    }
    TG_DYNAMIC_SHARED(float, sm);
    float* theta = sm;
    float* term = sm + nMax;
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int cn = count[e];
    int b = e * nMax;
    /* the narrowest and widest half-width, in point order by thread 0 (NaN when any is NaN) */
    if (tid == 0) {
        float wMin = __int_as_float(0x7f800000);
        float wMax = 0.0f;
        for (int i = 0; i < cn; i++) {
            wMin = tg_minf(wMin, tg_minf(left[b + i], right[b + i]));
            wMax = tg_maxf(wMax, tg_maxf(left[b + i], right[b + i]));
        }
        s_wmin = wMin;
        s_wmax = wMax;
    }
    __syncthreads();
    float wMin = s_wmin;
    float wMax = s_wmax;
    float maxThickness = (1.0f - relaxTol) * wMax;
    bool ok = cn >= 3 && genValid[e] != 0 && wMin > wFloor;
    if (ok) {
        /* every point of the centerline and both borders finite */
        int bad = 0;
        for (int i = tid; i < cn; i += nt) {
            float2 p = center[b + i];
            float2 o = outer[b + i];
            float2 q = inner[b + i];
            bad |= !(tg_isfinite(p.x) && tg_isfinite(p.y) && tg_isfinite(o.x) && tg_isfinite(o.y)
                     && tg_isfinite(q.x) && tg_isfinite(q.y));
        }
        ok = !__syncthreads_or(bad);
    }
    if (ok && tg_dynamic_shared_bytes() >= 8u * static_cast<unsigned int>(nMax)) {
        /* net turning: theta per edge, wrapped differences, summed in order by thread 0 */
        for (int i = tid; i < cn; i += nt) {
            theta[i] = tg_validity_edge_angle(center, b, i, cn);
        }
        __syncthreads();
        for (int i = tid; i < cn; i += nt) {
            term[i] = tg_wrap_angle(theta[i] - theta[i == 0 ? cn - 1 : i - 1]);
        }
        __syncthreads();
        if (tid == 0) {
            float total = 0.0f;
            for (int i = 0; i < cn; i++) {
                total += term[i];
            }
            s_total = total;
        }
        __syncthreads();
    } else if (ok) {
        /* launched without the 2 * nMax floats of shared memory (the device cannot give them): thread 0
           computes the same angles and terms in the same order, one at a time, from no scratch at all */
        if (tid == 0) {
            float prev = tg_validity_edge_angle(center, b, cn - 1, cn);
            float total = 0.0f;
            for (int i = 0; i < cn; i++) {
                float th = tg_validity_edge_angle(center, b, i, cn);
                total += tg_wrap_angle(th - prev);
                prev = th;
            }
            s_total = total;
        }
        __syncthreads();
    }
    if (ok) {
        ok = fabsf(fabsf(s_total) - 2.0f * static_cast<float>(TG_PI_D)) <= turningTol;
    }
    if (ok) {
        /* per vertex: Menger radius, turns under 90 degrees on all three polygons, border offsets */
        int bad = 0;
        for (int i = tid; i < cn; i += nt) {
            int u = i + 1 == cn ? 0 : i + 1;
            int p = i == 0 ? cn - 1 : i - 1;
            float2 ct = center[b + i];
            float2 cu = center[b + u];
            float2 cp = center[b + p];
            float kappa = tg_menger(cp.x, cp.y, ct.x, ct.y, cu.x, cu.y);
            float wl = left[b + i];
            float wr = right[b + i];
            float minThickness = (1.0f - relaxTol) * tg_maxf(wl, wr);
            bad |= !(1.0f / tg_maxf(kappa, 1.0e-12f) >= minThickness) || !tg_turns_forward(cp, ct, cu)
                   || !tg_turns_forward(outer[b + p], outer[b + i], outer[b + u])
                   || !tg_turns_forward(inner[b + p], inner[b + i], inner[b + u])
                   || !tg_offset_holds(ct, normal[b + i], outer[b + i], wl, wr)
                   || !tg_offset_holds(ct, normal[b + i], inner[b + i], wl, wr);
        }
        ok = !__syncthreads_or(bad);
    }
    if (ok) {
        /* perimeter and signed areas in point order (thread 0), then size and winding */
        if (tid == 0) {
            float peri = 0.0f;
            float areaC = 0.0f;
            float areaO = 0.0f;
            float areaI = 0.0f;
            for (int i = 0; i < cn; i++) {
                int u = i + 1 == cn ? 0 : i + 1;
                float2 ct = center[b + i];
                float2 cu = center[b + u];
                float2 ot = outer[b + i];
                float2 ou = outer[b + u];
                float2 it = inner[b + i];
                float2 iu = inner[b + u];
                peri += tg_length(cu.x - ct.x, cu.y - ct.y);
                areaC += tg_cross(ct.x, ct.y, cu.x, cu.y);
                areaO += tg_cross(ot.x, ot.y, ou.x, ou.y);
                areaI += tg_cross(it.x, it.y, iu.x, iu.y);
            }
            s_peri = peri;
            s_wound = (areaC > 0.0f && areaO > 0.0f && areaI > 0.0f) || (areaC < 0.0f && areaO < 0.0f && areaI < 0.0f);
        }
        __syncthreads();
        int bandE = tg_separation_band(s_peri / static_cast<float>(cn), 2.0f * wMax);
        ok = s_wound != 0 && s_peri >= 2.0f * static_cast<float>(TG_PI_D) * maxThickness && cn >= 2 * bandE + 3;
        if (ok && wMin != wMax) {
            /* clearance at per-point widths: pairs beyond the band at least r_i + r_j apart */
            for (int base = 0; base < cn; base += nt) {
                int i = base + tid;
                int v = 0;
                if (i < cn) {
                    float2 ci = center[b + i];
                    float ri = (1.0f - relaxTol) * tg_maxf(left[b + i], right[b + i]);
                    int jEnd = tg_mini(cn, i + cn - bandE);
                    for (int j = i + bandE + 1; j < jEnd; j++) {
                        float sep = ri + (1.0f - relaxTol) * tg_maxf(left[b + j], right[b + j]);
                        float2 cj = center[b + j];
                        float dx = ci.x - cj.x;
                        float dy = ci.y - cj.y;
                        float d2 = dx * dx + dy * dy;
                        if (d2 < sep * sep && !(0.5f * sqrtf(d2) >= 0.5f * sep)) {
                            v = 1;
                            break;
                        }
                    }
                }
                if (__syncthreads_or(v)) {
                    ok = false;
                    break;
                }
            }
        } else if (ok) {
            /* clearance: pairs beyond the band */
            float minThickness = maxThickness;
            float sep = 2.0f * minThickness;
            float sep2 = sep * sep;
            for (int base = 0; base < cn; base += nt) {
                int i = base + tid;
                int v = 0;
                if (i < cn) {
                    float2 ci = center[b + i];
                    int jEnd = tg_mini(cn, i + cn - bandE);
                    for (int j = i + bandE + 1; j < jEnd; j++) {
                        float2 cj = center[b + j];
                        float dx = ci.x - cj.x;
                        float dy = ci.y - cj.y;
                        float d2 = dx * dx + dy * dy;
                        if (d2 < sep2 && !(0.5f * sqrtf(d2) >= minThickness)) {
                            v = 1;
                            break;
                        }
                    }
                }
                if (__syncthreads_or(v)) {
                    ok = false;
                    break;
                }
            }
        }
    }
    if (ok) {
        int bb = e * 2 * tg_crossing_box_floats(nMax);
        ok = !tg_block_any_meet(center, center, 1, b, cn, boxes, bb)
             && !tg_block_any_meet(outer, outer, 1, b, cn, boxes, bb)
             && !tg_block_any_meet(inner, inner, 1, b, cn, boxes, bb)
             && !tg_block_any_meet(outer, inner, 0, b, cn, boxes, bb);
    }
    if (ok) {
        /* nesting: crossing number of the inner border's first point against the outer border */
        if (tid == 0) {
            float2 pt = inner[b];
            int in = 0;
            for (int i = 0; i < cn; i++) {
                int u = i + 1 == cn ? 0 : i + 1;
                float2 t = outer[b + i];
                float2 w = outer[b + u];
                if ((t.y > pt.y) != (w.y > pt.y)) {
                    float xs = t.x + (pt.y - t.y) * (w.x - t.x) / (w.y - t.y);
                    if (pt.x < xs) {
                        in = !in;
                    }
                }
            }
            s_inside = in;
        }
        __syncthreads();
        ok = s_inside != 0;
    }
    if (tid == 0) {
        valid[e] = ok ? 1 : 0;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Elevation and banking                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* ElevationKernel.lifted: step 4 in general, false when an edge breaks the grade or a bank the bank bound. */
TG_INLINE bool tg_elevation_lifted(const float2* center, const float2* tangent, const float* z, const float* bank,
                                   int cn, int b, int e, float validGrade, float bankK, float bankMax,
                                   float* arclen3d, float* length3d, float* tangent3d) {
    double acc = 0.0;
    bool ok = true;
    float dsp = 0.0f;
    if (cn > 0) {
        float2 p0 = center[b];
        float2 pl = center[b + cn - 1];
        dsp = tg_length(p0.x - pl.x, p0.y - pl.y);
    }
    for (int i = 0; i < cn; i++) {
        arclen3d[b + i] = static_cast<float>(acc);
        int in = i + 1 == cn ? 0 : i + 1;
        int ip = i == 0 ? cn - 1 : i - 1;
        float2 pc = center[b + i];
        float2 pn = center[b + in];
        float ds = tg_length(pn.x - pc.x, pn.y - pc.y);
        float dz = z[b + in] - z[b + i];
        acc += static_cast<double>(tg_length(ds, dz));
        float den = dsp + ds;
        float g = den > 0.0f ? (z[b + in] - z[b + ip]) / den : 0.0f;
        float inv = 1.0f / static_cast<float>(sqrt(static_cast<double>(1.0f + g * g)));
        tangent3d[3 * (b + i)] = tangent[b + i].x * inv;
        tangent3d[3 * (b + i) + 1] = tangent[b + i].y * inv;
        tangent3d[3 * (b + i) + 2] = g * inv;
        if (validGrade > 0.0f && !(fabsf(dz) <= validGrade * ds)) {
            ok = false;
        }
        if (bankK > 0.0f && !(fabsf(bank[b + i]) <= bankMax)) {
            ok = false;
        }
        dsp = ds;
    }
    length3d[e] = static_cast<float>(acc);
    return ok;
}

/* ElevationKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_elevation(int dim, const float2* center, const float2* normal, const float2* tangent,
                                        const float* left, const float* right, const float2* outer,
                                        const float* arclen, const float* length, const int* count, const int* seeds,
                                        int nMax, int profile, float zBase, float zMin, float zMax, float zMaxStep,
                                        float zNoiseAmp, int zHarmonics, int knots, float validGrade, float bankK,
                                        float bankMax, int bankWindow, float* knotS, float* knotZ, float* z,
                                        float* outerZ, float* innerZ, float* bank, float* arclen3d, float* length3d,
                                        float* tangent3d, int* valid) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int cn = count[e];
    int b = e * nMax;
    float perim = length[e];
    int seed = seeds[e];
    if (profile == TG_ALT_UNIFORM || profile == TG_ALT_RANDOM_WALK) {
        int kb = e * knots;
        for (int j = 0; j < knots; j++) {
            knotS[kb + j] = perim * static_cast<float>(j) / static_cast<float>(knots);
        }
        tg_alt_fill_streams(profile, seed, TG_STREAM_ELEV_UNIFORM, TG_STREAM_ELEV_WALK, TG_STREAM_ELEV_NOISE, knotS, kb,
                            knots, perim, zBase, zMin, zMax, zMaxStep, zNoiseAmp, zHarmonics, knotZ, kb);
        for (int i = 0; i < cn; i++) {
            z[b + i] = tg_alt_knot_height(knotZ, kb, knots, perim, arclen[b + i]);
        }
    } else {
        tg_alt_fill_streams(profile, seed, TG_STREAM_ELEV_UNIFORM, TG_STREAM_ELEV_WALK, TG_STREAM_ELEV_NOISE, arclen, b,
                            cn, perim, zBase, zMin, zMax, zMaxStep, zNoiseAmp, zHarmonics, z, b);
    }
    if (bankK > 0.0f && cn >= 3) {
        for (int i = 0; i < cn; i++) {
            float2 p = center[b + (i == 0 ? cn - 1 : i - 1)];
            float2 q = center[b + i];
            float2 r = center[b + (i + 1 == cn ? 0 : i + 1)];
            float k = tg_menger(p.x, p.y, q.x, q.y, r.x, r.y);
            float turn = tg_cross(q.x - p.x, q.y - p.y, r.x - q.x, r.y - q.y);
            float sgn = turn < 0.0f ? -k : k;
            float target = static_cast<float>(atan(static_cast<double>(bankK * sgn)));
            outerZ[b + i] = tg_minf(tg_maxf(target, -bankMax), bankMax);
        }
        int w = bankWindow < (cn - 1) / 2 ? bankWindow : (cn - 1) / 2;
        double sum = 0.0;
        for (int j = -w; j <= w; j++) {
            sum += static_cast<double>(outerZ[b + (j + cn) % cn]);
        }
        double span = static_cast<double>(2 * w + 1);
        for (int i = 0; i < cn; i++) {
            float avg = static_cast<float>(sum / span);
            bank[b + i] = tg_minf(tg_maxf(avg, -bankMax), bankMax);
            sum += static_cast<double>(outerZ[b + (i + w + 1) % cn]);
            sum -= static_cast<double>(outerZ[b + (i - w + cn) % cn]);
        }
    } else {
        for (int i = 0; i < cn; i++) {
            bank[b + i] = 0.0f;
        }
    }
    bool plusOuter = cn > 0 && outer[b].x == center[b].x + left[b] * normal[b].x
                     && outer[b].y == center[b].y + left[b] * normal[b].y;
    float* po = plusOuter ? outerZ : innerZ;
    float* mo = plusOuter ? innerZ : outerZ;
    for (int i = 0; i < cn; i++) {
        float bk = bank[b + i];
        float tb = bk == 0.0f ? bk : static_cast<float>(tan(static_cast<double>(bk)));
        po[b + i] = z[b + i] - left[b + i] * tb;
        mo[b + i] = z[b + i] + right[b + i] * tb;
    }
    bool ok = true;
    if (profile == TG_ALT_FLAT && !(bankK > 0.0f)) {
        /* ElevationKernel.level: flat and unbanked, every dz and grade 0: the plan arc length and tangent */
        for (int i = 0; i < cn; i++) {
            arclen3d[b + i] = arclen[b + i];
            tangent3d[3 * (b + i)] = tangent[b + i].x;
            tangent3d[3 * (b + i) + 1] = tangent[b + i].y;
            tangent3d[3 * (b + i) + 2] = 0.0f;
        }
        length3d[e] = length[e];
        ok = !(validGrade > 0.0f && length[e] != length[e]);
    } else {
        ok = tg_elevation_lifted(center, tangent, z, bank, cn, b, e, validGrade, bankK, bankMax, arclen3d, length3d,
                                 tangent3d);
    }
    for (int i = cn; i < nMax; i++) {
        z[b + i] = tg_nanf();
        outerZ[b + i] = tg_nanf();
        innerZ[b + i] = tg_nanf();
        bank[b + i] = tg_nanf();
        arclen3d[b + i] = tg_nanf();
        tangent3d[3 * (b + i)] = tg_nanf();
        tangent3d[3 * (b + i) + 1] = tg_nanf();
        tangent3d[3 * (b + i) + 2] = tg_nanf();
    }
    if (!ok) {
        valid[e] = 0;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Bridges                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** BridgeKernel.meets: two segments cross or touch (not collinear), from their orientations. */
TG_INLINE bool tg_bridge_meets(float d1, float d2, float d3, float d4) {
    return ((d1 >= 0.0f && d2 <= 0.0f) || (d1 <= 0.0f && d2 >= 0.0f))
           && ((d3 >= 0.0f && d4 <= 0.0f) || (d3 <= 0.0f && d4 >= 0.0f)) && !(d1 == 0.0f && d2 == 0.0f);
}

/** BridgeKernel.hi: the highest road-surface height at point t. */
TG_INLINE float tg_bridge_hi(const float* z, const float* oz, const float* iz, int t) {
    return tg_maxf(z[t], tg_maxf(oz[t], iz[t]));
}

/** BridgeKernel.lo: the lowest road-surface height at point t. */
TG_INLINE float tg_bridge_lo(const float* z, const float* oz, const float* iz, int t) {
    return tg_minf(z[t], tg_minf(oz[t], iz[t]));
}

/** BridgeKernel.gap: the vertical gap between two height ranges. */
TG_INLINE float tg_bridge_gap(float loA, float hiA, float loB, float hiB) {
    return tg_maxf(loA - hiB, loB - hiA);
}

/** BridgeKernel.chunkBound: one bound of the box of chunk c's edges (axis 0 x, 1 y; max or min). */
TG_INLINE float tg_bridge_chunk_bound(const float2* p, int base, int n, int c, int axis, int max) {
    float v = max ? -__int_as_float(0x7f800000) : __int_as_float(0x7f800000);
    int last = tg_mini(n, (c + 1) * TG_BRIDGE_CHUNK);
    for (int i = c * TG_BRIDGE_CHUNK; i <= last; i++) {
        float2 q = p[base + (i == n ? 0 : i)];
        float x = axis == 0 ? q.x : q.y;
        v = max ? tg_maxf(v, x) : tg_minf(v, x);
    }
    return v;
}

/** BridgeKernel.edgesClear: every meeting pair of edges vertically at least clearance apart. */
TG_INLINE bool tg_bridge_edges_clear(const float2* p, const float2* q, int same, int base, int n, const float* z,
                                     const float* oz, const float* iz, float clearance) {
    int chunks = (n + TG_BRIDGE_CHUNK - 1) / TG_BRIDGE_CHUNK;
    for (int ci = 0; ci < chunks; ci++) {
        float pMinX = tg_bridge_chunk_bound(p, base, n, ci, 0, 0);
        float pMinY = tg_bridge_chunk_bound(p, base, n, ci, 1, 0);
        float pMaxX = tg_bridge_chunk_bound(p, base, n, ci, 0, 1);
        float pMaxY = tg_bridge_chunk_bound(p, base, n, ci, 1, 1);
        for (int cj = same ? ci : 0; cj < chunks; cj++) {
            if (pMaxX < tg_bridge_chunk_bound(q, base, n, cj, 0, 0) || tg_bridge_chunk_bound(q, base, n, cj, 0, 1) < pMinX
                || pMaxY < tg_bridge_chunk_bound(q, base, n, cj, 1, 0)
                || tg_bridge_chunk_bound(q, base, n, cj, 1, 1) < pMinY) {
                continue;
            }
            int iEnd = tg_mini(n, (ci + 1) * TG_BRIDGE_CHUNK);
            int jEnd = tg_mini(n, (cj + 1) * TG_BRIDGE_CHUNK);
            for (int i = ci * TG_BRIDGE_CHUNK; i < iEnd; i++) {
                int i1 = i + 1 == n ? 0 : i + 1;
                float2 a = p[base + i];
                float2 a1 = p[base + i1];
                for (int j = same ? tg_maxi(cj * TG_BRIDGE_CHUNK, i + 2) : cj * TG_BRIDGE_CHUNK; j < jEnd; j++) {
                    if (same && i == 0 && j == n - 1) {
                        continue;
                    }
                    int j1 = j + 1 == n ? 0 : j + 1;
                    float2 c = q[base + j];
                    float2 c1 = q[base + j1];
                    if (tg_edges_meet(a.x, a.y, a1.x, a1.y, c.x, c.y, c1.x, c1.y)) {
                        float loA = tg_minf(tg_bridge_lo(z, oz, iz, base + i), tg_bridge_lo(z, oz, iz, base + i1));
                        float hiA = tg_maxf(tg_bridge_hi(z, oz, iz, base + i), tg_bridge_hi(z, oz, iz, base + i1));
                        float loB = tg_minf(tg_bridge_lo(z, oz, iz, base + j), tg_bridge_lo(z, oz, iz, base + j1));
                        float hiB = tg_maxf(tg_bridge_hi(z, oz, iz, base + j), tg_bridge_hi(z, oz, iz, base + j1));
                        if (!(tg_bridge_gap(loA, hiA, loB, hiB) >= clearance)) {
                            return false;
                        }
                    }
                }
            }
        }
    }
    return true;
}

/* BridgeKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_bridge(int dim, const float2* center, const float2* normal, const float2* tangent,
                                     const float2* outer, const float2* inner, const float* left, const float* right,
                                     const float* arclen, const float* length, const int* count, const int* genValid,
                                     const float* bank, int nMax, float clearance, float rampGrade, float validGrade,
                                     float bankMax, int banked, float wFloor, float relaxTol, float* lift, float* z,
                                     float* oz, float* iz, float* arclen3d, float* length3d, float* tangent3d,
                                     int* valid) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int cn = count[e];
    int b = e * nMax;
    if (cn < 3) {
        return;
    }
    float perim = length[e];
    float wMin = __int_as_float(0x7f800000);
    float wMax = 0.0f;
    for (int i = 0; i < cn; i++) {
        wMin = tg_minf(wMin, tg_minf(left[b + i], right[b + i]));
        wMax = tg_maxf(wMax, tg_maxf(left[b + i], right[b + i]));
        lift[b + i] = 0.0f;
    }
    int crossings = 0;
    for (int i = 0; i < cn; i++) {
        int i1 = i + 1 == cn ? 0 : i + 1;
        float ax = center[b + i].x;
        float ay = center[b + i].y;
        float bx = center[b + i1].x;
        float by = center[b + i1].y;
        for (int j = i + 2; j < cn; j++) {
            if (i == 0 && j == cn - 1) {
                continue;
            }
            int j1 = j + 1 == cn ? 0 : j + 1;
            float px = center[b + j].x;
            float py = center[b + j].y;
            float qx = center[b + j1].x;
            float qy = center[b + j1].y;
            float d1 = tg_orient(ax, ay, bx, by, px, py);
            float d2 = tg_orient(ax, ay, bx, by, qx, qy);
            float d3 = tg_orient(px, py, qx, qy, ax, ay);
            float d4 = tg_orient(px, py, qx, qy, bx, by);
            if (!tg_bridge_meets(d1, d2, d3, d4)) {
                continue;
            }
            crossings++;
            float t = d1 == d2 ? 0.0f : d1 / (d1 - d2);
            float la = tg_length(bx - ax, by - ay);
            float lb = tg_length(qx - px, qy - py);
            float sn = fabsf(tg_cross(bx - ax, by - ay, qx - px, qy - py)) / (la * lb);
            float sc = arclen[b + j] + t * lb;
            float hiI = tg_maxf(tg_bridge_hi(z, oz, iz, b + i), tg_bridge_hi(z, oz, iz, b + i1))
                        + tg_maxf(lift[b + i], lift[b + i1]);
            float loJ = tg_minf(tg_bridge_lo(z, oz, iz, b + j), tg_bridge_lo(z, oz, iz, b + j1))
                        + tg_minf(lift[b + j], lift[b + j1]);
            float h = TG_BRIDGE_LIFT_MARGIN * clearance + hiI - loJ;
            if (!(h > 0.0f)) {
                continue;
            }
            float plateau = 2.0f * wMax / tg_maxf(sn, TG_BRIDGE_MIN_SIN) + 2.0f * perim / static_cast<float>(cn);
            float ramp = 1.5f * h / rampGrade;
            float halfP = 0.5f * perim;
            for (int k = 0; k < cn; k++) {
                float d = arclen[b + k] - sc;
                if (d > halfP) {
                    d -= perim;
                } else if (d < -halfP) {
                    d += perim;
                }
                float ad = fabsf(d);
                if (ad <= plateau) {
                    lift[b + k] += h;
                } else if (ad < plateau + ramp) {
                    float u = 1.0f - (ad - plateau) / ramp;
                    lift[b + k] += h * (u * u * (3.0f - 2.0f * u));
                }
            }
        }
    }
    if (crossings == 0) {
        return;
    }
    for (int i = 0; i < cn; i++) {
        z[b + i] += lift[b + i];
        oz[b + i] += lift[b + i];
        iz[b + i] += lift[b + i];
    }
    /* 3D arc length and tangent with the grade and bank bounds: the elevation stage's step 4 */
    bool ok = tg_elevation_lifted(center, tangent, z, bank, cn, b, e, validGrade, banked != 0 ? 1.0f : 0.0f, bankMax,
                                  arclen3d, length3d, tangent3d)
              && genValid[e] != 0 && wMin > wFloor;
    for (int i = 0; i < cn; i++) {
        if (!tg_isfinite(z[b + i]) || !tg_isfinite(oz[b + i]) || !tg_isfinite(iz[b + i]) || !tg_isfinite(center[b + i].x)
            || !tg_isfinite(center[b + i].y) || !tg_isfinite(outer[b + i].x) || !tg_isfinite(outer[b + i].y)
            || !tg_isfinite(inner[b + i].x) || !tg_isfinite(inner[b + i].y)) {
            ok = false;
        }
    }
    float peri = 0.0f;
    for (int i = 0; ok && i < cn; i++) {
        int t = b + i;
        int u = b + (i + 1 == cn ? 0 : i + 1);
        int p = b + (i == 0 ? cn - 1 : i - 1);
        float2 cp = center[p];
        float2 ct = center[t];
        float2 cu = center[u];
        peri += tg_length(cu.x - ct.x, cu.y - ct.y);
        float kappa = tg_menger(cp.x, cp.y, ct.x, ct.y, cu.x, cu.y);
        float minThickness = (1.0f - relaxTol) * tg_maxf(left[t], right[t]);
        ok = 1.0f / tg_maxf(kappa, 1.0e-12f) >= minThickness && tg_turns_forward(cp, ct, cu)
             && tg_turns_forward(outer[p], outer[t], outer[u]) && tg_turns_forward(inner[p], inner[t], inner[u])
             && tg_offset_holds(ct, normal[t], outer[t], left[t], right[t])
             && tg_offset_holds(ct, normal[t], inner[t], left[t], right[t]);
    }
    int band = 1;
    if (ok) {
        band = tg_separation_band(peri / static_cast<float>(cn), 2.0f * wMax);
        ok = peri >= 2.0f * static_cast<float>(TG_PI_D) * ((1.0f - relaxTol) * wMax) && cn >= 2 * band + 3;
    }
    for (int i = 0; ok && i < cn; i++) {
        float xi = center[b + i].x;
        float yi = center[b + i].y;
        float ri = (1.0f - relaxTol) * tg_maxf(left[b + i], right[b + i]);
        int jEnd = tg_mini(cn, i + cn - band);
        for (int j = i + band + 1; j < jEnd; j++) {
            float sep = ri + (1.0f - relaxTol) * tg_maxf(left[b + j], right[b + j]);
            float dx = xi - center[b + j].x;
            float dy = yi - center[b + j].y;
            if (dx * dx + dy * dy < sep * sep
                && !(tg_bridge_gap(tg_bridge_lo(z, oz, iz, b + i), tg_bridge_hi(z, oz, iz, b + i),
                                   tg_bridge_lo(z, oz, iz, b + j), tg_bridge_hi(z, oz, iz, b + j)) >= clearance)) {
                ok = false;
                break;
            }
        }
    }
    ok = ok && tg_bridge_edges_clear(center, center, 1, b, cn, z, oz, iz, clearance)
         && tg_bridge_edges_clear(outer, outer, 1, b, cn, z, oz, iz, clearance)
         && tg_bridge_edges_clear(inner, inner, 1, b, cn, z, oz, iz, clearance)
         && tg_bridge_edges_clear(outer, inner, 0, b, cn, z, oz, iz, clearance);
    valid[e] = ok ? 1 : 0;
}

/* ------------------------------------------------------------------ heightfield bake */

/** HeightfieldKernel.surface: the terrain height at plan distance a from the centerline. */
TG_INLINE float tg_hf_surface(float a, float w, float zc, float zb, float shoulder, float falloff, float floorZ) {
    if (a <= w) {
        return w > 0.0f ? zc + (a / w) * (zb - zc) : zb;
    }
    float o = a - w - shoulder;
    if (o <= 0.0f) {
        return zb;
    }
    if (!(falloff > 0.0f) || o >= falloff) {
        return floorZ;
    }
    float u = o / falloff;
    float sm = u * u * (3.0f - 2.0f * u);
    return zb + (floorZ - zb) * sm;
}

/** HeightfieldKernel.cellIndex. */
TG_INLINE int tg_hf_cell(float f, int res) {
    float g = floorf(f);
    if (!(g > 0.0f)) {
        return 0;
    }
    if (g > (float) (res - 1)) {
        return res - 1;
    }
    return (int) g;
}

/** HeightfieldKernel: one thread per env bakes its terrain grid (see the Java body). */
extern "C" __global__ void tg_heightfield(int dim, const float2* center, const float2* normal, const float* left,
                                          const float* right, const float2* outer, const float* centerZ,
                                          const float* outerZ, const float* innerZ, const int* count,
                                          const int* valid, int nMax, int res, float padding, float shoulder,
                                          float falloff, float drop, float* bounds, float* dist, float* height) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int cells = res * res;
    int m = tg_mini(count[e], nMax);
    int base = e * nMax;
    int hb = e * cells;
    float minX = 3.4028235e38f;
    float minY = 3.4028235e38f;
    float maxX = -3.4028235e38f;
    float maxY = -3.4028235e38f;
    float zLow = 3.4028235e38f;
    float wMax = 0.0f;
    for (int i = 0; i < m; i++) {
        int p = base + i;
        float2 c = center[p];
        float2 n = normal[p];
        float lx = c.x + n.x * left[p];
        float ly = c.y + n.y * left[p];
        float rx = c.x - n.x * right[p];
        float ry = c.y - n.y * right[p];
        minX = tg_minf(minX, tg_minf(lx, rx));
        minY = tg_minf(minY, tg_minf(ly, ry));
        maxX = tg_maxf(maxX, tg_maxf(lx, rx));
        maxY = tg_maxf(maxY, tg_maxf(ly, ry));
        zLow = tg_minf(zLow, tg_minf(centerZ[p], tg_minf(outerZ[p], innerZ[p])));
        wMax = tg_maxf(wMax, tg_maxf(left[p], right[p]));
    }
    float ext = tg_maxf(maxX - minX, maxY - minY);
    if (m < 3 || valid[e] == 0 || !tg_isfinite(ext) || !tg_isfinite(zLow)) {
        bounds[3 * e] = tg_nanf();
        bounds[3 * e + 1] = tg_nanf();
        bounds[3 * e + 2] = tg_nanf();
        for (int k = 0; k < cells; k++) {
            dist[hb + k] = 3.4028235e38f;
            height[hb + k] = tg_nanf();
        }
        return;
    }
    float pad = padding > 0.0f ? padding : shoulder + falloff + 0.1f * ext;
    float side = ext + 2.0f * pad;
    float cell = side / (float) res;
    float lox = 0.5f * (minX + maxX) - 0.5f * side;
    float loy = 0.5f * (minY + maxY) - 0.5f * side;
    bounds[3 * e] = lox;
    bounds[3 * e + 1] = loy;
    bounds[3 * e + 2] = cell;
    float floorZ = zLow - drop;
    for (int k = 0; k < cells; k++) {
        dist[hb + k] = 3.4028235e38f;
        height[hb + k] = floorZ;
    }
    float band = wMax + shoulder + falloff;
    for (int i = 0; i < m; i++) {
        int pa = base + i;
        int pb = base + (i + 1 == m ? 0 : i + 1);
        float2 A = center[pa];
        float2 B = center[pb];
        float2 nA = normal[pa];
        float2 nB = normal[pb];
        float2 oA = outer[pa];
        float2 oB = outer[pb];
        float ux = B.x - A.x;
        float uy = B.y - A.y;
        float uu = ux * ux + uy * uy;
        float oa = (oA.x - A.x) * nA.x + (oA.y - A.y) * nA.y;
        float ob = (oB.x - B.x) * nB.x + (oB.y - B.y) * nB.y;
        float zlA = oa >= 0.0f ? outerZ[pa] : innerZ[pa];
        float zrA = oa >= 0.0f ? innerZ[pa] : outerZ[pa];
        float zlB = ob >= 0.0f ? outerZ[pb] : innerZ[pb];
        float zrB = ob >= 0.0f ? innerZ[pb] : outerZ[pb];
        int x0 = tg_hf_cell((tg_minf(A.x, B.x) - band - lox) / cell, res);
        int x1 = tg_hf_cell((tg_maxf(A.x, B.x) + band - lox) / cell, res);
        int y0 = tg_hf_cell((tg_minf(A.y, B.y) - band - loy) / cell, res);
        int y1 = tg_hf_cell((tg_maxf(A.y, B.y) + band - loy) / cell, res);
        for (int gy = y0; gy <= y1; gy++) {
            float py = loy + ((float) gy + 0.5f) * cell;
            for (int gx = x0; gx <= x1; gx++) {
                float px = lox + ((float) gx + 0.5f) * cell;
                float t = uu > 0.0f ? ((px - A.x) * ux + (py - A.y) * uy) / uu : 0.0f;
                t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
                float qx = A.x + t * ux;
                float qy = A.y + t * uy;
                float dx = px - qx;
                float dy = py - qy;
                float d2 = dx * dx + dy * dy;
                int k = hb + gy * res + gx;
                if (!(d2 < dist[k])) {
                    continue;
                }
                dist[k] = d2;
                float s = 1.0f - t;
                float nx = s * nA.x + t * nB.x;
                float ny = s * nA.y + t * nB.y;
                float zc = s * centerZ[pa] + t * centerZ[pb];
                bool onLeft = dx * nx + dy * ny >= 0.0f;
                float w = onLeft ? s * left[pa] + t * left[pb] : s * right[pa] + t * right[pb];
                float zb = onLeft ? s * zlA + t * zlB : s * zrA + t * zrB;
                float a = sqrtf(d2);
                height[k] = tg_hf_surface(a, w, zc, zb, shoulder, falloff, floorZ);
            }
        }
    }
}
