package dev.trackgen.generators.bezier;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BezierGeneratorTest {
    private final CpuRuntime rt = new CpuRuntime(2, false);
    private final BezierGenerator gen = new BezierGenerator();

    @AfterEach
    void close() {
        rt.close();
    }

    private record Out(float[] centerline, int[] valid) {
    }

    private Out run(TrackGenConfig config, int[] seeds) {
        int e = config.numEnvs();
        I32Array seedArr = rt.allocI32(e);
        rt.upload(seeds, seedArr);
        Vec2Array out = rt.allocVec2(e * config.numPoints());
        I32Array valid = rt.allocI32(e);
        GeneratorScratch scratch = gen.allocateScratch(rt, config);
        gen.generate(rt, seedArr, config, out, valid, scratch);
        float[] c = new float[2 * e * config.numPoints()];
        int[] v = new int[e];
        rt.download(out, c);
        rt.download(valid, v);
        return new Out(c, v);
    }

    private static int[] seeds(int n, int base) {
        int[] s = new int[n];
        for (int i = 0; i < n; i++) {
            s[i] = base + i;
        }
        return s;
    }

    @Test
    void everyCenterlineIsAFiniteSimpleClosedLoopFlaggedValid() {
        int e = 200;
        TrackGenConfig c = TrackGenConfig.builder().generator(gen).numEnvs(e).build();
        Out o = run(c, seeds(e, 0));
        int n = c.numPoints();
        float[] boxes = new float[Crossings.boxFloats(n)];
        for (int env = 0; env < e; env++) {
            assertEquals(1, o.valid()[env]);
            for (int k = 0; k < 2 * n; k++) {
                assertTrue(Float.isFinite(o.centerline()[2 * env * n + k]), "env " + env);
            }
            assertEquals(0, Crossings.count(o.centerline(), env * n, n, boxes, 0, 0),
                    "env " + env + " must be simple: crossers fall back to the star-shaped corner polygon");
        }
    }

    @Test
    void pointsAreEvenlySpacedAlongTheLoop() {
        TrackGenConfig c = TrackGenConfig.builder().generator(gen).numEnvs(3).build();
        Out o = run(c, seeds(3, 40));
        int n = c.numPoints();
        float[] p = o.centerline();
        for (int env = 0; env < 3; env++) {
            double total = 0;
            double max = 0;
            double min = Double.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                int a = env * n + i;
                int b = env * n + (i + 1) % n;
                double l = Math.hypot(p[2 * b] - p[2 * a], p[2 * b + 1] - p[2 * a + 1]);
                total += l;
                max = Math.max(max, l);
                min = Math.min(min, l);
            }
            // chords of an arc-length-uniform resample are all close to the arc step (shorter only
            // where the loop bends within a step)
            double mean = total / n;
            assertTrue(max <= mean * 1.01 && min >= mean * 0.5, "env " + env + ": edges " + min + ".." + max
                    + " vs mean " + mean);
        }
    }

    @Test
    void outputDependsOnlyOnEachEnvsSeed() {
        TrackGenConfig c = TrackGenConfig.builder().generator(gen).numEnvs(6).build();
        Out a = run(c, new int[] {1, 2, 3, 4, 5, 6});
        Out b = run(c, new int[] {1, 2, 99, 4, 5, 6});
        Out again = run(c, new int[] {1, 2, 3, 4, 5, 6});
        assertArrayEquals(a.centerline(), again.centerline());
        int n = c.numPoints();
        for (int env = 0; env < 6; env++) {
            float[] ra = java.util.Arrays.copyOfRange(a.centerline(), 2 * env * n, 2 * (env + 1) * n);
            float[] rb = java.util.Arrays.copyOfRange(b.centerline(), 2 * env * n, 2 * (env + 1) * n);
            if (env == 2) {
                assertFalse(java.util.Arrays.equals(ra, rb));
            } else {
                assertArrayEquals(ra, rb, "env " + env + " must not depend on env 2's seed");
            }
        }
    }

    @Test
    void scaleStretchesTheLoop() {
        TrackGenConfig one = TrackGenConfig.builder().generator(gen).numEnvs(1).build();
        TrackGenConfig ten = TrackGenConfig.builder().generator(gen).numEnvs(1).set(BezierKnobs.SCALE, 10.0).build();
        float[] a = run(one, new int[] {5}).centerline();
        float[] b = run(ten, new int[] {5}).centerline();
        for (int k = 0; k < a.length; k++) {
            assertEquals(10 * a[k], b[k], 1e-3f * Math.max(1, Math.abs(b[k])));
        }
    }

    @Test
    void styleSamplingChangesShapesWithinTheirRanges() {
        TrackGenConfig plain = TrackGenConfig.builder().generator(gen).numEnvs(4).build();
        TrackGenConfig styled = TrackGenConfig.builder().generator(gen).numEnvs(4).set(BezierKnobs.STYLE_SAMPLING, true)
                .set("scale_range", "2,3").build();
        float[] a = run(plain, seeds(4, 0)).centerline();
        float[] b = run(styled, seeds(4, 0)).centerline();
        int n = plain.numPoints();
        for (int env = 0; env < 4; env++) {
            double ra = extent(a, env, n);
            double rb = extent(b, env, n);
            assertTrue(rb / ra >= 2 * 0.999 && rb / ra <= 3 * 1.001, "scale ratio " + rb / ra);
        }
    }

    private static double extent(float[] p, int env, int n) {
        double minx = Double.MAX_VALUE;
        double maxx = -Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            minx = Math.min(minx, p[2 * (env * n + i)]);
            maxx = Math.max(maxx, p[2 * (env * n + i)]);
        }
        return maxx - minx;
    }
}
