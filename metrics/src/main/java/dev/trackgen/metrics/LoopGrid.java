package dev.trackgen.metrics;

import java.util.Arrays;

/**
 * A uniform-grid index of the edges of a closed polyline (double precision): every edge is
 * listed in each cell its bounding box covers, so that crossings and nearest distances look only
 * at edges near each other. Building it sorts one {@code long} per (edge, cell) pair; the cell
 * size is chosen (and doubled as needed) so that the pairs stay below {@value #PAIRS_PER_EDGE}
 * per edge, which keeps both the memory and the time near {@code O(n log n)} for a centerline.
 *
 * <p>Immutable after construction; safe to query from several threads.
 */
public final class LoopGrid {
    /** Most points a loop may have: the edge index takes 23 bits of a sort key. */
    public static final int MAX_POINTS = 1 << 23;
    /** Upper bound on (edge, cell) pairs per edge before the cells are made coarser. */
    static final int PAIRS_PER_EDGE = 16;
    private static final int EDGE_BITS = 23;
    private static final int MAX_CELLS_PER_AXIS = 1 << 20;

    private final double[] p;
    private final int n;
    private final double x0;
    private final double y0;
    private final double cell;
    private final int nx;
    private final int ny;
    /** (cell key << 23 | edge), sorted. */
    private final long[] entries;

