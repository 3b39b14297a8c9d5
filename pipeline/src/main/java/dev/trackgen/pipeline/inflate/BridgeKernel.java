package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.PipelineKernels;
import dev.trackgen.pipeline.relax.SeparationBand;

/**
 * The bridge stage, one thread per environment ({@code dim = E}), launched after
 * {@link ElevationKernel} only when {@code bridge_clearance > 0} (docs/elevation.md, "Bridges").
 *
 * <p>Per env {@code e} with {@code cn = count[e] >= 3} points:
 * <ol>
 *   <li>Crossings: every pair of non-adjacent centerline edges {@code i < j} that cross or touch
 *       in the plan view ({@link #meets}; collinear overlaps excluded). A track without one is left exactly
 *       as it was (heights, 3D arrays and {@code valid}), so the inflation's gate, which refuses
 *       every contact, keeps deciding it.</li>
 *   <li>Lift: for each crossing, the later branch (edge {@code j}) gets a bump in the {@code lift}
 *       row, a function of the circular plan-view arc distance {@code d} to the crossing point:
 *       height {@code H} over {@code |d| <= P} and a smoothstep ramp of length {@code R} each side,
 *       {@code H = LIFT_MARGIN * clearance + hi_i - lo_j} (skipped when {@code <= 0}; {@code hi}
 *       / {@code lo} the highest / lowest road-surface height, lift included, at the two edges'
 *       ends), {@code P = 2 w_max / max(sin theta, MIN_SIN) + 2 perimeter / cn} ({@code theta} the
 *       crossing angle), {@code R = 1.5 H / rampGrade}, so the ramp's steepest grade is
 *       {@code rampGrade}. Bumps of several crossings add up (a crossing through a vertex meets
 *       up to four edge pairs: the first lifts, the others then find {@code H <= 0}). The lift is added to
 *       {@code centerZ}, {@code outerZ} and {@code innerZ}, and {@code arclen3d}, {@code length3d},
 *       {@code tangent3d} are recomputed as the elevation stage does.</li>
 *   <li>Bridge gate, which replaces the inflation's verdict for a crossing track: the generation
 *       flag, every half-width above {@code wFloor}, every point finite, the per-vertex tests of
 *       {@link ValidityKernel} (turn under 90 degrees on the centerline and both borders, Menger
 *       radius {@code >= (1 - relaxTol) w_i}, borders at their half-widths), the perimeter and
 *       band size tests, the grade bound {@code |dz| <= validGrade ds} (when set) and
 *       {@code |bank| <= bankMax} (when banked); then <b>vertical clearance</b>: every pair of
 *       points farther apart along the chain than the band whose plan-view distance is under
 *       {@code r_i + r_j}, and every pair of edges of the centerline, the outer and the inner
 *       border (and outer against inner) that {@link EdgeContacts#edgesMeet} cannot prove apart,
 *       must be separated vertically by at least {@code clearance}: the lowest road-surface height
 *       (of centerline and both borders, at the point or the edge's two ends) of one above the
 *       highest of the other. Any other contact refuses the track. The turning number and the
 *       nesting tests are not applied (a figure-eight turns by 0).</li>
 * </ol>
 *
 * <p>Shapes: {@code center, normal, tangent, outer, inner: [E*nMax]} pairs; {@code left, right,
 * arclen, bank, lift, centerZ, outerZ, innerZ, arclen3d: [E*nMax]} floats; {@code tangent3d:
 * [3*E*nMax]}; {@code length, count, genValid, length3d, valid: [E]}. Heights and lengths in world
 * units, {@code bankMax} in radians. O(cn^2) per env with crossings; O(cn^2) orientation tests
 * per env without.
 */
public final class BridgeKernel extends BridgeKernelBase {
    /** The kernel instance. */
    public static final BridgeKernel INSTANCE = new BridgeKernel();

    /** Bump height over the clearance the lift aims at, a factor on {@code clearance}. */
    @CudaConstant("TG_BRIDGE_LIFT_MARGIN")
    public static final float LIFT_MARGIN = 1.25f;

    /** Floor of the crossing angle's sine in the plateau length. */
    @CudaConstant("TG_BRIDGE_MIN_SIN")
    public static final float MIN_SIN = 0.25f;

    private BridgeKernel() {
    }

