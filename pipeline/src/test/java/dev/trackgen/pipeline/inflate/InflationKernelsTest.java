package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Inflation of hand-made centerlines whose frames, lengths and validity are known exactly. */
class InflationKernelsTest {
    private final CpuRuntime rt = new CpuRuntime(2, false);

    @AfterEach
    void close() {
        rt.close();
    }

    private static float[] circle(int n, double r, boolean ccw) {
        float[] x = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = (ccw ? 1 : -1) * 2 * Math.PI * i / n;
            x[2 * i] = (float) (r * Math.cos(t));
            x[2 * i + 1] = (float) (r * Math.sin(t));
        }
        return x;
    }

    private TrackSnapshot inflate(float[][] loops, int[] genValid, TrackGenConfig config) {
        int e = loops.length;
        int nMax = config.nMax();
        float[] in = new float[2 * e * nMax];
        java.util.Arrays.fill(in, Float.NaN);
        Track track = Track.allocate(rt, e, nMax);
        int[] counts = new int[e];
        for (int k = 0; k < e; k++) {
            System.arraycopy(loops[k], 0, in, 2 * k * nMax, loops[k].length);
            counts[k] = loops[k].length / 2;
        }
        Vec2Array center = rt.allocVec2(e * nMax);
        rt.upload(in, center);
        rt.upload(counts, track.count());
        I32Array gv = rt.allocI32(e);
        rt.upload(genValid, gv);
        new Inflation(rt, config, center, gv, track).plan().enqueue(rt);
        return track.snapshot();
    }

    private static TrackGenConfig config(int e, String... sets) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().numEnvs(e).nMax(128);
        for (String kv : sets) {
            b.set(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        return b.build();
    }

    @Test
    void circleFramesLengthWindingAndBorders() {
        int n = 100;
        double r = 1.0;
        TrackSnapshot s = inflate(new float[][] {circle(n, r, true), circle(n, r, false)}, new int[] {1, 1},
                config(2));
        double chordPerimeter = n * 2 * r * Math.sin(Math.PI / n);
        for (int e = 0; e < 2; e++) {
            assertEquals(1, s.valid()[e]);
            assertEquals(chordPerimeter, s.length()[e], 1e-5);
            assertEquals(e == 0 ? 1f : -1f, s.winding()[e]);
            int b = e * 128;
            for (int i = 0; i < n; i++) {
                float cx = s.center()[2 * (b + i)];
                float cy = s.center()[2 * (b + i) + 1];
                // the tangent of a circle is perpendicular to the radius
                assertEquals(0, cx * s.tangent()[2 * (b + i)] + cy * s.tangent()[2 * (b + i) + 1], 1e-5);
                // outer border is the larger loop: radius r + hw
                assertEquals(r + 0.1, Math.hypot(s.outer()[2 * (b + i)], s.outer()[2 * (b + i) + 1]), 1e-5);
                assertEquals(r - 0.1, Math.hypot(s.inner()[2 * (b + i)], s.inner()[2 * (b + i) + 1]), 1e-5);
                assertEquals(i * chordPerimeter / n, s.arclen()[b + i], 1e-5);
            }
            assertTrue(Float.isNaN(s.arclen()[b + n]) && Float.isNaN(s.tangent()[2 * (b + n)]));
        }
    }

    @Test
    void theGateRejectsTightCurvesFigureEightsNaNsAndFailedGeneration() {
        int n = 60;
        float[] tight = circle(n, 0.095, true); // radius below 0.98 * half_width
        float[] ok = circle(n, 0.5, true);
        float[] eight = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * (i + 0.5) / n;
            eight[2 * i] = (float) (2 * Math.sin(t));
            eight[2 * i + 1] = (float) (Math.sin(t) * Math.cos(t));
        }
        float[] nan = circle(n, 0.5, true);
        nan[10] = Float.NaN;
        // two arcs 0.15 apart (a pinch): thin stadium of width 0.15
        float[] pinch = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            pinch[2 * i] = (float) (2 * Math.cos(t));
            pinch[2 * i + 1] = (float) (0.075 * Math.sin(t) + (Math.sin(t) >= 0 ? 0 : 0));
        }
        TrackSnapshot s = inflate(new float[][] {ok, tight, eight, nan, pinch, ok},
                new int[] {1, 1, 1, 1, 1, 0}, config(6));
        assertEquals(1, s.valid()[0], "a wide circle is a valid track");
        assertEquals(0, s.valid()[1], "radius below the half-width");
        assertEquals(0, s.valid()[2], "net turning of a figure eight is 0");
        assertEquals(0, s.valid()[3], "NaN point");
        assertEquals(0, s.valid()[4], "arcs closer than twice the half-width");
        assertEquals(0, s.valid()[5], "generation flag cleared");
    }

    @Test
    void thicknessToleranceIsHonoured() {
        // find a sampled circle whose thickness (half the closest approach of points farther apart
        // along the loop than the band) lies between 0.98 and 0.995 half-widths
        int n = 10;
        float[] c = null;
        for (double r = 0.09; r < 0.12 && c == null; r += 0.0001) {
            float[] candidate = circle(n, r, true);
            double th = dev.trackgen.pipeline.TrackInvariantsAccess.thickness(candidate, n, 0.1);
            if (th > 0.0985 && th < 0.0995) {
                c = candidate;
            }
        }
        assertTrue(c != null, "no circle with the wanted thickness");
        assertEquals(1, inflate(new float[][] {c}, new int[] {1}, config(1)).valid()[0], "within relax_tol = 0.02");
        assertEquals(0, inflate(new float[][] {c}, new int[] {1}, config(1, "relax_tol=0.001")).valid()[0],
                "outside relax_tol = 0.001");
    }
}
