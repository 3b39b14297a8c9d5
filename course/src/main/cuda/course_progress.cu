/*
 * CUDA C bodies of the course module's localization, profile, start-grid, checkpoint and progress
 * kernels (PTX module trackgen-ptx/course_progress.ptx). Each entry point is the twin of the Java
 * kernel of the same name in dev.trackgen.course.{localize,profile,grid,progress}; see that class
 * for semantics and shapes. The prototypes come from the generated header (the Java
 * declarations), so a body that disagrees with its declaration does not compile. Float
 * operations follow the Java bodies one for one (no FMA, correctly rounded sqrt and division),
 * so results match bit for bit.
 */
#include "trackgen_course_kernels.h"

/* ------------------------------------------------------------------------------------------ */
/* Projection onto a closed centerline (dev.trackgen.course.internal.Projection)              */
/* ------------------------------------------------------------------------------------------ */

/* Clamped projection parameter of (px, py) onto segment i -> i + 1 (mod cn). */
TG_INLINE float tg_course_param(const float2* c, int b, int cn, int i, float px, float py) {
    int j = i + 1 == cn ? 0 : i + 1;
    float2 a = c[b + i];
    float2 q = c[b + j];
    float dx = q.x - a.x;
    float dy = q.y - a.y;
    float len2 = dx * dx + dy * dy;
    float dot = (px - a.x) * dx + (py - a.y) * dy;
    return len2 > 0.0f ? tg_minf(tg_maxf(dot / len2, 0.0f), 1.0f) : 0.0f;
}

/* Squared distance from (px, py) to the segment (ax, ay) -> (bx, by): to its start, its end or
   its line (Projection.dist2). */
TG_INLINE float tg_course_dist2(float ax, float ay, float bx, float by, float px, float py) {
    float dx = bx - ax;
    float dy = by - ay;
    float wx = px - ax;
    float wy = py - ay;
    float dot = wx * dx + wy * dy;
    if (dot <= 0.0f) {
        return wx * wx + wy * wy;
    }
    float len2 = dx * dx + dy * dy;
    if (dot >= len2) {
        float ex = px - bx;
        float ey = py - by;
        return ex * ex + ey * ey;
    }
    float cr = dx * wy - dy * wx;
    return cr * cr / len2;
}

/* Squared distance to segment i -> i + 1 (mod cn) (Projection.segmentDist2). */
TG_INLINE float tg_course_segment_dist2(const float2* c, int b, int cn, int i, float px, float py) {
    int j = i + 1 == cn ? 0 : i + 1;
    return tg_course_dist2(c[b + i].x, c[b + i].y, c[b + j].x, c[b + j].y, px, py);
}

/* Nearest of `steps` consecutive segments from `first`, ties to the lowest index; -1 if all NaN
   (Projection.nearestSegment: start, end or line distance, one division inside). The Java body
   splits the range at the wrap and scans it in index order with a strict `<` (a CPU's range
   checks and branch predictor like that better); the distances are the same operations and the
   answer is the same segment, so this window-order scan stays its bit-for-bit twin. */
TG_INLINE int tg_course_nearest_segment(const float2* c, int b, int cn, float px, float py, int first, int steps) {
    float best = __int_as_float(0x7f800000);
    int bi = -1;
    int i = first;
    for (int k = 0; k < steps; k++) {
        int j = i + 1 == cn ? 0 : i + 1;
        float d2 = tg_course_dist2(c[b + i].x, c[b + i].y, c[b + j].x, c[b + j].y, px, py);
        if (d2 < best || (d2 == best && i < bi)) {
            best = d2;
            bi = i;
        }
        i = j;
    }
    return bi;
}

/* Extends a warm window past whichever end holds its nearest segment, `step` segments at a time,
   until the nearest is inside the scanned range or the whole loop is scanned
   (Projection.followNearest). */
TG_INLINE int tg_course_follow_nearest(const float2* c, int b, int cn, float px, float py, int first, int steps,
                                       int bi, int step) {
    if (bi < 0) {
        return bi;
    }
    float best = tg_nanf(); /* the nearest's distance, computed at the first extension */
    int lo = first;
    int scanned = steps;
    while (scanned < cn) {
        int hi = lo + scanned - 1;
        if (hi >= cn) {
            hi -= cn;
        }
        int k = step < cn - scanned ? step : cn - scanned;
        int from;
        if (bi == hi) {
            from = hi + 1 == cn ? 0 : hi + 1;
        } else if (bi == lo) {
            from = lo - k;
            if (from < 0) {
                from += cn;
            }
            lo = from;
        } else {
            break;
        }
        if (scanned == steps) {
            best = tg_course_segment_dist2(c, b, cn, bi, px, py);
        }
        scanned += k;
        int ci = tg_course_nearest_segment(c, b, cn, px, py, from, k);
        if (ci >= 0) {
            float d2 = tg_course_segment_dist2(c, b, cn, ci, px, py);
            if (d2 < best || (d2 == best && ci < bi)) {
                best = d2;
                bi = ci;
            }
        }
    }
    return bi;
}

