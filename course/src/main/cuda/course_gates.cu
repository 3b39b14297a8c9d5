/*
 * CUDA C bodies of the gate-course kernels of the Course's gates mode (PTX module
 * trackgen-ptx/course_gates.ptx). Each entry point is the twin of the Java kernel of the same
 * name in dev.trackgen.course.kernel (GateLocalizeKernel, GateProgressKernel,
 * GateProgressResetKernel, GateCollisionKernel, GateRespawnKernel, and the helpers of
 * GateFrames); see those classes for semantics and shapes. Prototypes come from the generated
 * header.
 */
#include "trackgen_course_kernels.h"

TG_INLINE float tg_gate_seg_d2(const float* line, int b, int cn, int i, float px, float py, float pz) {
    int j = i + 1 == cn ? 0 : i + 1;
    int ia = 3 * (b + i);
    int ib = 3 * (b + j);
    float ax = line[ia];
    float ay = line[ia + 1];
    float az = line[ia + 2];
    float dx = line[ib] - ax;
    float dy = line[ib + 1] - ay;
    float dz = line[ib + 2] - az;
    float wx = px - ax;
    float wy = py - ay;
    float wz = pz - az;
    float len2 = dx * dx + dy * dy + dz * dz;
    float dot = wx * dx + wy * dy + wz * dz;
    float u = len2 > 0.0f ? tg_minf(tg_maxf(dot / len2, 0.0f), 1.0f) : 0.0f;
    float qx = wx - u * dx;
    float qy = wy - u * dy;
    float qz = wz - u * dz;
    return qx * qx + qy * qy + qz * qz;
}

TG_INLINE int tg_gate_wrap(int k, int cn) {
    int r = k % cn;
    return r < 0 ? r + cn : r;
}

extern "C" __global__ void tg_gate_localize(int dim, const float* line, const float* arclen, const float* length,
                                            const int* count, int lMax, const float* position, int agents,
                                            int window, float* s, float* n, float* nUp, int* segment) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / agents;
    int cn = count[e];
    float px = position[3 * t];
    float py = position[3 * t + 1];
    float pz = position[3 * t + 2];
    if (cn < 2 || !(px - px == 0.0f) || !(py - py == 0.0f) || !(pz - pz == 0.0f)) {
        s[t] = tg_nanf();
        n[t] = tg_nanf();
        nUp[t] = tg_nanf();
        segment[t] = -1;
        return;
    }
    int b = e * lMax;
    int prev = segment[t];
    int lo;
    int hi;
    if (window < 0 || prev < 0 || prev >= cn || 2 * window + 1 >= cn) {
        lo = 0;
        hi = cn - 1;
    } else {
        lo = prev - window;
        hi = prev + window;
    }
    int best = -1;
    int bestK = 0;
    float bestD = __int_as_float(0x7f800000);
    for (int k = lo; k <= hi; k++) {
        int i = tg_gate_wrap(k, cn);
        float d = tg_gate_seg_d2(line, b, cn, i, px, py, pz);
        if (d < bestD || (d == bestD && i < best)) {
            bestD = d;
            best = i;
            bestK = k;
        }
    }
    while (best >= 0 && hi - lo + 1 < cn && (bestK == lo || bestK == hi)) {
        int more = window > 1 ? window : 1;
        int left = cn - (hi - lo + 1);
        if (left < more) {
            more = left;
        }
        if (bestK == lo) {
            int from = lo - more;
            for (int k = lo - 1; k >= from; k--) {
                int i = tg_gate_wrap(k, cn);
                float d = tg_gate_seg_d2(line, b, cn, i, px, py, pz);
                if (d < bestD || (d == bestD && i < best)) {
                    bestD = d;
                    best = i;
                    bestK = k;
                }
            }
            lo = from;
        } else {
            int to = hi + more;
            for (int k = hi + 1; k <= to; k++) {
                int i = tg_gate_wrap(k, cn);
                float d = tg_gate_seg_d2(line, b, cn, i, px, py, pz);
                if (d < bestD || (d == bestD && i < best)) {
                    bestD = d;
                    best = i;
                    bestK = k;
                }
            }
            hi = to;
        }
    }
    if (best < 0) {
        s[t] = tg_nanf();
        n[t] = tg_nanf();
        nUp[t] = tg_nanf();
        segment[t] = -1;
        return;
    }
    int j = best + 1 == cn ? 0 : best + 1;
    int ia = 3 * (b + best);
    int ib = 3 * (b + j);
    float ax = line[ia];
    float ay = line[ia + 1];
    float az = line[ia + 2];
    float dx = line[ib] - ax;
    float dy = line[ib + 1] - ay;
    float dz = line[ib + 2] - az;
    float wx = px - ax;
    float wy = py - ay;
    float wz = pz - az;
    float len2 = dx * dx + dy * dy + dz * dz;
    float dot = wx * dx + wy * dy + wz * dz;
    float u = len2 > 0.0f ? tg_minf(tg_maxf(dot / len2, 0.0f), 1.0f) : 0.0f;
    float len = sqrtf(len2);
    float sv = arclen[b + best] + u * len;
    float lap = length[e];
    if (sv >= lap) {
        sv -= lap;
    }
    float rx = wx - u * dx;
    float ry = wy - u * dy;
    float rz = wz - u * dz;
    float tx = len > 0.0f ? dx / len : 1.0f;
    float ty = len > 0.0f ? dy / len : 0.0f;
    float tz = len > 0.0f ? dz / len : 0.0f;
    float h = sqrtf(tx * tx + ty * ty);
    float lx = h > 1.0e-6f ? -ty / h : 0.0f;
    float ly = h > 1.0e-6f ? tx / h : 1.0f;
    float ux = -tz * ly;
    float uy = tz * lx;
    float uz = tx * ly - ty * lx;
    s[t] = sv;
    n[t] = rx * lx + ry * ly;
    nUp[t] = rx * ux + ry * uy + rz * uz;
    segment[t] = best;
}

