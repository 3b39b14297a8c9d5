/*
 * CUDA C bodies of the hull generator's own kernel (PTX module trackgen-ptx/generators_hull.ptx);
 * its corner and curve kernels are in generators.cu. Each entry point is the twin of the Java
 * kernel of the same name in dev.trackgen.generators.hull; see that class for semantics and
 * shapes. Launch convention and helpers: trackgen_kernel.cuh.
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* HullDisplaceKernel: one thread per env (dim = E); centroid sums in double, as Java. */
extern "C" __global__ void tg_hull_displace(int dim, const float2* sorted, const int* count, const int* seeds, int P,
                                            float disp, float edgeCap, float2* aug, int* augCount) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int sb = e * P;
    int ab = e * 2 * P;
    int m = tg_mini(tg_maxi(count[e], 1), P);
    double sx = 0.0;
    double sy = 0.0;
    for (int i = 0; i < m; i++) {
        float2 v = sorted[sb + i];
        sx += static_cast<double>(v.x);
        sy += static_cast<double>(v.y);
    }
    float cx = static_cast<float>(sx / static_cast<double>(m));
    float cy = static_cast<float>(sy / static_cast<double>(m));
    int seed = seeds[e];
    for (int i = 0; i < m; i++) {
        int j = (i + 1) % m;
        float2 v0 = sorted[sb + i];
        float2 v1 = sorted[sb + j];
        float mx = 0.5f * (v0.x + v1.x);
        float my = 0.5f * (v0.y + v1.y);
        float rx = mx - cx;
        float ry = my - cy;
        float rlen = tg_length(rx, ry);
        float inv = 1.0f / tg_maxf(rlen, 1.0e-8f);
        float amt = (tg_rng_uniform(seed, TG_STREAM_HULL_DISPLACEMENT, i) * 2.0f - 1.0f) * disp * rlen;
        float cap = edgeCap * tg_length(v1.x - v0.x, v1.y - v0.y);
        amt = tg_maxf(-cap, tg_minf(cap, amt));
        aug[ab + 2 * i] = v0;
        aug[ab + 2 * i + 1] = make_float2(mx + amt * rx * inv, my + amt * ry * inv);
    }
    for (int k = 2 * m; k < 2 * P; k++) {
        aug[ab + k] = make_float2(tg_nanf(), tg_nanf());
    }
    augCount[e] = 2 * m;
}
