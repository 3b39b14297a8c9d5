/*
 * Test-only CUDA C bodies (PTX module trackgen-ptx/toolkit_test.ptx, test resources) exercising
 * the toolkit header against its Java twins: RNG draws, geometry helpers and both crossing
 * counters. Their Java twins are in ToolkitTestKernels (runtime-cuda tests). They run on the host
 * in CI and on a GPU in the gpu-tagged tests.
 */
#include "trackgen_kernel.cuh"
/* generated from the declarations in ToolkitTestKernels (the test compile runs the processor) */
#include "trackgen_runtime_cuda_test_kernels.h"

/* Draw t of (seeds[t], streams[t], indices[t]): bits, uniform, uniform in [-2, 3), uniformInt in [3, 17]. */
extern "C" __global__ void tg_test_rng(int dim, const int* seeds, const int* streams, const int* indices,
                                       int* bits, float* uniform, float* ranged, int* ints) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    bits[t] = tg_rng_bits(seeds[t], streams[t], indices[t]);
    uniform[t] = tg_rng_uniform(seeds[t], streams[t], indices[t]);
    ranged[t] = tg_rng_uniform_range(seeds[t], streams[t], indices[t], -2.0f, 3.0f);
    ints[t] = tg_rng_uniform_int(seeds[t], streams[t], indices[t], 3, 17);
}

/* Geometry helpers on the segment pair (p[4t], p[4t+1]) x (p[4t+2], p[4t+3]): out[8t..8t+7]. */
extern "C" __global__ void tg_test_geometry(int dim, const float2* p, float* out, int* crossing) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    float2 a = p[4 * t];
    float2 b = p[4 * t + 1];
    float2 c = p[4 * t + 2];
    float2 d = p[4 * t + 3];
    out[8 * t] = tg_length(b.x - a.x, b.y - a.y);
    out[8 * t + 1] = tg_cross(a.x, a.y, b.x, b.y);
    out[8 * t + 2] = tg_orient(a.x, a.y, b.x, b.y, c.x, c.y);
    out[8 * t + 3] = tg_menger(a.x, a.y, b.x, b.y, c.x, c.y);
    out[8 * t + 4] = tg_wrap_angle(a.x);
    out[8 * t + 5] = tg_minf(c.x, d.x);
    out[8 * t + 6] = tg_maxf(c.y, d.y);
    out[8 * t + 7] = static_cast<float>(tg_f2i(d.x * 1.0e9f));
    crossing[t] = tg_proper_crossing(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y) ? 1 : 0;
}

/* Crossings.count of polygon e by one thread: out[e]. */
extern "C" __global__ void tg_test_count_crossings(int dim, const float2* poly, int stride, const int* count,
                                                   float* boxes, int maxCount, int* out) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    out[e] = tg_count_crossings(poly, e * stride, count[e], boxes, e * tg_crossing_box_floats(stride), maxCount);
}
