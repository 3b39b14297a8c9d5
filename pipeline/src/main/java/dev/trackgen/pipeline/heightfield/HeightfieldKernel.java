package dev.trackgen.pipeline.heightfield;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;

/**
 * Bakes each env's terrain height grid around its road, one thread per env ({@code dim = E};
 * docs/elevation.md, "Heightfield").
 *
 * <p>{@code tg_heightfield(center, normal, left, right, outer, centerZ, outerZ, innerZ, count,
 * valid, nMax, res, padding, shoulder, falloff, drop, bounds, dist, height)}; shapes:
 * {@code center, normal, outer: [E*nMax]} pairs; {@code left, right} (half-widths on the
 * {@code +normal} / {@code -normal} side), {@code centerZ, outerZ, innerZ: [E*nMax]} floats;
 * {@code count, valid: [E]}; {@code bounds: [E*3]} (grid origin x, y of cell 0's corner, square
 * cell size); {@code dist, height: [E*res*res]} row-major ({@code y * res + x}). World units.
 *
 * <p>Per env: the grid is square, centered on the bounding box of both borders, covering it plus
 * {@code padding} per side ({@code padding <= 0}: {@code shoulder + falloff} plus a tenth of the
 * larger extent). Every cell starts at the floor {@code zLow - drop}, {@code zLow} the lowest
 * center or border height of the env. For every centerline segment {@code i -> i+1} (the closing
 * one included) the cells within {@code wMax + shoulder + falloff} of its box are projected onto
 * it; the segment nearest to a cell's center (squared plan-view distance kept in {@code dist})
 * decides its height, from the values at the projection interpolated linearly along the segment:
 * <ul>
 *   <li>on the road ({@code |d| <= w} with {@code d} the signed offset, positive on the
 *       {@code +normal} side, {@code w} that side's half-width): the banked surface
 *       {@code z_c + (|d| / w) (z_b - z_c)}, {@code z_b} that side's border height (the
 *       elevation stage's cross-slope is linear, so this is {@code z_c - d tan(bank)});</li>
 *   <li>the shoulder ({@code |d| - w <= shoulder}): the border height {@code z_b};</li>
 *   <li>the falloff: {@code z_b + (floor - z_b) S(u)}, {@code u = (|d| - w - shoulder) / falloff},
 *       {@code S(u) = u^2 (3 - 2u)} (smoothstep), the floor from {@code u >= 1} on.</li>
 * </ul>
 * An env with fewer than three points or {@code valid[e] == 0} gets NaN bounds and heights.
 * Cost: about {@code N (L + 2B)^2 / cell^2} cell projections per env ({@code L} the spacing,
 * {@code B} the band). After the original's HeightFieldBaker (nearest centerline cross-section by
 * plan-view distance); the shoulder, falloff and floor are this product's.
 */
public final class HeightfieldKernel extends HeightfieldKernelBase {
    /** The kernel instance. */
    public static final HeightfieldKernel INSTANCE = new HeightfieldKernel();

