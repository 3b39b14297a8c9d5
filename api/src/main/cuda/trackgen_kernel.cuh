/*
 * trackgen_kernel.cuh - the CUDA C side of the TrackGen kernel toolkit.
 *
 * Shipped in the api jar as trackgen-cuda/trackgen_kernel.cuh (with trackgen_host_shim.h) for
 * plugin authors. Every function here is the twin of a Java method of dev.trackgen.api.kernel
 * and computes the same result: integer functions bit for bit, float functions with the same
 * operations in the same order, so with nvcc -fmad=false -prec-div=true -prec-sqrt=true
 * -ftz=false (no FMA contraction, IEEE division and square root, denormals kept) they match Java
 * bit for bit. Transcendental functions (atan2, sin, cos) may differ from Java by an ulp.
 *
 * Launch convention (see dev.trackgen.api.runtime.LaunchShape):
 *   extern "C" __global__ void tg_name(int dim, <parameters of the Java twin, in order>)
 *   VEC2_ARRAY -> float2*, F32_ARRAY -> float*, I32_ARRAY -> int*, INT -> int, FLOAT -> float
 *   (const on pointees is allowed). Linear launches: int t = tg_thread_index(); if (t >= dim) return;
 *   Cooperative launches (Kernel.cudaLaunchShape = LaunchShape.blockPerIndex): the index is
 *   blockIdx.x, threads of the block share the work and meet at __syncthreads().
 *
 * Java semantics that differ from C and are wrapped here:
 *   - Math.min/Math.max propagate NaN and order -0.0 below 0.0: use tg_minf / tg_maxf;
 *   - (int) of a float saturates and maps NaN to 0: use tg_f2i;
 *   - Float.NaN: tg_nanf(); Float.isFinite: tg_isfinite.
 * Write float constants with an f suffix (0.5f, not 0.5) so nothing is promoted to double
 * unless the Java twin computes in double too.
 */
#ifndef TRACKGEN_KERNEL_CUH
#define TRACKGEN_KERNEL_CUH

#ifndef __CUDACC__
#include "trackgen_host_shim.h"
#define TG_INLINE static inline
/* __launch_bounds__ (a hint to the register allocator; nothing on the host) */
#define TG_LAUNCH_BOUNDS(maxThreads, minBlocks)
/* Dynamic shared memory: declares `type* name` pointing at the block's dynamic shared memory. */
#define TG_DYNAMIC_SHARED(type, name) type* name = reinterpret_cast<type*>(tgh::dynamic_shared())
#else
#define TG_INLINE static __device__ __forceinline__
#define TG_LAUNCH_BOUNDS(maxThreads, minBlocks) __launch_bounds__(maxThreads, minBlocks)
#define TG_DYNAMIC_SHARED(type, name)                               \
    extern __shared__ __align__(16) unsigned char tg_dynamic_smem_[]; \
    type* name = reinterpret_cast<type*>(tg_dynamic_smem_)
#endif

/* The api module's generated header (trackgen_api_kernels.h, beside this file in the api jar; in
   the build, api/target/classes/trackgen-cuda): the constants this file shares with Java
   (@CudaConstant fields: TG_CROSSING_REL_TOL, TG_CROSSING_CHUNK, TG_PI_D, ...) and the prototypes
   of api's kernels. */
#include "trackgen_api_kernels.h"

/* ------------------------------------------------------------------------------------------ */
/* Launch helpers                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** The global thread index of a linear launch: blockIdx.x * blockDim.x + threadIdx.x. */
TG_INLINE int tg_thread_index() {
    return static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
}

/** Bytes of dynamic shared memory this block was launched with (0 when the device refused more). */
TG_INLINE unsigned int tg_dynamic_shared_bytes() {
#ifdef __CUDACC__
    unsigned int r;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r));
    return r;
#else
    return tgh::state().dynamicSharedBytes;
#endif
}

/* ------------------------------------------------------------------------------------------ */
/* Java float semantics                                                                       */
/* ------------------------------------------------------------------------------------------ */

/** Float.NaN (0x7fc00000). */
TG_INLINE float tg_nanf() {
    return __int_as_float(0x7fc00000);
}