/* Arc length of the projection onto segment i, in [0, lap). */
TG_INLINE float tg_course_arc_at(const float2* c, const float* arclen, float lap, int b, int cn, int i, float px,
                                 float py) {
    int j = i + 1 == cn ? 0 : i + 1;
    float dx = c[b + j].x - c[b + i].x;
    float dy = c[b + j].y - c[b + i].y;
    float u = tg_course_param(c, b, cn, i, px, py);
    float s = arclen[b + i] + u * sqrtf(dx * dx + dy * dy);
    return s >= lap ? s - lap : s;
}

/* Largest i in [0, cn) with arclen[b + i] <= s (0 when none). */
TG_INLINE int tg_course_segment_at(const float* arclen, int b, int cn, float s) {
    int lo = 0;
    int hi = cn - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) >> 1;
        if (arclen[b + mid] <= s) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

/* ------------------------------------------------------------------------------------------ */
/* Localization                                                                               */
/* ------------------------------------------------------------------------------------------ */

/* LocalizeKernel: one thread per query (dim = E * agents). */
extern "C" __global__ void tg_course_localize(int dim, const float2* center, const float* z, int use3d,
                                              const float* arclen,
                                              const float* length,
                                              const int* count, int nMax, const float2* position, int agents,
                                              float halfWidth, const float* left, const float* right,
                                              int localWidths, int window, float* s, float* n, int* segment,
                                              int* onRoad) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / agents;
    int cn = count[e];
    float px = position[t].x;
    float py = position[t].y;
    if (cn < 2 || !(px - px == 0.0f) || !(py - py == 0.0f)) {
        s[t] = tg_nanf();
        n[t] = tg_nanf();
        segment[t] = -1;
        onRoad[t] = 0;
        return;
    }
    int b = e * nMax;
    int prev = segment[t];
    int first;
    int steps;
    if (window < 0 || prev < 0 || prev >= cn || 2 * window + 1 >= cn) {
        first = 0;
        steps = cn;
    } else {
        first = prev - window;
        if (first < 0) {
            first += cn;
        }
        steps = 2 * window + 1;
    }
    int bi = tg_course_nearest_segment(center, b, cn, px, py, first, steps);
    if (steps < cn) {
        bi = tg_course_follow_nearest(center, b, cn, px, py, first, steps, bi, window);
    }
    if (bi < 0) {
        s[t] = tg_nanf();
        n[t] = tg_nanf();
        segment[t] = -1;
        onRoad[t] = 0;
        return;
    }
    int j = bi + 1 == cn ? 0 : bi + 1;
    float ax = center[b + bi].x;
    float ay = center[b + bi].y;
    float dx = center[b + j].x - ax;
    float dy = center[b + j].y - ay;
    float wx = px - ax;
    float wy = py - ay;
    float len2 = dx * dx + dy * dy;
    float dot = wx * dx + wy * dy;
    float u = len2 > 0.0f ? tg_minf(tg_maxf(dot / len2, 0.0f), 1.0f) : 0.0f;
    float dz = use3d != 0 ? z[b + j] - z[b + bi] : 0.0f;
    float sv = arclen[b + bi] + u * sqrtf(len2 + dz * dz);
    float lap = length[e];
    if (sv >= lap) {
        sv -= lap;
    }
    float qx = wx - u * dx;
    float qy = wy - u * dy;
    float dist = sqrtf(qx * qx + qy * qy);
    float side = dx * wy - dy * wx;
    s[t] = sv;
    n[t] = side < 0.0f ? -dist : dist;
    segment[t] = bi;
    float w = halfWidth;
    if (localWidths != 0) {
        const float* wa = side < 0.0f ? right : left;
        float w0 = wa[b + bi];
        w = w0 + u * (wa[b + j] - w0);
    }
    onRoad[t] = dist <= w ? 1 : 0;
}

