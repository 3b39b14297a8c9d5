package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-generator quality at the default configuration (only {@code generator} changed), seed 0,
 * E = 512, through the whole pipeline, against the original implementation's metrics table
 * (docs/generators/benchmarks.rst, E = 512, seed base 0): yield at least the original's and at
 * least 0.99, mean compactness of the valid centerlines within 0.08 of the original's, every valid
 * track keeping every {@link TrackInvariants} promise, and a batch of many different shapes.
 *
 * <p>{@code repulsive} is about a thousand times slower than the others, so it runs at
 * {@code E = 64} by default; {@code -Dtrackgen.repulsive.envs=512} runs the full-size check.
 */
@Tag("slow")
class GeneratorQualityTest {
    /** Batch size of the capturable generators' checks. */
    static final int E = 512;
    /** Allowed distance of the mean compactness from the original's. */
    static final double COMPACTNESS_TOL = 0.08;

    static ShapeMetrics.Summary runAndCheck(String generator, int envs, double originalYield,
                                            double originalCompactness, double originalLength, double minYield) {
        return runAndCheck(generator, envs, originalYield, originalCompactness, originalLength,
                Math.max(originalYield, minYield), true);
    }

    static ShapeMetrics.Summary runAndCheck(String generator, int envs, double originalYield,
                                            double originalCompactness, double originalLength, double yieldFloor,
                                            boolean print) {
        TrackGenConfig c = Parts.config().generator(Parts.generator(generator)).numEnvs(envs).build();
        try (CpuRuntime rt = new CpuRuntime(0, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(rt).build()) {
            TrackSnapshot s = g.generate().snapshot();
            ShapeMetrics.Summary m = ShapeMetrics.summarize(s);
            if (print) {
                System.out.printf("[quality] %s E=%d: %s (original: yield %.4f, compactness %.3f, length %.2f)%n",
                        generator, envs, m, originalYield, originalCompactness, originalLength);
            }
            assertTrue(m.yield() >= yieldFloor, generator + ": " + m + ", below " + yieldFloor);
            assertEquals(originalCompactness, m.meanCompactness(), COMPACTNESS_TOL, generator + ": " + m);
            assertEquals(List.of(), TrackInvariants.check(s, c.halfWidth(), c.get(PipelineKnobs.RELAX_TOL)), generator);
            assertVariety(generator, m);
            return m;
        }
    }

    /**
     * The original's variety gate (median compactness below 0.85, under a quarter of the tracks
     * near-circular) plus descriptor checks: almost every track a distinct shape, and shapes spread
     * out rather than clustered around a few.
     */
    static void assertVariety(String generator, ShapeMetrics.Summary m) {
        assertTrue(m.medianCompactness() < 0.85, generator + ": median compactness " + m.medianCompactness());
        assertTrue(m.degenerateRate() < 0.25, generator + ": near-circular rate " + m.degenerateRate());
        int distinct = ShapeMetrics.distinctShapes(m.descriptors(), 1e-3);
        double spread = ShapeMetrics.medianPairwiseDistance(m.descriptors());
        double sd = Math.sqrt(java.util.Arrays.stream(m.compactness())
                .map(x -> (x - m.meanCompactness()) * (x - m.meanCompactness())).sum() / m.valid());
        System.out.printf("[variety] %s: %d distinct of %d, median descriptor distance %.4f, compactness sd %.4f%n",
                generator, distinct, m.valid(), spread, sd);
        assertTrue(distinct >= 0.95 * m.valid(), generator + ": only " + distinct + " distinct shapes of " + m.valid());
        assertTrue(spread > 0.02, generator + ": shapes cluster, median descriptor distance " + spread);
        assertTrue(sd > 0.005, generator + ": compactness barely varies, sd " + sd);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "bezier,     0.9922, 0.4387, 5.056",
            "hull,       0.9941, 0.4254, 4.958",
            "polar,      1.0,    0.5586, 4.736",
            "voronoi,    1.0,    0.7335, 4.270",
            "checkpoint, 0.9766, 0.6142, 4.224"})
    void capturableGeneratorsMatchTheOriginal(String generator, double yield, double compactness, double length) {
        runAndCheck(generator, E, yield, compactness, length, 0.99);
    }

    /**
     * At the default E = 64 one invalid track already costs 0.016 of yield, so the floor there is
     * 0.95 (at most three invalid tracks); at E = 512 it is the original's 0.9902.
     */
    @Test
    void repulsiveMatchesTheOriginal() {
        int envs = Integer.getInteger("trackgen.repulsive.envs", 64);
        runAndCheck("repulsive", envs, 0.9902, 0.1541, 12.99, envs >= 512 ? 0.9902 : 0.95, true);
    }
}
