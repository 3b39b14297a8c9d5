/*
 * CUDA C bodies of the checkpoint generator's own kernels (PTX module
 * trackgen-ptx/generators_checkpoint.ptx); its normalization kernel is in generators.cu. Each entry
 * point is the twin of the Java kernel of the same name in dev.trackgen.generators.checkpoint; see
 * that class for semantics and shapes. Launch convention and helpers: trackgen_kernel.cuh.
 *
 * The steering walk is sequential, one thread per candidate. The closure, the pinch check and the
 * clip run one block per candidate (or env): the threads share the per-point transcendental work
 * and the pair scans, and every float sum whose rounding depends on its order is added by thread
 * 0 in Java's order, so results match Java bit for bit (cos, sin and atan2 are in double, as in
 * Java, and may differ by an ulp before the rounding to float).
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* CheckpointSampleKernel: one thread per checkpoint of each candidate (dim = E * K * C). */
extern "C" __global__ void tg_checkpoint_sample(int dim, const int* seeds, int K, int C, float radiusMinFrac,
                                                float angleJitter, float2* checkpoints) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    double sigma = 2.0 * TG_PI_D / static_cast<double>(C);
    int slot = t / C;
    int ci = t - slot * C;
    int e = slot / K;
    int cand = slot - e * K;
    int seed = seeds[e];
    int d = 2 * C * cand + 2 * ci;
    float ua = tg_rng_uniform(seed, TG_STREAM_CHECKPOINTS, d);
    float ur = tg_rng_uniform(seed, TG_STREAM_CHECKPOINTS, d + 1);
    double ang = static_cast<double>(ci) * sigma + static_cast<double>((2.0f * ua - 1.0f) * angleJitter) * sigma;
    float r = radiusMinFrac + ur * (1.0f - radiusMinFrac);
    checkpoints[t] = make_float2(r * static_cast<float>(cos(ang)), r * static_cast<float>(sin(ang)));
}

/* atan2 of float differences in double, rounded to float (Java's (float) Math.atan2(dy, dx)). */
TG_INLINE float tg_atan2f_d(float dy, float dx) {
    return static_cast<float>(atan2(static_cast<double>(dy), static_cast<double>(dx)));
}

/* CheckpointSteerKernel: one thread per candidate (dim = E * K); the walk is sequential. */
extern "C" __global__ void tg_checkpoint_steer(int dim, const float2* checkpoints, int C, int N, float turnRate,
                                               float steerGain, float lookahead, float2* path) {
    int slot = tg_thread_index();
    if (slot >= dim) {
        return;
    }
    int cb = slot * C;
    int pb = slot * N;
    float perim = 0.0f;
    for (int i = 0; i < C; i++) {
        float2 a = checkpoints[cb + i];
        float2 b = checkpoints[cb + (i + 1) % C];
        perim += tg_length(b.x - a.x, b.y - a.y);
    }
    float dl = perim / static_cast<float>(N);
    float2 c0 = checkpoints[cb];
    float2 c1 = checkpoints[cb + 1];
    float px = c0.x;
    float py = c0.y;
    float theta = tg_atan2f_d(c1.y - py, c1.x - px);
    int tgt = 1;
    for (int i = 0; i < N; i++) {
        path[pb + i] = make_float2(px, py);
        float2 q = checkpoints[cb + tgt % C];
        if (tg_length(q.x - px, q.y - py) < lookahead) {
            tgt++;
            q = checkpoints[cb + tgt % C];
        }
        float bearing = tg_atan2f_d(q.y - py, q.x - px);
        float err = tg_wrap_angle(bearing - theta);
        theta += tg_minf(tg_maxf(steerGain * err, -turnRate), turnRate);
        px += dl * static_cast<float>(cos(static_cast<double>(theta)));
        py += dl * static_cast<float>(sin(static_cast<double>(theta)));
    }
}

/*
 * CheckpointCloseKernel: one block per candidate (dim = E * K). The edge headings, their wrapped
 * increments and the cos/sin of the rebuilt headings are computed by all threads (cand holds the
 * headings, then the cos/sin pairs, until the points overwrite them); the drift, the heading
 * prefix sum, the mean edge and the point prefix sums are added by thread 0 in Java's order.
 */