/* LocalizeResetKernel: one thread per query. */
extern "C" __global__ void tg_course_localize_reset(int dim, const int* mask, int* segment) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    if (mask[t] != 0) {
        segment[t] = -1;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Curvature and speed profile                                                                */
/* ------------------------------------------------------------------------------------------ */

TG_INLINE float tg_course_signed_menger(const float2* c, int b, int cn, int i) {
    int ip = b + (i == 0 ? cn - 1 : i - 1);
    int in = b + (i + 1 == cn ? 0 : i + 1);
    int ic = b + i;
    float ax = c[ic].x - c[ip].x;
    float ay = c[ic].y - c[ip].y;
    float bx = c[in].x - c[ic].x;
    float by = c[in].y - c[ic].y;
    float cx = c[in].x - c[ip].x;
    float cy = c[in].y - c[ip].y;
    float area2 = ax * by - ay * bx;
    float denom = sqrtf(ax * ax + ay * ay) * sqrtf(bx * bx + by * by) * sqrtf(cx * cx + cy * cy);
    return denom > 1.0e-20f ? 2.0f * area2 / denom : 0.0f;
}

/* CurvatureKernel: one thread per point (dim = E * nMax). */
extern "C" __global__ void tg_course_curvature(int dim, const float2* center, const int* count, int nMax, int window,
                                               float* kappa) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / nMax;
    int b = e * nMax;
    int i = t - b;
    int cn = count[e];
    if (i >= cn || cn < 3) {
        kappa[t] = tg_nanf();
        return;
    }
    int w = tg_mini(window, (cn - 1) / 2);
    int k = i - w;
    if (k < 0) {
        k += cn;
    }
    float sum = 0.0f;
    for (int m = 0; m <= 2 * w; m++) {
        sum += tg_course_signed_menger(center, b, cn, k);
        k = k + 1 == cn ? 0 : k + 1;
    }
    kappa[t] = sum / static_cast<float>(2 * w + 1);
}

/* RacelineSpeedKernel.bankedLateral (course_raceline.cu's tg_raceline_banked). */
TG_INLINE float tg_course_banked(float aLat, float gravity, float bk, float kappa) {
    float b = kappa < 0.0f ? -bk : bk;
    float t = b == 0.0f ? 0.0f : (float) tan((double) b);
    float num = aLat + gravity * t;
    float den = 1.0f - aLat * t / gravity;
    if (!(num > 0.0f)) {
        return 0.0f;
    }
    return den > 0.0f ? num / den : __int_as_float(0x7f800000);
}

TG_INLINE float tg_course_climb(float v, float a, float ds, float rise) {
    float r2 = v * v + 2.0f * a * ds - rise;
    return r2 > 0.0f ? sqrtf(r2) : 0.0f;
}

/* SpeedProfileKernel.lifted: the profile on the road's surface (gravity > 0). */
TG_INLINE void tg_course_speed_lifted(int e, const float* kappa, const float* arclen, const float* length,
                                      const int* count, int nMax, float aLat, float aAccel, float aBrake, float vCap,
                                      const float* z, const float* bank, float gravity, float* v) {
    int b = e * nMax;
    int cn = count[e];
    bool ok = cn >= 3;
    for (int i = 0; ok && i < cn; i++) {
        if (!(kappa[b + i] - kappa[b + i] == 0.0f) || !(z[b + i] - z[b + i] == 0.0f)
            || !(bank[b + i] - bank[b + i] == 0.0f)) {
            ok = false;
        }
    }
    if (!ok) {
        for (int i = 0; i < nMax; i++) {
            v[b + i] = tg_nanf();
        }
        return;
    }
    float lap = length[e];
    int i0 = 0;
    for (int i = 0; i < cn; i++) {
        float k = fabsf(kappa[b + i]);
        float lat = tg_course_banked(aLat, gravity, bank[b + i], kappa[b + i]);
        float lim = k > 0.0f ? tg_minf(vCap, sqrtf(lat / k)) : vCap;
        v[b + i] = lim;
        if (lim < v[b + i0]) {
            i0 = i;
        }
    }
    float g2 = 2.0f * gravity;
    int ip = i0;
    int i = i0 + 1 == cn ? 0 : i0 + 1;
    for (int m = 1; m < 2 * cn; m++) {
        float ds = (ip + 1 == cn ? lap : arclen[b + ip + 1]) - arclen[b + ip];
        float reach = tg_course_climb(v[b + ip], aAccel, ds, g2 * (z[b + i] - z[b + ip]));
        if (reach < v[b + i]) {
            v[b + i] = reach;
        }
        ip = i;
        i = i + 1 == cn ? 0 : i + 1;
    }
    i0 = 0;
    for (int m = 1; m < cn; m++) {
        if (v[b + m] < v[b + i0]) {
            i0 = m;
        }
    }
    int in = i0;
    i = i0 == 0 ? cn - 1 : i0 - 1;
    for (int m = 1; m < 2 * cn; m++) {
        float ds = (i + 1 == cn ? lap : arclen[b + i + 1]) - arclen[b + i];
        float reach = tg_course_climb(v[b + in], aBrake, ds, g2 * (z[b + i] - z[b + in]));
        if (reach < v[b + i]) {
            v[b + i] = reach;
        }
        in = i;
        i = i == 0 ? cn - 1 : i - 1;
    }
    for (int p = cn; p < nMax; p++) {
        v[b + p] = tg_nanf();
    }
}

/* SpeedProfileKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_course_speed_profile(int dim, const float* kappa, const float* arclen,
                                                   const float* length, const int* count, int nMax, float aLat,
                                                   float aAccel, float aBrake, float vCap, const float* z,
                                                   const float* bank, float gravity, float* speed) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    if (gravity > 0.0f) {
        tg_course_speed_lifted(e, kappa, arclen, length, count, nMax, aLat, aAccel, aBrake, vCap, z, bank, gravity,
                               speed);
        return;
    }
    float* v = speed;
    int b = e * nMax;
    int cn = count[e];
    bool ok = cn >= 3;
    for (int i = 0; ok && i < cn; i++) {
        if (!(kappa[b + i] - kappa[b + i] == 0.0f)) {
            ok = false;
        }
    }
    if (!ok) {
        for (int i = 0; i < nMax; i++) {
            v[b + i] = tg_nanf();
        }
        return;
    }
    float lap = length[e];
    int i0 = 0;
    for (int i = 0; i < cn; i++) {
        float k = fabsf(kappa[b + i]);
        float lim = k > 0.0f ? tg_minf(vCap, sqrtf(aLat / k)) : vCap;
        v[b + i] = lim;
        if (lim < v[b + i0]) {
            i0 = i;
        }
    }
    int ip = i0;
    int i = i0 + 1 == cn ? 0 : i0 + 1;
    for (int m = 1; m < cn; m++) {
        float ds = (ip + 1 == cn ? lap : arclen[b + ip + 1]) - arclen[b + ip];
        float vp = v[b + ip];
        float reach = sqrtf(vp * vp + 2.0f * aAccel * ds);
        if (reach < v[b + i]) {
            v[b + i] = reach;
        }
        ip = i;
        i = i + 1 == cn ? 0 : i + 1;
    }
    i0 = 0;
    for (int m = 1; m < cn; m++) {
        if (v[b + m] < v[b + i0]) {
            i0 = m;
        }
    }
    int in = i0;
    i = i0 == 0 ? cn - 1 : i0 - 1;
    for (int m = 1; m < cn; m++) {
        float ds = (i + 1 == cn ? lap : arclen[b + i + 1]) - arclen[b + i];
        float vn = v[b + in];
        float reach = sqrtf(vn * vn + 2.0f * aBrake * ds);
        if (reach < v[b + i]) {
            v[b + i] = reach;
        }
        in = i;
        i = i == 0 ? cn - 1 : i - 1;
    }
    for (int p = cn; p < nMax; p++) {
        v[b + p] = tg_nanf();
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Start line and grid                                                                        */
/* ------------------------------------------------------------------------------------------ */

TG_INLINE int tg_course_straight_line(const float* kappa, const float* arclen, int b, int cn, float lap,
                                      float straight, float depth) {
    int first = -1;
    int calm = 0;
    for (int i = 0; i < cn; i++) {
        float k = fabsf(kappa[b + i]);
        if (!(k <= straight) && first < 0) {
            first = i;
        }
        if (k < fabsf(kappa[b + calm])) {
            calm = i;
        }
    }
    int runStart;
    int runLen;
    if (first < 0) {
        runStart = 0;
        runLen = cn;
    } else {
        runStart = calm;
        runLen = 0;
        int curStart = -1;
        int curLen = 0;
        for (int m = 1; m <= cn; m++) {
            int i = first + m;
            if (i >= cn) {
                i -= cn;
            }
            if (fabsf(kappa[b + i]) <= straight) {
                if (curLen == 0) {
                    curStart = i;
                }
                curLen++;
                if (curLen > runLen) {
                    runLen = curLen;
                    runStart = curStart;
                }
            } else {
                curLen = 0;
            }
        }
        if (runLen == 0) {
            return calm;
        }
    }
    float s = arclen[b + runStart];
    int last = runStart + runLen - 1;
    if (last >= cn) {
        last -= cn;
    }
    float runArc = arclen[b + last] - s;
    if (runArc < 0.0f) {
        runArc += lap;
    }
    float target = s + tg_minf(depth, runArc);
    if (target >= lap) {
        target -= lap;
    }
    int i = tg_course_segment_at(arclen, b, cn, target);
    int j = i + 1 == cn ? 0 : i + 1;
    float next = i + 1 == cn ? lap : arclen[b + i + 1];
    return next - target < target - arclen[b + i] ? j : i;
}

