package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** User centerlines through the facade's resample, relax and inflate stages. */
class CenterlinePipelineTest {
    private static CpuRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    /** A stadium: straights of length a joined by half circles of radius r, n points per half circle. */
    static float[] stadium(double a, double r, int straightPoints, int arcPoints) {
        int n = 2 * (straightPoints + arcPoints);
        float[] p = new float[2 * n];
        int k = 0;
        for (int side = 0; side < 2; side++) {
            double sign = side == 0 ? 1 : -1;
            for (int i = 0; i < straightPoints; i++) {
                double x = sign * (-a / 2 + a * i / straightPoints);
                p[k++] = (float) x;
                p[k++] = (float) (-sign * r);
            }
            for (int i = 0; i < arcPoints; i++) {
                double t = -Math.PI / 2 + Math.PI * i / arcPoints + (side == 0 ? 0 : Math.PI);
                p[k++] = (float) (sign * a / 2 + r * Math.cos(t));
                p[k++] = (float) (r * Math.sin(t));
            }
        }
        return p;
    }

    @Test
    void aStadiumBecomesAValidTrackThatKeepsItsShape() {
        float[] loop = stadium(2.0, 0.6, 40, 40);
        int n = loop.length / 2;
        TrackGenConfig c = Parts.config().nMax(256).build();
        try (CenterlinePipeline p = new CenterlinePipeline(c, n, runtime)) {
            Track first = p.run(loop);
            assertSame(first, p.run(loop), "one persistent track");
            TrackSnapshot s = first.snapshot();
            assertTrue(s.isValid(0));
            List<String> bad = TrackInvariants.check(s, c.halfWidth(), 0.02);
            assertTrue(bad.isEmpty(), bad.toString());
            double perimeter = 2 * 2.0 + 2 * Math.PI * 0.6;
            assertEquals(perimeter, s.length()[0], 0.01 * perimeter);
            assertEquals((int) Math.floor(s.length()[0] / c.spacing()) + 1, s.count(0), 1);
            assertSame(p.intermediates().relaxed(), p.intermediates().relaxed());
        }
    }

    @Test
    void generatedCenterlinesGiveTheFacadesTrackBitForBit() {
        int e = 24;
        TrackGenConfig c = Parts.config().numEnvs(e).build();
        try (TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 3)).runtime(runtime).build();
             CenterlinePipeline p = new CenterlinePipeline(c, c.numPoints(), runtime)) {
            TrackSnapshot expected = g.generate().snapshot();
            float[] generated = new float[2 * e * c.numPoints()];
            runtime.download(g.intermediates().generated(), generated);
            TrackGeneratorTest.assertSameBatch(expected, p.run(generated).snapshot());
        }
    }

    @Test
    void anEnvFlaggedUnusableComesOutInvalid() {
        float[] one = stadium(2.0, 0.6, 40, 40);
        float[] two = new float[2 * one.length];
        System.arraycopy(one, 0, two, 0, one.length);
        System.arraycopy(one, 0, two, one.length, one.length);
        TrackGenConfig c = Parts.config().numEnvs(2).nMax(256).build();
        try (CenterlinePipeline p = new CenterlinePipeline(c, one.length / 2, runtime)) {
            TrackSnapshot s = p.run(two, new int[] {1, 0}).snapshot();
            assertTrue(s.isValid(0));
            assertFalse(s.isValid(1));
            assertThrows(IllegalArgumentException.class, () -> p.run(two, new int[] {1}));
            assertThrows(IllegalArgumentException.class, () -> p.run(one));
        }
    }

    @Test
    void aFigureEightIsInvalidNotRepaired() {
        int n = 200;
        float[] eight = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            eight[2 * i] = (float) (2 * Math.sin(t));
            eight[2 * i + 1] = (float) (2 * Math.sin(t) * Math.cos(t));
        }
        TrackGenConfig c = Parts.config().nMax(256).build();
        try (CenterlinePipeline p = new CenterlinePipeline(c, n, runtime)) {
            assertFalse(p.run(eight).snapshot().isValid(0));
        }
    }

    @Test
    void aTooSmallNMaxTruncatesAndInvalidates() {
        float[] loop = stadium(2.0, 0.6, 40, 40);
        TrackGenConfig c = Parts.config().nMax(32).build();
        try (CenterlinePipeline p = new CenterlinePipeline(c, loop.length / 2, runtime)) {
            TrackSnapshot s = p.run(loop).snapshot();
            assertFalse(s.isValid(0));
            assertEquals(32, s.count(0));
        }
    }

    @Test
    void rejectsDegenerateInputAndUseAfterClose() {
        TrackGenConfig c = Parts.config().build();
        assertThrows(IllegalArgumentException.class, () -> new CenterlinePipeline(c, 2, runtime));
        CenterlinePipeline p = new CenterlinePipeline(c, 4, runtime);
        p.close();
        p.close();
        assertThrows(IllegalStateException.class, () -> p.run(new float[] {0, 0, 1, 0, 1, 1, 0, 1}));
    }
}