extern "C" __global__ void tg_checkpoint_close(int dim, const float2* path, int N, float* heading, float2* cand) {
    __shared__ float s_cx;
    __shared__ float s_cy;
    int slot = static_cast<int>(blockIdx.x);
    if (slot >= dim) {
        return;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int b = slot * N;
    float ds = 1.0f / static_cast<float>(N);
    for (int i = tid; i < N; i += nt) {
        float2 p = path[b + i];
        float2 q = path[b + (i + 1) % N];
        cand[b + i] = make_float2(tg_atan2f_d(q.y - p.y, q.x - p.x), 0.0f);
    }
    __syncthreads();
    for (int i = tid; i < N; i += nt) {
        heading[b + i] = i == 0 ? 0.0f : tg_wrap_angle(cand[b + i].x - cand[b + i - 1].x);
    }
    __syncthreads();
    if (tid == 0) {
        float sum = 0.0f;
        for (int i = 0; i < N; i++) {
            sum += heading[b + i];
        }
        float drift = static_cast<float>((2.0 * TG_PI_D - static_cast<double>(sum)) / static_cast<double>(N));
        float acc = 0.0f;
        for (int i = 0; i < N; i++) {
            acc += heading[b + i] + drift;
            heading[b + i] = acc - drift;
        }
    }
    __syncthreads();
    for (int i = tid; i < N; i += nt) {
        double g = static_cast<double>(heading[b + i]);
        cand[b + i] = make_float2(static_cast<float>(cos(g)), static_cast<float>(sin(g)));
    }
    __syncthreads();
    if (tid == 0) {
        float mx = 0.0f;
        float my = 0.0f;
        for (int i = 0; i < N; i++) {
            float2 cs = cand[b + i];
            mx += ds * cs.x;
            my += ds * cs.y;
        }
        mx /= static_cast<float>(N);
        my /= static_cast<float>(N);
        float px = 0.0f;
        float py = 0.0f;
        float sx = 0.0f;
        float sy = 0.0f;
        for (int i = 0; i < N; i++) {
            float2 cs = cand[b + i];
            px += ds * cs.x - mx;
            py += ds * cs.y - my;
            cand[b + i] = make_float2(px, py);
            sx += px;
            sy += py;
        }
        s_cx = sx / static_cast<float>(N);
        s_cy = sy / static_cast<float>(N);
    }
    __syncthreads();
    float cx = s_cx;
    float cy = s_cy;
    for (int i = tid; i < N; i += nt) {
        float2 p = cand[b + i];
        cand[b + i] = make_float2(p.x - cx, p.y - cy);
    }
}

/* CheckpointClearanceKernel.boxFloats */
TG_INLINE int tg_clearance_box_floats(int n) {
    return 4 * ((n + TG_CLEARANCE_CHUNK - 1) / TG_CLEARANCE_CHUNK);
}

/* The close-pair scan of CheckpointClearanceKernel between chunks ci <= cj: 1 on the first close pair. */
TG_INLINE int tg_clearance_chunk_pair(const float2* p, int b, int n, const float* boxes, int bb, int ci, int cj,
                                      float c, float c2, int d) {
    if (boxes[bb + 4 * ci] - c > boxes[bb + 4 * cj + 2] || boxes[bb + 4 * cj] - c > boxes[bb + 4 * ci + 2]
        || boxes[bb + 4 * ci + 1] - c > boxes[bb + 4 * cj + 3] || boxes[bb + 4 * cj + 1] - c > boxes[bb + 4 * ci + 3]) {
        return 0;
    }
    int iEnd = tg_mini(n, (ci + 1) * TG_CLEARANCE_CHUNK);
    int jEnd = tg_mini(n, (cj + 1) * TG_CLEARANCE_CHUNK);
    for (int i = ci * TG_CLEARANCE_CHUNK; i < iEnd; i++) {
        float2 pi = p[b + i];
        /* i + d wraps like Java's int addition when d is huge (a degenerate loop) */
        int from = static_cast<int>(static_cast<unsigned int>(i) + static_cast<unsigned int>(d));
        for (int j = tg_maxi(cj * TG_CLEARANCE_CHUNK, from); j < jEnd; j++) {
            if (n - (j - i) < d) {
                break;
            }
            float2 pj = p[b + j];
            float dx = pj.x - pi.x;
            float dy = pj.y - pi.y;
            if (dx * dx + dy * dy < c2) {
                return 1;
            }
        }
    }
    return 0;
}

/*
 * CheckpointClearanceKernel: one block per candidate (dim = E * K). Thread 0 sums the loop length
 * in Java's order; the chunk boxes are shared out, then the chunk pairs, in rounds of blockDim.x,
 * until a round finds a close pair. The flag is whether any close pair exists, as in Java, whose
 * scan stops at the first.
 */
extern "C" __global__ void tg_checkpoint_clearance(int dim, const float2* cand, int N, float halfWidth,
                                                   float targetExtent, float* boxes, int* thin) {
    __shared__ float s_c;
    __shared__ float s_c2;
    __shared__ int s_d;
    int slot = static_cast<int>(blockIdx.x);
    if (slot >= dim) {
        return;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int n = N;
    int b = slot * n;
    int bb = slot * tg_clearance_box_floats(n);
    int chunks = (n + TG_CLEARANCE_CHUNK - 1) / TG_CLEARANCE_CHUNK;
    if (tid == 0) {
        float minx = __int_as_float(0x7f800000);
        float miny = minx;
        float maxx = __int_as_float(static_cast<int>(0xff800000u));
        float maxy = maxx;
        float len = 0.0f;
        for (int i = 0; i < n; i++) {
            float2 q = cand[b + i];
            float2 r = cand[b + (i + 1) % n];
            minx = tg_minf(minx, q.x);
            maxx = tg_maxf(maxx, q.x);
            miny = tg_minf(miny, q.y);
            maxy = tg_maxf(maxy, q.y);
            len += tg_length(r.x - q.x, r.y - q.y);
        }
        float s = targetExtent / tg_maxf(tg_maxf(maxx - minx, maxy - miny), 1.0e-8f);
        float c = TG_CLEARANCE_GAP_FRACTION * halfWidth / s;
        s_c = c;
        s_c2 = c * c;
        s_d = tg_maxi(3, tg_d2i(ceil(2.0 * TG_PI_D * static_cast<double>(halfWidth) * static_cast<double>(n)
                                     / static_cast<double>(tg_maxf(s * len, 1.0e-8f)))));
    }
    for (int k = tid; k < chunks; k += nt) {
        float bx0 = __int_as_float(0x7f800000);
        float by0 = bx0;
        float bx1 = __int_as_float(static_cast<int>(0xff800000u));
        float by1 = bx1;
        int last = tg_mini(n, (k + 1) * TG_CLEARANCE_CHUNK);
        for (int i = k * TG_CLEARANCE_CHUNK; i < last; i++) {
            float2 q = cand[b + i];
            bx0 = tg_minf(bx0, q.x);
            bx1 = tg_maxf(bx1, q.x);
            by0 = tg_minf(by0, q.y);
            by1 = tg_maxf(by1, q.y);
        }
        boxes[bb + 4 * k] = bx0;
        boxes[bb + 4 * k + 1] = by0;
        boxes[bb + 4 * k + 2] = bx1;
        boxes[bb + 4 * k + 3] = by1;
    }
    __syncthreads();
    float c = s_c;
    float c2 = s_c2;
    int d = s_d;
    int pairs = chunks * chunks;
    int found = 0;
    for (int round = 0; round < pairs; round += nt) {
        int q = round + tid;
        int local = 0;
        if (q < pairs) {
            int ci = q / chunks;
            int cj = q - ci * chunks;
            if (cj >= ci) {
                local = tg_clearance_chunk_pair(cand, b, n, boxes, bb, ci, cj, c, c2, d);
            }
        }
        found = __syncthreads_or(local);
        if (found) {
            break;
        }
    }
    if (tid == 0) {
        thin[slot] = found != 0 ? 1 : 0;
    }
}

/* CheckpointSelectKernel: one thread per output point (dim = E * N). */
extern "C" __global__ void tg_checkpoint_select(int dim, const float2* cand, const int* cross, const int* thin, int K,
                                                int N, float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / N;
    int best = 0;
    if (K > 1) {
        long long bestScore = 2LL * cross[e * K] + (thin[e * K] != 0 ? 1 : 0);
        for (int c = 1; c < K; c++) {
            long long sc = 2LL * cross[e * K + c] + (thin[e * K + c] != 0 ? 1 : 0);
            if (sc < bestScore) {
                bestScore = sc;
                best = c;
            }
        }
    }
    int src = (e * K + best) * N - e * N;
    out[t] = cand[src + t];
}

/* The closed length of P, p[lo1..hi1], p[lo2..hi2], back to P (CheckpointClipKernel.chainLength). */
TG_INLINE float tg_clip_chain_length(const float2* p, int b, float qx, float qy, int lo1, int hi1, int lo2, int hi2) {
    float len = 0.0f;
    float x = qx;
    float y = qy;
    for (int i = lo1; i <= hi1; i++) {
        float2 v = p[b + i];
        len += tg_length(v.x - x, v.y - y);
        x = v.x;
        y = v.y;
    }
    for (int i = lo2; i <= hi2; i++) {
        float2 v = p[b + i];
        len += tg_length(v.x - x, v.y - y);
        x = v.x;
        y = v.y;
    }
    return len + tg_length(qx - x, qy - y);
}

/*
 * CheckpointClipKernel: one block per env (dim = E). Rows i of the pair scan are shared out in
 * rounds of blockDim.x; each thread finds its row's first crossing j as Java does, and the lowest
 * crossing row of the first round that has one is Java's first crossing. Thread 0 measures the two
 * sub-loops in Java's order; all threads write the row.
 */
extern "C" __global__ void tg_checkpoint_clip(int dim, const float2* pts, int N, int M, float2* dense) {
    __shared__ int s_fi;
    __shared__ int s_fj;
    __shared__ float s_qx;
    __shared__ float s_qy;
    __shared__ int s_lo1;
    __shared__ int s_len1;
    __shared__ int s_len2;
    int e = static_cast<int>(blockIdx.x);
    if (e >= dim) {
        return;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int n = N;
    int b = e * n;
    int db = e * M;
    if (tid == 0) {
        s_fi = n;
    }
    __syncthreads();
    for (int base = 0; base < n; base += nt) {
        int i = base + tid;
        int fj = -1;
        float qx = 0.0f;
        float qy = 0.0f;
        if (i < n) {
            float2 a = pts[b + i];
            float2 c = pts[b + (i + 1) % n];
            float aix = a.x;
            float aiy = a.y;
            float bix = c.x;
            float biy = c.y;
            for (int j = i + 1; j < n; j++) {
                if ((i + 1) % n == j || (j + 1) % n == i) {
                    continue;
                }
                float2 aj = pts[b + j];
                float2 bj = pts[b + (j + 1) % n];
                float ajx = aj.x;
                float ajy = aj.y;
                float bjx = bj.x;
                float bjy = bj.y;
                float d1 = tg_orient(aix, aiy, bix, biy, ajx, ajy);
                float d2 = tg_orient(aix, aiy, bix, biy, bjx, bjy);
                float d3 = tg_orient(ajx, ajy, bjx, bjy, aix, aiy);
                float d4 = tg_orient(ajx, ajy, bjx, bjy, bix, biy);
                if ((d1 > 0.0f) != (d2 > 0.0f) && (d3 > 0.0f) != (d4 > 0.0f)) {
                    float rx = bix - aix;
                    float ry = biy - aiy;
                    float sx = bjx - ajx;
                    float sy = bjy - ajy;
                    float den = rx * sy - ry * sx;
                    if (fabsf(den) < 1.0e-12f) {
                        qx = 0.5f * (aix + ajx);
                        qy = 0.5f * (aiy + ajy);
                    } else {
                        float tt = ((ajx - aix) * sy - (ajy - aiy) * sx) / den;
                        qx = aix + tt * rx;
                        qy = aiy + tt * ry;
                    }
                    fj = j;
                    break;
                }
            }
            if (fj >= 0) {
                atomicMin(&s_fi, i);
            }
        }
        if (__syncthreads_or(fj >= 0)) {
            if (fj >= 0 && i == s_fi) {
                s_fj = fj;
                s_qx = qx;
                s_qy = qy;
            }
            break;
        }
    }
    __syncthreads();
    int fi = s_fi;
    if (fi >= n) {
        for (int w = tid; w < M; w += nt) {
            dense[db + w] = w < n ? pts[b + w] : make_float2(tg_nanf(), tg_nanf());
        }
        return;
    }
    if (tid == 0) {
        int fj = s_fj;
        float inner = tg_clip_chain_length(pts, b, s_qx, s_qy, fi + 1, fj, 0, -1);
        float outer = tg_clip_chain_length(pts, b, s_qx, s_qy, fj + 1, n - 1, 0, fi);
        int lo1 = inner >= outer ? fi + 1 : fj + 1;
        int hi1 = inner >= outer ? fj : n - 1;
        s_lo1 = lo1;
        s_len1 = tg_maxi(0, hi1 - lo1 + 1);
        s_len2 = inner < outer ? fi + 1 : 0;
    }
    __syncthreads();
    int lo1 = s_lo1;
    int len1 = s_len1;
    int total = 1 + len1 + s_len2;
    for (int w = tid; w < M; w += nt) {
        float2 v;
        if (w == 0) {
            v = make_float2(s_qx, s_qy);
        } else if (w <= len1) {
            v = pts[b + lo1 + w - 1];
        } else if (w < total) {
            v = pts[b + w - 1 - len1];
        } else {
            v = make_float2(tg_nanf(), tg_nanf());
        }
        dense[db + w] = v;
    }
}
