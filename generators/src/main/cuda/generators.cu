/*
 * CUDA C bodies of the built-in generators' shared kernels (PTX module trackgen-ptx/generators.ptx):
 * the bezier generator, the corner kernels (bezier, hull) and the curve kernels (hull, polar,
 * voronoi, checkpoint). The other generators' own kernels are in generators_NAME.cu. Each entry
 * point is the twin of the Java kernel of the same name; see that class for semantics and shapes.
 * Launch convention and helpers: trackgen_kernel.cuh.
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* StyleSampleKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_bezier_style(int dim, const int* seeds, float radLo, float radHi, float scaleLo,
                                           float scaleHi, float clampLo, float clampHi, float* rad, float* scale,
                                           float* clamp) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int s = seeds[e];
    rad[e] = tg_rng_uniform_range(s, TG_STREAM_STYLE, 0, radLo, radHi);
    scale[e] = tg_rng_uniform_range(s, TG_STREAM_STYLE, 1, scaleLo, scaleHi);
    clamp[e] = tg_rng_uniform_range(s, TG_STREAM_STYLE, 2, clampLo, clampHi);
}

/* CornerSampleKernel: one thread per env (dim = E); the RNG streams are arguments (bezier, hull). */
extern "C" __global__ void tg_corner_sample(int dim, const int* seeds, int countStream, int cornerStream, int minNum,
                                            int maxNum, int numCells, float cellSize, int P, const float* scale,
                                            int* used, int* count, float2* corners) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int nc2 = numCells * numCells;
    int seed = seeds[e];
    count[e] = tg_rng_uniform_int(seed, countStream, 0, minNum, maxNum);
    int draw = 0;
    int base = e * P;
    float sc = scale[e];
    for (int c = 0; c < P; c++) {
        int cell = tg_rng_uniform_int(seed, cornerStream, draw++, 0, nc2 - 1);
        for (int retry = 0; retry < TG_DEDUP_RETRIES; retry++) {
            bool dup = false;
            for (int k = 0; k < c; k++) {
                dup |= used[base + k] == cell;
            }
            if (!dup) {
                break;
            }
            cell = tg_rng_uniform_int(seed, cornerStream, draw++, 0, nc2 - 1);
        }
        used[base + c] = cell;
        float jx = tg_rng_uniform(seed, cornerStream, draw++) - 0.5f;
        float jy = tg_rng_uniform(seed, cornerStream, draw++) - 0.5f;
        corners[base + c] = make_float2((static_cast<float>(cell % numCells) * cellSize + jx) * sc,
                                        (static_cast<float>(cell / numCells) * cellSize + jy) * sc);
    }
}

/* CornerSortKernel: one thread per env (dim = E); keys are atan2 in double (may differ by an ulp). */
extern "C" __global__ void tg_corner_sort(int dim, const float2* corners, int P, const int* count, float* keys,
                                          float2* out) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int base = e * P;
    int m = tg_mini(tg_maxi(count[e], 1), P);
    double sx = 0.0;
    double sy = 0.0;
    for (int i = 0; i < m; i++) {
        float2 q = corners[base + i];
        sx += static_cast<double>(q.x);
        sy += static_cast<double>(q.y);
    }
    float cx = static_cast<float>(sx / static_cast<double>(m));
    float cy = static_cast<float>(sy / static_cast<double>(m));
    for (int c = 0; c < m; c++) {
        float2 q = corners[base + c];
        float key = static_cast<float>(atan2(static_cast<double>(q.x - cx), static_cast<double>(q.y - cy)));
        int j = c - 1;
        while (j >= 0 && keys[base + j] > key) {
            keys[base + j + 1] = keys[base + j];
            out[base + j + 1] = out[base + j];
            j--;
        }
        keys[base + j + 1] = key;
        out[base + j + 1] = q;
    }
    for (int c = m; c < P; c++) {
        out[base + c] = make_float2(tg_nanf(), tg_nanf());
    }
}

