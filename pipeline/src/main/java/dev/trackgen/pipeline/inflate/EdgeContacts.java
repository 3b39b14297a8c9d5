package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.ChunkBounds;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.CudaConstant;

/**
 * Conservative edge-contact tests of the validity gate: whether two closed polygons (or one with
 * itself) have a pair of edges that touch or cross. Unlike {@link Crossings}, which counts only
 * clear crossings (for generators' self-intersection flags), these tests lean the other way: a
 * pair whose float32 orientation tests cannot prove the two segments apart counts as meeting, so
 * rounding can only make the gate reject a track, never accept one whose polygons touch.
 *
 * <p>Segments {@code a} and {@code b} are proved apart when their bounding boxes are disjoint, or
 * when both ends of one lie strictly on the same side of the other's line by more than
 * {@value #CONTACT_REL_TOL} times the longer of the two segments. The float32 error of an
 * orientation test is below {@code 5e-7 * |b| * (|a| + |b|)} for segments whose boxes overlap, so
 * the margin covers it with room to spare. Edges of one polygon that share a vertex (circular
 * index distance at most 1) are not compared with each other; the gate checks their turn
 * separately.
 *
 * <p>Broadphase: boxes of {@value Crossings#CHUNK} consecutive edges
 * ({@link ChunkBounds}, {@code boxFloats(n)} floats per polygon); chunk pairs whose boxes are
 * disjoint are skipped, which is exact. All coordinates are expected finite.
 */
public final class EdgeContacts {
    /** Relative margin of the separation tests, a fraction of the longer segment's length. */
    public static final float CONTACT_REL_TOL = 1.0e-4f;
    /** {@code CONTACT_REL_TOL^2}: the tests compare squared orientations, without a square root. */
    @CudaConstant("TG_CONTACT_REL_TOL2")
    static final float CONTACT_REL_TOL2 = 1.0e-8f;

    private EdgeContacts() {
    }

    /**
     * {@code max(a0, a1) < min(b0, b1)} as four comparisons: the same answer for every float, NaN
     * included (a comparison with NaN is false either way), without the float min/max
     * intrinsics' blend sequences; about 14% off the validity gate's edge scans.
     */
    private static boolean below(float a0, float a1, float b0, float b1) {
        return a0 < b0 && a0 < b1 && a1 < b0 && a1 < b1;
    }

    /**
     * Whether segment a0-a1 and segment b0-b1 cannot be proved apart (see the class comment).
     *
     * @return {@code true} when the segments touch, cross or come within the margin of doing so
     */
    public static boolean edgesMeet(float a0x, float a0y, float a1x, float a1y,
                                    float b0x, float b0y, float b1x, float b1y) {
        // the boxes are apart: max(a) < min(b) or max(b) < min(a) on an axis
        if (below(a0x, a1x, b0x, b1x) || below(b0x, b1x, a0x, a1x) || below(a0y, a1y, b0y, b1y)
                || below(b0y, b1y, a0y, a1y)) {
            return false;
        }
        float al2 = (a1x - a0x) * (a1x - a0x) + (a1y - a0y) * (a1y - a0y);
        float bl2 = (b1x - b0x) * (b1x - b0x) + (b1y - b0y) * (b1y - b0y);
        float l2 = Math.max(al2, bl2);
        // |d| > tol * |b| * L, compared squared
        float eb2 = CONTACT_REL_TOL2 * bl2 * l2;
        float d1 = Geometry.orient(b0x, b0y, b1x, b1y, a0x, a0y);
        float d2 = Geometry.orient(b0x, b0y, b1x, b1y, a1x, a1y);
        if (((d1 > 0f && d2 > 0f) || (d1 < 0f && d2 < 0f)) && d1 * d1 > eb2 && d2 * d2 > eb2) {
            return false;
        }
        float ea2 = CONTACT_REL_TOL2 * al2 * l2;
        float d3 = Geometry.orient(a0x, a0y, a1x, a1y, b0x, b0y);
        float d4 = Geometry.orient(a0x, a0y, a1x, a1y, b1x, b1y);
        return !(((d3 > 0f && d4 > 0f) || (d3 < 0f && d4 < 0f)) && d3 * d3 > ea2 && d4 * d4 > ea2);
    }

    /** Chunks per group of the second broadphase level ({@link #anyMeet} with group scratch). */
    public static final int GROUP = 8;

    /** Fewest chunks per polygon for which {@link #anyMeet} uses the group level when given scratch for it. */
    public static final int GROUP_MIN_CHUNKS = 3 * GROUP;

    /**
     * @param n most points of a polygon
     * @return floats of group-box scratch {@link #anyMeet} needs for two such polygons
     */
    public static int groupFloats(int n) {
        int chunks = (n + Crossings.CHUNK - 1) / Crossings.CHUNK;
        return 2 * 4 * ((chunks + GROUP - 1) / GROUP);
    }

    /**
     * Whether any edge of closed polygon {@code p} meets any edge of closed polygon {@code q}
     * (both of {@code n} points starting at point {@code base}); with {@code same}, {@code q} must
     * be {@code p} and edges sharing a vertex are skipped. Without group scratch every pair of
     * chunks is tested; no group scratch is needed below {@value #GROUP_MIN_CHUNKS} chunks.
     *
     * @param p     interleaved points, {@code [.. * 2]}
     * @param q     interleaved points of the second polygon (or {@code p})
     * @param same  whether {@code q} is {@code p}
     * @param base  index of both polygons' first point, in points
     * @param n     number of points, {@code >= 3}
     * @param boxes scratch of at least {@code 2 * Crossings.boxFloats(n)} floats from {@code bb}
     * @param bb    offset into {@code boxes}
     * @return whether a pair of edges meets
     */
    public static boolean anyMeet(float[] p, float[] q, boolean same, int base, int n, float[] boxes, int bb) {
        return anyMeet(p, q, same, base, n, boxes, bb, null, 0);
    }

