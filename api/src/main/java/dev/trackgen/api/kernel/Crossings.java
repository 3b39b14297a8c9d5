package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * Counting proper self-crossings of a closed polygon stored in an interleaved float array, for
 * kernel bodies (self-intersection flags of generators; the validity gate uses the conservative
 * edge-contact test of the pipeline's {@code EdgeContacts} instead). Pairs of edges whose circular index distance exceeds 1 are tested with
 * {@link Geometry#properCrossing}; non-finite coordinates read as 0. A broadphase over chunks of
 * {@value #CHUNK} consecutive edges skips chunk pairs with disjoint bounding boxes.
 */
public final class Crossings {
    /** Edges per broadphase chunk. */
    @CudaConstant("TG_CROSSING_CHUNK")
    public static final int CHUNK = 8;

    private Crossings() {
    }

    /**
     * @param n most points of a polygon
     * @return floats of bounding-box scratch one polygon needs
     */
    public static int boxFloats(int n) {
        return ChunkBounds.floats(n, CHUNK);
    }

    /** {@code v}, or 0 when {@code clamp} and {@code v} is not finite. */
    private static float read(float v, boolean clamp) {
        return clamp && !Float.isFinite(v) ? 0f : v;
    }

    /**
     * Counts the crossings of one closed polygon.
     *
     * @param p        interleaved points
     * @param base     index of the polygon's first point (in points, not floats)
     * @param n        number of points
     * @param boxes    scratch of at least {@code boxFloats(n)} floats from {@code bb}
     * @param bb       offset into {@code boxes}
     * @param maxCount stop counting at this many when positive
     * @return the number of crossing edge pairs (at most {@code maxCount} when positive)
     */
    public static int count(float[] p, int base, int n, float[] boxes, int bb, int maxCount) {
        if (n < 4) {
            return 0;
        }
        // non-finite coordinates read as 0; when there are none (the usual case) the reads skip the test
        boolean clamp = false;
        for (int k = 0; k < n; k++) {
            clamp |= !Float.isFinite(p[2 * (base + k)]) | !Float.isFinite(p[2 * (base + k) + 1]);
        }
        // the boxes clamp too only when some coordinate needs it (the same floats either way)
        int chunks = ChunkBounds.compute(p, base, n, CHUNK, true, clamp, boxes, bb);
        int crossings = 0;
        for (int ci = 0; ci < chunks; ci++) {
            for (int cj = ci; cj < chunks; cj++) {
                if (boxes[bb + 4 * ci] > boxes[bb + 4 * cj + 2] || boxes[bb + 4 * cj] > boxes[bb + 4 * ci + 2]
                        || boxes[bb + 4 * ci + 1] > boxes[bb + 4 * cj + 3]
                        || boxes[bb + 4 * cj + 1] > boxes[bb + 4 * ci + 3]) {
                    continue;
                }
                float cMinX = boxes[bb + 4 * cj];
                float cMinY = boxes[bb + 4 * cj + 1];
                float cMaxX = boxes[bb + 4 * cj + 2];
                float cMaxY = boxes[bb + 4 * cj + 3];
                int iEnd = Math.min(n, (ci + 1) * CHUNK);
                int jEnd = Math.min(n, (cj + 1) * CHUNK);
                for (int i = ci * CHUNK; i < iEnd; i++) {
                    int i1 = i + 1 == n ? 0 : i + 1;
                    float ax = read(p[2 * (base + i)], clamp);
                    float ay = read(p[2 * (base + i) + 1], clamp);
                    float bx = read(p[2 * (base + i1)], clamp);
                    float by = read(p[2 * (base + i1) + 1], clamp);
                    // skip segment i when its box misses chunk cj's box
                    if (ChunkBounds.segmentMisses(ax, ay, bx, by, cMinX, cMinY, cMaxX, cMaxY)) {
                        continue;
                    }
                    int j = Math.max(cj * CHUNK, i + 2);
                    if (j >= jEnd) {
                        continue;
                    }
                    // the end of segment j is the start of segment j + 1: each point is read once
                    float sx = read(p[2 * (base + j)], clamp);
                    float sy = read(p[2 * (base + j) + 1], clamp);
                    for (; j < jEnd; j++) {
                        int j1 = j + 1 == n ? 0 : j + 1;
                        float ex = read(p[2 * (base + j1)], clamp);
                        float ey = read(p[2 * (base + j1) + 1], clamp);
                        // edges n-1 and 0 share point 0
                        if (!(i == 0 && j == n - 1) && Geometry.properCrossing(ax, ay, bx, by, sx, sy, ex, ey)) {
                            crossings++;
                            if (maxCount > 0 && crossings >= maxCount) {
                                return crossings;
                            }
                        }
                        sx = ex;
                        sy = ey;
                    }
                }
            }
        }
        return crossings;
    }
}