/* The body axes of the gate quaternion quat[o .. o+3] = (x, y, z, w): forward f, left l, up u, the
   rotation matrix's columns (GateFrames' expressions, in their order). */
typedef struct {
    float fx, fy, fz, lx, ly, lz, ux, uy, uz;
} tg_gate_axes_t;

TG_INLINE tg_gate_axes_t tg_gate_axes(const float* quat, int o) {
    float qx = quat[o];
    float qy = quat[o + 1];
    float qz = quat[o + 2];
    float qw = quat[o + 3];
    tg_gate_axes_t a;
    a.fx = 1.0f - 2.0f * (qy * qy + qz * qz);
    a.fy = 2.0f * (qx * qy + qw * qz);
    a.fz = 2.0f * (qx * qz - qw * qy);
    a.lx = 2.0f * (qx * qy - qw * qz);
    a.ly = 1.0f - 2.0f * (qx * qx + qz * qz);
    a.lz = 2.0f * (qy * qz + qw * qx);
    a.ux = 2.0f * (qx * qz + qw * qy);
    a.uy = 2.0f * (qy * qz - qw * qx);
    a.uz = 1.0f - 2.0f * (qx * qx + qy * qy);
    return a;
}

/* GateFrames.crossesForward */
TG_INLINE int tg_gate_crosses_forward(float ax, float ay, float az, float bx, float by, float bz,
                                              const float* pos, const float* quat, float hs, int g) {
    float cx = pos[3 * g];
    float cy = pos[3 * g + 1];
    float cz = pos[3 * g + 2];
    tg_gate_axes_t a = tg_gate_axes(quat, 4 * g);
    float d0 = (ax - cx) * a.fx + (ay - cy) * a.fy + (az - cz) * a.fz;
    float d1 = (bx - cx) * a.fx + (by - cy) * a.fy + (bz - cz) * a.fz;
    if (!(d0 <= 0.0f && d1 > 0.0f)) {
        return 0;
    }
    float t = d0 / (d0 - d1);
    float rx = (ax - cx) + t * (bx - ax);
    float ry = (ay - cy) + t * (by - ay);
    float rz = (az - cz) + t * (bz - az);
    float side = rx * a.lx + ry * a.ly + rz * a.lz;
    float high = rx * a.ux + ry * a.uy + rz * a.uz;
    return fabsf(side) <= hs && fabsf(high) <= hs ? 1 : 0;
}