/* StartGridKernel: one thread per env (dim = E). */
TG_INLINE bool tg_course_cp_shadowed(const float2* center, const float2* inner, const float2* outer, const float* left,
                                     const float* right, int b, int cn, int q, int band);

extern "C" __global__ void tg_course_start_grid(int dim, const float2* center, const float2* tangent,
                                                const float* arclen, const float* length, const int* count,
                                                const float* kappa, int nMax, int rule, float straightKappa, int slots,
                                                float front, float rowGap, float lateral, const float2* inner,
                                                const float2* outer, const float* left, const float* right,
                                                int avoidCrossings, int* startIndex,
                                                float* startS, float2* gridPosition, float2* gridHeading) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * nMax;
    int cn = count[e];
    float lap = length[e];
    if (cn < 3 || !(lap > 0.0f)) {
        startIndex[e] = -1;
        startS[e] = tg_nanf();
        for (int k = 0; k < slots; k++) {
            gridPosition[e * slots + k] = make_float2(tg_nanf(), tg_nanf());
            gridHeading[e * slots + k] = make_float2(tg_nanf(), tg_nanf());
        }
        return;
    }
    int line = 0;
    if (rule == 0) {
        float depth = front + static_cast<float>(slots - 1) * rowGap;
        line = tg_course_straight_line(kappa, arclen, b, cn, lap, straightKappa, depth);
    }
    if (avoidCrossings != 0 && cn >= 6) {
        float wMax = 0.0f;
        for (int i = 0; i < cn; i++) {
            wMax = tg_maxf(wMax, tg_maxf(left[b + i], right[b + i]));
        }
        int band = tg_f2i(2.0f * wMax / (lap / static_cast<float>(cn))) + 2;
        for (int step = 0; step < cn; step++) {
            int q = line + step >= cn ? line + step - cn : line + step;
            if (!tg_course_cp_shadowed(center, inner, outer, left, right, b, cn, q, band)) {
                line = q;
                break;
            }
        }
    }
    float s0 = arclen[b + line];
    startIndex[e] = line;
    startS[e] = s0;
    for (int k = 0; k < slots; k++) {
        int g = e * slots + k;
        /* fmod of floats is exact, so the double fmod gives Java's float % (and needs no approximate division) */
        float s = static_cast<float>(fmod(static_cast<double>(s0 - front - static_cast<float>(k) * rowGap),
                                          static_cast<double>(lap)));
        if (s < 0.0f) {
            s += lap;
        }
        int i = tg_course_segment_at(arclen, b, cn, s);
        int j = i + 1 == cn ? 0 : i + 1;
        float seg = (i + 1 == cn ? lap : arclen[b + i + 1]) - arclen[b + i];
        float f = seg > 0.0f ? tg_minf(tg_maxf((s - arclen[b + i]) / seg, 0.0f), 1.0f) : 0.0f;
        float2 ci = center[b + i];
        float2 cj = center[b + j];
        float2 ti = tangent[b + i];
        float2 tj = tangent[b + j];
        float x = ci.x + f * (cj.x - ci.x);
        float y = ci.y + f * (cj.y - ci.y);
        float tx = ti.x + f * (tj.x - ti.x);
        float ty = ti.y + f * (tj.y - ti.y);
        float inv = 1.0f / tg_maxf(sqrtf(tx * tx + ty * ty), 1.0e-12f);
        tx *= inv;
        ty *= inv;
        float side = (k & 1) == 0 ? lateral : -lateral;
        gridPosition[g] = make_float2(x - side * ty, y + side * tx);
        gridHeading[g] = make_float2(tx, ty);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Checkpoints and progress                                                                   */
/* ------------------------------------------------------------------------------------------ */

/* CheckpointKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_course_checkpoints(int dim, const float2* center, const float2* tangent,
                                                 const float2* inner, const float2* outer, const float* arclen,
                                                 const float* length, const int* count, int nMax,
                                                 const int* startIndex, float spacing, int maxCheckpoints,
                                                 float2* cpPosition, float2* cpTangent, float2* cpInner,
                                                 float2* cpOuter, float* cpS, int* cpIndex, int* cpCount) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * nMax;
    int cn = count[e];
    float lap = length[e];
    int m = 0;
    if (cn >= 6 && lap > 0.0f) {
        int want = tg_maxi(3, tg_f2i(lap / spacing + 0.5f));
        m = tg_mini(maxCheckpoints, tg_mini(cn / 2, want));
    }
    int s0i = startIndex[e];
    if (s0i < 0 || s0i >= cn) {
        s0i = 0;
    }
    float s0 = m > 0 ? arclen[b + s0i] : 0.0f;
    for (int k = 0; k < maxCheckpoints; k++) {
        int o = e * maxCheckpoints + k;
        if (k >= m) {
            float2 nan2 = make_float2(tg_nanf(), tg_nanf());
            cpPosition[o] = nan2;
            cpTangent[o] = nan2;
            cpInner[o] = nan2;
            cpOuter[o] = nan2;
            cpS[o] = tg_nanf();
            cpIndex[o] = -1;
            continue;
        }
        int p;
        if (k == 0) {
            p = s0i;
        } else {
            float target = s0 + static_cast<float>(k) * lap / static_cast<float>(m);
            if (target >= lap) {
                target -= lap;
            }
            int i = tg_course_segment_at(arclen, b, cn, target);
            float next = i + 1 == cn ? lap : arclen[b + i + 1];
            p = next - target < target - arclen[b + i] ? (i + 1 == cn ? 0 : i + 1) : i;
        }
        int q = b + p;
        cpPosition[o] = center[q];
        cpTangent[o] = tangent[q];
        cpInner[o] = inner[q];
        cpOuter[o] = outer[q];
        cpS[o] = arclen[q];
        cpIndex[o] = p;
    }
    cpCount[e] = m;
}

/** CheckpointClearKernel.pointSegment2: squared distance from p to segment a-b. */
TG_INLINE float tg_course_point_segment2(float px, float py, float ax, float ay, float bx, float by) {
    float ux = bx - ax;
    float uy = by - ay;
    float l2 = ux * ux + uy * uy;
    float u = l2 > 0.0f ? tg_minf(tg_maxf(((px - ax) * ux + (py - ay) * uy) / l2, 0.0f), 1.0f) : 0.0f;
    float qx = px - ax - u * ux;
    float qy = py - ay - u * uy;
    return qx * qx + qy * qy;
}

/** CheckpointClearKernel.segmentDistance2: squared distance between segments a-b and c-d. */
TG_INLINE float tg_course_segment_distance2(float ax, float ay, float bx, float by, float cx, float cy, float dx,
                                            float dy) {
    float d1 = tg_orient(ax, ay, bx, by, cx, cy);
    float d2 = tg_orient(ax, ay, bx, by, dx, dy);
    float d3 = tg_orient(cx, cy, dx, dy, ax, ay);
    float d4 = tg_orient(cx, cy, dx, dy, bx, by);
    if (((d1 > 0.0f && d2 < 0.0f) || (d1 < 0.0f && d2 > 0.0f))
        && ((d3 > 0.0f && d4 < 0.0f) || (d3 < 0.0f && d4 > 0.0f))) {
        return 0.0f;
    }
    return tg_minf(tg_minf(tg_course_point_segment2(ax, ay, cx, cy, dx, dy), tg_course_point_segment2(bx, by, cx, cy, dx, dy)),
                   tg_minf(tg_course_point_segment2(cx, cy, ax, ay, bx, by), tg_course_point_segment2(dx, dy, ax, ay, bx, by)));
}

/** CheckpointClearKernel.shadowed. */
TG_INLINE bool tg_course_cp_shadowed(const float2* center, const float2* inner, const float2* outer, const float* left,
                                     const float* right, int b, int cn, int q, int band) {
    float2 a = inner[b + q];
    float2 o = outer[b + q];
    for (int j = 0; j < cn; j++) {
        int di = j > q ? j - q : q - j;
        if (tg_mini(di, cn - di) <= band) {
            continue;
        }
        int j1 = j + 1 == cn ? 0 : j + 1;
        float2 c = center[b + j];
        float2 d = center[b + j1];
        float w = tg_maxf(left[b + j], right[b + j]);
        if (tg_course_segment_distance2(a.x, a.y, o.x, o.y, c.x, c.y, d.x, d.y) < w * w) {
            return true;
        }
    }
    return false;
}

/* CheckpointClearKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_course_checkpoints_clear(int dim, const float2* center, const float2* tangent,
                                                       const float2* inner, const float2* outer, const float* arclen,
                                                       const float* length, const float* left, const float* right,
                                                       const int* count, int nMax, int maxCheckpoints,
                                                       const int* cpCount, float2* cpPosition, float2* cpTangent,
                                                       float2* cpInner, float2* cpOuter, float* cpS, int* cpIndex) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * nMax;
    int cn = count[e];
    int m = cpCount[e];
    if (m < 2 || cn < 6) {
        return;
    }
    float wMax = 0.0f;
    for (int i = 0; i < cn; i++) {
        wMax = tg_maxf(wMax, tg_maxf(left[b + i], right[b + i]));
    }
    int band = tg_f2i(2.0f * wMax / (length[e] / static_cast<float>(cn))) + 2;
    int limit = tg_maxi(1, cn / m - 2);
    for (int k = 1; k < m; k++) {
        int o = e * maxCheckpoints + k;
        int p = cpIndex[o];
        if (p < 0 || p >= cn) {
            continue;
        }
        for (int step = 0; step < limit; step++) {
            int q = p + step >= cn ? p + step - cn : p + step;
            if (tg_course_cp_shadowed(center, inner, outer, left, right, b, cn, q, band)) {
                continue;
            }
            if (step > 0) {
                int t = b + q;
                cpPosition[o] = center[t];
                cpTangent[o] = tangent[t];
                cpInner[o] = inner[t];
                cpOuter[o] = outer[t];
                cpS[o] = arclen[t];
                cpIndex[o] = q;
            }
            break;
        }
    }
}

/* CrossingFootprintKernel: whether point q's cross-section comes within sqrt(r2) of a centerline segment
   beyond the band. */
TG_INLINE bool tg_course_footprint_near(const float2* center, const float2* inner, const float2* outer, int b, int cn,
                                        int q, int band, float r2) {
    float2 a = inner[b + q];
    float2 o = outer[b + q];
    for (int j = 0; j < cn; j++) {
        int di = j > q ? j - q : q - j;
        if (tg_mini(di, cn - di) <= band) {
            continue;
        }
        int j1 = j + 1 == cn ? 0 : j + 1;
        float2 c = center[b + j];
        float2 d = center[b + j1];
        if (tg_course_segment_distance2(a.x, a.y, o.x, o.y, c.x, c.y, d.x, d.y) < r2) {
            return true;
        }
    }
    return false;
}

/* CrossingFootprintKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_course_crossing_footprint(int dim, const float2* center, const float2* inner,
                                                        const float2* outer, const float* length, const float* left,
                                                        const float* right, const int* count, int nMax,
                                                        int* footprint) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int b = e * nMax;
    int cn = count[e];
    for (int i = 0; i < nMax; i++) {
        footprint[b + i] = 0;
    }
    if (cn < 6 || cn > nMax) {
        return;
    }
    float wMax = 0.0f;
    for (int i = 0; i < cn; i++) {
        wMax = tg_maxf(wMax, tg_maxf(left[b + i], right[b + i]));
    }
    int band = tg_f2i(2.0f * wMax / (length[e] / static_cast<float>(cn))) + 2;
    float r2 = 4.0f * wMax * wMax;
    for (int q = 0; q < cn; q++) {
        footprint[b + q] = tg_course_footprint_near(center, inner, outer, b, cn, q, band, r2) ? 1 : 0;
    }
}

/* LevelOffRoadKernel: one thread per agent (dim = E * A). */
extern "C" __global__ void tg_course_offroad_level(int dim, const int* count, int nMax, int agents,
                                                   const int* footprint, const int* segment, const int* onRoad,
                                                   const int* border, int* offRoad) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / agents;
    int cn = count[e];
    int i = segment[t];
    if (cn < 3 || cn > nMax || i < 0 || i >= cn || border[t] < 0) {
        return;
    }
    int j = i + 1 == cn ? 0 : i + 1;
    if (footprint[e * nMax + i] != 0 || footprint[e * nMax + j] != 0) {
        offRoad[t] = onRoad[t] != 0 ? 0 : 1;
    }
}

