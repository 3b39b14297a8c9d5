/*
 * CUDA C bodies of the collision kernels (PTX module trackgen-ptx/course_collision.ptx). Each
 * entry point is the twin of the Java kernel of the same name in dev.trackgen.course.collision;
 * see that class for semantics and shapes, and Planar for the helpers (tg_col_*). Launch
 * convention and helpers: trackgen_kernel.cuh. Same float operations in the same order as Java.
 */
#include "trackgen_kernel.cuh"
#include "trackgen_api_kernels.h"
#include "trackgen_course_kernels.h" /* prototypes and TG_COL_FAR2, TG_SDF_EXACT_BAND, TG_SDF_DIAG */

/* Planar.crossing: the crossing x always evaluated, masked by the straddle test */
TG_INLINE int tg_col_crossing(float cx, float cy, float ax, float ay, float bx, float by) {
    float xc = ax + (cy - ay) * (bx - ax) / (by - ay);
    int straddles = (ay > cy ? 1 : 0) ^ (by > cy ? 1 : 0);
    return straddles & (cx < xc ? 1 : 0);
}

/* Planar.closestT */
TG_INLINE float tg_col_closest_t(float px, float py, float ax, float ay, float bx, float by) {
    float dx = bx - ax;
    float dy = by - ay;
    float l2 = dx * dx + dy * dy;
    if (!(l2 > 0.0f)) {
        return 0.0f;
    }
    float t = ((px - ax) * dx + (py - ay) * dy) / l2;
    return t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
}

/* Planar.pointSegment2 */
TG_INLINE float tg_col_point_segment2(float px, float py, float ax, float ay, float bx, float by) {
    float t = tg_col_closest_t(px, py, ax, ay, bx, by);
    float qx = ax + t * (bx - ax) - px;
    float qy = ay + t * (by - ay) - py;
    return qx * qx + qy * qy;
}

/* Planar.pointBox2 */
TG_INLINE float tg_col_point_box2(float lx, float ly, float hx, float hy) {
    float ox = tg_maxf(fabsf(lx) - hx, 0.0f);
    float oy = tg_maxf(fabsf(ly) - hy, 0.0f);
    return ox * ox + oy * oy;
}

/* Planar.segmentHitsBox */
TG_INLINE bool tg_col_segment_hits_box(float ax, float ay, float bx, float by, float hx, float hy) {
    float t0 = 0.0f;
    float t1 = 1.0f;
    float dx = bx - ax;
    float dy = by - ay;
    if (dx == 0.0f) {
        if (ax < -hx || ax > hx) {
            return false;
        }
    } else {
        float ta = (-hx - ax) / dx;
        float tb = (hx - ax) / dx;
        float lo = tg_minf(ta, tb);
        float hi = tg_maxf(ta, tb);
        t0 = tg_maxf(t0, lo);
        t1 = tg_minf(t1, hi);
    }
    if (dy == 0.0f) {
        if (ay < -hy || ay > hy) {
            return false;
        }
    } else {
        float ta = (-hy - ay) / dy;
        float tb = (hy - ay) / dy;
        float lo = tg_minf(ta, tb);
        float hi = tg_maxf(ta, tb);
        t0 = tg_maxf(t0, lo);
        t1 = tg_minf(t1, hi);
    }
    return t0 <= t1;
}

/* Planar.finite */
TG_INLINE bool tg_col_finite(float a, float b, float c, float d, float e) {
    return tg_isfinite(a) && tg_isfinite(b) && tg_isfinite(c) && tg_isfinite(d) && tg_isfinite(e);
}

/* BoxContacts.writeEmpty */
TG_INLINE void tg_col_write_empty(int t, int off, int* offRoad, float* clearance, float2* nearest, float2* normal,
                                  int* border) {
    offRoad[t] = off;
    clearance[t] = tg_nanf();
    nearest[t] = make_float2(tg_nanf(), tg_nanf());
    normal[t] = make_float2(tg_nanf(), tg_nanf());
    border[t] = -1;
}