/* VertexTangentKernel: one thread per corner slot (dim = E * P). */
extern "C" __global__ void tg_vertex_tangent(int dim, const float2* corners, const int* count, int P, float blend,
                                             float2* tangents, float* minEdge) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / P;
    int i = t - e * P;
    int cnt = count[e];
    if (i >= cnt) {
        tangents[t] = make_float2(tg_nanf(), tg_nanf());
        minEdge[t] = tg_nanf();
        return;
    }
    int b = e * P;
    int in = b + (i + 1) % cnt;
    int ip = b + (i + cnt - 1) % cnt;
    float2 c = corners[t];
    float2 cn = corners[in];
    float2 cp = corners[ip];
    float ox = cn.x - c.x;
    float oy = cn.y - c.y;
    float ix = c.x - cp.x;
    float iy = c.y - cp.y;
    float lo = tg_length(ox, oy);
    float li = tg_length(ix, iy);
    float lon = tg_maxf(lo, 1.0e-8f);
    float lin = tg_maxf(li, 1.0e-8f);
    float bx = blend * (ox / lon) + (1.0f - blend) * (ix / lin);
    float by = blend * (oy / lon) + (1.0f - blend) * (iy / lin);
    float lb = tg_maxf(tg_length(bx, by), 1.0e-8f);
    tangents[t] = make_float2(bx / lb, by / lb);
    minEdge[t] = tg_minf(lo, li);
}

/* BezierAssembleKernel: one thread per dense sample (dim = E * P * npseg). */
extern "C" __global__ void tg_bezier_assemble(int dim, const float2* corners, const int* count,
                                              const float2* tangents, const float* minEdge, int P, int npseg,
                                              const float* rad, const float* clamp, int polygon, const int* active,
                                              float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int perEnv = P * npseg;
    int e = t / perEnv;
    if (polygon != 0 && active[e] <= 0) {
        return;
    }
    float inv = 1.0f / static_cast<float>(npseg - 1);
    int rem = t - e * perEnv;
    int i = rem / npseg;
    int s = rem - i * npseg;
    int cnt = count[e];
    if (i >= cnt) {
        out[t] = make_float2(tg_nanf(), tg_nanf());
        return;
    }
    int b = e * P;
    int i0 = b + i;
    int i1 = b + (i + 1) % cnt;
    float2 c0 = corners[i0];
    float2 c1 = corners[i1];
    float h0 = 0.0f;
    float h1 = 0.0f;
    if (polygon == 0) {
        float chord = tg_length(c1.x - c0.x, c1.y - c0.y);
        h0 = tg_minf(rad[e] * chord, clamp[e] * minEdge[i0]);
        h1 = tg_minf(rad[e] * chord, clamp[e] * minEdge[i1]);
    }
    float2 t0 = tangents[i0];
    float2 t1 = tangents[i1];
    float p1x = c0.x + t0.x * h0;
    float p1y = c0.y + t0.y * h0;
    float p2x = c1.x - t1.x * h1;
    float p2y = c1.y - t1.y * h1;
    float u = static_cast<float>(s) * inv;
    float w = 1.0f - u;
    float b0 = w * w * w;
    float b1 = 3.0f * u * w * w;
    float b2 = 3.0f * u * u * w;
    float b3 = u * u * u;
    out[t] = make_float2(b0 * c0.x + b1 * p1x + b2 * p2x + b3 * c1.x, b0 * c0.y + b1 * p1y + b2 * p2y + b3 * c1.y);
}

/* ------------------------------------------------------------------------------------------ */
/* Curves (dev.trackgen.generators.curves): closed splines and extent normalization            */
/* ------------------------------------------------------------------------------------------ */

/* LoopDenseKernel.knotStep: sqrt(|d|) in double (as Java), floored at 1e-4. */
TG_INLINE float tg_knot_step(float dx, float dy) {
    return tg_maxf(static_cast<float>(sqrt(sqrt(static_cast<double>(dx * dx + dy * dy)))), 1.0e-4f);
}