extern "C" __global__ void tg_gate_progress(int dim, const float* position, const float* gatePos,
                                            const float* gateQuat, const float* halfSize, const int* gateCount,
                                            int gMax, int agents, float* prev, int* next, int* progress, int* laps,
                                            int* passed, int* lapCompleted, int* wrongGate, float* distToNext) {
    int q = tg_thread_index();
    if (q >= dim) {
        return;
    }
    int e = q / agents;
    int g = gateCount[e] < gMax ? gateCount[e] : gMax;
    int pass = 0;
    int wrong = -1;
    lapCompleted[q] = 0;
    float bx = position[3 * q];
    float by = position[3 * q + 1];
    float bz = position[3 * q + 2];
    float ax = prev[3 * q];
    float ay = prev[3 * q + 1];
    float az = prev[3 * q + 2];
    if (g < 1 || !(bx - bx == 0.0f) || !(by - by == 0.0f) || !(bz - bz == 0.0f)) {
        passed[q] = 0;
        wrongGate[q] = -1;
        prev[3 * q] = tg_nanf();
        prev[3 * q + 1] = tg_nanf();
        prev[3 * q + 2] = tg_nanf();
        distToNext[q] = tg_nanf();
        return;
    }
    int base = e * gMax;
    int k = next[q];
    if (k < 0 || k >= g) {
        k = 0;
    }
    if (ax - ax == 0.0f && ay - ay == 0.0f && az - az == 0.0f) {
        for (int j = 0; j < g; j++) {
            int c = tg_gate_crosses_forward(ax, ay, az, bx, by, bz, gatePos, gateQuat, halfSize[base + j], base + j);
            if (c == 0) {
                continue;
            }
            if (j == k) {
                pass = 1;
            } else if (wrong < 0) {
                wrong = j;
            }
        }
        if (pass != 0) {
            progress[q] = progress[q] + 1;
            if (k == g - 1) {
                laps[q] = laps[q] + 1;
                lapCompleted[q] = 1;
            }
            k = k + 1 == g ? 0 : k + 1;
        }
    }
    passed[q] = pass;
    wrongGate[q] = wrong;
    next[q] = k;
    prev[3 * q] = bx;
    prev[3 * q + 1] = by;
    prev[3 * q + 2] = bz;
    int c = 3 * (base + k);
    float dx = bx - gatePos[c];
    float dy = by - gatePos[c + 1];
    float dz = bz - gatePos[c + 2];
    distToNext[q] = sqrtf(dx * dx + dy * dy + dz * dz);
}

extern "C" __global__ void tg_gate_progress_reset(int dim, const int* mask, float* prev, int* next, int* progress,
                                                  int* laps) {
    int q = tg_thread_index();
    if (q >= dim) {
        return;
    }
    if (mask[q] == 0) {
        return;
    }
    prev[3 * q] = tg_nanf();
    prev[3 * q + 1] = tg_nanf();
    prev[3 * q + 2] = tg_nanf();
    next[q] = 0;
    progress[q] = 0;
    laps[q] = 0;
}

/* GateFrames.boxDistance */
TG_INLINE float tg_gate_box_distance(float px, float py, float pz, float hx, float hy, float hz) {
    float qx = fabsf(px) - hx;
    float qy = fabsf(py) - hy;
    float qz = fabsf(pz) - hz;
    float ox = tg_maxf(qx, 0.0f);
    float oy = tg_maxf(qy, 0.0f);
    float oz = tg_maxf(qz, 0.0f);
    float outside = sqrtf(ox * ox + oy * oy + oz * oz);
    float inside = tg_minf(tg_maxf(qx, tg_maxf(qy, qz)), 0.0f);
    return outside + inside;
}

TG_INLINE float tg_gate_post_depth(float px, float py, const float* left, const float* right, int f,
                                           float reach) {
    float lx = px - left[3 * f];
    float ly = py - left[3 * f + 1];
    float rx = px - right[3 * f];
    float ry = py - right[3 * f + 1];
    float dl = reach - sqrtf(lx * lx + ly * ly);
    float dr = reach - sqrtf(rx * rx + ry * ry);
    return tg_maxf(dl, dr);
}