/* OffRoadSegmentsKernel: one thread per box (dim = E * B). */
extern "C" __global__ void tg_offroad_segments(int dim, const float2* inner, const float2* outer,
                                               const float2* center, const int* count, int nMax, int boxesPerEnv,
                                               const float2* position, const float* heading,
                                               const float2* halfExtents, int* offRoad, float* clearance,
                                               float2* nearest, float2* normal, int* border) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / boxesPerEnv;
    float px = position[t].x;
    float py = position[t].y;
    float h = heading[t];
    float hx = halfExtents[t].x;
    float hy = halfExtents[t].y;
    if (!tg_col_finite(px, py, h, hx, hy)) {
        tg_col_write_empty(t, 0, offRoad, clearance, nearest, normal, border);
        return;
    }
    int m = tg_mini(count[e], nMax);
    if (m < 3) {
        tg_col_write_empty(t, 1, offRoad, clearance, nearest, normal, border);
        return;
    }
    float c = static_cast<float>(cos(static_cast<double>(h)));
    float s = static_cast<float>(sin(static_cast<double>(h)));
    float ux = c * hx;
    float uy = s * hx;
    float vx = -s * hy;
    float vy = c * hy;
    float c0x = px + ux + vx;
    float c0y = py + uy + vy;
    float c1x = px - ux + vx;
    float c1y = py - uy + vy;
    float c2x = px - ux - vx;
    float c2y = py - uy - vy;
    float c3x = px + ux - vx;
    float c3y = py + uy - vy;
    float minX = tg_minf(tg_minf(c0x, c1x), tg_minf(c2x, c3x));
    float maxX = tg_maxf(tg_maxf(c0x, c1x), tg_maxf(c2x, c3x));
    float minY = tg_minf(tg_minf(c0y, c1y), tg_minf(c2y, c3y));
    float maxY = tg_maxf(tg_maxf(c0y, c1y), tg_maxf(c2y, c3y));
    int base = e * nMax;
    float bound2 = TG_COL_FAR2;
    for (int i = 0; i < m; i += TG_COL_BOUND_STRIDE) {
        float dx = inner[base + i].x - px;
        float dy = inner[base + i].y - py;
        bound2 = tg_minf(bound2, dx * dx + dy * dy);
        dx = outer[base + i].x - px;
        dy = outer[base + i].y - py;
        bound2 = tg_minf(bound2, dx * dx + dy * dy);
    }
    float lim = sqrtf(bound2) * TG_COL_PRUNE_MARGIN;
    float loX = minX - lim;
    float hiX = maxX + lim;
    float loY = minY - lim;
    float hiY = maxY + lim;
    int parIn = 0;
    int parOut = 0;
    bool crossed = false;
    float best2 = TG_COL_FAR2;
    float bestX = tg_nanf();
    float bestY = tg_nanf();
    int bestBorder = -1;
    int bestI = -1;
    float near0 = TG_COL_FAR2; /* per border, the nearest segment measured so far */
    float near1 = TG_COL_FAR2;
    int seed0 = -1;
    int seed1 = -1;
    for (int bd = 0; bd < 2; bd++) {
        const float2* pts = bd == 0 ? inner : outer;
        int par = 0;
        for (int i = 0; i < m; i++) {
            int i2 = i + 1 == m ? 0 : i + 1;
            float2 pa = pts[base + i];
            float2 pb = pts[base + i2];
            float ax = pa.x;
            float ay = pa.y;
            float bx = pb.x;
            float by = pb.y;
            if ((ay < loY && by < loY) || (ay > hiY && by > hiY)) {
                continue;
            }
            if (!(ay > maxY && by > maxY) && !(ay <= minY && by <= minY)) {
                par ^= tg_col_crossing(c0x, c0y, ax, ay, bx, by) | tg_col_crossing(c1x, c1y, ax, ay, bx, by) << 1
                        | tg_col_crossing(c2x, c2y, ax, ay, bx, by) << 2
                        | tg_col_crossing(c3x, c3y, ax, ay, bx, by) << 3;
            }
            if ((ax > hiX && bx > hiX) || (ax < loX && bx < loX) || (ay > hiY && by > hiY) || (ay < loY && by < loY)) {
                continue;
            }
            float d2 = TG_COL_FAR2;
            int corner = -1;
            float k2 = tg_col_point_segment2(c0x, c0y, ax, ay, bx, by);
            if (k2 < d2) {
                d2 = k2;
                corner = 0;
            }
            k2 = tg_col_point_segment2(c1x, c1y, ax, ay, bx, by);
            if (k2 < d2) {
                d2 = k2;
                corner = 1;
            }
            k2 = tg_col_point_segment2(c2x, c2y, ax, ay, bx, by);
            if (k2 < d2) {
                d2 = k2;
                corner = 2;
            }
            k2 = tg_col_point_segment2(c3x, c3y, ax, ay, bx, by);
            if (k2 < d2) {
                d2 = k2;
                corner = 3;
            }
            float qx = tg_nanf();
            float qy = tg_nanf();
            if (corner >= 0) {
                float cx = corner == 0 ? c0x : corner == 1 ? c1x : corner == 2 ? c2x : c3x;
                float cy = corner == 0 ? c0y : corner == 1 ? c1y : corner == 2 ? c2y : c3y;
                float tt = tg_col_closest_t(cx, cy, ax, ay, bx, by);
                qx = ax + tt * (bx - ax);
                qy = ay + tt * (by - ay);
            }
            float dax = ax - px;
            float day = ay - py;
            float lax = c * dax + s * day;
            float lay = -s * dax + c * day;
            float v2 = tg_col_point_box2(lax, lay, hx, hy);
            if (v2 < d2) {
                d2 = v2;
                qx = ax;
                qy = ay;
            }
            float dbx = bx - px;
            float dby = by - py;
            float lbx = c * dbx + s * dby;
            float lby = -s * dbx + c * dby;
            if (tg_col_segment_hits_box(lax, lay, lbx, lby, hx, hy)) {
                crossed = true;
                d2 = 0.0f;
                float tt = tg_col_closest_t(px, py, ax, ay, bx, by);
                qx = ax + tt * (bx - ax);
                qy = ay + tt * (by - ay);
            }
            if (bd == 0) {
                if (d2 < near0) {
                    near0 = d2;
                    seed0 = i;
                }
            } else if (d2 < near1) {
                near1 = d2;
                seed1 = i;
            }
            if (d2 < best2) {
                best2 = d2;
                bestX = qx;
                bestY = qy;
                bestBorder = bd;
                bestI = i;
                if (d2 < bound2) {
                    lim = sqrtf(d2) * TG_COL_PRUNE_MARGIN;
                    loX = minX - lim;
                    hiX = maxX + lim;
                    loY = minY - lim;
                    hiY = maxY + lim;
                }
            }
        }
        if (bd == 0) {
            parIn = par;
        } else {
            parOut = par;
        }
    }
    if (bestI < 0) {
        tg_col_write_empty(t, 1, offRoad, clearance, nearest, normal, border);
        return;
    }
    int inHole = parIn & parOut & 15;    /* inside both loops (a nested track: inside the inner one) */
    int outside = ~parIn & ~parOut & 15; /* outside both loops (a nested track: outside the outer one) */
    bool off = crossed || (inHole | outside) != 0;
    float clear;
    if (!off) {
        clear = sqrtf(best2);
    } else {
        float pen2 = 0.0f;
        for (int k = 0; k < 4; k++) {
            int bit = 1 << k;
            if (((inHole | outside) & bit) == 0) {
                continue;
            }
            float cx = k == 0 ? c0x : k == 1 ? c1x : k == 2 ? c2x : c3x;
            float cy = k == 0 ? c0y : k == 1 ? c1y : k == 2 ? c2y : c3y;
            const float2* pts = (inHole & bit) != 0 ? inner : outer;
            float slack = (fabsf(cx) + fabsf(cy)) * TG_COL_PRUNE_SLACK;
            float m2 = TG_COL_FAR2;
            int seed = (inHole & bit) != 0 ? seed0 : seed1; /* start from that border's segment nearest the box */
            if (seed >= 0) {
                int j2 = seed + 1 == m ? 0 : seed + 1;
                m2 = tg_col_point_segment2(cx, cy, pts[base + seed].x, pts[base + seed].y, pts[base + j2].x,
                                           pts[base + j2].y);
            }
            float r = sqrtf(m2) * TG_COL_PRUNE_MARGIN + slack;
            for (int i = 0; i < m; i++) {
                int i2 = i + 1 == m ? 0 : i + 1;
                float ax = pts[base + i].x;
                float ay = pts[base + i].y;
                float bx = pts[base + i2].x;
                float by = pts[base + i2].y;
                if ((ax > cx + r && bx > cx + r) || (ax < cx - r && bx < cx - r) || (ay > cy + r && by > cy + r)
                        || (ay < cy - r && by < cy - r)) {
                    continue;
                }
                float n2 = tg_minf(m2, tg_col_point_segment2(cx, cy, ax, ay, bx, by));
                if (n2 != m2) {
                    m2 = n2;
                    r = sqrtf(m2) * TG_COL_PRUNE_MARGIN + slack;
                }
            }
            pen2 = tg_maxf(pen2, m2);
        }
        clear = -sqrtf(pen2);
    }
    const float2* pts = bestBorder == 0 ? inner : outer;
    int i2 = bestI + 1 == m ? 0 : bestI + 1;
    float ax = pts[base + bestI].x;
    float ay = pts[base + bestI].y;
    float nx = -(pts[base + i2].y - ay);
    float ny = pts[base + i2].x - ax;
    float cpx = center[base + bestI].x - ax;
    float cpy = center[base + bestI].y - ay;
    float len = sqrtf(nx * nx + ny * ny);
    if (!(len > 0.0f)) {
        nx = cpx;
        ny = cpy;
        len = sqrtf(nx * nx + ny * ny);
    }
    if (len > 0.0f) {
        nx = nx / len;
        ny = ny / len;
    }
    if (cpx * nx + cpy * ny < 0.0f) {
        nx = -nx;
        ny = -ny;
    }
    offRoad[t] = off ? 1 : 0;
    clearance[t] = clear;
    nearest[t] = make_float2(bestX, bestY);
    normal[t] = make_float2(nx, ny);
    border[t] = bestBorder;
}