/* +1 forward, -1 backward, 0: whether q -> p crosses checkpoint o's cross-section. */
TG_INLINE int tg_course_crossing(const float2* cpPosition, const float2* cpTangent, const float2* cpInner,
                                 const float2* cpOuter, int o, float qx, float qy, float px, float py) {
    float cx = cpPosition[o].x;
    float cy = cpPosition[o].y;
    float tx = cpTangent[o].x;
    float ty = cpTangent[o].y;
    float sq = (qx - cx) * tx + (qy - cy) * ty;
    float sp = (px - cx) * tx + (py - cy) * ty;
    int dir;
    if (sq <= 0.0f && sp > 0.0f) {
        dir = 1;
    } else if (sp <= 0.0f && sq > 0.0f) {
        dir = -1;
    } else {
        return 0;
    }
    float f = sq / (sq - sp);
    float xx = qx + f * (px - qx);
    float xy = qy + f * (py - qy);
    float ax = cpInner[o].x;
    float ay = cpInner[o].y;
    float gx = cpOuter[o].x - ax;
    float gy = cpOuter[o].y - ay;
    float u = (xx - ax) * gx + (xy - ay) * gy;
    return u >= 0.0f && u <= gx * gx + gy * gy ? dir : 0;
}

/* The first checkpoint at or after the arc length of p's projection (0 past the last). */
TG_INLINE int tg_course_first_ahead(const float2* center, const float* arclen, float lap, int b, int cn,
                                    const float* cpS, int base, int m, float px, float py) {
    if (cn < 2) {
        return 0;
    }
    int seg = tg_course_nearest_segment(center, b, cn, px, py, 0, cn);
    if (seg < 0) {
        return 0;
    }
    float s0 = cpS[base];
    float a = tg_course_arc_at(center, arclen, lap, b, cn, seg, px, py) - s0;
    if (a < 0.0f) {
        a += lap;
    }
    if (a <= 0.0f) {
        return 0;
    }
    for (int k = 1; k < m; k++) {
        float ahead = cpS[base + k] - s0;
        if (ahead < 0.0f) {
            ahead += lap;
        }
        if (ahead >= a) {
            return k;
        }
    }
    return 0;
}

