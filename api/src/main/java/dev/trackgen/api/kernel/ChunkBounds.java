package dev.trackgen.api.kernel;

/**
 * Axis-aligned bounding boxes of consecutive chunks of a point chain, the broadphase of
 * {@link Crossings} and of the relaxation's candidate search. Box {@code c} covers points
 * {@code [c * chunk, min(n, (c + 1) * chunk))} and, for edge chunks, also the end point of the
 * chunk's last edge (point {@code (c + 1) * chunk}, wrapping to 0 at the end of a closed loop).
 * Each box is stored as {@code minX, minY, maxX, maxY}; non-finite coordinates read as 0 when
 * {@code finiteOnly} is set.
 */
public final class ChunkBounds {
    private ChunkBounds() {
    }

    /**
     * @param n     number of points
     * @param chunk points per chunk
     * @return floats of box storage needed: {@code 4 * ceil(n / chunk)}
     */
    public static int floats(int n, int chunk) {
        return 4 * ((n + chunk - 1) / chunk);
    }

    /**
     * The boxes of groups of consecutive chunk boxes, a second broadphase level: group {@code g}
     * covers chunk boxes {@code [g * group, min(chunks, (g + 1) * group))}. A NaN in a chunk box
     * makes the group's box NaN on that side.
     *
     * @param boxes  chunk boxes ({@code minX, minY, maxX, maxY} each)
     * @param cb     offset of the first chunk box in {@code boxes}
     * @param chunks number of chunk boxes
     * @param group  chunk boxes per group
     * @param out    destination, {@code 4 * ceil(chunks / group)} floats from {@code ob}
     * @param ob     offset of the first group box in {@code out}
     * @return the number of groups
     */
    public static int groups(float[] boxes, int cb, int chunks, int group, float[] out, int ob) {
        int count = (chunks + group - 1) / group;
        for (int g = 0; g < count; g++) {
            float minx = Float.POSITIVE_INFINITY;
            float miny = Float.POSITIVE_INFINITY;
            float maxx = Float.NEGATIVE_INFINITY;
            float maxy = Float.NEGATIVE_INFINITY;
            int last = Math.min(chunks, (g + 1) * group);
            for (int c = g * group; c < last; c++) {
                minx = Math.min(minx, boxes[cb + 4 * c]);
                miny = Math.min(miny, boxes[cb + 4 * c + 1]);
                maxx = Math.max(maxx, boxes[cb + 4 * c + 2]);
                maxy = Math.max(maxy, boxes[cb + 4 * c + 3]);
            }
            out[ob + 4 * g] = minx;
            out[ob + 4 * g + 1] = miny;
            out[ob + 4 * g + 2] = maxx;
            out[ob + 4 * g + 3] = maxy;
        }
        return count;
    }

    /**
     * Computes the boxes of one chain.
     *
     * @param p          interleaved points
     * @param base       index of the chain's first point (in points)
     * @param n          number of points
     * @param chunk      points per chunk
     * @param edges      whether each box also covers the end point of its chunk's last edge
     * @param finiteOnly whether non-finite coordinates are read as 0
     * @param boxes      destination
     * @param bb         offset of the first box in {@code boxes}
     * @return the number of chunks
     */
    public static int compute(float[] p, int base, int n, int chunk, boolean edges, boolean finiteOnly,
                              float[] boxes, int bb) {
        int chunks = (n + chunk - 1) / chunk;
        for (int c = 0; c < chunks; c++) {
            float minx = Float.POSITIVE_INFINITY;
            float miny = Float.POSITIVE_INFINITY;
            float maxx = Float.NEGATIVE_INFINITY;
            float maxy = Float.NEGATIVE_INFINITY;
            int last = Math.min(n, (c + 1) * chunk) + (edges ? 1 : 0);
            for (int i = c * chunk; i < last; i++) {
                int k = i >= n ? i - n : i;
                float x = p[2 * (base + k)];
                float y = p[2 * (base + k) + 1];
                if (finiteOnly) {
                    x = Float.isFinite(x) ? x : 0f;
                    y = Float.isFinite(y) ? y : 0f;
                }
                minx = Math.min(minx, x);
                maxx = Math.max(maxx, x);
                miny = Math.min(miny, y);
                maxy = Math.max(maxy, y);
            }
            boxes[bb + 4 * c] = minx;
            boxes[bb + 4 * c + 1] = miny;
            boxes[bb + 4 * c + 2] = maxx;
            boxes[bb + 4 * c + 3] = maxy;
        }
        return chunks;
    }

    /**
     * Whether the bounding box of segment {@code (ax, ay)-(bx, by)} misses the box
     * {@code [minX, maxX] x [minY, maxY]}: {@code max(a, b) < lo} written as
     * {@code a < lo && b < lo} (and {@code min(a, b) > hi} as {@code a > hi && b > hi}), the same
     * answer for every float without the float min/max intrinsics' blend sequences; a NaN
     * coordinate never misses.
     *
     * @return whether the segment's box and the given box are apart on an axis
     */
    public static boolean segmentMisses(float ax, float ay, float bx, float by, float minX, float minY, float maxX,
                                        float maxY) {
        return (ax < minX && bx < minX) || (ax > maxX && bx > maxX) || (ay < minY && by < minY)
                || (ay > maxY && by > maxY);
    }
}
