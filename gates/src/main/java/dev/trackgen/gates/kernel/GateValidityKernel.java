package dev.trackgen.gates.kernel;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * The gate-course validity gate, one thread per env ({@code dim = E}). A course is valid when
 * <ul>
 *   <li>its plan view was ({@code planOk}) and {@code minGates <= count <= maxGates};</li>
 *   <li>every gate's center, bar endpoints and every course-line sample are finite;</li>
 *   <li>every pair of gate centers is at least {@code minDistance} apart in plan view (within
 *       the original's slop {@code 1e-6 max(1, minDistance^2)} on the squared distance);</li>
 *   <li>no two gate bars ({@code left -> right}) cross in plan view ({@link Geometry#properCrossing},
 *       only when {@code halfSize > 0});</li>
 *   <li>every gate-to-gate step, the closing one included, has {@code |dz| <= zValidGrade * max(dxy, 1e-9)}
 *       (only when {@code zValidGrade > 0});</li>
 *   <li>the course line's bow is at most {@code lineBowBound} (only when {@code lineBowBound > 0});</li>
 *   <li>where two non-adjacent course-line segments cross in plan view, the line's altitudes at the
 *       crossing differ by at least {@code stackClearance} (only when {@code stackClearance > 0};
 *       the original does not check this). The search runs over pairs of gate segments whose
 *       plan-view bounding boxes overlap, then over their line segments.</li>
 * </ul>
 *
 * <p>Shapes: {@code position, left, right [E * gMax * 3]}, {@code half [E * gMax]},
 * {@code count, planOk, lineCount, bow, valid [E]}, {@code linePoints [E * lineMax * 3]}.
 */
public final class GateValidityKernel extends GateValidityKernelBase {
    /** The kernel instance. */
    public static final GateValidityKernel INSTANCE = new GateValidityKernel();

    private GateValidityKernel() {
    }

    @KernelSignature(ptx = GatesKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_gate_validity(@In F32Array position, @In F32Array left, @In F32Array right, @In F32Array half,
                              @In I32Array count, @In I32Array planOk, @In F32Array linePoints, @In I32Array lineCount,
                              @In F32Array bow, int gMax, int lineMax, int minGates, int maxGates, float minDistance,
                              float zValidGrade, float lineBowBound, float stackClearance, @Out I32Array valid);
    }

    @Override
    protected void run(int begin, int end, float[] p, float[] left, float[] right, float[] half, int[] count,
                       int[] planOk, float[] lp, int[] lineCount, float[] bow, int gMax, int lineMax, int minGates,
                       int maxGates, float minDistance, float zValidGrade, float lineBowBound, float stackClearance,
                       int[] valid) {
        for (int e = begin; e < end; e++) {
            valid[e] = check(p, left, right, half, count[e], planOk[e], lp, lineCount[e], bow[e], e, gMax, lineMax,
                    minGates, maxGates, minDistance, zValidGrade, lineBowBound, stackClearance) ? 1 : 0;
        }
    }

    private static boolean check(float[] p, float[] left, float[] right, float[] half, int n, int planOk, float[] lp,
                                 int m, float bow, int e, int gMax, int lineMax, int minGates, int maxGates,
                                 float minDistance, float zValidGrade, float lineBowBound, float stackClearance) {
        if (planOk == 0 || n < minGates || n > maxGates || n > gMax || m > lineMax) {
            return false;
        }
        int g = e * gMax;
        for (int i = 0; i < n; i++) {
            int o = 3 * (g + i);
            for (int d = 0; d < 3; d++) {
                if (!Float.isFinite(p[o + d]) || !Float.isFinite(left[o + d]) || !Float.isFinite(right[o + d])) {
                    return false;
                }
            }
        }
        int l = e * lineMax;
        for (int k = 0; k < 3 * m; k++) {
            if (!Float.isFinite(lp[3 * l + k])) {
                return false;
            }
        }
        float minD2 = minDistance * minDistance;
        float slop = 1.0e-6f * Math.max(1.0f, minD2);
        for (int i = 0; i < n; i++) {
            int a = 3 * (g + i);
            for (int j = i + 1; j < n; j++) {
                int b = 3 * (g + j);
                float dx = p[b] - p[a];
                float dy = p[b + 1] - p[a + 1];
                if (dx * dx + dy * dy + slop < minD2) {
                    return false;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (!(half[g + i] > 0.0f)) {
                continue;
            }
            int a = 3 * (g + i);
            for (int j = i + 1; j < n; j++) {
                int b = 3 * (g + j);
                if (Geometry.properCrossing(left[a], left[a + 1], right[a], right[a + 1], left[b], left[b + 1],
                        right[b], right[b + 1])) {
                    return false;
                }
            }
        }
        if (zValidGrade > 0.0f) {
            for (int i = 0; i < n; i++) {
                int a = 3 * (g + i);
                int b = 3 * (g + (i + 1 == n ? 0 : i + 1));
                float dxy = Geometry.length(p[b] - p[a], p[b + 1] - p[a + 1]);
                if (Math.abs(p[b + 2] - p[a + 2]) > zValidGrade * Math.max(dxy, 1.0e-9f)) {
                    return false;
                }
            }
        }
        if (lineBowBound > 0.0f && !(bow <= lineBowBound)) {
            return false;
        }
        return !(stackClearance > 0.0f) || stacksClear(lp, l, m, gMax > 0 ? lineMax / gMax : 1, n, stackClearance);
    }

    /**
     * Whether every plan-view crossing of two non-adjacent course-line segments keeps
     * {@code clearance} vertically. Segments are visited per gate segment (a chunk of {@code spg}
     * line segments): only chunk pairs whose plan-view bounding boxes overlap are searched.
     */
    private static boolean stacksClear(float[] lp, int l, int m, int spg, int n, float clearance) {
        for (int ci = 0; ci < n; ci++) {
            float axMin = Float.POSITIVE_INFINITY;
            float axMax = Float.NEGATIVE_INFINITY;
            float ayMin = Float.POSITIVE_INFINITY;
            float ayMax = Float.NEGATIVE_INFINITY;
            for (int k = ci * spg; k <= ci * spg + spg; k++) {
                int o = 3 * (l + (k < m ? k : k - m));
                axMin = Math.min(axMin, lp[o]);
                axMax = Math.max(axMax, lp[o]);
                ayMin = Math.min(ayMin, lp[o + 1]);
                ayMax = Math.max(ayMax, lp[o + 1]);
            }
            for (int cj = ci; cj < n; cj++) {
                float bxMin = Float.POSITIVE_INFINITY;
                float bxMax = Float.NEGATIVE_INFINITY;
                float byMin = Float.POSITIVE_INFINITY;
                float byMax = Float.NEGATIVE_INFINITY;
                for (int k = cj * spg; k <= cj * spg + spg; k++) {
                    int o = 3 * (l + (k < m ? k : k - m));
                    bxMin = Math.min(bxMin, lp[o]);
                    bxMax = Math.max(bxMax, lp[o]);
                    byMin = Math.min(byMin, lp[o + 1]);
                    byMax = Math.max(byMax, lp[o + 1]);
                }
                if (bxMax < axMin || bxMin > axMax || byMax < ayMin || byMin > ayMax) {
                    continue;
                }
                for (int s = ci * spg; s < ci * spg + spg; s++) {
                    for (int t = Math.max(s + 2, cj * spg); t < cj * spg + spg; t++) {
                        if (s == 0 && t == m - 1) {
                            continue;
                        }
                        if (!pairClear(lp, l, m, s, t, clearance)) {
                            return false;
                        }
                    }
                }
            }
        }
        return true;
    }

    /** Whether line segments {@code s} and {@code t} do not cross in plan view, or cross {@code clearance} apart vertically. */
    private static boolean pairClear(float[] lp, int l, int m, int s, int t, float clearance) {
        int a0 = 3 * (l + s);
        int a1 = 3 * (l + (s + 1 == m ? 0 : s + 1));
        int b0 = 3 * (l + t);
        int b1 = 3 * (l + (t + 1 == m ? 0 : t + 1));
        if (Math.max(lp[b0], lp[b1]) < Math.min(lp[a0], lp[a1]) || Math.min(lp[b0], lp[b1]) > Math.max(lp[a0], lp[a1])
                || Math.max(lp[b0 + 1], lp[b1 + 1]) < Math.min(lp[a0 + 1], lp[a1 + 1])
                || Math.min(lp[b0 + 1], lp[b1 + 1]) > Math.max(lp[a0 + 1], lp[a1 + 1])) {
            return true;
        }
        if (!Geometry.properCrossing(lp[a0], lp[a0 + 1], lp[a1], lp[a1 + 1], lp[b0], lp[b0 + 1], lp[b1], lp[b1 + 1])) {
            return true;
        }
        float dax = lp[a1] - lp[a0];
        float day = lp[a1 + 1] - lp[a0 + 1];
        float dbx = lp[b1] - lp[b0];
        float dby = lp[b1 + 1] - lp[b0 + 1];
        float wx = lp[b0] - lp[a0];
        float wy = lp[b0 + 1] - lp[a0 + 1];
        float den = Geometry.cross(dax, day, dbx, dby);
        float ta = Geometry.cross(wx, wy, dbx, dby) / den;
        float tb = Geometry.cross(wx, wy, dax, day) / den;
        float za = lp[a0 + 2] + ta * (lp[a1 + 2] - lp[a0 + 2]);
        float zb = lp[b0 + 2] + tb * (lp[b1 + 2] - lp[b0 + 2]);
        return !(Math.abs(za - zb) < clearance);
    }
}