/* ------------------------------------------------------------------------------------------ */
/* SDF                                                                                        */
/* ------------------------------------------------------------------------------------------ */

TG_INLINE int tg_sdf_words(int res) {
    return static_cast<int>((static_cast<unsigned int>(res * res) + 31u) >> 5);
}

/* SdfBakeKernel.clampCell */
TG_INLINE int tg_sdf_clamp_cell(float f, int by, int res) {
    float g = by < 0 ? floorf(f) + static_cast<float>(by) : ceilf(f) + static_cast<float>(by - 1);
    if (!(g > 0.0f)) {
        return 0;
    }
    if (g > static_cast<float>(res - 1)) {
        return res - 1;
    }
    return tg_f2i(g);
}

TG_INLINE void tg_sdf_set_bit(int* bid, int wb, int k, int value) {
    int w = wb + static_cast<int>(static_cast<unsigned int>(k) >> 5);
    int mask = static_cast<int>(1u << (k & 31));
    bid[w] = value != 0 ? (bid[w] | mask) : (bid[w] & ~mask);
}

TG_INLINE int tg_sdf_get_bit(const int* bid, int wb, int k) {
    return static_cast<int>((static_cast<unsigned int>(bid[wb + static_cast<int>(static_cast<unsigned int>(k) >> 5)])
                             >> (k & 31)) & 1u);
}

