package dev.trackgen.gates.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;

/**
 * The course line, one thread per env ({@code dim = E}): a closed uniform Catmull-Rom spline
 * through the gate centers (as the original's course line, AntoineRichard/TrackGen
 * track_gen/_src/course_line.py), sampled {@code spg} times per gate-to-gate segment, with its
 * cumulative 3D arc length (the chord sum of the samples) and its bow.
 *
 * <p>Segment {@code i} runs from gate {@code i} ({@code P1}) to gate {@code i + 1} ({@code P2}),
 * with neighbours {@code P0 = p[i-1]} and {@code P3 = p[i+2]} (mod {@code count}); sample
 * {@code j} at {@code u = j / spg} is
 * {@code 0.5 (2 P1 + u ((P2 - P0) + u ((2 P0 - 5 P1 + 4 P2 - P3) + u (-P0 + 3 P1 - 3 P2 + P3))))},
 * so sample {@code i * spg} is gate {@code i}'s center exactly. The bow of the env is the largest
 * distance of a segment's samples from its chord {@code P1 P2} (point-to-segment, 3D) divided by
 * the chord's length ({@code +inf} for a zero chord).
 *
 * <p>Shapes: {@code position [E * gMax * 3]}, {@code count, lineLength, lineCount, bow [E]},
 * {@code linePoints [E * gMax * spg * 3]}, {@code lineArclen [E * gMax * spg]}; NaN past
 * {@code lineCount = count * spg}.
 */
public final class CourseLineKernel extends CourseLineKernelBase {
    /** The kernel instance. */
    public static final CourseLineKernel INSTANCE = new CourseLineKernel();

    private CourseLineKernel() {
    }

    @KernelSignature(ptx = GatesKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_gate_line(@In F32Array position, @In I32Array count, int gMax, int spg, @Out F32Array linePoints,
                          @Out F32Array lineArclen, @Out F32Array lineLength, @Out I32Array lineCount,
                          @Out F32Array bow);
    }

    @Override
    protected void run(int begin, int end, float[] p, int[] count, int gMax, int spg, float[] lp, float[] arc,
                       float[] length, int[] lineCount, float[] bow) {
        int lMax = gMax * spg;
        for (int e = begin; e < end; e++) {
            int g = e * gMax;
            int l = e * lMax;
            int n = Math.min(Math.max(count[e], 0), gMax);
            float worst = 0.0f;
            for (int i = 0; i < n; i++) {
                int i0 = 3 * (g + (i == 0 ? n - 1 : i - 1));
                int i1 = 3 * (g + i);
                int i2 = 3 * (g + (i + 1) % n);
                int i3 = 3 * (g + (i + 2) % n);
                float cx = p[i2] - p[i1];
                float cy = p[i2 + 1] - p[i1 + 1];
                float cz = p[i2 + 2] - p[i1 + 2];
                float chord2 = cx * cx + cy * cy + cz * cz;
                float chord = (float) Math.sqrt(chord2);
                for (int j = 0; j < spg; j++) {
                    float u = (float) j / (float) spg;
                    int o = 3 * (l + i * spg + j);
                    for (int d = 0; d < 3; d++) {
                        float p0 = p[i0 + d];
                        float p1 = p[i1 + d];
                        float p2 = p[i2 + d];
                        float p3 = p[i3 + d];
                        float a = 2.0f * p1;
                        float bb = p2 - p0;
                        float cc = 2.0f * p0 - 5.0f * p1 + 4.0f * p2 - p3;
                        float dd = -p0 + 3.0f * p1 - 3.0f * p2 + p3;
                        lp[o + d] = 0.5f * (a + u * (bb + u * (cc + u * dd)));
                    }
                    float rx = lp[o] - p[i1];
                    float ry = lp[o + 1] - p[i1 + 1];
                    float rz = lp[o + 2] - p[i1 + 2];
                    float t = chord2 > 0.0f ? (rx * cx + ry * cy + rz * cz) / chord2 : 0.0f;
                    t = Math.min(Math.max(t, 0.0f), 1.0f);
                    float dx = rx - t * cx;
                    float dy = ry - t * cy;
                    float dz = rz - t * cz;
                    float dist = (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
                    float rel = chord > 0.0f ? dist / chord : Float.POSITIVE_INFINITY;
                    worst = Math.max(worst, rel);
                }
            }
            int m = n * spg;
            float acc = 0.0f;
            for (int k = 0; k < m; k++) {
                if (k > 0) {
                    acc += dist3(lp, 3 * (l + k - 1), 3 * (l + k));
                }
                arc[l + k] = acc;
            }
            length[e] = m > 0 ? acc + dist3(lp, 3 * (l + m - 1), 3 * l) : 0.0f;
            lineCount[e] = m;
            bow[e] = n > 0 ? worst : Float.POSITIVE_INFINITY;
            for (int k = m; k < lMax; k++) {
                lp[3 * (l + k)] = Float.NaN;
                lp[3 * (l + k) + 1] = Float.NaN;
                lp[3 * (l + k) + 2] = Float.NaN;
                arc[l + k] = Float.NaN;
            }
        }
    }

    private static float dist3(float[] a, int i, int j) {
        float dx = a[j] - a[i];
        float dy = a[j + 1] - a[i + 1];
        float dz = a[j + 2] - a[i + 2];
        return (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
