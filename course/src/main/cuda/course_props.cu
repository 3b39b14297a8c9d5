/*
 * CUDA C body of the props kernel (PTX module trackgen-ptx/course_props.ptx), the twin of
 * dev.trackgen.course.props.PropsKernel; see that class for semantics and shapes. The perimeter
 * and arc positions are accumulated in double like the Java body.
 */
#include "trackgen_kernel.cuh"
#include "trackgen_api_kernels.h"
#include "trackgen_course_kernels.h"

TG_INLINE float tg_props_length(const float2* p, int i, int j) {
    float dx = p[j].x - p[i].x;
    float dy = p[j].y - p[i].y;
    return sqrtf(dx * dx + dy * dy);
}

/* PropsKernel: one thread per ring (dim = 2E; ring r = 2e + b, b 0 inner, 1 outer). */
extern "C" __global__ void tg_props_place(int dim, const float2* inner, const float2* outer, const float* innerZ,
                                          const float* outerZ, const int* count,
                                          int nMax, float spacing, int maxProps, float2* conePosition,
                                          float* coneYaw, float2* wallCenter, float* wallYaw, float* wallLength,
                                          int* propCount, int* truncated, float* step, float* coneZ,
                                          float* wallZ) {
    int r = tg_thread_index();
    if (r >= dim) {
        return;
    }
    int e = r >> 1;
    const float2* pts = (r & 1) == 0 ? inner : outer;
    const float* zs = (r & 1) == 0 ? innerZ : outerZ;
    int m = tg_mini(count[e], nMax);
    int base = e * nMax;
    int sb = r * maxProps;
    double perim = 0.0;
    for (int i = 0; i < m; i++) {
        int i2 = i + 1 == m ? 0 : i + 1;
        perim += static_cast<double>(tg_props_length(pts, base + i, base + i2));
    }
    int n = 0;
    int trunc = 0;
    if (m >= 3 && perim > 0.0 && perim < 1.7976931348623157e308) {
        double nf = floor(perim / static_cast<double>(spacing) + 0.5);
        if (nf > static_cast<double>(maxProps)) {
            n = maxProps;
            trunc = 1;
        } else {
            n = nf < 3.0 ? 3 : tg_d2i(nf);
        }
    }
    propCount[r] = n;
    truncated[r] = trunc;
    step[r] = n > 0 ? static_cast<float>(perim / static_cast<double>(n)) : tg_nanf();
    int j = 0;
    double cum = 0.0;
    for (int k = 0; k < n; k++) {
        double target = perim * static_cast<double>(k) / static_cast<double>(n);
        int j2 = j + 1 == m ? 0 : j + 1;
        float len = tg_props_length(pts, base + j, base + j2);
        while (j < m - 1 && cum + static_cast<double>(len) < target) {
            cum += static_cast<double>(len);
            j++;
            j2 = j + 1 == m ? 0 : j + 1;
            len = tg_props_length(pts, base + j, base + j2);
        }
        float ax = pts[base + j].x;
        float ay = pts[base + j].y;
        float dx = pts[base + j2].x - ax;
        float dy = pts[base + j2].y - ay;
        float tt = len > 0.0f ? static_cast<float>((target - cum) / static_cast<double>(len)) : 0.0f;
        tt = tt < 0.0f ? 0.0f : (tt > 1.0f ? 1.0f : tt);
        conePosition[sb + k] = make_float2(ax + tt * dx, ay + tt * dy);
        coneYaw[sb + k] = static_cast<float>(atan2(static_cast<double>(dy), static_cast<double>(dx)));
        float za = zs[base + j];
        coneZ[sb + k] = za + tt * (zs[base + j2] - za);
    }
    for (int k = 0; k < n; k++) {
        int k2 = k + 1 == n ? 0 : k + 1;
        float ax = conePosition[sb + k].x;
        float ay = conePosition[sb + k].y;
        float dx = conePosition[sb + k2].x - ax;
        float dy = conePosition[sb + k2].y - ay;
        wallCenter[sb + k] = make_float2(ax + 0.5f * dx, ay + 0.5f * dy);
        wallYaw[sb + k] = static_cast<float>(atan2(static_cast<double>(dy), static_cast<double>(dx)));
        wallLength[sb + k] = sqrtf(dx * dx + dy * dy);
        float z0 = coneZ[sb + k];
        wallZ[sb + k] = z0 + 0.5f * (coneZ[sb + k2] - z0);
    }
    for (int k = n; k < maxProps; k++) {
        conePosition[sb + k] = make_float2(tg_nanf(), tg_nanf());
        coneYaw[sb + k] = tg_nanf();
        wallCenter[sb + k] = make_float2(tg_nanf(), tg_nanf());
        wallYaw[sb + k] = tg_nanf();
        wallLength[sb + k] = tg_nanf();
        coneZ[sb + k] = tg_nanf();
        wallZ[sb + k] = tg_nanf();
    }
}
