package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.collision.BoxContacts;

/**
 * The exact off-road check, one thread per box ({@code dim = E * B}): every border segment of
 * the box's env is read, nothing is precomputed.
 *
 * <p>{@code tg_offroad_segments(inner, outer, center, count, nMax, boxesPerEnv, position, heading,
 * halfExtents, offRoad, clearance, nearest, normal, border)}; shapes: {@code inner, outer, center:
 * [E*nMax]} pairs, {@code count: [E]}; inputs and outputs {@code [E*B]} (pairs for position,
 * half extents, nearest and normal). Semantics are those of {@link BoxContacts}.
 *
 * <p>A box is inside the road when each corner is inside exactly one of the two border loops (ray
 * parity over both; on a track whose inner loop lies inside its outer one: inside the outer loop
 * and outside the inner one) and no border segment meets the solid box. The clearance of a box on the road is
 * the distance between the solid box and the nearer border polyline: the minimum of each corner's
 * distance to each segment and each segment vertex's distance to the box; segments lying wholly
 * beyond one side of the box's bounding box grown by the best distance so far (or by a starting
 * bound, the distance from the box center to the nearest of every eighth border vertex, 0.1%
 * more against rounding) are skipped, and segments wholly above or below the box skip the corner parity tests (both exact:
 * such segments can neither be nearer nor cross a corner's ray). An off-road box reports minus the largest distance of a corner outside
 * the band to the border it lies beyond (0 when only an edge crosses); that nearest-segment search
 * starts from the corner's distance to the segment of that border nearest the box (found by the
 * main pass, when it measured one) and passes over segments lying farther along one axis than the
 * best distance so far (0.1% more, plus {@code 1e-5} of the corner's coordinates against
 * rounding), which leaves the minimum the same.
 */
public final class OffRoadSegmentsKernel extends OffRoadSegmentsKernelBase {
    /** The kernel instance. */
    public static final OffRoadSegmentsKernel INSTANCE = new OffRoadSegmentsKernel();

    /** Every how many border vertices the starting distance bound samples. */
    @CudaConstant("TG_COL_BOUND_STRIDE")
    static final int BOUND_STRIDE = 8;

    /** Growth of the pruning distance over the bound, so float rounding never drops a candidate. */
    @CudaConstant("TG_COL_PRUNE_MARGIN")
    static final float PRUNE_MARGIN = 1.001f;

    /** Growth of the penetration search's pruning distance, relative to the corner's coordinates (rounding of far points). */
    @CudaConstant("TG_COL_PRUNE_SLACK")
    static final float SLACK = 1.0e-5f;

    private OffRoadSegmentsKernel() {
    }

    @KernelSignature(ptx = CollisionKernels.PTX)
    interface Signature {
        void tg_offroad_segments(@In Vec2Array inner, @In Vec2Array outer, @In Vec2Array center, @In I32Array count, int nMax, int boxesPerEnv, @In Vec2Array position, @In F32Array heading, @In Vec2Array halfExtents, @Out I32Array offRoad, @Out F32Array clearance, @Out Vec2Array nearest, @Out Vec2Array normal, @Out I32Array border);
    }

    @Override
    protected void run(int begin, int end, float[] inner, float[] outer, float[] center, int[] count, int nMax,
                       int boxesPerEnv, float[] position, float[] heading, float[] halfExtents, int[] offRoad,
                       float[] clearance, float[] nearest, float[] normal, int[] border) {
        run(inner, outer, center, count, nMax, boxesPerEnv, position, heading, halfExtents, offRoad, clearance, nearest, normal, border, begin, end);
    }