    /**
     * {@link #anyMeet(float[], float[], boolean, int, int, float[], int)} with a second
     * broadphase level for long polygons (a circuit's 1,300 points are 163 chunks, 13,000 chunk
     * pairs): boxes of {@value #GROUP} chunks, so chunk pairs are tested only inside pairs of
     * groups whose boxes meet. A group's box holds its chunks' boxes, so a group pair it skips
     * holds no chunk pair that could meet: the same answer as the one-level scan.
     *
     * @param groups scratch of at least {@link #groupFloats}{@code (n)} floats from {@code gb}, or
     *               {@code null} for the one-level scan
     * @param gb     offset into {@code groups}
     * @return whether a pair of edges meets
     */
    public static boolean anyMeet(float[] p, float[] q, boolean same, int base, int n, float[] boxes, int bb,
                                  float[] groups, int gb) {
        int chunks = ChunkBounds.compute(p, base, n, Crossings.CHUNK, true, true, boxes, bb);
        int qb = bb + Crossings.boxFloats(n);
        if (!same) {
            ChunkBounds.compute(q, base, n, Crossings.CHUNK, true, true, boxes, qb);
        } else {
            qb = bb;
        }
        if (groups != null && chunks >= GROUP_MIN_CHUNKS) {
            return groupedMeet(p, q, same, base, n, boxes, bb, qb, chunks, groups, gb);
        }
        for (int ci = 0; ci < chunks; ci++) {
            for (int cj = same ? ci : 0; cj < chunks; cj++) {
                if (chunkPairMeets(p, q, same, base, n, boxes, bb, qb, ci, cj)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The two-level scan of {@link #anyMeet}: group boxes of p from {@code gb}, of q after them. */
    private static boolean groupedMeet(float[] p, float[] q, boolean same, int base, int n, float[] boxes, int pb,
                                       int qb, int chunks, float[] groups, int gb) {
        int count = (chunks + GROUP - 1) / GROUP;
        int pg = gb;
        int qg = same ? gb : gb + 4 * count;
        ChunkBounds.groups(boxes, pb, chunks, GROUP, groups, pg);
        if (!same) {
            ChunkBounds.groups(boxes, qb, chunks, GROUP, groups, qg);
        }
        for (int gi = 0; gi < count; gi++) {
            for (int gj = same ? gi : 0; gj < count; gj++) {
                if (groups[pg + 4 * gi] > groups[qg + 4 * gj + 2] || groups[qg + 4 * gj] > groups[pg + 4 * gi + 2]
                        || groups[pg + 4 * gi + 1] > groups[qg + 4 * gj + 3]
                        || groups[qg + 4 * gj + 1] > groups[pg + 4 * gi + 3]) {
                    continue;
                }
                int ciEnd = Math.min(chunks, (gi + 1) * GROUP);
                int cjEnd = Math.min(chunks, (gj + 1) * GROUP);
                for (int ci = gi * GROUP; ci < ciEnd; ci++) {
                    for (int cj = same ? Math.max(ci, gj * GROUP) : gj * GROUP; cj < cjEnd; cj++) {
                        if (chunkPairMeets(p, q, same, base, n, boxes, pb, qb, ci, cj)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** The body of {@link #anyMeet} for chunk {@code ci} of p against chunk {@code cj} of q. */
    static boolean chunkPairMeets(float[] p, float[] q, boolean same, int base, int n, float[] boxes, int pb, int qb,
                                  int ci, int cj) {
        if (boxes[pb + 4 * ci] > boxes[qb + 4 * cj + 2] || boxes[qb + 4 * cj] > boxes[pb + 4 * ci + 2]
                || boxes[pb + 4 * ci + 1] > boxes[qb + 4 * cj + 3] || boxes[qb + 4 * cj + 1] > boxes[pb + 4 * ci + 3]) {
            return false;
        }
        float cMinX = boxes[qb + 4 * cj];
        float cMinY = boxes[qb + 4 * cj + 1];
        float cMaxX = boxes[qb + 4 * cj + 2];
        float cMaxY = boxes[qb + 4 * cj + 3];
        int iEnd = Math.min(n, (ci + 1) * Crossings.CHUNK);
        int jEnd = Math.min(n, (cj + 1) * Crossings.CHUNK);
        for (int i = ci * Crossings.CHUNK; i < iEnd; i++) {
            int i1 = i + 1 == n ? 0 : i + 1;
            float ax = p[2 * (base + i)];
            float ay = p[2 * (base + i) + 1];
            float bx = p[2 * (base + i1)];
            float by = p[2 * (base + i1) + 1];
            // skip edge i when its box misses chunk cj's box
            if (ChunkBounds.segmentMisses(ax, ay, bx, by, cMinX, cMinY, cMaxX, cMaxY)) {
                continue;
            }
            for (int j = same ? Math.max(cj * Crossings.CHUNK, i + 2) : cj * Crossings.CHUNK; j < jEnd; j++) {
                if (same && i == 0 && j == n - 1) {
                    continue;
                }
                int j1 = j + 1 == n ? 0 : j + 1;
                if (edgesMeet(ax, ay, bx, by, q[2 * (base + j)], q[2 * (base + j) + 1],
                        q[2 * (base + j1)], q[2 * (base + j1) + 1])) {
                    return true;
                }
            }
        }
        return false;
    }
}