/** Float.isFinite. */
TG_INLINE bool tg_isfinite(float v) {
    return v - v == 0.0f;
}

/** Math.min(float, float): NaN if either is NaN, -0.0 below 0.0. */
TG_INLINE float tg_minf(float a, float b) {
    if (a != a) {
        return a;
    }
    if (b != b) {
        return b;
    }
    if (a == 0.0f && b == 0.0f) {
        return (__float_as_int(a) < 0) ? a : b;
    }
    return a <= b ? a : b;
}

/** Math.max(float, float): NaN if either is NaN, 0.0 above -0.0. */
TG_INLINE float tg_maxf(float a, float b) {
    if (a != a) {
        return a;
    }
    if (b != b) {
        return b;
    }
    if (a == 0.0f && b == 0.0f) {
        return (__float_as_int(a) < 0) ? b : a;
    }
    return a >= b ? a : b;
}

TG_INLINE int tg_mini(int a, int b) {
    return a < b ? a : b;
}

TG_INLINE int tg_maxi(int a, int b) {
    return a > b ? a : b;
}

/** Java's (int) cast of a float: truncation, saturating, NaN to 0. */
TG_INLINE int tg_f2i(float v) {
    if (v != v) {
        return 0;
    }
    if (v >= 2147483648.0f) {
        return 2147483647;
    }
    if (v <= -2147483648.0f) {
        return -2147483647 - 1;
    }
    return static_cast<int>(v);
}

/** Java's (int) cast of a double. */
TG_INLINE int tg_d2i(double v) {
    if (v != v) {
        return 0;
    }
    if (v >= 2147483647.0) {
        return 2147483647;
    }
    if (v <= -2147483648.0) {
        return -2147483647 - 1;
    }
    return static_cast<int>(v);
}

/* ------------------------------------------------------------------------------------------ */
/* Philox4x32-10 and CounterRng (integer-exact twins of Philox4x32 and CounterRng)            */
/* ------------------------------------------------------------------------------------------ */

