/*
 * CUDA C bodies of the api module's shared kernels (PTX module trackgen-ptx/api.ptx). Each entry
 * point is the twin of the Java kernel of the same name in dev.trackgen.api.kernel; see that
 * class for the semantics and shapes. Launch convention: trackgen_kernel.cuh.
 */
#include "trackgen_kernel.cuh"
#include "trackgen_api_kernels.h"

/* ArcResampleScanKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_arc_scan(int dim, const float2* dense, int M, int num, const int* active,
                                       int selectedOnly, float2* real, float* seg, float* s, int* countReal,
                                       int* countOut) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    if (selectedOnly != 0 && active[e] <= 0) {
        countReal[e] = -1;
        return;
    }
    int db = e * M;
    int r = 0;
    for (int i = 0; i < M; i++) {
        float2 p = dense[db + i];
        if (tg_isfinite(p.x) && tg_isfinite(p.y)) {
            real[db + r] = p;
            r++;
        }
    }
    countReal[e] = r;
    countOut[e] = r >= 2 ? num : 0;
    if (r >= 2) {
        tg_closed_arc_scan(real + db, r, seg + db, s + e * (M + 1));
    }
}

/* ArcResampleLookupKernel: one thread per output point (dim = E * num). */
extern "C" __global__ void tg_arc_lookup(int dim, const float2* real, const float* seg, const float* s,
                                         const int* countReal, int M, int num, float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / num;
    int r = countReal[e];
    if (r < 0) {
        return;
    }
    if (r < 2) {
        out[t] = make_float2(tg_nanf(), tg_nanf());
        return;
    }
    int rb = e * M;
    int es = e * (M + 1);
    float total = s[es + r];
    int k = t - e * num;
    float target = static_cast<float>(k) * total / static_cast<float>(num);
    out[t] = tg_arc_point(real + rb, seg + rb, s + es, r, target);
}

/* FillI32Kernel: out[t] = value (dim = out length). */
extern "C" __global__ void tg_fill_i32(int dim, int* out, int value) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    out[t] = value;
}

/* SelectRowsKernel: out[t] = flag[t / n] > 0 ? b[t] : a[t] (dim = E * n); out may alias a or b. */
extern "C" __global__ void tg_select_rows(int dim, const float2* a, const float2* b, const int* flag, int n,
                                          float2* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    out[t] = flag[t / n] > 0 ? b[t] : a[t];
}

/*
 * SelfIntersectionsKernel: one block per env (cooperative, dim = E); the block shares out the
 * chunk pairs of Crossings.count and gets the same count (min(count, maxCount) when maxCount > 0).
 */
extern "C" __global__ void tg_self_intersections(int dim, const float2* poly, int stride, const int* count,
                                                 float* boxes, int maxCount, int* out) {
    int e = static_cast<int>(blockIdx.x);
    if (e >= dim) {
        return;
    }
    int perEnv = tg_crossing_box_floats(stride);
    int c = tg_block_count_crossings(poly, e * stride, count[e], boxes, e * perEnv, maxCount);
    if (threadIdx.x == 0) {
        out[e] = c;
    }
}

/* MergeRowsI32Kernel: out[t] = flags[t / n] != 0 ? fresh[t] : out[t] (dim = E * n). */
extern "C" __global__ void tg_merge_rows_i32(int dim, const int* fresh, const int* flags, int n, int* out) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    if (flags[t / n] != 0) {
        out[t] = fresh[t];
    }
}
