/*
 * CUDA C body of the polar generator's own kernel (PTX module trackgen-ptx/generators_polar.ptx);
 * its curve kernels are in generators.cu. The entry point is the twin of
 * dev.trackgen.generators.polar.PolarKnotsKernel; see that class for semantics and shapes.
 * Launch convention and helpers: trackgen_kernel.cuh. cos/sin are in double, as in Java, and may
 * differ from Java by an ulp before the rounding to float.
 */
#include "trackgen_kernel.cuh"
/* generated from the Java declarations: the kernel prototypes and the constants shared with Java
 * (@CudaConstant fields: stream ids, per-generator constants; TG_PI_D from api) */
#include "trackgen_api_kernels.h"
#include "trackgen_generators_kernels.h"

/* PolarKnotsKernel: one thread per knot (dim = E * K). */
extern "C" __global__ void tg_polar_knots(int dim, const int* seeds, int K, float radialJitter, float angularJitter,
                                          float2* knots) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / K;
    int i = t - e * K;
    int seed = seeds[e];
    float d = (2.0f * tg_rng_uniform(seed, TG_STREAM_POLAR_KNOTS, 2 * i) - 1.0f) * radialJitter;
    float da = (2.0f * tg_rng_uniform(seed, TG_STREAM_POLAR_KNOTS, 2 * i + 1) - 1.0f) * angularJitter;
    float r = tg_maxf(1.0f + d, 0.1f);
    double theta = 2.0 * TG_PI_D * static_cast<double>(static_cast<float>(i) + da) / static_cast<double>(K);
    knots[t] = make_float2(r * static_cast<float>(cos(theta)), r * static_cast<float>(sin(theta)));
}
