package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.gates.GateAlign;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.gates.GateOrdering;
import dev.trackgen.gates.ZProfile;
import dev.trackgen.gates.kernel.GatesKernelIndex;
import dev.trackgen.registry.GeneratorRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gates module's CUDA C bodies (gates.cu) against their Java twins, element by element, on
 * whole gate-course batches of every built-in plan-view generator, under every ordering, every
 * altitude profile and both gate alignments (each launch runs both bodies on the same inputs).
 */
class HostGatesTwinsTest {
    private static final List<GateConfig.Builder> VARIANTS = List.of(
            GateConfig.builder(),
            GateConfig.builder().gateOrdering(GateOrdering.CCW).zProfile(ZProfile.NOISE).zBase(1.0f).zMin(0.2f)
                    .zMax(1.8f).zNoiseAmplitude(0.8f).zNoiseHarmonics(4).gateAlign(GateAlign.FULL_TANGENT),
            GateConfig.builder().gateOrdering(GateOrdering.RANDOM_PAIRS).zProfile(ZProfile.RANDOM_WALK).zBase(1.0f)
                    .zMin(0.0f).zMax(2.0f).zMaxStep(0.6f).zValidGrade(0.6f).stackClearance(0.2f),
            GateConfig.builder().zProfile(ZProfile.UNIFORM).zMin(0.5f).zMax(1.5f).gateRadius(0.3f).gateSolveIters(20)
                    .gateAlign(GateAlign.FULL_TANGENT).lineBowBound(0.1f));

    @Test
    void gateKernelsMatchTheirJavaTwinsOnEveryGeneratorAndVariant() {
        GeneratorRegistry reg = GeneratorRegistry.discover();
        int envs = 4;
        String[] generators = {"bezier", "hull", "polar", "voronoi", "checkpoint"};
        for (int i = 0; i < generators.length; i++) {
            String generator = generators[i];
            for (int v = 0; v < VARIANTS.size(); v++) {
                TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
                GateConfig c = VARIANTS.get(v).numEnvs(envs).generator(generator).build();
                GateCourseSnapshot s;
                try (GateGenerator gen = GateGenerator.builder(c).generator(reg.get(generator)).runtime(rt)
                        .rng(PerEnvSeededRng.fromScalar(envs, 11 + v)).build()) {
                    s = gen.generate().snapshot();
                }
                assertTrue(rt.mismatches().isEmpty(), generator + " variant " + v + ": " + rt.mismatches());
                for (var k : GatesKernelIndex.all()) {
                    assertTrue(rt.launches().containsKey(k.name()), k.name() + " ran on the twins");
                }
                assertTrue(s.count()[0] >= c.minGates(), "a real batch: " + s.count()[0] + " gates");
            }
        }
    }
}
