package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * Float geometry shared by the collision kernels' Java bodies; each method has a CUDA C twin of
 * the same name in {@code course_collision.cu} (prefix {@code tg_col_}) with the same operations
 * in the same order.
 */
final class Planar {
    /** A squared distance larger than any real one: "nothing found yet". */
    @CudaConstant("TG_COL_FAR2")
    static final float FAR2 = Float.MAX_VALUE;

    private Planar() {
    }

    /**
     * Parity bit of a ray from {@code (cx, cy)} towards {@code +x} crossing the segment
     * {@code a -> b} (half-open in y, so a vertex on the ray is counted once).
     *
     * <p>Without a branch: the ray's crossing x is always evaluated and masked by the straddle
     * test (for a segment that does not straddle the ray it may be infinite or NaN, and is not
     * used). Whether a corner's ray straddles a segment is a coin toss for the segments near a
     * box, so the branchy form mispredicted often; the bit is the same.
     */
    static int crossing(float cx, float cy, float ax, float ay, float bx, float by) {
        float xc = ax + (cy - ay) * (bx - ax) / (by - ay);
        int straddles = (ay > cy ? 1 : 0) ^ (by > cy ? 1 : 0);
        return straddles & (cx < xc ? 1 : 0);
    }

    /** Parameter in [0, 1] of the point of segment {@code a -> b} closest to {@code p}. */
    static float closestT(float px, float py, float ax, float ay, float bx, float by) {
        float dx = bx - ax;
        float dy = by - ay;
        float l2 = dx * dx + dy * dy;
        if (!(l2 > 0f)) {
            return 0f;
        }
        float t = ((px - ax) * dx + (py - ay) * dy) / l2;
        return t < 0f ? 0f : (t > 1f ? 1f : t);
    }

    /** Squared distance from {@code p} to segment {@code a -> b}. */
    static float pointSegment2(float px, float py, float ax, float ay, float bx, float by) {
        float t = closestT(px, py, ax, ay, bx, by);
        float qx = ax + t * (bx - ax) - px;
        float qy = ay + t * (by - ay) - py;
        return qx * qx + qy * qy;
    }

    /** Squared distance from a point in a box's frame to the solid box {@code [-hx, hx] x [-hy, hy]}. */
    static float pointBox2(float lx, float ly, float hx, float hy) {
        float ox = Math.max(Math.abs(lx) - hx, 0f);
        float oy = Math.max(Math.abs(ly) - hy, 0f);
        return ox * ox + oy * oy;
    }

    /**
     * Whether the segment {@code a -> b}, in a box's frame, meets the solid box
     * {@code [-hx, hx] x [-hy, hy]} (slab clipping, touching counts).
     */
    static boolean segmentHitsBox(float ax, float ay, float bx, float by, float hx, float hy) {
        float t0 = 0f;
        float t1 = 1f;
        float dx = bx - ax;
        float dy = by - ay;
        if (dx == 0f) {
            if (ax < -hx || ax > hx) {
                return false;
            }
        } else {
            float ta = (-hx - ax) / dx;
            float tb = (hx - ax) / dx;
            float lo = Math.min(ta, tb);
            float hi = Math.max(ta, tb);
            t0 = Math.max(t0, lo);
            t1 = Math.min(t1, hi);
        }
        if (dy == 0f) {
            if (ay < -hy || ay > hy) {
                return false;
            }
        } else {
            float ta = (-hy - ay) / dy;
            float tb = (hy - ay) / dy;
            float lo = Math.min(ta, tb);
            float hi = Math.max(ta, tb);
            t0 = Math.max(t0, lo);
            t1 = Math.min(t1, hi);
        }
        return t0 <= t1;
    }

    /** Whether every value is finite (no NaN, no infinity). */
    static boolean finite(float a, float b, float c, float d, float e) {
        return Float.isFinite(a) && Float.isFinite(b) && Float.isFinite(c) && Float.isFinite(d) && Float.isFinite(e);
    }

    /**
     * Writes box {@code t}'s contact as "no contact measured": flag {@code off}, NaN clearance,
     * nearest point and normal, border -1 (what {@code BoxContacts} documents for an inactive box).
     */
    static void writeEmpty(int t, int off, int[] offRoad, float[] clearance, float[] nearest, float[] normal,
                           int[] border) {
        offRoad[t] = off;
        clearance[t] = Float.NaN;
        nearest[2 * t] = Float.NaN;
        nearest[2 * t + 1] = Float.NaN;
        normal[2 * t] = Float.NaN;
        normal[2 * t + 1] = Float.NaN;
        border[t] = -1;
    }
}
