/*
 * CUDA C bodies of the built-in generators' kernels (PTX module trackgen-ptx/generators.ptx):
 * the bezier generator and the corner kernels. Each entry point is the twin of the Java kernel
 * of the same name; see that class for semantics and shapes. Launch convention and helpers:
 * trackgen_kernel.cuh.
 */
#include "trackgen_kernel.cuh"

/* RNG streams: GeneratorKernels.STREAM_* */
#define TG_STREAM_STYLE 2741
#define TG_STREAM_CORNER_COUNT 6151
#define TG_STREAM_CORNERS 9781
/* CornerSampleKernel.DEDUP_RETRIES */
#define TG_DEDUP_RETRIES 8

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

/* CornerSampleKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_corner_sample(int dim, const int* seeds, int minNum, int maxNum, int numCells,
                                            float cellSize, int P, const float* scale, int* used, int* count,
                                            float2* corners) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int nc2 = numCells * numCells;
    int seed = seeds[e];
    count[e] = tg_rng_uniform_int(seed, TG_STREAM_CORNER_COUNT, 0, minNum, maxNum);
    int draw = 0;
    int base = e * P;
    float sc = scale[e];
    for (int c = 0; c < P; c++) {
        int cell = tg_rng_uniform_int(seed, TG_STREAM_CORNERS, draw++, 0, nc2 - 1);
        for (int retry = 0; retry < TG_DEDUP_RETRIES; retry++) {
            bool dup = false;
            for (int k = 0; k < c; k++) {
                dup |= used[base + k] == cell;
            }
            if (!dup) {
                break;
            }
            cell = tg_rng_uniform_int(seed, TG_STREAM_CORNERS, draw++, 0, nc2 - 1);
        }
        used[base + c] = cell;
        float jx = tg_rng_uniform(seed, TG_STREAM_CORNERS, draw++) - 0.5f;
        float jy = tg_rng_uniform(seed, TG_STREAM_CORNERS, draw++) - 0.5f;
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