TG_INLINE float tg_gate_frame_depth(float px, float py, float pz, const float* pos, const float* quat,
                                            float hs, int f, float thick, float frameDepth, float radius) {
    float rx = px - pos[3 * f];
    float ry = py - pos[3 * f + 1];
    float rz = pz - pos[3 * f + 2];
    tg_gate_axes_t a = tg_gate_axes(quat, 4 * f);
    float bx = rx * a.fx + ry * a.fy + rz * a.fz;
    float by = rx * a.lx + ry * a.ly + rz * a.lz;
    float bz = rx * a.ux + ry * a.uy + rz * a.uz;
    float hd = 0.5f * frameDepth;
    float ht = 0.5f * thick;
    float span = hs + thick;
    float off = hs + ht;
    float d0 = tg_gate_box_distance(bx, by - off, bz, hd, ht, span);
    float d1 = tg_gate_box_distance(bx, by + off, bz, hd, ht, span);
    float d2 = tg_gate_box_distance(bx, by, bz - off, hd, span, ht);
    float d3 = tg_gate_box_distance(bx, by, bz + off, hd, span, ht);
    float d = tg_minf(tg_minf(d0, d1), tg_minf(d2, d3));
    return radius - d;
}

extern "C" __global__ void tg_gate_collide(int dim, const float* position, const float* gatePos,
                                           const float* gateQuat, const float* halfSize, const float* left,
                                           const float* right, const int* gateCount, int gMax, int agents,
                                           int model, float agentRadius, float postRadius, float frameThickness,
                                           float frameDepth, int* hit, float* depth, int* gate) {
    int q = tg_thread_index();
    if (q >= dim) {
        return;
    }
    int e = q / agents;
    int g = gateCount[e] < gMax ? gateCount[e] : gMax;
    float px = position[3 * q];
    float py = position[3 * q + 1];
    float pz = position[3 * q + 2];
    float worst = 0.0f;
    int which = -1;
    if (px - px == 0.0f && py - py == 0.0f && pz - pz == 0.0f) {
        for (int j = 0; j < g; j++) {
            int f = e * gMax + j;
            float d = model == TG_GATE_POSTS
                    ? tg_gate_post_depth(px, py, left, right, f, postRadius + agentRadius)
                    : tg_gate_frame_depth(px, py, pz, gatePos, gateQuat, halfSize[f], f, frameThickness, frameDepth,
                                          agentRadius);
            if (d > worst) {
                worst = d;
                which = j;
            }
        }
    }
    hit[q] = which >= 0 ? 1 : 0;
    depth[q] = worst;
    gate[q] = which;
}

extern "C" __global__ void tg_gate_respawn(int dim, const int* mask, const float* gatePos, const float* gateQuat,
                                           const int* gateCount, int gMax, int agents, float back, float spacing,
                                           float* position, float* orientation, int* agentMask) {
    int q = tg_thread_index();
    if (q >= dim) {
        return;
    }
    int e = q / agents;
    if (mask[e] == 0) {
        agentMask[q] = 0;
        return;
    }
    agentMask[q] = 1;
    if (gateCount[e] < 1) {
        for (int k = 0; k < 3; k++) {
            position[3 * q + k] = tg_nanf();
        }
        for (int k = 0; k < 4; k++) {
            orientation[4 * q + k] = tg_nanf();
        }
        return;
    }
    int g = e * gMax;
    int o = 4 * g;
    tg_gate_axes_t a = tg_gate_axes(gateQuat, o);
    float side = ((float) (q - e * agents) - 0.5f * (float) (agents - 1)) * spacing;
    position[3 * q] = gatePos[3 * g] - back * a.fx + side * a.lx;
    position[3 * q + 1] = gatePos[3 * g + 1] - back * a.fy + side * a.ly;
    position[3 * q + 2] = gatePos[3 * g + 2] - back * a.fz + side * a.lz;
    for (int k = 0; k < 4; k++) {
        orientation[4 * q + k] = gateQuat[o + k];
    }
}