/* ProgressUpdateKernel: one thread per agent (dim = E * agents). */
extern "C" __global__ void tg_course_progress_update(int dim, const float2* cpPosition, const float2* cpTangent,
                                                     const float2* cpInner, const float2* cpOuter, const float* cpS,
                                                     const int* cpCount, int maxCheckpoints, const float2* center,
                                                     const float* arclen, const float* length, const int* count,
                                                     int nMax, const float2* position, int agents, float2* previous,
                                                     int* next, int* progress, int* starts, int* passed,
                                                     int* lapCompleted, int* wrongWay, int* wrongCheckpoint,
                                                     int* laps, float* distToNext) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / agents;
    int m = cpCount[e];
    int base = e * maxCheckpoints;
    float px = position[t].x;
    float py = position[t].y;
    float qx = previous[t].x;
    float qy = previous[t].y;
    bool pFinite = px - px == 0.0f && py - py == 0.0f;
    bool qFinite = qx - qx == 0.0f && qy - qy == 0.0f;
    int pass = 0;
    int lap = 0;
    int ww = 0;
    int wc = -1;
    int g = next[t];
    int pr = progress[t];
    int z = starts[t];
    if (g < 0 || g >= m) {
        g = 0;
    }
    float dist = tg_nanf();
    if (m < 1) {
        previous[t] = make_float2(px, py);
    } else if (!pFinite) {
        previous[t] = make_float2(tg_nanf(), tg_nanf());
    } else {
        if (!qFinite) {
            if (pr == 0 && z == 0) {
                g = tg_course_first_ahead(center, arclen, length[e], e * nMax, count[e], cpS, base, m, px, py);
            }
        } else {
            int g0 = g;
            if (tg_course_crossing(cpPosition, cpTangent, cpInner, cpOuter, base + g0, qx, qy, px, py) > 0) {
                pass = 1;
                pr++;
                if (g0 == 0) {
                    z++;
                    if (z >= 2) {
                        lap = 1;
                    }
                }
                g = g0 + 1 == m ? 0 : g0 + 1;
            } else if (pr > 0) {
                int last = g0 == 0 ? m - 1 : g0 - 1;
                if (tg_course_crossing(cpPosition, cpTangent, cpInner, cpOuter, base + last, qx, qy, px, py) < 0) {
                    pr--;
                    if (last == 0) {
                        z--;
                    }
                    g = last;
                }
            }
            for (int k = 0; k < m; k++) {
                int c = tg_course_crossing(cpPosition, cpTangent, cpInner, cpOuter, base + k, qx, qy, px, py);
                if (c < 0) {
                    ww = 1;
                } else if (c > 0 && k != g0 && wc < 0) {
                    wc = k;
                }
            }
        }
        previous[t] = make_float2(px, py);
        float dx = px - cpPosition[base + g].x;
        float dy = py - cpPosition[base + g].y;
        dist = sqrtf(dx * dx + dy * dy);
    }
    next[t] = g;
    progress[t] = pr;
    starts[t] = z;
    passed[t] = pass;
    lapCompleted[t] = lap;
    wrongWay[t] = ww;
    wrongCheckpoint[t] = wc;
    laps[t] = z > 1 ? z - 1 : 0;
    distToNext[t] = dist;
}

/* ProgressResetKernel: one thread per agent. */
extern "C" __global__ void tg_course_progress_reset(int dim, const int* mask, float2* previous, int* next,
                                                    int* progress, int* starts, int* laps) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    if (mask[t] != 0) {
        previous[t] = make_float2(tg_nanf(), tg_nanf());
        next[t] = 0;
        progress[t] = 0;
        starts[t] = 0;
        laps[t] = 0;
    }
}