    static void run(float[] inner, float[] outer, float[] center, int[] count, int nMax, int boxesPerEnv,
                    float[] position, float[] heading, float[] halfExtents, int[] offRoad, float[] clearance,
                    float[] nearest, float[] normal, int[] border, int begin, int end) {
        for (int t = begin; t < end; t++) {
            int e = t / boxesPerEnv;
            float px = position[2 * t];
            float py = position[2 * t + 1];
            float h = heading[t];
            float hx = halfExtents[2 * t];
            float hy = halfExtents[2 * t + 1];
            if (!Planar.finite(px, py, h, hx, hy)) {
                Planar.writeEmpty(t, 0, offRoad, clearance, nearest, normal, border);
                continue;
            }
            int m = Math.min(count[e], nMax);
            if (m < 3) {
                Planar.writeEmpty(t, 1, offRoad, clearance, nearest, normal, border);
                continue;
            }
            float c = (float) Math.cos(h);
            float s = (float) Math.sin(h);
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
            float minX = Math.min(Math.min(c0x, c1x), Math.min(c2x, c3x));
            float maxX = Math.max(Math.max(c0x, c1x), Math.max(c2x, c3x));
            float minY = Math.min(Math.min(c0y, c1y), Math.min(c2y, c3y));
            float maxY = Math.max(Math.max(c0y, c1y), Math.max(c2y, c3y));
            int base = e * nMax;
            // an upper bound on the distance to the borders, so far segments are skipped from the
            // start: the nearest of every BOUND_STRIDE-th border vertex to the box center
            float bound2 = Planar.FAR2;
            for (int i = 0; i < m; i += BOUND_STRIDE) {
                float dx = inner[2 * (base + i)] - px;
                float dy = inner[2 * (base + i) + 1] - py;
                bound2 = Math.min(bound2, dx * dx + dy * dy);
                dx = outer[2 * (base + i)] - px;
                dy = outer[2 * (base + i) + 1] - py;
                bound2 = Math.min(bound2, dx * dx + dy * dy);
            }
            // the box's bounding box grown by the distance bound (a little more, so rounding never
            // drops a segment at the bound): a segment wholly beyond one side is farther than the bound
            float lim = (float) Math.sqrt(bound2) * PRUNE_MARGIN;
            float loX = minX - lim;
            float hiX = maxX + lim;
            float loY = minY - lim;
            float hiY = maxY + lim;
            int parIn = 0;
            int parOut = 0;
            boolean crossed = false;
            float best2 = Planar.FAR2;
            float bestX = Float.NaN;
            float bestY = Float.NaN;
            int bestBorder = -1;
            int bestI = -1;
            // per border, the nearest segment measured so far: the penetration search's first guess
            float near0 = Planar.FAR2;
            float near1 = Planar.FAR2;
            int seed0 = -1;
            int seed1 = -1;
            for (int bd = 0; bd < 2; bd++) {
                float[] pts = bd == 0 ? inner : outer;
                int par = 0;
                for (int i = 0; i < m; i++) {
                    int i2 = i + 1 == m ? 0 : i + 1;
                    float ax = pts[2 * (base + i)];
                    float ay = pts[2 * (base + i) + 1];
                    float bx = pts[2 * (base + i2)];
                    float by = pts[2 * (base + i2) + 1];
                    // a segment wholly above or below the grown bounding box is neither a candidate
                    // nor (the box lies inside that band) a crossing of any corner's ray
                    if ((ay < loY && by < loY) || (ay > hiY && by > hiY)) {
                        continue;
                    }
                    // a segment wholly above or below the box crosses no corner's ray
                    if (!(ay > maxY && by > maxY) && !(ay <= minY && by <= minY)) {
                        par ^= Planar.crossing(c0x, c0y, ax, ay, bx, by)
                                | Planar.crossing(c1x, c1y, ax, ay, bx, by) << 1
                                | Planar.crossing(c2x, c2y, ax, ay, bx, by) << 2
                                | Planar.crossing(c3x, c3y, ax, ay, bx, by) << 3;
                    }
                    if ((ax > hiX && bx > hiX) || (ax < loX && bx < loX) || (ay > hiY && by > hiY)
                            || (ay < loY && by < loY)) {
                        continue;
                    }
                    // the box corners against the segment
                    float d2 = Planar.FAR2;
                    int corner = -1;
                    float k2 = Planar.pointSegment2(c0x, c0y, ax, ay, bx, by);
                    if (k2 < d2) {
                        d2 = k2;
                        corner = 0;
                    }
                    k2 = Planar.pointSegment2(c1x, c1y, ax, ay, bx, by);
                    if (k2 < d2) {
                        d2 = k2;
                        corner = 1;
                    }
                    k2 = Planar.pointSegment2(c2x, c2y, ax, ay, bx, by);
                    if (k2 < d2) {
                        d2 = k2;
                        corner = 2;
                    }
                    k2 = Planar.pointSegment2(c3x, c3y, ax, ay, bx, by);
                    if (k2 < d2) {
                        d2 = k2;
                        corner = 3;
                    }
                    float qx = Float.NaN;
                    float qy = Float.NaN;
                    if (corner >= 0) {
                        float cx = corner == 0 ? c0x : corner == 1 ? c1x : corner == 2 ? c2x : c3x;
                        float cy = corner == 0 ? c0y : corner == 1 ? c1y : corner == 2 ? c2y : c3y;
                        float tt = Planar.closestT(cx, cy, ax, ay, bx, by);
                        qx = ax + tt * (bx - ax);
                        qy = ay + tt * (by - ay);
                    }
                    // the segment's start vertex against the solid box (its end is the next start)
                    float dax = ax - px;
                    float day = ay - py;
                    float lax = c * dax + s * day;
                    float lay = -s * dax + c * day;
                    float v2 = Planar.pointBox2(lax, lay, hx, hy);
                    if (v2 < d2) {
                        d2 = v2;
                        qx = ax;
                        qy = ay;
                    }
                    float dbx = bx - px;
                    float dby = by - py;
                    float lbx = c * dbx + s * dby;
                    float lby = -s * dbx + c * dby;
                    if (Planar.segmentHitsBox(lax, lay, lbx, lby, hx, hy)) {
                        crossed = true;
                        d2 = 0f;
                        float tt = Planar.closestT(px, py, ax, ay, bx, by);
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
                            lim = (float) Math.sqrt(d2) * PRUNE_MARGIN;
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
            if (bestI < 0) { // NaN borders
                Planar.writeEmpty(t, 1, offRoad, clearance, nearest, normal, border);
                continue;
            }
            // a corner is on the road inside exactly one of the two loops (even-odd over both): on a
            // track whose inner loop lies inside its outer one that is "inside outer, outside inner",
            // bit for bit; on a figure-eight, whose borders swap sides between the lobes, it is the
            // band on both lobes
            int inHole = parIn & parOut & 15;     // corners inside both loops
            int outside = ~parIn & ~parOut & 15;  // corners outside both loops
            boolean off = crossed || (inHole | outside) != 0;
            float clear;
            if (!off) {
                clear = (float) Math.sqrt(best2);
            } else {
                float pen2 = 0f;
                for (int k = 0; k < 4; k++) {
                    int bit = 1 << k;
                    if (((inHole | outside) & bit) == 0) {
                        continue;
                    }
                    float cx = k == 0 ? c0x : k == 1 ? c1x : k == 2 ? c2x : c3x;
                    float cy = k == 0 ? c0y : k == 1 ? c1y : k == 2 ? c2y : c3y;
                    float[] pts = (inHole & bit) != 0 ? inner : outer;
                    // segments farther along one axis than the best distance so far (grown by the
                    // margin and by SLACK of the corner's coordinates, against rounding) cannot
                    // lower the minimum: passed over, the minimum is the same bit for bit
                    float slack = (Math.abs(cx) + Math.abs(cy)) * SLACK;
                    // start from the segment of that border nearest the box (the box holds the
                    // corner, so it is usually near the corner too): from the first segment on,
                    // the far ones are passed over
                    float m2 = Planar.FAR2;
                    int seed = (inHole & bit) != 0 ? seed0 : seed1;
                    if (seed >= 0) {
                        int j2 = seed + 1 == m ? 0 : seed + 1;
                        m2 = Planar.pointSegment2(cx, cy, pts[2 * (base + seed)], pts[2 * (base + seed) + 1],
                                pts[2 * (base + j2)], pts[2 * (base + j2) + 1]);
                    }
                    float r = (float) Math.sqrt(m2) * PRUNE_MARGIN + slack;
                    for (int i = 0; i < m; i++) {
                        int i2 = i + 1 == m ? 0 : i + 1;
                        float ax = pts[2 * (base + i)];
                        float ay = pts[2 * (base + i) + 1];
                        float bx = pts[2 * (base + i2)];
                        float by = pts[2 * (base + i2) + 1];
                        if ((ax > cx + r && bx > cx + r) || (ax < cx - r && bx < cx - r)
                                || (ay > cy + r && by > cy + r) || (ay < cy - r && by < cy - r)) {
                            continue;
                        }
                        float n2 = Math.min(m2, Planar.pointSegment2(cx, cy, ax, ay, bx, by));
                        if (n2 != m2) {
                            m2 = n2;
                            r = (float) Math.sqrt(m2) * PRUNE_MARGIN + slack;
                        }
                    }
                    pen2 = Math.max(pen2, m2);
                }
                clear = -(float) Math.sqrt(pen2);
            }
            // inward normal: perpendicular of the nearest segment, turned towards the centerline
            float[] pts = bestBorder == 0 ? inner : outer;
            int i2 = bestI + 1 == m ? 0 : bestI + 1;
            float ax = pts[2 * (base + bestI)];
            float ay = pts[2 * (base + bestI) + 1];
            float nx = -(pts[2 * (base + i2) + 1] - ay);
            float ny = pts[2 * (base + i2)] - ax;
            float cpx = center[2 * (base + bestI)] - ax;
            float cpy = center[2 * (base + bestI) + 1] - ay;
            float len = (float) Math.sqrt(nx * nx + ny * ny);
            if (!(len > 0f)) {
                nx = cpx;
                ny = cpy;
                len = (float) Math.sqrt(nx * nx + ny * ny);
            }
            if (len > 0f) {
                nx = nx / len;
                ny = ny / len;
            }
            if (cpx * nx + cpy * ny < 0f) {
                nx = -nx;
                ny = -ny;
            }
            offRoad[t] = off ? 1 : 0;
            clearance[t] = clear;
            nearest[2 * t] = bestX;
            nearest[2 * t + 1] = bestY;
            normal[2 * t] = nx;
            normal[2 * t + 1] = ny;
            border[t] = bestBorder;
        }
    }
}