TG_INLINE void tg_sdf_relax(float* phi, int* bid, int pb, int wb, int k, int from, float w) {
    float v = phi[pb + from] + w;
    if (v < phi[pb + k]) {
        phi[pb + k] = v;
        tg_sdf_set_bit(bid, wb, k, tg_sdf_get_bit(bid, wb, from));
    }
}

/* SdfBakeKernel: one thread per env (dim = E). */
extern "C" __global__ void tg_sdf_bake(int dim, const float2* inner, const float2* outer, const int* count, int nMax,
                                       int res, float padding, float cellSize, float* bounds, float* phi,
                                       int* bid) {
    int e = tg_thread_index();
    if (e >= dim) {
        return;
    }
    int cells = res * res;
    int words = tg_sdf_words(res);
    int m = tg_mini(count[e], nMax);
    int pb = e * cells;
    int wb = e * words;
    for (int w = 0; w < words; w++) {
        bid[wb + w] = 0;
    }
    int base = e * nMax;
    float minX = TG_COL_FAR2;
    float minY = TG_COL_FAR2;
    float maxX = -TG_COL_FAR2;
    float maxY = -TG_COL_FAR2;
    for (int i = 0; i < m; i++) {
        float2 ip = inner[base + i];
        float2 op = outer[base + i];
        minX = tg_minf(minX, tg_minf(ip.x, op.x));
        minY = tg_minf(minY, tg_minf(ip.y, op.y));
        maxX = tg_maxf(maxX, tg_maxf(ip.x, op.x));
        maxY = tg_maxf(maxY, tg_maxf(ip.y, op.y));
    }
    float ext = tg_maxf(maxX - minX, maxY - minY);
    if (m < 3 || !tg_isfinite(ext)) {
        bounds[3 * e] = tg_nanf();
        bounds[3 * e + 1] = tg_nanf();
        bounds[3 * e + 2] = tg_nanf();
        for (int k = 0; k < cells; k++) {
            phi[pb + k] = tg_nanf();
        }
        return;
    }
    float pad = padding > 0.0f ? padding : 0.1f * ext;
    float side = ext + 2.0f * pad;
    float cell = side / static_cast<float>(res);
    if (cellSize > 0.0f && cell <= cellSize) {
        cell = cellSize;
        side = cell * static_cast<float>(res);
    }
    float lox = 0.5f * (minX + maxX) - 0.5f * side;
    float loy = 0.5f * (minY + maxY) - 0.5f * side;
    bounds[3 * e] = lox;
    bounds[3 * e + 1] = loy;
    bounds[3 * e + 2] = cell;
    for (int k = 0; k < cells; k++) {
        phi[pb + k] = TG_COL_FAR2;
    }
    for (int bd = 0; bd < 2; bd++) {
        const float2* pts = bd == 0 ? inner : outer;
        for (int i = 0; i < m; i++) {
            int i2 = i + 1 == m ? 0 : i + 1;
            float ax = pts[base + i].x;
            float ay = pts[base + i].y;
            float bx = pts[base + i2].x;
            float by = pts[base + i2].y;
            int x0 = tg_sdf_clamp_cell((tg_minf(ax, bx) - lox) / cell - 0.5f, -TG_SDF_EXACT_BAND, res);
            int x1 = tg_sdf_clamp_cell((tg_maxf(ax, bx) - lox) / cell - 0.5f, TG_SDF_EXACT_BAND + 1, res);
            int y0 = tg_sdf_clamp_cell((tg_minf(ay, by) - loy) / cell - 0.5f, -TG_SDF_EXACT_BAND, res);
            int y1 = tg_sdf_clamp_cell((tg_maxf(ay, by) - loy) / cell - 0.5f, TG_SDF_EXACT_BAND + 1, res);
            for (int gy = y0; gy <= y1; gy++) {
                float cy = loy + (static_cast<float>(gy) + 0.5f) * cell;
                for (int gx = x0; gx <= x1; gx++) {
                    float cx = lox + (static_cast<float>(gx) + 0.5f) * cell;
                    float d2 = tg_col_point_segment2(cx, cy, ax, ay, bx, by);
                    int k = gy * res + gx;
                    if (d2 < phi[pb + k]) {
                        phi[pb + k] = d2;
                        tg_sdf_set_bit(bid, wb, k, bd);
                    }
                }
            }
        }
    }
    for (int k = 0; k < cells; k++) {
        float v = phi[pb + k];
        phi[pb + k] = v < TG_COL_FAR2 ? sqrtf(v) : TG_COL_FAR2;
    }
    float wd = TG_SDF_DIAG * cell;
    for (int gy = 0; gy < res; gy++) {
        for (int gx = 0; gx < res; gx++) {
            int k = gy * res + gx;
            if (gx > 0) {
                tg_sdf_relax(phi, bid, pb, wb, k, k - 1, cell);
            }
            if (gy > 0) {
                tg_sdf_relax(phi, bid, pb, wb, k, k - res, cell);
                if (gx > 0) {
                    tg_sdf_relax(phi, bid, pb, wb, k, k - res - 1, wd);
                }
                if (gx + 1 < res) {
                    tg_sdf_relax(phi, bid, pb, wb, k, k - res + 1, wd);
                }
            }
        }
    }
    for (int gy = res - 1; gy >= 0; gy--) {
        for (int gx = res - 1; gx >= 0; gx--) {
            int k = gy * res + gx;
            if (gx + 1 < res) {
                tg_sdf_relax(phi, bid, pb, wb, k, k + 1, cell);
            }
            if (gy + 1 < res) {
                tg_sdf_relax(phi, bid, pb, wb, k, k + res, cell);
                if (gx + 1 < res) {
                    tg_sdf_relax(phi, bid, pb, wb, k, k + res + 1, wd);
                }
                if (gx > 0) {
                    tg_sdf_relax(phi, bid, pb, wb, k, k + res - 1, wd);
                }
            }
        }
    }
    for (int bd = 0; bd < 2; bd++) {
        const float2* pts = bd == 0 ? inner : outer;
        for (int i = 0; i < m; i++) {
            int i2 = i + 1 == m ? 0 : i + 1;
            float ax = pts[base + i].x;
            float ay = pts[base + i].y;
            float bx = pts[base + i2].x;
            float by = pts[base + i2].y;
            int y0 = tg_sdf_clamp_cell((tg_minf(ay, by) - loy) / cell - 0.5f, -1, res);
            int y1 = tg_sdf_clamp_cell((tg_maxf(ay, by) - loy) / cell - 0.5f, 1, res);
            for (int gy = y0; gy <= y1; gy++) {
                float cy = loy + (static_cast<float>(gy) + 0.5f) * cell;
                if ((ay > cy) != (by > cy)) {
                    float xc = ax + (cy - ay) * (bx - ax) / (by - ay);
                    for (int gx = 0; gx < res; gx++) {
                        float cx = lox + (static_cast<float>(gx) + 0.5f) * cell;
                        if (!(cx < xc)) {
                            break;
                        }
                        int k = pb + gy * res + gx;
                        phi[k] = -phi[k];
                    }
                }
            }
        }
    }
    for (int k = 0; k < cells; k++) {
        phi[pb + k] = -phi[pb + k];
    }
}

