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
 *       the original does not check this).</li>
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
        if (stackClearance > 0.0f) {
            for (int s = 0; s < m; s++) {
                int a0 = 3 * (l + s);
                int a1 = 3 * (l + (s + 1 == m ? 0 : s + 1));
                float axMin = Math.min(lp[a0], lp[a1]);
                float axMax = Math.max(lp[a0], lp[a1]);
                float ayMin = Math.min(lp[a0 + 1], lp[a1 + 1]);
                float ayMax = Math.max(lp[a0 + 1], lp[a1 + 1]);
                for (int t = s + 2; t < m; t++) {
                    if (s == 0 && t == m - 1) {
                        continue;
                    }
                    int b0 = 3 * (l + t);
                    int b1 = 3 * (l + (t + 1 == m ? 0 : t + 1));
                    if (Math.max(lp[b0], lp[b1]) < axMin || Math.min(lp[b0], lp[b1]) > axMax
                            || Math.max(lp[b0 + 1], lp[b1 + 1]) < ayMin || Math.min(lp[b0 + 1], lp[b1 + 1]) > ayMax) {
                        continue;
                    }
                    if (!Geometry.properCrossing(lp[a0], lp[a0 + 1], lp[a1], lp[a1 + 1], lp[b0], lp[b0 + 1], lp[b1],
                            lp[b1 + 1])) {
                        continue;
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
                    if (Math.abs(za - zb) < stackClearance) {
                        return false;
                    }
                }
            }
        }
        return true;
    }
}
