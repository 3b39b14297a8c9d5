package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.KernelArgs;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrossingsTest {

    /** Brute force over every pair of edges at circular index distance above 1. */
    private static int bruteForce(float[] p, int base, int n) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int d = j - i;
                if (Math.min(d, n - d) <= 1) {
                    continue;
                }
                int i1 = (i + 1) % n;
                int j1 = (j + 1) % n;
                if (Geometry.properCrossing(p[2 * (base + i)], p[2 * (base + i) + 1], p[2 * (base + i1)],
                        p[2 * (base + i1) + 1], p[2 * (base + j)], p[2 * (base + j) + 1], p[2 * (base + j1)],
                        p[2 * (base + j1) + 1])) {
                    count++;
                }
            }
        }
        return count;
    }

    @Test
    void broadphaseCountMatchesBruteForceOnRandomLoops() {
        Random rnd = new Random(7);
        int e = 60;
        int stride = 53;
        HostVec2Array poly = new HostVec2Array(e * stride);
        int[] counts = new int[e];
        float[] p = poly.data();
        for (int env = 0; env < e; env++) {
            int n = 4 + rnd.nextInt(stride - 3);
            counts[env] = n;
            double wobble = env % 3 == 0 ? 0.0 : (env % 3 == 1 ? 0.6 : 2.0);
            for (int i = 0; i < n; i++) {
                double ang = 2 * Math.PI * i / n;
                double r = 1 + wobble * (rnd.nextDouble() - 0.5);
                double jitter = wobble * (rnd.nextDouble() - 0.5);
                p[2 * (env * stride + i)] = (float) (r * Math.cos(ang) + jitter);
                p[2 * (env * stride + i) + 1] = (float) (r * Math.sin(ang) - jitter);
            }
        }
        HostI32Array out = new HostI32Array(e);
        KernelArgs args = SelfIntersectionsKernel.INSTANCE.args().poly(poly).stride(stride)
                .count(HostArrays.i32(counts)).boxes(new HostF32Array(e * SelfIntersectionsKernel.boxFloats(stride)))
                .maxCount(0).out(out);
        SelfIntersectionsKernel.INSTANCE.run(args, 0, e);
        int crossing = 0;
        for (int env = 0; env < e; env++) {
            assertEquals(bruteForce(p, env * stride, counts[env]), out.data()[env], "env " + env);
            crossing += out.data()[env] > 0 ? 1 : 0;
        }
        assertTrue(crossing > 10 && crossing < e, "the sample needs both simple and crossing loops: " + crossing);
    }

    @Test
    void nonFiniteCoordinatesCountAsZero() {
        Random rnd = new Random(3);
        for (int k = 0; k < 200; k++) {
            int n = 4 + rnd.nextInt(60);
            float[] p = new float[2 * n];
            for (int i = 0; i < 2 * n; i++) {
                p[i] = (float) (2 * rnd.nextDouble() - 1);
            }
            float[] clamped = p.clone();
            int bad = 1 + rnd.nextInt(3);
            for (int b = 0; b < bad; b++) {
                int at = rnd.nextInt(2 * n);
                p[at] = new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}[b];
                clamped[at] = 0f;
            }
            float[] boxes = new float[Crossings.boxFloats(n)];
            assertEquals(bruteForce(clamped, 0, n), Crossings.count(p, 0, n, boxes, 0, 0), "case " + k);
        }
    }

    @Test
    void figureEightHasOneCrossingAndMaxCountStopsEarly() {
        int n = 64;
        float[] p = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * (i + 0.5) / n; // no vertex at the crossing point
            p[2 * i] = (float) Math.sin(t);
            p[2 * i + 1] = (float) (Math.sin(t) * Math.cos(t));
        }
        float[] boxes = new float[Crossings.boxFloats(n)];
        assertEquals(1, Crossings.count(p, 0, n, boxes, 0, 0));
        float[] star = new float[2 * 5];
        for (int i = 0; i < 5; i++) {
            double t = 4 * Math.PI * i / 5; // pentagram: five crossings
            star[2 * i] = (float) Math.cos(t);
            star[2 * i + 1] = (float) Math.sin(t);
        }
        assertEquals(5, Crossings.count(star, 0, 5, new float[Crossings.boxFloats(5)], 0, 0));
        assertEquals(2, Crossings.count(star, 0, 5, new float[Crossings.boxFloats(5)], 0, 2));
    }
}