/* OffRoadSdfKernel.clampCoord */
TG_INLINE float tg_sdf_clamp_coord(float f, int res) {
    if (!(f > 0.0f)) {
        return 0.0f;
    }
    float hi = static_cast<float>(res - 1);
    return f > hi ? hi : f;
}

/* OffRoadSdfKernel.sample */
TG_INLINE float tg_sdf_sample(const float* phi, int pb, int res, float lox, float loy, float cell, float x, float y) {
    float fx = tg_sdf_clamp_coord((x - lox) / cell - 0.5f, res);
    float fy = tg_sdf_clamp_coord((y - loy) / cell - 0.5f, res);
    int x0 = tg_f2i(fx);
    int y0 = tg_f2i(fy);
    int x1 = tg_mini(x0 + 1, res - 1);
    int y1 = tg_mini(y0 + 1, res - 1);
    float tx = fx - static_cast<float>(x0);
    float ty = fy - static_cast<float>(y0);
    float v00 = phi[pb + y0 * res + x0];
    float v10 = phi[pb + y0 * res + x1];
    float v01 = phi[pb + y1 * res + x0];
    float v11 = phi[pb + y1 * res + x1];
    float a = v00 + tx * (v10 - v00);
    float b = v01 + tx * (v11 - v01);
    return a + ty * (b - a);
}

