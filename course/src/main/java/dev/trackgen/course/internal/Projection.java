package dev.trackgen.course.internal;

/**
 * The projection of a point onto a closed centerline polyline, shared by the localization and
 * progress kernels' Java bodies (their CUDA twins share {@code tg_course_nearest_segment} and
 * {@code tg_course_arc_at}).
 */
public final class Projection {
    private Projection() {
    }

    /**
     * The nearest segment {@code i -> i + 1 (mod cn)} among {@code steps} consecutive segments
     * from {@code first}, by squared distance, ties to the lowest index. The squared distance is
     * to the segment's start where the projection falls before it, to its end where it falls
     * past it, else {@code cross^2 / |d|^2} to its line (no division for the segments that are
     * not nearest to their inside, most of a scan).
     *
     * <p>The range is split where it wraps past the last point and the parts are scanned in
     * increasing segment index (the wrapped part from 0 first, then from {@code first} up to
     * {@code cn - 2}, then the closing segment {@code cn - 1 -> 0}), so each loop reads
     * consecutive points with no modulo and its range checks hoisted, and a strict {@code <}
     * keeps the lowest index on ties. The distances are the same, operation for operation, as a
     * scan in window order.
     *
     * @param c     centerline pairs
     * @param b     env's first point
     * @param cn    env's point count ({@code >= 2})
     * @param px    query x
     * @param py    query y
     * @param first first segment scanned, in {@code [0, cn)}
     * @param steps segments scanned, in {@code [1, cn]}
     * @return the segment index, or -1 when every distance is NaN or infinite
     */
    public static int nearestSegment(float[] c, int b, int cn, float px, float py, int first, int steps) {
        int end = first + steps; // one past the last segment, unwrapped: at most first + cn
        int o = 2 * b;
        float best = Float.POSITIVE_INFINITY;
        int bi = -1;
        int wrapped = end - cn; // segments [0, wrapped) come from the wrap
        for (int i = 0; i < wrapped; i++) {
            float d2 = dist2(c[o + 2 * i], c[o + 2 * i + 1], c[o + 2 * i + 2], c[o + 2 * i + 3], px, py);
            if (d2 < best) {
                best = d2;
                bi = i;
            }
        }
        int hi = Math.min(end, cn - 1);
        for (int i = first; i < hi; i++) {
            float d2 = dist2(c[o + 2 * i], c[o + 2 * i + 1], c[o + 2 * i + 2], c[o + 2 * i + 3], px, py);
            if (d2 < best) {
                best = d2;
                bi = i;
            }
        }
        if (end >= cn) { // the closing segment cn - 1 -> 0
            int l = o + 2 * (cn - 1);
            float d2 = dist2(c[l], c[l + 1], c[o], c[o + 1], px, py);
            if (d2 < best) {
                bi = cn - 1;
            }
        }
        return bi;
    }

