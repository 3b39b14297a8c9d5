package dev.trackgen.metrics;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Metrics of real batches, for every registered generator (plugins included). */
class BatchMetricsTest {
    private static CpuRuntime runtime;
    private static GeneratorRegistry generators;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
        generators = GeneratorRegistry.discover();
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void everyRegisteredGeneratorGetsASaneRow() {
        assertFalse(generators.available().isEmpty());
        for (String g : generators.available()) {
            TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).declare(generators.get(g).knobs()).generator(g).numEnvs(32)
                    .build();
            MetricsRow r = BatchMetrics.run(c, runtime, new TrackGenLauncher(generators, dev.trackgen.registry.RuntimeRegistry.discover()), 0, 1, 2);
            assertEquals(g, r.name());
            assertEquals(32, r.tracks());
            assertTrue(r.yield() > 0.5, g + ": yield " + r.yield());
            assertEquals((int) Math.round(r.yield() * 32), r.measured(), g + ": every valid track measured");
            assertTrue(r.meanLength() > 0 && r.peakCurvature() > 0 && r.lapTime() > 0, r.toString());
            assertTrue(r.xpbdDisplacement() >= 0 && r.xpbdDisplacement() < c.halfWidth(), r.toString());
            assertTrue(r.msPerCall() > 0, r.toString());
        }
    }

    @Test
    void measureReadsTheLastCallAndAgreesWithTheSnapshot() {
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(24).build();
        try (TrackGenerator g = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(24, 7)).runtime(runtime).build()) {
            TrackSnapshot s = g.generate().snapshot();
            MetricsRow r = BatchMetrics.measure(g);
            assertEquals(s.yield(), r.yield(), 1e-12);
            double length = 0;
            for (int e = 0; e < 24; e++) {
                length += s.isValid(e) ? s.length()[e] : 0;
            }
            assertEquals(length / s.validCount(), r.meanLength(), 1e-3 * r.meanLength(), "perimeters agree");
            assertEquals(r, BatchMetrics.measure(g), "measuring twice gives the same row");
            // constant width: every statistic is half_width
            float hw = (float) c.halfWidth();
            assertEquals(hw, r.widths().min(), 0);
            assertEquals(hw, r.widths().max(), 0);
            assertEquals(hw, r.widths().meanLeft(), 1e-7);
        }
        TrackGenConfig v = c.toBuilder().set("width_profile", "curvature").set("half_width_min", "0.07")
                .set("half_width_max", "0.13").build();
        try (TrackGenerator g = TrackGenLauncher.discover().builder(v).rng(PerEnvSeededRng.fromScalar(24, 7)).runtime(runtime).build()) {
            TrackSnapshot s = g.generate().snapshot();
            MetricsRow.Widths w = BatchMetrics.measure(g).widths();
            double sum = 0;
            long n = 0;
            for (int e = 0; e < 24; e++) {
                for (int i = 0; s.isValid(e) && i < s.count(e); i++) {
                    sum += s.leftHalfWidth()[e * s.nMax() + i];
                    n++;
                }
            }
            assertEquals(sum / n, w.meanLeft(), 1e-6, "the left mean over the valid tracks' points");
            assertTrue(w.min() >= 0.07 - 1e-6 && w.max() <= 0.13 + 1e-6 && w.max() > 1.3 * w.min(), w.toString());
        }
    }

    /**
     * The original's "no silent circles" gate (tests/test_shape_variety.py): for every registered
     * generator, the median post-relax compactness of a 256-track batch (relax_iters 40) is below 0.85.
     */
    @Tag("slow")
    @Test
    void noRegisteredGeneratorIsDegenerate() {
        for (String g : generators.available()) {
            TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).declare(generators.get(g).knobs()).generator(g).numEnvs(256)
                    .set("relax_iters", "40").build();
            MetricsRow r = BatchMetrics.run(c, runtime, new TrackGenLauncher(generators, dev.trackgen.registry.RuntimeRegistry.discover()), 0, 0, 0);
            assertTrue(r.measured() > 0, g + ": no valid tracks to assess");
            assertTrue(r.shapeVarietyPass(), g + " is degenerate / near-circular: median compactness "
                    + r.medianCompactness() + " >= " + BatchMetrics.SHAPE_VARIETY_MAX_MEDIAN);
        }
    }
}