    /**
     * @param p        interleaved points {@code [2n]}, finite (not copied; do not change them)
     * @param n        number of points, 3 to {@link #MAX_POINTS}
     * @param cellSize the wished cell size, in the points' units ({@code > 0}); made coarser when
     *                 the grid would otherwise be too fine for the loop's extent or its edges
     * @throws IllegalArgumentException if {@code n} is out of range, a point is not finite or
     *                                  {@code cellSize} is not positive
     */
    public LoopGrid(double[] p, int n, double cellSize) {
        if (n < 3 || n > MAX_POINTS) {
            throw new IllegalArgumentException("a loop of " + n + " points; 3 to " + MAX_POINTS + " supported");
        }
        if (!(cellSize > 0) || !Double.isFinite(cellSize)) {
            throw new IllegalArgumentException("cell size must be positive and finite, got " + cellSize);
        }
        double minx = Double.POSITIVE_INFINITY;
        double miny = Double.POSITIVE_INFINITY;
        double maxx = Double.NEGATIVE_INFINITY;
        double maxy = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double x = p[2 * i];
            double y = p[2 * i + 1];
            if (!Double.isFinite(x) || !Double.isFinite(y)) {
                throw new IllegalArgumentException("point " + i + " is not finite: (" + x + ", " + y + ")");
            }
            minx = Math.min(minx, x);
            miny = Math.min(miny, y);
            maxx = Math.max(maxx, x);
            maxy = Math.max(maxy, y);
        }
        this.p = p;
        this.n = n;
        this.x0 = minx;
        this.y0 = miny;
        double extent = Math.max(maxx - minx, maxy - miny);
        double c = Math.max(cellSize, extent / (MAX_CELLS_PER_AXIS - 1));
        long[] built;
        while (true) {
            built = tryBuild(c, maxx, maxy);
            if (built != null) {
                break;
            }
            c *= 2;
        }
        this.cell = c;
        this.nx = (int) Math.floor((maxx - minx) / c) + 1;
        this.ny = (int) Math.floor((maxy - miny) / c) + 1;
        this.entries = built;
    }

    // The sorted entries at cell size c, or null when they would exceed the pair budget.
    private long[] tryBuild(double c, double maxx, double maxy) {
        int cx = (int) Math.floor((maxx - x0) / c) + 1;
        long budget = (long) PAIRS_PER_EDGE * n + 1024;
        long total = 0;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            long w = cellOf(Math.max(p[2 * i], p[2 * j]), x0, c) - cellOf(Math.min(p[2 * i], p[2 * j]), x0, c) + 1;
            long h = cellOf(Math.max(p[2 * i + 1], p[2 * j + 1]), y0, c)
                    - cellOf(Math.min(p[2 * i + 1], p[2 * j + 1]), y0, c) + 1;
            total += w * h;
            if (total > budget) {
                return null;
            }
        }
        long[] out = new long[(int) total];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            int ax = cellOf(Math.min(p[2 * i], p[2 * j]), x0, c);
            int bx = cellOf(Math.max(p[2 * i], p[2 * j]), x0, c);
            int ay = cellOf(Math.min(p[2 * i + 1], p[2 * j + 1]), y0, c);
            int by = cellOf(Math.max(p[2 * i + 1], p[2 * j + 1]), y0, c);
            for (int y = ay; y <= by; y++) {
                for (int x = ax; x <= bx; x++) {
                    out[k++] = (((long) y * cx + x) << EDGE_BITS) | i;
                }
            }
        }
        Arrays.sort(out);
        return out;
    }

    private static int cellOf(double v, double origin, double c) {
        return (int) Math.floor((v - origin) / c);
    }

    /** @return the cell size in use (at least the one asked for) */
    public double cellSize() {
        return cell;
    }

    /**
     * The first proper crossing of two non-adjacent edges, with exactly the semantics of
     * {@link PolylineMetrics#firstCrossing}: each edge's endpoints strictly on opposite sides of
     * the other's line; edges sharing a point are not tested.
     *
     * @return {@code {i, j}}, {@code i < j}, the lexicographically first crossing pair, or {@code null}
     */
    public int[] firstCrossing() {
        int bestI = Integer.MAX_VALUE;
        int bestJ = Integer.MAX_VALUE;
        for (int a = 0; a < entries.length; ) {
            long key = entries[a] >>> EDGE_BITS;
            int b = a + 1;
            while (b < entries.length && (entries[b] >>> EDGE_BITS) == key) {
                b++;
            }
            int cellX = (int) (key % nx);
            int cellY = (int) (key / nx);
            for (int u = a; u < b; u++) {
                int e1 = (int) (entries[u] & ((1L << EDGE_BITS) - 1));
                for (int v = u + 1; v < b; v++) {
                    int e2 = (int) (entries[v] & ((1L << EDGE_BITS) - 1));
                    int i = Math.min(e1, e2);
                    int j = Math.max(e1, e2);
                    if (i > bestI || i == bestI && j >= bestJ) {
                        continue;
                    }
                    if (j == i + 1 || i == 0 && j == n - 1 || !ownedHere(i, j, cellX, cellY)) {
                        continue;
                    }
                    if (PolylineMetrics.properlyCross(p, n, i, j)) {
                        bestI = i;
                        bestJ = j;
                    }
                }
            }
            a = b;
        }
        return bestI == Integer.MAX_VALUE ? null : new int[] {bestI, bestJ};
    }

    // A pair of edges is tested only in the cell holding the lower-left corner of the overlap of
    // their bounding boxes (a cell both are listed in), so it is tested once.
    private boolean ownedHere(int i, int j, int cellX, int cellY) {
        int i1 = i + 1 == n ? 0 : i + 1;
        int j1 = j + 1 == n ? 0 : j + 1;
        double lx = Math.max(Math.min(p[2 * i], p[2 * i1]), Math.min(p[2 * j], p[2 * j1]));
        double ly = Math.max(Math.min(p[2 * i + 1], p[2 * i1 + 1]), Math.min(p[2 * j + 1], p[2 * j1 + 1]));
        double hx = Math.min(Math.max(p[2 * i], p[2 * i1]), Math.max(p[2 * j], p[2 * j1]));
        double hy = Math.min(Math.max(p[2 * i + 1], p[2 * i1 + 1]), Math.max(p[2 * j + 1], p[2 * j1 + 1]));
        if (lx > hx || ly > hy) {
            return false;
        }
        return cellOf(lx, x0, cell) == cellX && cellOf(ly, y0, cell) == cellY;
    }

    /**
     * Distance from a point to the loop (its nearest edge), in double precision; equal to
     * {@link PolylineMetrics#distanceToLoop} up to rounding. Searches rings of cells around the
     * point until no unvisited cell can hold anything closer.
     *
     * @param qx the point's x
     * @param qy the point's y
     * @return the distance, {@code NaN} for a non-finite point
     */
    public double distance(double qx, double qy) {
        if (!Double.isFinite(qx) || !Double.isFinite(qy)) {
            return Double.NaN;
        }
        long cx = (long) Math.floor((qx - x0) / cell);
        long cy = (long) Math.floor((qy - y0) / cell);
        double best2 = Double.POSITIVE_INFINITY;
        // Rings of Chebyshev radius r; any cell of ring r + 1 is at least r * cell away.
        long maxRing = Math.max(Math.max(cx, nx - 1 - cx), Math.max(cy, ny - 1 - cy)) + 1;
        for (long r = 0; r <= maxRing; r++) {
            for (long y = Math.max(0, cy - r); y <= Math.min(ny - 1L, cy + r); y++) {
                if (y == cy - r || y == cy + r) {
                    for (long x = Math.max(0, cx - r); x <= Math.min(nx - 1L, cx + r); x++) {
                        best2 = Math.min(best2, nearestInCell(y * nx + x, qx, qy));
                    }
                } else {
                    if (cx - r >= 0 && cx - r < nx) {
                        best2 = Math.min(best2, nearestInCell(y * nx + cx - r, qx, qy));
                    }
                    if (cx + r >= 0 && cx + r < nx) {
                        best2 = Math.min(best2, nearestInCell(y * nx + cx + r, qx, qy));
                    }
                }
            }
            double reach = r * cell;
            if (best2 <= reach * reach) {
                break;
            }
        }
        return Math.sqrt(best2);
    }

    private double nearestInCell(long key, double qx, double qy) {
        int a = lowerBound(key << EDGE_BITS);
        double best = Double.POSITIVE_INFINITY;
        for (int k = a; k < entries.length && (entries[k] >>> EDGE_BITS) == key; k++) {
            int i = (int) (entries[k] & ((1L << EDGE_BITS) - 1));
            best = Math.min(best, PolylineMetrics.squaredDistanceToEdge(p, n, i, qx, qy));
        }
        return best;
    }

    private int lowerBound(long v) {
        int lo = 0;
        int hi = entries.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (entries[mid] < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
