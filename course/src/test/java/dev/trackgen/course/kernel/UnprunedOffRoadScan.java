package dev.trackgen.course.kernel;

/**
 * The exact off-road check by its definition, for one box: every corner against every border
 * segment and every segment's start vertex against the solid box, ray parity over every segment,
 * the first strictly nearest candidate kept; no bound, no seed, no run or segment skipped. Same float
 * operations as {@link OffRoadSegmentsKernel}, so the kernel's pruning must reproduce it bit for
 * bit.
 */
final class UnprunedOffRoadScan {
    /** One box's answer, the fields of {@code BoxContacts}. */
    record Answer(int offRoad, float clearance, float nearestX, float nearestY, float normalX, float normalY,
                  int border) {
    }

    private UnprunedOffRoadScan() {
    }

    /**
     * The ray-crossing bit as first written, with a branch on the straddle test, so the kernel's
     * branch-free {@link Planar#crossing} is checked against it.
     */
    private static int crossingByDefinition(float cx, float cy, float ax, float ay, float bx, float by) {
        if ((ay > cy) != (by > cy)) {
            float xc = ax + (cy - ay) * (bx - ax) / (by - ay);
            if (cx < xc) {
                return 1;
            }
        }
        return 0;
    }

    static Answer check(float[] inner, float[] outer, float[] center, int base, int m, float px, float py, float h,
                        float hx, float hy) {
        float c = (float) Math.cos(h);
        float s = (float) Math.sin(h);
        float ux = c * hx;
        float uy = s * hx;
        float vx = -s * hy;
        float vy = c * hy;
        float[] cx = {px + ux + vx, px - ux + vx, px - ux - vx, px + ux - vx};
        float[] cy = {py + uy + vy, py - uy + vy, py - uy - vy, py + uy - vy};
        int[] par = new int[2];
        boolean crossed = false;
        float best2 = Planar.FAR2;
        float bestX = Float.NaN;
        float bestY = Float.NaN;
        int bestBorder = -1;
        int bestI = -1;
        for (int bd = 0; bd < 2; bd++) {
            float[] pts = bd == 0 ? inner : outer;
            for (int i = 0; i < m; i++) {
                int i2 = i + 1 == m ? 0 : i + 1;
                float ax = pts[2 * (base + i)];
                float ay = pts[2 * (base + i) + 1];
                float bx = pts[2 * (base + i2)];
                float by = pts[2 * (base + i2) + 1];
                float d2 = Planar.FAR2;
                int corner = -1;
                for (int k = 0; k < 4; k++) {
                    par[bd] ^= crossingByDefinition(cx[k], cy[k], ax, ay, bx, by) << k;
                    float k2 = Planar.pointSegment2(cx[k], cy[k], ax, ay, bx, by);
                    if (k2 < d2) {
                        d2 = k2;
                        corner = k;
                    }
                }
                float qx = Float.NaN;
                float qy = Float.NaN;
                if (corner >= 0) {
                    float tt = Planar.closestT(cx[corner], cy[corner], ax, ay, bx, by);
                    qx = ax + tt * (bx - ax);
                    qy = ay + tt * (by - ay);
                }
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
                if (d2 < best2) {
                    best2 = d2;
                    bestX = qx;
                    bestY = qy;
                    bestBorder = bd;
                    bestI = i;
                }
            }
        }
        if (bestI < 0) {
            return new Answer(1, Float.NaN, Float.NaN, Float.NaN, Float.NaN, Float.NaN, -1);
        }
        int inHole = par[0] & 15;
        int outside = ~par[1] & 15;
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
                float[] pts = (inHole & bit) != 0 ? inner : outer;
                float m2 = Planar.FAR2;
                for (int i = 0; i < m; i++) {
                    int i2 = i + 1 == m ? 0 : i + 1;
                    m2 = Math.min(m2, Planar.pointSegment2(cx[k], cy[k], pts[2 * (base + i)], pts[2 * (base + i) + 1],
                            pts[2 * (base + i2)], pts[2 * (base + i2) + 1]));
                }
                pen2 = Math.max(pen2, m2);
            }
            clear = -(float) Math.sqrt(pen2);
        }
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
        return new Answer(off ? 1 : 0, clear, bestX, bestY, nx, ny, bestBorder);
    }
}