    @KernelSignature(ptx = PipelineKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_bridge(@In Vec2Array center, @In Vec2Array normal, @In Vec2Array tangent, @In Vec2Array outer,
                @In Vec2Array inner, @In F32Array left, @In F32Array right, @In F32Array arclen, @In F32Array length,
                @In I32Array count, @In I32Array genValid, @In F32Array bank, int nMax, float clearance,
                float rampGrade, float validGrade, float bankMax, int banked, float wFloor, float relaxTol,
                @Out F32Array lift, @InOut F32Array centerZ, @InOut F32Array outerZ, @InOut F32Array innerZ,
                @Out F32Array arclen3d, @Out F32Array length3d, @Out F32Array tangent3d, @InOut I32Array valid);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] normal, float[] tan, float[] outer, float[] inner,
                       float[] left, float[] right, float[] arclen, float[] length, int[] count, int[] genValid,
                       float[] bank, int nMax, float clearance, float rampGrade, float validGrade, float bankMax,
                       int banked, float wFloor, float relaxTol, float[] lift, float[] z, float[] oz, float[] iz,
                       float[] arclen3d, float[] length3d, float[] tangent3d, int[] valid) {
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            if (cn < 3) {
                continue;
            }
            float perim = length[e];
            float wMin = Float.POSITIVE_INFINITY;
            float wMax = 0f;
            for (int i = 0; i < cn; i++) {
                wMin = Math.min(wMin, Math.min(left[b + i], right[b + i]));
                wMax = Math.max(wMax, Math.max(left[b + i], right[b + i]));
                lift[b + i] = 0f;
            }
            // 1-2. crossings and the lift of the later branch over each
            int crossings = 0;
            for (int i = 0; i < cn; i++) {
                int i1 = i + 1 == cn ? 0 : i + 1;
                float ax = c[2 * (b + i)];
                float ay = c[2 * (b + i) + 1];
                float bx = c[2 * (b + i1)];
                float by = c[2 * (b + i1) + 1];
                for (int j = i + 2; j < cn; j++) {
                    if (i == 0 && j == cn - 1) {
                        continue;
                    }
                    int j1 = j + 1 == cn ? 0 : j + 1;
                    float px = c[2 * (b + j)];
                    float py = c[2 * (b + j) + 1];
                    float qx = c[2 * (b + j1)];
                    float qy = c[2 * (b + j1) + 1];
                    float d1 = Geometry.orient(ax, ay, bx, by, px, py);
                    float d2 = Geometry.orient(ax, ay, bx, by, qx, qy);
                    float d3 = Geometry.orient(px, py, qx, qy, ax, ay);
                    float d4 = Geometry.orient(px, py, qx, qy, bx, by);
                    if (!meets(d1, d2, d3, d4)) {
                        continue;
                    }
                    crossings++;
                    float t = d1 == d2 ? 0f : d1 / (d1 - d2);
                    float la = Geometry.length(bx - ax, by - ay);
                    float lb = Geometry.length(qx - px, qy - py);
                    float sin = Math.abs(Geometry.cross(bx - ax, by - ay, qx - px, qy - py)) / (la * lb);
                    float sc = arclen[b + j] + t * lb;
                    float hiI = Math.max(hi(z, oz, iz, b + i), hi(z, oz, iz, b + i1)) + Math.max(lift[b + i], lift[b + i1]);
                    float loJ = Math.min(lo(z, oz, iz, b + j), lo(z, oz, iz, b + j1)) + Math.min(lift[b + j], lift[b + j1]);
                    float h = LIFT_MARGIN * clearance + hiI - loJ;
                    if (!(h > 0f)) {
                        continue;
                    }
                    float plateau = 2f * wMax / Math.max(sin, MIN_SIN) + 2f * perim / cn;
                    float ramp = 1.5f * h / rampGrade;
                    float halfP = 0.5f * perim;
                    for (int k = 0; k < cn; k++) {
                        float d = arclen[b + k] - sc;
                        if (d > halfP) {
                            d -= perim;
                        } else if (d < -halfP) {
                            d += perim;
                        }
                        float ad = Math.abs(d);
                        if (ad <= plateau) {
                            lift[b + k] += h;
                        } else if (ad < plateau + ramp) {
                            float u = 1f - (ad - plateau) / ramp;
                            lift[b + k] += h * (u * u * (3f - 2f * u));
                        }
                    }
                }
            }
            if (crossings == 0) {
                continue;
            }
            for (int i = 0; i < cn; i++) {
                z[b + i] += lift[b + i];
                oz[b + i] += lift[b + i];
                iz[b + i] += lift[b + i];
            }
            // 3D arc length and tangent with the grade and bank bounds: the elevation stage's step 4
            boolean ok = ElevationKernel.lifted(c, tan, z, bank, cn, b, e, validGrade, banked != 0 ? 1f : 0f, bankMax,
                    arclen3d, length3d, tangent3d) && genValid[e] != 0 && wMin > wFloor;
            for (int i = 0; i < cn; i++) {
                if (!Float.isFinite(z[b + i]) || !Float.isFinite(oz[b + i]) || !Float.isFinite(iz[b + i])
                        || !Float.isFinite(c[2 * (b + i)]) || !Float.isFinite(c[2 * (b + i) + 1])
                        || !Float.isFinite(outer[2 * (b + i)]) || !Float.isFinite(outer[2 * (b + i) + 1])
                        || !Float.isFinite(inner[2 * (b + i)]) || !Float.isFinite(inner[2 * (b + i) + 1])) {
                    ok = false;
                }
            }
            // 3. the bridge gate
            float peri = 0f;
            for (int i = 0; ok && i < cn; i++) {
                int t = b + i;
                int u = b + (i + 1 == cn ? 0 : i + 1);
                int p = b + (i == 0 ? cn - 1 : i - 1);
                peri += Geometry.length(c[2 * u] - c[2 * t], c[2 * u + 1] - c[2 * t + 1]);
                float kappa = Geometry.menger(c[2 * p], c[2 * p + 1], c[2 * t], c[2 * t + 1], c[2 * u], c[2 * u + 1]);
                float minThickness = (1f - relaxTol) * Math.max(left[t], right[t]);
                ok = 1f / Math.max(kappa, 1.0e-12f) >= minThickness && ValidityKernel.turnsForward(c, p, t, u)
                        && ValidityKernel.turnsForward(outer, p, t, u) && ValidityKernel.turnsForward(inner, p, t, u)
                        && ValidityKernel.offsetHolds(c, normal, outer, t, left[t], right[t])
                        && ValidityKernel.offsetHolds(c, normal, inner, t, left[t], right[t]);
            }
            int band = 1;
            if (ok) {
                band = SeparationBand.of(peri / (float) cn, 2f * wMax);
                ok = peri >= 2f * (float) Geometry.PI * ((1f - relaxTol) * wMax) && cn >= 2 * band + 3;
            }
            for (int i = 0; ok && i < cn; i++) {
                float xi = c[2 * (b + i)];
                float yi = c[2 * (b + i) + 1];
                float ri = (1f - relaxTol) * Math.max(left[b + i], right[b + i]);
                int jEnd = Math.min(cn, i + cn - band);
                for (int j = i + band + 1; j < jEnd; j++) {
                    float sep = ri + (1f - relaxTol) * Math.max(left[b + j], right[b + j]);
                    float dx = xi - c[2 * (b + j)];
                    float dy = yi - c[2 * (b + j) + 1];
                    if (dx * dx + dy * dy < sep * sep && !(gap(lo(z, oz, iz, b + i), hi(z, oz, iz, b + i),
                            lo(z, oz, iz, b + j), hi(z, oz, iz, b + j)) >= clearance)) {
                        ok = false;
                        break;
                    }
                }
            }
            ok = ok && edgesClear(c, c, true, b, cn, z, oz, iz, clearance)
                    && edgesClear(outer, outer, true, b, cn, z, oz, iz, clearance)
                    && edgesClear(inner, inner, true, b, cn, z, oz, iz, clearance)
                    && edgesClear(outer, inner, false, b, cn, z, oz, iz, clearance);
            valid[e] = ok ? 1 : 0;
        }
    }

    /**
     * Whether two segments cross or touch, from the orientations {@code d1, d2} of the second's
     * ends against the first's line and {@code d3, d4} of the first's against the second's: each
     * straddles or touches the other's line, and they are not collinear. A crossing through a
     * vertex (both branches' points on the crossing) meets here, where a proper-crossing test
     * would see none.
     */
    static boolean meets(float d1, float d2, float d3, float d4) {
        return ((d1 >= 0f && d2 <= 0f) || (d1 <= 0f && d2 >= 0f)) && ((d3 >= 0f && d4 <= 0f) || (d3 <= 0f && d4 >= 0f))
                && !(d1 == 0f && d2 == 0f);
    }

    /** The highest road-surface height at point {@code t}: centerline and both borders. */
    static float hi(float[] z, float[] oz, float[] iz, int t) {
        return Math.max(z[t], Math.max(oz[t], iz[t]));
    }

    /** The lowest road-surface height at point {@code t}: centerline and both borders. */
    static float lo(float[] z, float[] oz, float[] iz, int t) {
        return Math.min(z[t], Math.min(oz[t], iz[t]));
    }

    /** The vertical gap between two height ranges {@code [loA, hiA]} and {@code [loB, hiB]}; negative when they overlap. */
    static float gap(float loA, float hiA, float loB, float hiB) {
        return Math.max(loA - hiB, loB - hiA);
    }

    /** Edges per chunk of the edge-contact scan's broadphase. */
    @CudaConstant("TG_BRIDGE_CHUNK")
    public static final int CHUNK = 16;

    /**
     * One bound of the box of the edges of chunk {@code c} (edges {@code c * CHUNK} to
     * {@code min(n, (c + 1) * CHUNK) - 1}, so points up to the last edge's end): {@code axis} 0
     * for x, 1 for y; the minimum when {@code max} is false, else the maximum.
     */
    static float chunkBound(float[] p, int base, int n, int c, int axis, boolean max) {
        float v = max ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
        int last = Math.min(n, (c + 1) * CHUNK);
        for (int i = c * CHUNK; i <= last; i++) {
            float x = p[2 * (base + (i == n ? 0 : i)) + axis];
            v = max ? Math.max(v, x) : Math.min(v, x);
        }
        return v;
    }

    /**
     * Whether every pair of edges of closed polygons {@code p} and {@code q} (both of {@code n}
     * points from {@code base}; with {@code same}, {@code q} is {@code p} and edges sharing a
     * vertex are skipped) that {@link EdgeContacts#edgesMeet} cannot prove apart is separated
     * vertically by at least {@code clearance}, over the road-surface heights at each edge's two
     * ends. Broadphase: chunks of {@value #CHUNK} edges whose boxes are apart (strictly, so
     * touching boxes are scanned) are skipped, which is exact; the boxes are computed on the fly
     * ({@link #chunkBound}), no scratch. All points finite.
     */
    static boolean edgesClear(float[] p, float[] q, boolean same, int base, int n, float[] z, float[] oz, float[] iz,
                              float clearance) {
        int chunks = (n + CHUNK - 1) / CHUNK;
        for (int ci = 0; ci < chunks; ci++) {
            float pMinX = chunkBound(p, base, n, ci, 0, false);
            float pMinY = chunkBound(p, base, n, ci, 1, false);
            float pMaxX = chunkBound(p, base, n, ci, 0, true);
            float pMaxY = chunkBound(p, base, n, ci, 1, true);
            for (int cj = same ? ci : 0; cj < chunks; cj++) {
                if (pMaxX < chunkBound(q, base, n, cj, 0, false) || chunkBound(q, base, n, cj, 0, true) < pMinX
                        || pMaxY < chunkBound(q, base, n, cj, 1, false) || chunkBound(q, base, n, cj, 1, true) < pMinY) {
                    continue;
                }
                int iEnd = Math.min(n, (ci + 1) * CHUNK);
                int jEnd = Math.min(n, (cj + 1) * CHUNK);
                for (int i = ci * CHUNK; i < iEnd; i++) {
                    int i1 = i + 1 == n ? 0 : i + 1;
                    float ax = p[2 * (base + i)];
                    float ay = p[2 * (base + i) + 1];
                    float bx = p[2 * (base + i1)];
                    float by = p[2 * (base + i1) + 1];
                    for (int j = same ? Math.max(cj * CHUNK, i + 2) : cj * CHUNK; j < jEnd; j++) {
                        if (same && i == 0 && j == n - 1) {
                            continue;
                        }
                        int j1 = j + 1 == n ? 0 : j + 1;
                        if (EdgeContacts.edgesMeet(ax, ay, bx, by, q[2 * (base + j)], q[2 * (base + j) + 1],
                                q[2 * (base + j1)], q[2 * (base + j1) + 1])) {
                            float loA = Math.min(lo(z, oz, iz, base + i), lo(z, oz, iz, base + i1));
                            float hiA = Math.max(hi(z, oz, iz, base + i), hi(z, oz, iz, base + i1));
                            float loB = Math.min(lo(z, oz, iz, base + j), lo(z, oz, iz, base + j1));
                            float hiB = Math.max(hi(z, oz, iz, base + j), hi(z, oz, iz, base + j1));
                            if (!(gap(loA, hiA, loB, hiB) >= clearance)) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        return true;
    }
}