    private HeightfieldKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_heightfield(@In Vec2Array center, @In Vec2Array normal, @In F32Array left, @In F32Array right,
                @In Vec2Array outer, @In F32Array centerZ, @In F32Array outerZ, @In F32Array innerZ,
                @In I32Array count, @In I32Array valid, int nMax, int res, float padding, float shoulder,
                float falloff, float drop, @Out F32Array bounds, @Out F32Array dist, @Out F32Array height);
    }

    @Override
    protected void run(int begin, int end, float[] center, float[] normal, float[] left, float[] right,
                       float[] outer, float[] centerZ, float[] outerZ, float[] innerZ, int[] count, int[] valid,
                       int nMax, int res, float padding, float shoulder, float falloff, float drop, float[] bounds,
                       float[] dist, float[] height) {
        bake(center, normal, left, right, outer, centerZ, outerZ, innerZ, count, valid, nMax, res, padding,
                shoulder, falloff, drop, bounds, dist, height, begin, end);
    }

    /**
     * The kernel's body on host arrays, for envs {@code [begin, end)} (layout above).
     *
     * @param center   centerline pairs {@code [E*nMax]}
     * @param normal   unit left normals, pairs {@code [E*nMax]}
     * @param left     half-width on the {@code +normal} side {@code [E*nMax]}
     * @param right    half-width on the {@code -normal} side {@code [E*nMax]}
     * @param outer    outer border pairs {@code [E*nMax]} (tells which side {@code outerZ} is on)
     * @param centerZ  centerline heights {@code [E*nMax]}
     * @param outerZ   outer border heights {@code [E*nMax]}
     * @param innerZ   inner border heights {@code [E*nMax]}
     * @param count    real points per env {@code [E]}
     * @param valid    validity flags {@code [E]}
     * @param nMax     row stride
     * @param res      cells per side
     * @param padding  margin per side, world units ({@code <= 0}: automatic)
     * @param shoulder level shoulder width, world units
     * @param falloff  width of the smooth fall to the floor, world units
     * @param drop     depth of the floor under the env's lowest road height, world units
     * @param bounds   out {@code [E*3]}
     * @param dist     out {@code [E*res*res]} squared distance to the nearest segment (scratch; the
     *                 far-float {@code Float.MAX_VALUE} outside every band)
     * @param height   out {@code [E*res*res]}
     * @param begin    first env
     * @param end      one past the last env
     */
    public static void bake(float[] center, float[] normal, float[] left, float[] right, float[] outer,
                            float[] centerZ, float[] outerZ, float[] innerZ, int[] count, int[] valid, int nMax,
                            int res, float padding, float shoulder, float falloff, float drop, float[] bounds,
                            float[] dist, float[] height, int begin, int end) {
        int cells = res * res;
        for (int e = begin; e < end; e++) {
            int m = Math.min(count[e], nMax);
            int base = e * nMax;
            int hb = e * cells;
            float minX = Float.MAX_VALUE;
            float minY = Float.MAX_VALUE;
            float maxX = -Float.MAX_VALUE;
            float maxY = -Float.MAX_VALUE;
            float zLow = Float.MAX_VALUE;
            float wMax = 0f;
            for (int i = 0; i < m; i++) {
                int p = base + i;
                float cx = center[2 * p];
                float cy = center[2 * p + 1];
                float nx = normal[2 * p];
                float ny = normal[2 * p + 1];
                float lx = cx + nx * left[p];
                float ly = cy + ny * left[p];
                float rx = cx - nx * right[p];
                float ry = cy - ny * right[p];
                minX = Math.min(minX, Math.min(lx, rx));
                minY = Math.min(minY, Math.min(ly, ry));
                maxX = Math.max(maxX, Math.max(lx, rx));
                maxY = Math.max(maxY, Math.max(ly, ry));
                zLow = Math.min(zLow, Math.min(centerZ[p], Math.min(outerZ[p], innerZ[p])));
                wMax = Math.max(wMax, Math.max(left[p], right[p]));
            }
            float ext = Math.max(maxX - minX, maxY - minY);
            if (m < 3 || valid[e] == 0 || !Float.isFinite(ext) || !Float.isFinite(zLow)) {
                bounds[3 * e] = Float.NaN;
                bounds[3 * e + 1] = Float.NaN;
                bounds[3 * e + 2] = Float.NaN;
                for (int k = 0; k < cells; k++) {
                    dist[hb + k] = Float.MAX_VALUE;
                    height[hb + k] = Float.NaN;
                }
                continue;
            }
            float pad = padding > 0f ? padding : shoulder + falloff + 0.1f * ext;
            float side = ext + 2f * pad;
            float cell = side / (float) res;
            float lox = 0.5f * (minX + maxX) - 0.5f * side;
            float loy = 0.5f * (minY + maxY) - 0.5f * side;
            bounds[3 * e] = lox;
            bounds[3 * e + 1] = loy;
            bounds[3 * e + 2] = cell;
            float floor = zLow - drop;
            for (int k = 0; k < cells; k++) {
                dist[hb + k] = Float.MAX_VALUE;
                height[hb + k] = floor;
            }
            float band = wMax + shoulder + falloff;
            for (int i = 0; i < m; i++) {
                int pa = base + i;
                int pb = base + (i + 1 == m ? 0 : i + 1);
                float ax = center[2 * pa];
                float ay = center[2 * pa + 1];
                float bx = center[2 * pb];
                float by = center[2 * pb + 1];
                float ux = bx - ax;
                float uy = by - ay;
                float uu = ux * ux + uy * uy;
                // the side each border height belongs to: outer on the +normal side or not
                float oa = (outer[2 * pa] - ax) * normal[2 * pa] + (outer[2 * pa + 1] - ay) * normal[2 * pa + 1];
                float ob = (outer[2 * pb] - bx) * normal[2 * pb] + (outer[2 * pb + 1] - by) * normal[2 * pb + 1];
                float zlA = oa >= 0f ? outerZ[pa] : innerZ[pa];
                float zrA = oa >= 0f ? innerZ[pa] : outerZ[pa];
                float zlB = ob >= 0f ? outerZ[pb] : innerZ[pb];
                float zrB = ob >= 0f ? innerZ[pb] : outerZ[pb];
                int x0 = cellIndex((Math.min(ax, bx) - band - lox) / cell, res);
                int x1 = cellIndex((Math.max(ax, bx) + band - lox) / cell, res);
                int y0 = cellIndex((Math.min(ay, by) - band - loy) / cell, res);
                int y1 = cellIndex((Math.max(ay, by) + band - loy) / cell, res);
                for (int gy = y0; gy <= y1; gy++) {
                    float py = loy + ((float) gy + 0.5f) * cell;
                    for (int gx = x0; gx <= x1; gx++) {
                        float px = lox + ((float) gx + 0.5f) * cell;
                        float t = uu > 0f ? ((px - ax) * ux + (py - ay) * uy) / uu : 0f;
                        t = t < 0f ? 0f : (t > 1f ? 1f : t);
                        float qx = ax + t * ux;
                        float qy = ay + t * uy;
                        float dx = px - qx;
                        float dy = py - qy;
                        float d2 = dx * dx + dy * dy;
                        int k = hb + gy * res + gx;
                        if (!(d2 < dist[k])) {
                            continue;
                        }
                        dist[k] = d2;
                        float s = 1f - t;
                        float nx = s * normal[2 * pa] + t * normal[2 * pb];
                        float ny = s * normal[2 * pa + 1] + t * normal[2 * pb + 1];
                        float zc = s * centerZ[pa] + t * centerZ[pb];
                        boolean onLeft = dx * nx + dy * ny >= 0f;
                        float w = onLeft ? s * left[pa] + t * left[pb] : s * right[pa] + t * right[pb];
                        float zb = onLeft ? s * zlA + t * zlB : s * zrA + t * zrB;
                        float a = (float) Math.sqrt(d2);
                        height[k] = surface(a, w, zc, zb, shoulder, falloff, floor);
                    }
                }
            }
        }
    }

    /**
     * @param a        plan-view distance from the centerline
     * @param w        that side's half-width
     * @param zc       centerline height
     * @param zb       that side's border height
     * @param shoulder level shoulder width
     * @param falloff  falloff width
     * @param floor    floor height
     * @return the terrain height at distance {@code a}
     */
    static float surface(float a, float w, float zc, float zb, float shoulder, float falloff, float floor) {
        if (a <= w) {
            return w > 0f ? zc + (a / w) * (zb - zc) : zb;
        }
        float o = a - w - shoulder;
        if (o <= 0f) {
            return zb;
        }
        if (!(falloff > 0f) || o >= falloff) {
            return floor;
        }
        float u = o / falloff;
        float sm = u * u * (3f - 2f * u);
        return zb + (floor - zb) * sm;
    }

    /** The cell holding grid coordinate {@code f}, clamped to {@code [0, res-1]}. */
    private static int cellIndex(float f, int res) {
        float g = (float) Math.floor(f);
        if (!(g > 0f)) {
            return 0;
        }
        if (g > (float) (res - 1)) {
            return res - 1;
        }
        return (int) g;
    }
}
