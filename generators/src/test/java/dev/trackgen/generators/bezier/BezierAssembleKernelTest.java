package dev.trackgen.generators.bezier;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.KernelArgs;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BezierAssembleKernelTest {
    private static final int E = 7;
    private static final int P = 6;
    private static final int NPSEG = 9;

    private final Random rnd = new Random(3);
    private final HostVec2Array corners = new HostVec2Array(E * P);
    private final HostVec2Array tangents = new HostVec2Array(E * P);
    private final HostF32Array minEdge = new HostF32Array(E * P);
    private final HostI32Array count = new HostI32Array(E);
    private final HostF32Array rad = new HostF32Array(E);
    private final HostF32Array clamp = new HostF32Array(E);
    private final HostI32Array active = new HostI32Array(E);

    BezierAssembleKernelTest() {
        for (int e = 0; e < E; e++) {
            count.data()[e] = 3 + rnd.nextInt(P - 2); // 3 .. P corners, the rest NaN rows
            rad.data()[e] = 0.2f + 0.2f * rnd.nextFloat();
            clamp.data()[e] = 0.5f + 0.5f * rnd.nextFloat();
            active.data()[e] = e % 3 == 0 ? 1 : 0;
            for (int i = 0; i < P; i++) {
                int k = e * P + i;
                double a = 2 * Math.PI * i / P + 0.3 * rnd.nextDouble();
                corners.data()[2 * k] = (float) Math.cos(a);
                corners.data()[2 * k + 1] = (float) Math.sin(a);
                tangents.data()[2 * k] = (float) -Math.sin(a);
                tangents.data()[2 * k + 1] = (float) Math.cos(a);
                minEdge.data()[k] = 0.3f + rnd.nextFloat();
            }
        }
    }

    private float[] run(int polygon, int... cuts) {
        HostVec2Array out = new HostVec2Array(E * P * NPSEG);
        java.util.Arrays.fill(out.data(), 7f); // rows a polygon launch skips keep this
        KernelArgs a = BezierAssembleKernel.INSTANCE.args().corners(corners).count(count).tangents(tangents)
                .minEdge(minEdge).P(P).npseg(NPSEG).rad(rad).clamp(clamp).polygon(polygon).active(active).out(out);
        int from = 0;
        for (int cut : cuts) {
            BezierAssembleKernel.INSTANCE.run(a, from, cut);
            from = cut;
        }
        BezierAssembleKernel.INSTANCE.run(a, from, E * P * NPSEG);
        return out.data();
    }

    @Test
    void everyPointIsTheCubicOfItsSegmentWhateverTheLaunchRanges() {
        float[] whole = run(0);
        // ranges that start and end inside segments and inside envs
        assertArrayEquals(whole, run(0, 1, 5, 40, 41, 100, 217, 300));
        int perEnv = P * NPSEG;
        float inv = 1f / (float) (NPSEG - 1);
        for (int e = 0; e < E; e++) {
            int cnt = count.data()[e];
            for (int i = 0; i < P; i++) {
                for (int s = 0; s < NPSEG; s++) {
                    int t = e * perEnv + i * NPSEG + s;
                    if (i >= cnt) {
                        assertTrue(Float.isNaN(whole[2 * t]) && Float.isNaN(whole[2 * t + 1]), "padding " + t);
                        continue;
                    }
                    int i0 = e * P + i;
                    int i1 = e * P + (i + 1) % cnt;
                    float[] c = corners.data();
                    float[] tn = tangents.data();
                    float chord = Geometry.length(c[2 * i1] - c[2 * i0], c[2 * i1 + 1] - c[2 * i0 + 1]);
                    float h0 = Math.min(rad.data()[e] * chord, clamp.data()[e] * minEdge.data()[i0]);
                    float h1 = Math.min(rad.data()[e] * chord, clamp.data()[e] * minEdge.data()[i1]);
                    float u = s * inv;
                    float w = 1f - u;
                    float b0 = w * w * w;
                    float b1 = 3f * u * w * w;
                    float b2 = 3f * u * u * w;
                    float b3 = u * u * u;
                    float x = b0 * c[2 * i0] + b1 * (c[2 * i0] + tn[2 * i0] * h0)
                            + b2 * (c[2 * i1] - tn[2 * i1] * h1) + b3 * c[2 * i1];
                    assertEquals(Float.floatToIntBits(x), Float.floatToIntBits(whole[2 * t]), "point " + t);
                }
            }
        }
    }

    @Test
    void thePolygonPassRewritesOnlyTheActiveEnvsRows() {
        float[] got = run(1, 13, 60, 61, 250);
        int perEnv = P * NPSEG;
        for (int e = 0; e < E; e++) {
            int cnt = count.data()[e];
            for (int q = 0; q < perEnv; q++) {
                int t = e * perEnv + q;
                if (active.data()[e] <= 0) {
                    assertEquals(7f, got[2 * t], "inactive env " + e + " untouched");
                } else if (q / NPSEG >= cnt) {
                    assertTrue(Float.isNaN(got[2 * t]));
                } else {
                    // straight segments between corners: both ends are corners, the handles zero
                    int i = q / NPSEG;
                    int s = q % NPSEG;
                    if (s == 0) {
                        assertEquals(corners.data()[2 * (e * P + i)], got[2 * t], 1e-6f);
                    }
                }
            }
        }
    }
}
