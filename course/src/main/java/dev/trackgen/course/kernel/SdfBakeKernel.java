package dev.trackgen.course.kernel;

import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Bakes each env's signed-distance grid from its borders, one thread per env ({@code dim = E}).
 *
 * <p>{@code tg_sdf_bake(inner, outer, count, nMax, res, padding, cell, bounds, phi, bid)}; shapes:
 * {@code inner, outer: [E*nMax]} pairs, {@code count: [E]}, {@code bounds: [E*3]} (grid origin
 * x, y and the square cell size), {@code phi: [E*res*res]} row-major ({@code y * res + x}),
 * {@code bid: [E * words(res)]} one bit per cell (1: the outer border is nearer).
 *
 * <p>The grid is square, centered on the track's bounding box, and covers it plus {@code padding}
 * per side ({@code padding <= 0}: a tenth of the larger extent). With {@code cell <= 0} its
 * {@code res} cells span exactly that; with {@code cell > 0} (world units, the road-following
 * mode) the cells are {@code cell} wide and span {@code res * cell}, unless the padded box is
 * wider than that, in which case the cells grow to fit it (the env gets a coarser grid; its
 * {@code bounds} report the cell it got). {@code phi} at a cell center
 * is the distance to the nearer border, positive inside the road: exact (the true minimum over
 * segments) for every cell within {@link #EXACT_BAND} cells of a border, then filled outward by
 * two chamfer sweeps (weights 1 and sqrt 2 cells), which over-estimate farther distances by at
 * most about 8%. The sign is the parity of both borders' crossings of a ray towards {@code +x},
 * found per row. Cost per env: about {@code 2 N (2 EXACT_BAND + 2)^2} point-segment distances
 * plus a few passes over the {@code res^2} cells. A track with fewer than three points gets NaN
 * bounds and cells.
 */
public final class SdfBakeKernel extends SdfBakeKernelBase {
    /** The kernel instance. */
    public static final SdfBakeKernel INSTANCE = new SdfBakeKernel();

    /** Cells around each border segment whose distance is computed exactly. */
    @CudaConstant("TG_SDF_EXACT_BAND")
    public static final int EXACT_BAND = 3;

    @CudaConstant("TG_SDF_DIAG")
    static final float DIAG = 1.41421356f;

    private SdfBakeKernel() {
    }

    @KernelSignature(ptx = CollisionKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_sdf_bake(@In Vec2Array inner, @In Vec2Array outer, @In I32Array count, int nMax, int res, float padding, float cell, @Out F32Array bounds, @Out F32Array phi, @Out I32Array bid);
    }

    /**
     * @param res grid side
     * @return ints of the border-id bit field per env
     */
    public static int words(int res) {
        return (res * res + 31) >>> 5;
    }

    @Override
    protected void run(int begin, int end, float[] inner, float[] outer, int[] count, int nMax, int res,
                       float padding, float cell, float[] bounds, float[] phi, int[] bid) {
        run(inner, outer, count, nMax, res, padding, cell, bounds, phi, bid, begin, end);
    }

    static void run(float[] inner, float[] outer, int[] count, int nMax, int res, float padding, float cellSize,
                    float[] bounds, float[] phi, int[] bid, int begin, int end) {
        int cells = res * res;
        int words = words(res);
        for (int e = begin; e < end; e++) {
            int m = Math.min(count[e], nMax);
            int pb = e * cells;
            int wb = e * words;
            for (int w = 0; w < words; w++) {
                bid[wb + w] = 0;
            }
            int base = e * nMax;
            float minX = Float.MAX_VALUE;
            float minY = Float.MAX_VALUE;
            float maxX = -Float.MAX_VALUE;
            float maxY = -Float.MAX_VALUE;
            for (int i = 0; i < m; i++) {
                float ix = inner[2 * (base + i)];
                float iy = inner[2 * (base + i) + 1];
                float ox = outer[2 * (base + i)];
                float oy = outer[2 * (base + i) + 1];
                minX = Math.min(minX, Math.min(ix, ox));
                minY = Math.min(minY, Math.min(iy, oy));
                maxX = Math.max(maxX, Math.max(ix, ox));
                maxY = Math.max(maxY, Math.max(iy, oy));
            }
            float ext = Math.max(maxX - minX, maxY - minY);
            if (m < 3 || !Float.isFinite(ext)) {
                bounds[3 * e] = Float.NaN;
                bounds[3 * e + 1] = Float.NaN;
                bounds[3 * e + 2] = Float.NaN;
                for (int k = 0; k < cells; k++) {
                    phi[pb + k] = Float.NaN;
                }
                continue;
            }
            float pad = padding > 0f ? padding : 0.1f * ext;
            float side = ext + 2f * pad;
            float cell = side / (float) res;
            if (cellSize > 0f && cell <= cellSize) {
                cell = cellSize;
                side = cell * (float) res;
            }
            float lox = 0.5f * (minX + maxX) - 0.5f * side;
            float loy = 0.5f * (minY + maxY) - 0.5f * side;
            bounds[3 * e] = lox;
            bounds[3 * e + 1] = loy;
            bounds[3 * e + 2] = cell;
            for (int k = 0; k < cells; k++) {
                phi[pb + k] = Float.MAX_VALUE;
            }
            // exact squared distances in a band around every segment, and the nearer border
            for (int bd = 0; bd < 2; bd++) {
                float[] pts = bd == 0 ? inner : outer;
                for (int i = 0; i < m; i++) {
                    int i2 = i + 1 == m ? 0 : i + 1;
                    float ax = pts[2 * (base + i)];
                    float ay = pts[2 * (base + i) + 1];
                    float bx = pts[2 * (base + i2)];
                    float by = pts[2 * (base + i2) + 1];
                    int x0 = clampCell((Math.min(ax, bx) - lox) / cell - 0.5f, -EXACT_BAND, res);
                    int x1 = clampCell((Math.max(ax, bx) - lox) / cell - 0.5f, EXACT_BAND + 1, res);
                    int y0 = clampCell((Math.min(ay, by) - loy) / cell - 0.5f, -EXACT_BAND, res);
                    int y1 = clampCell((Math.max(ay, by) - loy) / cell - 0.5f, EXACT_BAND + 1, res);
                    for (int gy = y0; gy <= y1; gy++) {
                        float cy = loy + ((float) gy + 0.5f) * cell;
                        for (int gx = x0; gx <= x1; gx++) {
                            float cx = lox + ((float) gx + 0.5f) * cell;
                            float d2 = Planar.pointSegment2(cx, cy, ax, ay, bx, by);
                            int k = gy * res + gx;
                            if (d2 < phi[pb + k]) {
                                phi[pb + k] = d2;
                                setBit(bid, wb, k, bd);
                            }
                        }
                    }
                }
            }
            for (int k = 0; k < cells; k++) {
                float v = phi[pb + k];
                phi[pb + k] = v < Float.MAX_VALUE ? (float) Math.sqrt(v) : Float.MAX_VALUE;
            }
            // the rest by chamfer distance, forward then backward
            float wd = DIAG * cell;
            for (int gy = 0; gy < res; gy++) {
                for (int gx = 0; gx < res; gx++) {
                    int k = gy * res + gx;
                    if (gx > 0) {
                        relax(phi, bid, pb, wb, k, k - 1, cell);
                    }
                    if (gy > 0) {
                        relax(phi, bid, pb, wb, k, k - res, cell);
                        if (gx > 0) {
                            relax(phi, bid, pb, wb, k, k - res - 1, wd);
                        }
                        if (gx + 1 < res) {
                            relax(phi, bid, pb, wb, k, k - res + 1, wd);
                        }
                    }
                }
            }
            for (int gy = res - 1; gy >= 0; gy--) {
                for (int gx = res - 1; gx >= 0; gx--) {
                    int k = gy * res + gx;
                    if (gx + 1 < res) {
                        relax(phi, bid, pb, wb, k, k + 1, cell);
                    }
                    if (gy + 1 < res) {
                        relax(phi, bid, pb, wb, k, k + res, cell);
                        if (gx + 1 < res) {
                            relax(phi, bid, pb, wb, k, k + res + 1, wd);
                        }
                        if (gx > 0) {
                            relax(phi, bid, pb, wb, k, k + res - 1, wd);
                        }
                    }
                }
            }
            // sign: cells left of an odd number of border crossings per row lie on the road
            for (int bd = 0; bd < 2; bd++) {
                float[] pts = bd == 0 ? inner : outer;
                for (int i = 0; i < m; i++) {
                    int i2 = i + 1 == m ? 0 : i + 1;
                    float ax = pts[2 * (base + i)];
                    float ay = pts[2 * (base + i) + 1];
                    float bx = pts[2 * (base + i2)];
                    float by = pts[2 * (base + i2) + 1];
                    int y0 = clampCell((Math.min(ay, by) - loy) / cell - 0.5f, -1, res);
                    int y1 = clampCell((Math.max(ay, by) - loy) / cell - 0.5f, 1, res);
                    for (int gy = y0; gy <= y1; gy++) {
                        float cy = loy + ((float) gy + 0.5f) * cell;
                        if ((ay > cy) != (by > cy)) {
                            float xc = ax + (cy - ay) * (bx - ax) / (by - ay);
                            for (int gx = 0; gx < res; gx++) {
                                float cx = lox + ((float) gx + 0.5f) * cell;
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
            // cells that start positive lie outside; the parity flips made the road's negative
            for (int k = 0; k < cells; k++) {
                phi[pb + k] = -phi[pb + k];
            }
        }
    }

    /** The cell index of a grid coordinate shifted by {@code by}, clamped to {@code [0, res-1]}. */
    private static int clampCell(float f, int by, int res) {
        float g = by < 0 ? (float) Math.floor(f) + (float) by : (float) Math.ceil(f) + (float) (by - 1);
        if (!(g > 0f)) {
            return 0;
        }
        if (g > (float) (res - 1)) {
            return res - 1;
        }
        return (int) g;
    }

    private static void setBit(int[] bid, int wb, int k, int value) {
        int w = wb + (k >>> 5);
        int mask = 1 << (k & 31);
        bid[w] = value != 0 ? bid[w] | mask : bid[w] & ~mask;
    }

    private static void relax(float[] phi, int[] bid, int pb, int wb, int k, int from, float w) {
        float v = phi[pb + from] + w;
        if (v < phi[pb + k]) {
            phi[pb + k] = v;
            setBit(bid, wb, k, (bid[wb + (from >>> 5)] >>> (from & 31)) & 1);
        }
    }
}