/* OffRoadSdfKernel: one thread per box (dim = E * B). */
extern "C" __global__ void tg_offroad_sdf(int dim, const float* bounds, const float* phi, const int* bid, int res,
                                          int boxesPerEnv, const float2* position, const float* heading,
                                          const float2* halfExtents, int* offRoad, float* clearance,
                                          float2* nearest, float2* normal, int* border) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int cells = res * res;
    int words = tg_sdf_words(res);
    int e = t / boxesPerEnv;
    float px = position[t].x;
    float py = position[t].y;
    float h = heading[t];
    float hx = halfExtents[t].x;
    float hy = halfExtents[t].y;
    if (!tg_col_finite(px, py, h, hx, hy)) {
        tg_col_write_empty(t, 0, offRoad, clearance, nearest, normal, border);
        return;
    }
    float lox = bounds[3 * e];
    float loy = bounds[3 * e + 1];
    float cell = bounds[3 * e + 2];
    if (!(cell > 0.0f)) {
        tg_col_write_empty(t, 1, offRoad, clearance, nearest, normal, border);
        return;
    }
    int pb = e * cells;
    float c = static_cast<float>(cos(static_cast<double>(h)));
    float s = static_cast<float>(sin(static_cast<double>(h)));
    float ux = c * hx;
    float uy = s * hx;
    float vx = -s * hy;
    float vy = c * hy;
    float bestX = px;
    float bestY = py;
    float best = tg_sdf_sample(phi, pb, res, lox, loy, cell, px, py);
    for (int k = 0; k < 4; k++) {
        float sx = k == 0 || k == 3 ? 1.0f : -1.0f;
        float sy = k < 2 ? 1.0f : -1.0f;
        float qx = px + sx * ux + sy * vx;
        float qy = py + sx * uy + sy * vy;
        float v = tg_sdf_sample(phi, pb, res, lox, loy, cell, qx, qy);
        if (v < best) {
            best = v;
            bestX = qx;
            bestY = qy;
        }
    }
    float gx = tg_sdf_sample(phi, pb, res, lox, loy, cell, bestX + cell, bestY)
            - tg_sdf_sample(phi, pb, res, lox, loy, cell, bestX - cell, bestY);
    float gy = tg_sdf_sample(phi, pb, res, lox, loy, cell, bestX, bestY + cell)
            - tg_sdf_sample(phi, pb, res, lox, loy, cell, bestX, bestY - cell);
    float len = sqrtf(gx * gx + gy * gy);
    float nx = len > 0.0f ? gx / len : 0.0f;
    float ny = len > 0.0f ? gy / len : 0.0f;
    float qx = bestX - best * nx;
    float qy = bestY - best * ny;
    int xi = tg_mini(tg_f2i(tg_sdf_clamp_coord((qx - lox) / cell - 0.5f, res) + 0.5f), res - 1);
    int yi = tg_mini(tg_f2i(tg_sdf_clamp_coord((qy - loy) / cell - 0.5f, res) + 0.5f), res - 1);
    int k = yi * res + xi;
    offRoad[t] = best < 0.0f ? 1 : 0;
    clearance[t] = best;
    nearest[t] = make_float2(qx, qy);
    normal[t] = make_float2(nx, ny);
    border[t] = tg_sdf_get_bit(bid, e * words, k);
}