    /**
     * Follows the nearest segment past the ends of a warm window: while the nearest of the
     * segments scanned so far is the first or the last of them, {@code step} more segments are
     * scanned beyond that end (with {@link #nearestSegment}) and the nearer of the two answers is
     * kept (ties to the lowest index), until the nearest is inside the scanned range or every
     * segment of the loop has been scanned. An agent that moved further than the window in one
     * step is thus found as long as its distance to the centerline keeps falling along the way;
     * at most {@code cn} segments are scanned in all.
     *
     * @param c     centerline pairs
     * @param b     env's first point
     * @param cn    env's point count ({@code >= 2})
     * @param px    query x
     * @param py    query y
     * @param first first segment of the window already scanned, in {@code [0, cn)}
     * @param steps segments already scanned, in {@code [1, cn]}
     * @param bi    their nearest ({@link #nearestSegment}), or -1
     * @param step  segments added per extension, {@code >= 1}
     * @return the nearest segment of the final range, or {@code bi} when it is -1
     */
    public static int followNearest(float[] c, int b, int cn, float px, float py, int first, int steps, int bi,
                                    int step) {
        if (bi < 0) {
            return bi;
        }
        float best = Float.NaN; // the nearest's distance, computed at the first extension
        int lo = first;
        int scanned = steps;
        while (scanned < cn) {
            int hi = lo + scanned - 1;
            if (hi >= cn) {
                hi -= cn;
            }
            int k = Math.min(step, cn - scanned);
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
                best = segmentDist2(c, b, cn, bi, px, py);
            }
            scanned += k;
            int ci = nearestSegment(c, b, cn, px, py, from, k);
            if (ci >= 0) {
                float d2 = segmentDist2(c, b, cn, ci, px, py);
                if (d2 < best || (d2 == best && ci < bi)) {
                    best = d2;
                    bi = ci;
                }
            }
        }
        return bi;
    }

    /**
     * @return the squared distance from the point to segment {@code i -> i + 1 (mod cn)}, the same
     *     value, bit for bit, that {@link #nearestSegment} compares for that segment
     */
    static float segmentDist2(float[] c, int b, int cn, int i, float px, float py) {
        int o = 2 * b;
        int l = o + 2 * i;
        int r = i + 1 == cn ? o : l + 2;
        return dist2(c[l], c[l + 1], c[r], c[r + 1], px, py);
    }

    /** The squared distance from {@code (px, py)} to the segment from {@code (ax, ay)} to {@code (bx, by)}. */
    private static float dist2(float ax, float ay, float bx, float by, float px, float py) {
        float dx = bx - ax;
        float dy = by - ay;
        float wx = px - ax;
        float wy = py - ay;
        float dot = wx * dx + wy * dy;
        if (dot <= 0.0f) { // nearest to the segment's start (also a zero-length segment)
            return wx * wx + wy * wy;
        }
        float len2 = dx * dx + dy * dy;
        if (dot >= len2) { // nearest to its end
            float ex = px - bx;
            float ey = py - by;
            return ex * ex + ey * ey;
        }
        float cr = dx * wy - dy * wx; // inside: squared distance to the line, one division
        return cr * cr / len2;
    }

    /**
     * @return the clamped projection parameter {@code u} in {@code [0, 1]} of the point onto
     *     segment {@code i -> i + 1 (mod cn)}
     */
    public static float param(float[] c, int b, int cn, int i, float px, float py) {
        int j = i + 1 == cn ? 0 : i + 1;
        float ax = c[2 * (b + i)];
        float ay = c[2 * (b + i) + 1];
        float dx = c[2 * (b + j)] - ax;
        float dy = c[2 * (b + j) + 1] - ay;
        float len2 = dx * dx + dy * dy;
        float dot = (px - ax) * dx + (py - ay) * dy;
        return len2 > 0.0f ? Math.min(Math.max(dot / len2, 0.0f), 1.0f) : 0.0f;
    }

    /**
     * @return the arc length of the point's projection onto segment {@code i}, in
     *     {@code [0, lap)}: {@code arclen[b + i] + u * |segment|}
     */
    public static float arcAt(float[] c, float[] arclen, float lap, int b, int cn, int i, float px, float py) {
        int j = i + 1 == cn ? 0 : i + 1;
        float dx = c[2 * (b + j)] - c[2 * (b + i)];
        float dy = c[2 * (b + j) + 1] - c[2 * (b + i) + 1];
        float u = param(c, b, cn, i, px, py);
        float s = arclen[b + i] + u * (float) Math.sqrt(dx * dx + dy * dy);
        return s >= lap ? s - lap : s;
    }

    /**
     * Binary search on one env's cumulative arc length ({@code arclen[b .. b + cn)}, ascending).
     *
     * @param arclen cumulative arc length rows
     * @param b      the env's first index
     * @param cn     the env's real points
     * @param s      the arc length searched, world units
     * @return the largest {@code i} in {@code [0, cn)} with {@code arclen[b + i] <= s} (0 when none)
     */
    public static int segmentAt(float[] arclen, int b, int cn, float s) {
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
}