/** Philox4x32-10: ten rounds on counter (c0..c3) with key (k0, k1); writes four words to out. */
TG_INLINE void tg_philox4x32(unsigned int c0, unsigned int c1, unsigned int c2, unsigned int c3, unsigned int k0,
                             unsigned int k1, unsigned int out[4]) {
    unsigned int x0 = c0, x1 = c1, x2 = c2, x3 = c3;
    for (int round = 0; round < 10; round++) {
        if (round > 0) {
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        unsigned long long p0 = 0xD2511F53ull * static_cast<unsigned long long>(x0);
        unsigned long long p1 = 0xCD9E8D57ull * static_cast<unsigned long long>(x2);
        unsigned int y0 = static_cast<unsigned int>(p1 >> 32) ^ x1 ^ k0;
        unsigned int y1 = static_cast<unsigned int>(p1);
        unsigned int y2 = static_cast<unsigned int>(p0 >> 32) ^ x3 ^ k1;
        unsigned int y3 = static_cast<unsigned int>(p0);
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
    }
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
}

/** One word (0..3) of a Philox4x32-10 block (Philox4x32.word). */
TG_INLINE unsigned int tg_philox4x32_word(unsigned int c0, unsigned int c1, unsigned int c2, unsigned int c3,
                                          unsigned int k0, unsigned int k1, int word) {
    unsigned int out[4];
    tg_philox4x32(c0, c1, c2, c3, k0, k1, out);
    return out[word & 3];
}

/** CounterRng.bits: word (index & 3) of the block with counter (index >>> 2, 0, 0, 0), key (seed, stream). */
TG_INLINE int tg_rng_bits(int seed, int stream, int index) {
    unsigned int i = static_cast<unsigned int>(index);
    return static_cast<int>(tg_philox4x32_word(i >> 2, 0u, 0u, 0u, static_cast<unsigned int>(seed),
                                               static_cast<unsigned int>(stream), static_cast<int>(i & 3u)));
}

/** CounterRng.uniform: the top 24 bits times 2^-24, in [0, 1). */
TG_INLINE float tg_rng_uniform(int seed, int stream, int index) {
    unsigned int b = static_cast<unsigned int>(tg_rng_bits(seed, stream, index)) >> 8;
    return static_cast<float>(static_cast<int>(b)) * 5.9604644775390625e-8f;
}

/** CounterRng.uniform(seed, stream, index, lo, hi): lo + u * (hi - lo). */
TG_INLINE float tg_rng_uniform_range(int seed, int stream, int index, float lo, float hi) {
    return lo + tg_rng_uniform(seed, stream, index) * (hi - lo);
}

/** CounterRng.uniformInt: an integer uniform in [lo, hiInclusive]. */
TG_INLINE int tg_rng_uniform_int(int seed, int stream, int index, int lo, int hiInclusive) {
    int span = hiInclusive - lo + 1;
    int v = lo + tg_f2i(tg_rng_uniform(seed, stream, index) * static_cast<float>(span));
    return tg_mini(v, hiInclusive);
}

/* ------------------------------------------------------------------------------------------ */
/* Geometry (twins of dev.trackgen.api.kernel.Geometry)                                       */
/* ------------------------------------------------------------------------------------------ */

/** Geometry.length: sqrt(x * x + y * y), correctly rounded. */
TG_INLINE float tg_length(float x, float y) {
    return sqrtf(x * x + y * y);
}

/**
 * ArcLengthScan.scan: the cumulative arc-length table of the closed loop p[0 .. n): seg[i] the
 * length of segment i (point i to i + 1, the last back to 0), s[0] = 0 and s[i + 1] the double
 * sum up to segment i rounded to float; returns the double sum. One thread, Java's order.
 */
TG_INLINE double tg_closed_arc_scan(const float2* p, int n, float* seg, float* s) {
    s[0] = 0.0f;
    double acc = 0.0;
    for (int i = 0; i < n; i++) {
        int in = i + 1 == n ? 0 : i + 1;
        float2 a = p[i];
        float2 b = p[in];
        float l = tg_length(b.x - a.x, b.y - a.y);
        seg[i] = l;
        acc += static_cast<double>(l);
        s[i + 1] = static_cast<float>(acc);
    }
    return acc;
}

/**
 * ArcLengthLookup.write: the point at arc length target along the closed loop p[0 .. n) whose
 * table (seg, s) tg_closed_arc_scan wrote. The first segment whose cumulative end reaches the
 * target is found by a binary search over the non-decreasing s[1 .. n-1] (the Java body walks
 * forward from the previous target, with the same result); then the clamped interpolation.
 */
TG_INLINE float2 tg_arc_point(const float2* p, const float* seg, const float* s, int n, float target) {
    int lo = 0;
    int hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (s[mid + 1] < target) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    float segl = tg_maxf(seg[lo], 1.0e-12f);
    float frac = tg_minf(tg_maxf((target - s[lo]) / segl, 0.0f), 1.0f);
    int i1 = lo + 1 == n ? 0 : lo + 1;
    float2 p0 = p[lo];
    float2 p1 = p[i1];
    return make_float2(p0.x + frac * (p1.x - p0.x), p0.y + frac * (p1.y - p0.y));
}

/** Geometry.cross. */
TG_INLINE float tg_cross(float ax, float ay, float bx, float by) {
    return ax * by - ay * bx;
}

/** Geometry.orient: orientation of q relative to the directed line o -> p. */
TG_INLINE float tg_orient(float ox, float oy, float px, float py, float qx, float qy) {
    return (px - ox) * (qy - oy) - (py - oy) * (qx - ox);
}

/** Geometry.properCrossing. */
TG_INLINE bool tg_proper_crossing(float a0x, float a0y, float a1x, float a1y, float b0x, float b0y, float b1x,
                                  float b1y) {
    float d1 = tg_orient(b0x, b0y, b1x, b1y, a0x, a0y);
    float d2 = tg_orient(b0x, b0y, b1x, b1y, a1x, a1y);
    float bl2 = (b1x - b0x) * (b1x - b0x) + (b1y - b0y) * (b1y - b0y);
    float eb = TG_CROSSING_REL_TOL * bl2;
    if (!((d1 > eb && d2 < -eb) || (d1 < -eb && d2 > eb))) {
        return false;
    }
    float d3 = tg_orient(a0x, a0y, a1x, a1y, b0x, b0y);
    float d4 = tg_orient(a0x, a0y, a1x, a1y, b1x, b1y);
    float al2 = (a1x - a0x) * (a1x - a0x) + (a1y - a0y) * (a1y - a0y);
    float ea = TG_CROSSING_REL_TOL * al2;
    return (d3 > ea && d4 < -ea) || (d3 < -ea && d4 > ea);
}

/** Geometry.menger: unsigned Menger curvature of (p, c, n). */
TG_INLINE float tg_menger(float px, float py, float cx, float cy, float nx, float ny) {
    float ax = cx - px;
    float ay = cy - py;
    float bx = nx - cx;
    float by = ny - cy;
    float area2 = fabsf(ax * by - ay * bx);
    float denom = tg_maxf(tg_length(ax, ay) * tg_length(bx, by) * tg_length(nx - px, ny - py), 1.0e-12f);
    return 2.0f * area2 / denom;
}

/**
 * Geometry.wrapAngle: atan2(sin a, cos a) in double, rounded to float (may differ by an ulp); an
 * angle already inside (-pi, pi) comes back as it is, the float the formula gives for it.
 */
TG_INLINE float tg_wrap_angle(float a) {
    if (fabsf(a) < TG_WRAP_ANGLE_IDENTITY) {
        return a;
    }
    double d = static_cast<double>(a);
    return static_cast<float>(atan2(sin(d), cos(d)));
}

/* ------------------------------------------------------------------------------------------ */
/* Crossings (twin of dev.trackgen.api.kernel.Crossings)                                      */
/* ------------------------------------------------------------------------------------------ */

/** Crossings.boxFloats: floats of box scratch for a polygon of at most n points. */
TG_INLINE int tg_crossing_box_floats(int n) {
    return 4 * ((n + TG_CROSSING_CHUNK - 1) / TG_CROSSING_CHUNK);
}

TG_INLINE float tg_finite_or_zero(float v) {
    return tg_isfinite(v) ? v : 0.0f;
}

/** Bounding box of chunk c (edges c*8 .. min(n, c*8+8), endpoints included) into boxes[bb + 4c ..]. */
TG_INLINE void tg_crossing_chunk_box(const float2* p, int base, int n, int c, float* boxes, int bb) {
    float minx = __int_as_float(0x7f800000);
    float miny = minx;
    float maxx = __int_as_float(static_cast<int>(0xff800000u));
    float maxy = maxx;
    int last = tg_mini(n, (c + 1) * TG_CROSSING_CHUNK);
    for (int i = c * TG_CROSSING_CHUNK; i <= last; i++) {
        int k = i == n ? 0 : i;
        float2 q = p[base + k];
        float x = tg_finite_or_zero(q.x);
        float y = tg_finite_or_zero(q.y);
        minx = tg_minf(minx, x);
        maxx = tg_maxf(maxx, x);
        miny = tg_minf(miny, y);
        maxy = tg_maxf(maxy, y);
    }
    boxes[bb + 4 * c] = minx;
    boxes[bb + 4 * c + 1] = miny;
    boxes[bb + 4 * c + 2] = maxx;
    boxes[bb + 4 * c + 3] = maxy;
}

/**
 * Crossings between edges of chunk ci and edges of chunk cj >= ci (the body of the pair loop of
 * Crossings.count), stopping when the count reaches limit (> 0) or never (limit <= 0).
 */
TG_INLINE int tg_crossing_chunk_pair(const float2* p, int base, int n, const float* boxes, int bb, int ci, int cj,
                                     int limit) {
    if (boxes[bb + 4 * ci] > boxes[bb + 4 * cj + 2] || boxes[bb + 4 * cj] > boxes[bb + 4 * ci + 2]
        || boxes[bb + 4 * ci + 1] > boxes[bb + 4 * cj + 3] || boxes[bb + 4 * cj + 1] > boxes[bb + 4 * ci + 3]) {
        return 0;
    }
    int crossings = 0;
    int iEnd = tg_mini(n, (ci + 1) * TG_CROSSING_CHUNK);
    int jEnd = tg_mini(n, (cj + 1) * TG_CROSSING_CHUNK);
    for (int i = ci * TG_CROSSING_CHUNK; i < iEnd; i++) {
        int i1 = i + 1 == n ? 0 : i + 1;
        float2 a = p[base + i];
        float2 bq = p[base + i1];
        float ax = tg_finite_or_zero(a.x);
        float ay = tg_finite_or_zero(a.y);
        float bx = tg_finite_or_zero(bq.x);
        float by = tg_finite_or_zero(bq.y);
        if ((tg_maxf(ax, bx) < boxes[bb + 4 * cj]) | (tg_minf(ax, bx) > boxes[bb + 4 * cj + 2])
            | (tg_maxf(ay, by) < boxes[bb + 4 * cj + 1]) | (tg_minf(ay, by) > boxes[bb + 4 * cj + 3])) {
            continue;
        }
        for (int j = tg_maxi(cj * TG_CROSSING_CHUNK, i + 2); j < jEnd; j++) {
            if (i == 0 && j == n - 1) {
                continue;
            }
            int j1 = j + 1 == n ? 0 : j + 1;
            float2 c = p[base + j];
            float2 d = p[base + j1];
            if (tg_proper_crossing(ax, ay, bx, by, tg_finite_or_zero(c.x), tg_finite_or_zero(c.y),
                                   tg_finite_or_zero(d.x), tg_finite_or_zero(d.y))) {
                crossings++;
                if (limit > 0 && crossings >= limit) {
                    return crossings;
                }
            }
        }
    }
    return crossings;
}

/**
 * Crossings.count for one thread: proper crossings of the closed polygon p[base .. base + n),
 * stopping at maxCount when positive; boxes[bb ..] is scratch of tg_crossing_box_floats(n) floats.
 */
TG_INLINE int tg_count_crossings(const float2* p, int base, int n, float* boxes, int bb, int maxCount) {
    if (n < 4) {
        return 0;
    }
    int chunks = (n + TG_CROSSING_CHUNK - 1) / TG_CROSSING_CHUNK;
    for (int c = 0; c < chunks; c++) {
        tg_crossing_chunk_box(p, base, n, c, boxes, bb);
    }
    int crossings = 0;
    for (int ci = 0; ci < chunks; ci++) {
        for (int cj = ci; cj < chunks; cj++) {
            int limit = maxCount > 0 ? maxCount - crossings : 0;
            crossings += tg_crossing_chunk_pair(p, base, n, boxes, bb, ci, cj, limit);
            if (maxCount > 0 && crossings >= maxCount) {
                return crossings;
            }
        }
    }
    return crossings;
}

/**
 * Crossings.count for a whole block (cooperative launches only): every thread of the block calls
 * it with the same arguments and gets the same result as tg_count_crossings, min(count, maxCount)
 * when maxCount > 0. Chunk pairs are shared out over the threads in rounds of blockDim.x;
 * counting stops after the round in which the total reaches maxCount. Uses __syncthreads.
 */
#ifdef __CUDACC__
static __device__ __noinline__
#else
static inline
#endif
int tg_block_count_crossings(const float2* p, int base, int n, float* boxes, int bb, int maxCount) {
    __shared__ int tg_bcc_total;
    if (n < 4) {
        return 0;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = static_cast<int>(blockDim.x);
    int chunks = (n + TG_CROSSING_CHUNK - 1) / TG_CROSSING_CHUNK;
    for (int c = tid; c < chunks; c += nt) {
        tg_crossing_chunk_box(p, base, n, c, boxes, bb);
    }
    if (tid == 0) {
        tg_bcc_total = 0;
    }
    __syncthreads();
    int pairs = chunks * chunks;
    int result = 0;
    for (int round = 0; round < pairs; round += nt) {
        int q = round + tid;
        if (q < pairs) {
            int ci = q / chunks;
            int cj = q - ci * chunks;
            if (cj >= ci) {
                int local = tg_crossing_chunk_pair(p, base, n, boxes, bb, ci, cj, maxCount);
                if (local > 0) {
                    atomicAdd(&tg_bcc_total, local);
                }
            }
        }
        __syncthreads();
        result = tg_bcc_total;
        int stop = maxCount > 0 && result >= maxCount;
        __syncthreads();
        if (stop) {
            break;
        }
    }
    return maxCount > 0 ? tg_mini(result, maxCount) : result;
}

#endif  // TRACKGEN_KERNEL_CUH