/* ------------------------------------------------------------------------------------------ */
/* Discs                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* BoxDiscsKernel: one thread per box (dim = E * B). */
extern "C" __global__ void tg_box_discs(int dim, const float2* discs, int discsPerEnv, float radius, int boxesPerEnv,
                                        const float2* position, const float* heading, const float2* halfExtents,
                                        int* hit, int* disc, float* depth, float2* normal) {
    int t = tg_thread_index();
    if (t >= dim) {
        return;
    }
    int e = t / boxesPerEnv;
    float px = position[t].x;
    float py = position[t].y;
    float h = heading[t];
    float hx = halfExtents[t].x;
    float hy = halfExtents[t].y;
    hit[t] = 0;
    disc[t] = -1;
    depth[t] = 0.0f;
    normal[t] = make_float2(tg_nanf(), tg_nanf());
    if (!tg_col_finite(px, py, h, hx, hy)) {
        return;
    }
    float c = static_cast<float>(cos(static_cast<double>(h)));
    float s = static_cast<float>(sin(static_cast<double>(h)));
    int base = e * discsPerEnv;
    int best = -1;
    float bestPen = 0.0f;
    for (int i = 0; i < discsPerEnv; i++) {
        float dx = discs[base + i].x - px;
        float dy = discs[base + i].y - py;
        if (!(tg_isfinite(dx) && tg_isfinite(dy))) {
            continue;
        }
        float lx = c * dx + s * dy;
        float ly = -s * dx + c * dy;
        float pen = radius - sqrtf(tg_col_point_box2(lx, ly, hx, hy));
        if (pen >= 0.0f && (best < 0 || pen > bestPen)) {
            best = i;
            bestPen = pen;
        }
    }
    if (best < 0) {
        return;
    }
    float cx = discs[base + best].x;
    float cy = discs[base + best].y;
    float dx = cx - px;
    float dy = cy - py;
    float lx = tg_maxf(-hx, tg_minf(hx, c * dx + s * dy));
    float ly = tg_maxf(-hy, tg_minf(hy, -s * dx + c * dy));
    float nx = px + c * lx - s * ly - cx;
    float ny = py + s * lx + c * ly - cy;
    float len = sqrtf(nx * nx + ny * ny);
    if (!(len > 0.0f)) {
        nx = px - cx;
        ny = py - cy;
        len = sqrtf(nx * nx + ny * ny);
    }
    if (len > 0.0f) {
        nx = nx / len;
        ny = ny / len;
    } else {
        nx = c;
        ny = s;
    }
    hit[t] = 1;
    disc[t] = best;
    depth[t] = bestPen;
    normal[t] = make_float2(nx, ny);
}