/* LoopDenseKernel.barryGoldman: one coordinate of the centripetal segment p1 -> p2. */
TG_INLINE float tg_barry_goldman(float p0, float p1, float p2, float p3, float d01, float d12, float d23, float u) {
    float t1 = d01;
    float t2 = t1 + d12;
    float t3 = t2 + d23;
    float t = t1 + u * d12;
    float a1 = ((t1 - t) * p0 + t * p1) / d01;
    float a2 = ((t2 - t) * p1 + (t - t1) * p2) / d12;
    float a3 = ((t3 - t) * p2 + (t - t2) * p3) / d23;
    float b1 = ((t2 - t) * a1 + t * a2) / t2;
    float b2 = ((t3 - t) * a2 + (t - t1) * a3) / (t3 - t1);
    return ((t2 - t) * b1 + (t - t1) * b2) / d12;
}

/* LoopDenseKernel.catmullRom: one coordinate of the uniform segment p1 -> p2. */
TG_INLINE float tg_catmull_rom(float p0, float p1, float p2, float p3, float u) {
    float u2 = u * u;
    float u3 = u2 * u;
    return 0.5f * (2.0f * p1 + (p2 - p0) * u + (2.0f * p0 - 5.0f * p1 + 4.0f * p2 - p3) * u2
                   + (3.0f * p1 - p0 - 3.0f * p2 + p3) * u3);
}

/* LoopDenseKernel: one thread per dense sample (dim = E * stride * npseg). */
extern "C" __global__ void tg_loop_dense(int dim, const float2* ctrl, int stride, const int* count, int npseg,
                                         int withEnd, int polygon, const int* active, int centripetal, float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int perEnv = stride * npseg;
    int e = t / perEnv;
    if (polygon != 0 && active[e] <= 0) {
        return;
    }
    float inv = 1.0f / static_cast<float>(withEnd != 0 ? npseg - 1 : npseg);
    int rem = t - e * perEnv;
    int i = rem / npseg;
    int s = rem - i * npseg;
    int cnt = count[e];
    if (i >= cnt || cnt < 2) {
        out[t] = make_float2(tg_nanf(), tg_nanf());
        return;
    }
    int b = e * stride;
    float u = static_cast<float>(s) * inv;
    float2 q1 = ctrl[b + i];
    float2 q2 = ctrl[b + (i + 1) % cnt];
    if (polygon != 0) {
        out[t] = make_float2((1.0f - u) * q1.x + u * q2.x, (1.0f - u) * q1.y + u * q2.y);
        return;
    }
    float2 q0 = ctrl[b + (i + cnt - 1) % cnt];
    float2 q3 = ctrl[b + (i + 2) % cnt];
    if (centripetal != 0) {
        float d01 = tg_knot_step(q1.x - q0.x, q1.y - q0.y);
        float d12 = tg_knot_step(q2.x - q1.x, q2.y - q1.y);
        float d23 = tg_knot_step(q3.x - q2.x, q3.y - q2.y);
        out[t] = make_float2(tg_barry_goldman(q0.x, q1.x, q2.x, q3.x, d01, d12, d23, u),
                             tg_barry_goldman(q0.y, q1.y, q2.y, q3.y, d01, d12, d23, u));
        return;
    }
    out[t] = make_float2(tg_catmull_rom(q0.x, q1.x, q2.x, q3.x, u), tg_catmull_rom(q0.y, q1.y, q2.y, q3.y, u));
}

/* NormalizeExtentKernel: one thread per env (dim = E); points rewritten in place. */
extern "C" __global__ void tg_normalize_extent(int dim, float2* points, int n, float targetExtent) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * n;
    float minx = 1.0e30f;
    float maxx = -1.0e30f;
    float miny = 1.0e30f;
    float maxy = -1.0e30f;
    for (int i = 0; i < n; i++) {
        float2 q = points[b + i];
        minx = tg_minf(minx, q.x);
        maxx = tg_maxf(maxx, q.x);
        miny = tg_minf(miny, q.y);
        maxy = tg_maxf(maxy, q.y);
    }
    float cx = 0.5f * (minx + maxx);
    float cy = 0.5f * (miny + maxy);
    float s = targetExtent / tg_maxf(tg_maxf(maxx - minx, maxy - miny), 1.0e-8f);
    for (int i = 0; i < n; i++) {
        float2 q = points[b + i];
        points[b + i] = make_float2((q.x - cx) * s, (q.y - cy) * s);
    }
}
