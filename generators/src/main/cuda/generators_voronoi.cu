/*
 * CUDA C bodies of the voronoi generator's own kernels (PTX module
 * trackgen-ptx/generators_voronoi.ptx); its curve kernels are in generators.cu. Each entry point
 * is the twin of the Java kernel of the same name in dev.trackgen.generators.voronoi; see that
 * class for semantics and shapes. Launch convention and helpers: trackgen_kernel.cuh. cos, sin and
 * atan2 are in double, as in Java, and may differ from Java by an ulp before the rounding to float
 * (the sites' polar angle is PolarAngle's, the same operations and table on both sides).
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* PolarAngle.ATAN_K: atan(k / 16), k = 0..16, the doubles of the Java table */
__device__ const double tg_voronoi_atan_k[17] = {
    0.0,
    0.06241880999595735,
    0.12435499454676144,
    0.18534794999569476,
    0.24497866312686414,
    0.3028848683749714,
    0.3587706702705722,
    0.4124104415973873,
    0.4636476090008061,
    0.5123894603107377,
    0.5585993153435624,
    0.6022873461349642,
    0.6435011087932844,
    0.6823165548747481,
    0.7188299996216245,
    0.7531512809621944,
    0.7853981633974483,
};

/* PolarAngle.atan2 (the library's atan2 for non-finite arguments and (0, 0), as Java's Fdlibm) */
TG_INLINE double tg_voronoi_atan2(double y, double x) {
    double ax = fabs(x);
    double ay = fabs(y);
    if (!(ax <= 1.7976931348623157e308 && ay <= 1.7976931348623157e308) || (ax == 0.0 && ay == 0.0)) {
        return atan2(y, x);
    }
    double t = (ax <= ay ? ax : ay) / (ax >= ay ? ax : ay);
    int k = static_cast<int>(t * 16.0 + 0.5);
    double c = static_cast<double>(k) * 0.0625;
    double u = (t - c) / (1.0 + t * c);
    double z = u * u;
    double p = z * (-1.0 / 11.0) + 1.0 / 9.0;
    p = z * p - 1.0 / 7.0;
    p = z * p + 1.0 / 5.0;
    p = z * p - 1.0 / 3.0;
    double r = tg_voronoi_atan_k[k] + (u * z * p + u);
    double fs = ay > ax ? 1.0 : 0.0;
    r = fs * (0.5 * TG_PI_D) + (1.0 - 2.0 * fs) * r;
    double fx = x < 0.0 ? 1.0 : 0.0;
    r = fx * TG_PI_D + (1.0 - 2.0 * fx) * r;
    return copysign(r, y);
}

/* VoronoiSitesKernel: one thread per site (dim = E * S). */
extern "C" __global__ void tg_voronoi_sites(int dim, const int* seeds, int S, int layout, float box, float2* sites,
                                            float2* polar) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    float half = 0.5f * box;
    float twoPi = static_cast<float>(2.0 * TG_PI_D);
    const int st = TG_STREAM_VORONOI_SITES;
    int e = t / S;
    int i = t - e * S;
    int seed = seeds[e];
    int d = TG_VORONOI_DRAWS_PER_SITE * i;
    bool annulus = layout == TG_VORONOI_VOID_RING
                   || (layout == TG_VORONOI_MIXED && tg_rng_uniform(seed, st, d) < 0.65f);
    float x = 0.0f;
    float y = 0.0f;
    bool placed = false;
    if (layout == TG_VORONOI_CLUSTERED) {
        float phase = tg_rng_uniform(seed, TG_STREAM_VORONOI_FIELD, 0) * twoPi;
        float radial = 0.24f * box + 0.10f * box * tg_rng_uniform(seed, TG_STREAM_VORONOI_FIELD, 1);
        int cluster = tg_mini(tg_f2i(tg_rng_uniform(seed, st, d + 1) * 6.0f), 5);
        double ct = static_cast<double>(phase) + static_cast<double>(twoPi * static_cast<float>(cluster)) / 6.0;
        float cr = radial * (0.82f + 0.30f * tg_rng_uniform(seed, st, d + 2));
        double th = static_cast<double>(tg_rng_uniform(seed, st, d + 3) * twoPi);
        float nr = 0.025f * box + 0.080f * box * tg_rng_uniform(seed, st, d + 4);
        if (tg_rng_uniform(seed, st, d + 5) < 0.22f) {
            annulus = true;
        } else {
            x = tg_minf(tg_maxf(cr * static_cast<float>(cos(ct)) + nr * static_cast<float>(cos(th)), -half), half);
            y = tg_minf(tg_maxf(cr * static_cast<float>(sin(ct)) + nr * static_cast<float>(sin(th)), -half), half);
            placed = true;
        }
    }
    if (!placed) {
        float u6 = tg_rng_uniform(seed, st, d + 6);
        float u7 = tg_rng_uniform(seed, st, d + 7);
        if (annulus) {
            float r0 = 0.14f * box;
            float r1 = 0.52f * box;
            float r = static_cast<float>(sqrt(static_cast<double>(r0 * r0 + u7 * (r1 * r1 - r0 * r0))));
            double th = static_cast<double>(u6 * twoPi);
            x = r * static_cast<float>(cos(th));
            y = r * static_cast<float>(sin(th));
        } else {
            x = (2.0f * u6 - 1.0f) * half;
            y = (2.0f * u7 - 1.0f) * half;
        }
    }
    sites[t] = make_float2(x, y);
    polar[t] = make_float2(static_cast<float>(sqrt(static_cast<double>(x * x + y * y))),
                           static_cast<float>(tg_voronoi_atan2(static_cast<double>(y), static_cast<double>(x))));
}

