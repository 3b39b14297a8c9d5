package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.CircuitKnobs;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code circuit} generator through the whole pipeline at its defaults, seed 0: yield at least
 * 0.995, every valid track keeping every {@link TrackInvariants} promise, laps of the configured
 * length in half-widths, and a batch of many different shapes.
 *
 * <p>Its laps are about 1450 points long (a hundred times the other generators'), so a call costs
 * about 10 ms per track on two cores: the suite runs E = 512 by default (about 25 s);
 * {@code -Dtrackgen.circuit.envs=8192} runs the full-size check of issue 19 (about six minutes on two cores; measured: 8192 of 8192 valid).
 */
@Tag("slow")
class CircuitQualityTest {

    @Test
    void defaultCircuitsYieldAtLeast995PerMilleAndEveryValidTrackIsSound() {
        int e = Integer.getInteger("trackgen.circuit.envs", 512);
        TrackGenConfig c = Parts.config().generator(Parts.generator("circuit")).numEnvs(e).build();
        try (CpuRuntime rt = new CpuRuntime(0, false);
             TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            TrackSnapshot s = g.generate().snapshot();
            ShapeMetrics.Summary m = ShapeMetrics.summarize(s);
            System.out.printf("[quality] circuit E=%d: %s%n", e, m);
            assertTrue(s.yield() >= 0.995, "yield " + s.yield());
            assertEquals(List.of(), TrackInvariants.check(s, c.halfWidth(), c.get(PipelineKnobs.RELAX_TOL)));
            double mean = 0;
            for (int i = 0; i < e; i++) {
                if (s.isValid(i)) {
                    double inHw = s.length()[i] / c.halfWidth();
                    double target = c.get(CircuitKnobs.LENGTH);
                    double spread = c.get(CircuitKnobs.LENGTH_SPREAD);
                    assertTrue(inHw > (1 - spread) * target * 0.99 && inHw < (1 + spread) * target * 1.01,
                            "env " + i + ": " + inHw + " half-widths");
                    mean += inHw / s.validCount();
                }
            }
            assertEquals(c.get(CircuitKnobs.LENGTH), mean, 0.03 * c.get(CircuitKnobs.LENGTH), "mean lap length");
            GeneratorQualityTest.assertVariety("circuit", m);
        }
    }
}
