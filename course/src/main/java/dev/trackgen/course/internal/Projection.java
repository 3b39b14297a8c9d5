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
     * @param c     centerline pairs
     * @param b     env's first point
     * @param cn    env's point count ({@code >= 2})
     * @param px    query x
     * @param py    query y
     * @param first first segment scanned, in {@code [0, cn)}
     * @param steps segments scanned, in {@code [1, cn]}
     * @return the segment index, or -1 when every distance is NaN
     */
    public static int nearestSegment(float[] c, int b, int cn, float px, float py, int first, int steps) {
        float best = Float.POSITIVE_INFINITY;
        int bi = -1;
        int i = first;
        float ax = c[2 * (b + i)];
        float ay = c[2 * (b + i) + 1];
        for (int k = 0; k < steps; k++) {
            int j = i + 1 == cn ? 0 : i + 1;
            float bx = c[2 * (b + j)];
            float by = c[2 * (b + j) + 1];
            float dx = bx - ax;
            float dy = by - ay;
            float wx = px - ax;
            float wy = py - ay;
            float dot = wx * dx + wy * dy;
            float d2;
            if (dot <= 0.0f) { // nearest to the segment's start (also a zero-length segment)
                d2 = wx * wx + wy * wy;
            } else {
                float len2 = dx * dx + dy * dy;
                if (dot >= len2) { // nearest to its end
                    float ex = px - bx;
                    float ey = py - by;
                    d2 = ex * ex + ey * ey;
                } else { // inside: squared distance to the line, one division
                    float cr = dx * wy - dy * wx;
                    d2 = cr * cr / len2;
                }
            }
            if (d2 < best || (d2 == best && i < bi)) {
                best = d2;
                bi = i;
            }
            ax = bx;
            ay = by;
            i = j;
        }
        return bi;
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
}
