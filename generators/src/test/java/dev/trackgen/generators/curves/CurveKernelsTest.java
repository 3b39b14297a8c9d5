package dev.trackgen.generators.curves;

import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CurveKernelsTest {

    /** Plain matrix form of the uniform Catmull-Rom segment. */
    static double uniform(double p0, double p1, double p2, double p3, double u) {
        double[] m = {0, 2, 0, 0, -1, 0, 1, 0, 2, -5, 4, -1, -1, 3, -3, 1};
        double[] p = {p0, p1, p2, p3};
        double[] pow = {1, u, u * u, u * u * u};
        double s = 0;
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                s += pow[r] * m[4 * r + c] * p[c];
            }
        }
        return 0.5 * s;
    }

    private static HostVec2Array pts(float... xy) {
        HostVec2Array a = new HostVec2Array(xy.length / 2);
        System.arraycopy(xy, 0, a.data(), 0, xy.length);
        return a;
    }

    private static HostI32Array ints(int... v) {
        HostI32Array a = new HostI32Array(v.length);
        System.arraycopy(v, 0, a.data(), 0, v.length);
        return a;
    }

    private static float[] dense(HostVec2Array ctrl, int stride, HostI32Array count, int npseg, int withEnd, int polygon,
                                 HostI32Array active, int centripetal, float[] initial) {
        int envs = count.length();
        HostVec2Array out = new HostVec2Array(envs * stride * npseg);
        if (initial != null) {
            System.arraycopy(initial, 0, out.data(), 0, initial.length);
        }
        LoopDenseKernel.INSTANCE.run(LoopDenseKernel.INSTANCE.args().ctrl(ctrl).stride(stride).count(count)
                .npseg(npseg).withEnd(withEnd).polygon(polygon).active(active).centripetal(centripetal).out(out),
                0, envs * stride * npseg);
        return out.data();
    }

    @Test
    void uniformSplineMatchesTheMatrixFormAndPassesThroughEveryControlPoint() {
        // a pentagon with uneven sides, stride 6 (one spare row), count 5
        float[] c = {0, 0, 2, 0.1f, 2.5f, 1.5f, 1, 2.2f, -0.4f, 1.1f, 99, 99};
        int npseg = 7;
        float[] d = dense(pts(c), 6, ints(5), npseg, 1, 0, ints(0), 0, null);
        for (int i = 0; i < 5; i++) {
            int i0 = (i + 4) % 5;
            int i2 = (i + 1) % 5;
            int i3 = (i + 2) % 5;
            for (int s = 0; s < npseg; s++) {
                double u = s / (double) (npseg - 1);
                int t = i * npseg + s;
                assertEquals(uniform(c[2 * i0], c[2 * i], c[2 * i2], c[2 * i3], u), d[2 * t], 1e-5);
                assertEquals(uniform(c[2 * i0 + 1], c[2 * i + 1], c[2 * i2 + 1], c[2 * i3 + 1], u), d[2 * t + 1], 1e-5);
            }
            assertEquals(c[2 * i], d[2 * i * npseg], 1e-6);
            assertEquals(c[2 * i2], d[2 * (i * npseg + npseg - 1)], 1e-5);
        }
        for (int s = 0; s < npseg; s++) {
            assertTrue(Float.isNaN(d[2 * (5 * npseg + s)]), "segment past the count is NaN");
        }
    }

    @Test
    void withoutEndsTheSamplesStopShortOfTheNextPoint() {
        float[] c = {0, 0, 1, 0, 1, 1, 0, 1};
        float[] d = dense(pts(c), 4, ints(4), 4, 0, 0, ints(0), 0, null);
        // u = s / 4: the last sample of segment 0 is at u = 0.75
        assertEquals(uniform(0, 0, 1, 1, 0.75), d[2 * 3], 1e-6);
        assertEquals(c[2], d[2 * 4], 1e-6);
    }

    @Test
    void centripetalSplineInterpolatesAndEqualsTheUniformOneOnEvenSpacing() {
        // a regular hexagon: all control edges equal, so the centripetal knots are uniform
        float[] c = new float[12];
        for (int i = 0; i < 6; i++) {
            c[2 * i] = (float) Math.cos(Math.PI * i / 3);
            c[2 * i + 1] = (float) Math.sin(Math.PI * i / 3);
        }
        float[] u = dense(pts(c), 6, ints(6), 9, 1, 0, ints(0), 0, null);
        float[] cp = dense(pts(c), 6, ints(6), 9, 1, 0, ints(0), 1, null);
        for (int k = 0; k < u.length; k++) {
            assertEquals(u[k], cp[k], 2e-5);
        }
        // uneven spacing: still through the control points, but no overshoot past a short edge
        float[] q = {0, 0, 3, 0, 3.05f, 0.05f, 3, 2, 0, 2};
        float[] d = dense(pts(q), 5, ints(5), 21, 1, 0, ints(0), 1, null);
        for (int i = 0; i < 5; i++) {
            assertEquals(q[2 * i], d[2 * 21 * i], 1e-5);
            assertEquals(q[2 * i + 1], d[2 * 21 * i + 1], 1e-5);
        }
        for (int k = 0; k < d.length / 2; k++) {
            assertTrue(d[2 * k] <= 3.2f, "centripetal spline stays near the short edge: x = " + d[2 * k]);
        }
    }

    @Test
    void polygonModeWritesStraightEdgesOfActiveEnvsOnly() {
        float[] c = {0, 0, 2, 0, 2, 2, /* env 1 */ 5, 5, 6, 5, 6, 6};
        float[] initial = new float[2 * 2 * 3 * 3];
        java.util.Arrays.fill(initial, 7f);
        float[] d = dense(pts(c), 3, ints(3, 3), 3, 1, 1, ints(1, 0), 0, initial);
        assertEquals(1f, d[2], 1e-6); // midpoint of edge 0 of env 0
        assertEquals(0f, d[3], 1e-6);
        assertEquals(1f, d[2 * 7], 1e-6); // closing edge (2,2) -> (0,0), middle sample
        for (int k = 2 * 9; k < d.length; k++) {
            assertEquals(7f, d[k], "inactive env untouched");
        }
    }

    @Test
    void normalizationCentresTheBoxAndScalesItsLongerSide() {
        HostVec2Array p = pts(1, 1, 5, 1, 5, 3, 1, 3, /* env 1 */ 0, 0, 0, 10, -1, 10, -1, 0);
        NormalizeExtentKernel.INSTANCE.run(NormalizeExtentKernel.INSTANCE.args().points(p).n(4).targetExtent(2.0f),
                0, 2);
        float[] d = p.data();
        assertEquals(-1f, d[0], 1e-6);
        assertEquals(-0.5f, d[1], 1e-6);
        assertEquals(1f, d[4], 1e-6);
        assertEquals(0.5f, d[5], 1e-6);
        assertEquals(0.1f, d[8], 1e-6);
        assertEquals(-1f, d[9], 1e-6);
        assertEquals(1f, d[11], 1e-6);
    }

    @Test
    void denseEnvWritesTheKernelsFloatsForEveryMode() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(11);
        int stride = 9;
        int envs = 4;
        float[] xy = new float[2 * envs * stride];
        for (int k = 0; k < xy.length; k++) {
            xy[k] = (float) (rng.nextDouble() * 4 - 2);
        }
        // env 3 repeats a point, so the centripetal knot floor is exercised
        xy[2 * (3 * stride + 2)] = xy[2 * (3 * stride + 1)];
        xy[2 * (3 * stride + 2) + 1] = xy[2 * (3 * stride + 1) + 1];
        HostVec2Array ctrl = pts(xy);
        HostI32Array count = ints(9, 6, 1, 9);
        HostI32Array active = ints(1, 1, 1, 1);
        for (int npseg : new int[] {1, 7}) {
            for (int withEnd = 0; withEnd <= 1; withEnd++) {
                if (withEnd == 1 && npseg == 1) {
                    continue;
                }
                for (int mode = 0; mode < 3; mode++) {
                    int polygon = mode == 1 ? 1 : 0;
                    int centripetal = mode == 2 ? 1 : 0;
                    float[] want = dense(ctrl, stride, count, npseg, withEnd, polygon, active, centripetal, null);
                    float[] got = new float[want.length];
                    float inv = LoopDenseKernel.step(npseg, withEnd != 0);
                    for (int e = 0; e < envs; e++) {
                        LoopDenseKernel.denseEnv(ctrl.data(), e * stride, count.data()[e], stride, npseg, inv,
                                polygon != 0, centripetal != 0, got, e * stride * npseg);
                    }
                    for (int k = 0; k < want.length; k++) {
                        assertEquals(Float.floatToRawIntBits(want[k]), Float.floatToRawIntBits(got[k]),
                                "npseg " + npseg + " withEnd " + withEnd + " mode " + mode + " float " + k);
                    }
                }
            }
        }
    }
}