/*
 * VoronoiAnchorsKernel: one block per env (dim = E, TG_VORONOI_ANCHOR_THREADS threads). Anchors are
 * chosen one after another as in Java; for each, the threads scan the sites in a strided order
 * and the first minimum over the whole field (lowest cost, then lowest index) is reduced by
 * thread 0, which gives exactly Java's sequential scan with strict improvement.
 */
extern "C" __global__ void tg_voronoi_anchors(int dim, const int* seeds, const float2* sites, const float2* polar,
                                              int S, int K, float boost, float box, float radialVariation,
                                              float angularJitter, int* used, float2* anchors) {
    __shared__ float s_cost[TG_VORONOI_ANCHOR_THREADS];
    __shared__ int s_index[TG_VORONOI_ANCHOR_THREADS];
    int e = static_cast<int>(blockIdx.x);
    if (e >= dim) {
        return;
    }
    int tid = static_cast<int>(threadIdx.x);
    int nt = tg_mini(static_cast<int>(blockDim.x), TG_VORONOI_ANCHOR_THREADS);
    const int st = TG_STREAM_VORONOI_ANCHORS;
    float twoPi = static_cast<float>(2.0 * TG_PI_D);
    float sector = twoPi / static_cast<float>(K);
    float invSector = 1.0f / tg_maxf(sector, 1.0e-6f);
    float invRadial = 1.0f / tg_maxf(0.13f * box, 1.0e-6f);
    float amp = tg_minf(tg_maxf(radialVariation * boost, 0.0f), 0.85f);
    int seed = seeds[e];
    int sb = e * S;
    float rotation = tg_rng_uniform(seed, st, 0) * twoPi;
    float q0 = tg_rng_uniform(seed, st, 1) * twoPi;
    float q1 = tg_rng_uniform(seed, st, 2) * twoPi;
    float q2 = tg_rng_uniform(seed, st, 3) * twoPi;
    float q3 = tg_rng_uniform(seed, st, 4) * twoPi;
    for (int j = tid; j < S; j += nt) {
        used[sb + j] = 0;
    }
    __syncthreads();
    for (int i = 0; i < K; i++) {
        /* every thread computes the same target */
        float theta = rotation + sector * static_cast<float>(i)
                      + (2.0f * tg_rng_uniform(seed, st, 5 + i) - 1.0f) * angularJitter;
        double th = static_cast<double>(theta);
        float profile = (0.62f * static_cast<float>(sin(2.0 * th + static_cast<double>(q0)))
                         + 0.44f * static_cast<float>(cos(3.0 * th + static_cast<double>(q1)))
                         + 0.26f * static_cast<float>(sin(5.0 * th + static_cast<double>(q2)))
                         + 0.18f * static_cast<float>(cos(7.0 * th + static_cast<double>(q3)))) / 1.5f;
        float tr = tg_minf(tg_maxf(0.34f * box * (1.0f + amp * profile), 0.16f * box), 0.52f * box);
        int best = -1;
        float bestCost = 1.0e30f;
        if (tid < nt) {
            for (int j = tid; j < S; j += nt) {
                float2 pj = polar[sb + j];
                float dth = pj.y - theta;
                dth -= twoPi * static_cast<float>(
                        floor((static_cast<double>(dth) + TG_PI_D) / static_cast<double>(twoPi)));
                float cost = fabsf(dth) * invSector + fabsf(pj.x - tr) * invRadial
                             + (used[sb + j] > 0 ? TG_VORONOI_USED_PENALTY : 0.0f);
                if (cost < bestCost) {
                    bestCost = cost;
                    best = j;
                }
            }
            s_cost[tid] = bestCost;
            s_index[tid] = best;
        }
        __syncthreads();
        if (tid == 0) {
            int pick = -1;
            float pickCost = 1.0e30f;
            for (int k = 0; k < nt; k++) {
                int j = s_index[k];
                if (j >= 0 && (pick < 0 || s_cost[k] < pickCost || (s_cost[k] == pickCost && j < pick))) {
                    pick = j;
                    pickCost = s_cost[k];
                }
            }
            if (pick < 0) {
                pick = 0;
            }
            used[sb + pick] = 1;
            anchors[e * K + i] = sites[sb + pick];
        }
        __syncthreads();
    }
}

/* ChaikinKernel: one thread per output point (dim = E * 2K). */
extern "C" __global__ void tg_chaikin(int dim, const float2* poly, int K, float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int per = 2 * K;
    int e = t / per;
    int r = t - e * per;
    int i = r >> 1;
    float w0 = (r & 1) == 0 ? 0.75f : 0.25f;
    float w1 = 1.0f - w0;
    float2 p0 = poly[e * K + i];
    float2 p1 = poly[e * K + (i + 1) % K];
    out[t] = make_float2(w0 * p0.x + w1 * p1.x, w0 * p0.y + w1 * p1.y);
}
