package dev.trackgen.examples.noisyellipse;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.GeneratorContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example plugin through the whole pipeline, found the way a host finds it. */
class NoisyEllipseGeneratorTest {
    private static CpuRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static TrackGenConfig.Builder config(int envs) {
        return TrackGenConfig.builder().generator(new NoisyEllipseGenerator()).numEnvs(envs).runtime("cpu");
    }

    private static TrackSnapshot generate(TrackGenConfig config, int seed) {
        try (TrackGenerator g = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(runtime).build()) {
            return g.generate().snapshot();
        }
    }

    @Test
    void isFoundByServiceLoaderAndDeclaresItsKnob() {
        GeneratorRegistry registry = GeneratorRegistry.discover();
        assertTrue(registry.available().contains("noisy_ellipse"), registry.available()::toString);
        NoisyEllipseGenerator g = (NoisyEllipseGenerator) registry.get("noisy_ellipse");
        assertEquals("ellipse_noise", g.knobs().get(0).name());
        assertEquals("float", g.knobs().get(0).typeName());
        assertEquals(0.15, g.knobs().get(0).defaultValue());
        assertEquals("finite numbers in [0, 0.5]", g.knobs().get(0).allowed());
        assertTrue(g.capturable());
        for (Kernel k : g.kernels()) {
            if (k instanceof NoisyEllipseKernel) {
                assertNull(k.cudaModule(), "Java body only");
            }
        }
    }

    @Test
    void producesValidTracksAtTheDefaultConfig() {
        int e = 512;
        TrackSnapshot s = generate(config(e).build(), 0);
        assertTrue(s.validCount() >= 0.99 * e, "yield " + s.yield());
        float[] length = s.length();
        float lo = Float.MAX_VALUE;
        float hi = 0;
        for (int i = 0; i < e; i++) {
            if (s.isValid(i)) {
                lo = Math.min(lo, length[i]);
                hi = Math.max(hi, length[i]);
            }
        }
        assertTrue(lo > 3.5f && hi < 6.5f, "perimeters in [" + lo + ", " + hi + "]");
    }

    @Test
    void theKnobChangesTheShapeAndIsValidatedLikeABuiltInKnob() {
        TrackSnapshot clean = generate(config(8).set(NoisyEllipseGenerator.NOISE, 0.0).build(), 5);
        TrackSnapshot noisy = generate(config(8).set("ellipse_noise", "0.4").build(), 5);
        assertFalse(Arrays.equals(clean.center(), noisy.center()));
        assertTrue(clean.validCount() == 8 && noisy.validCount() >= 7);
        InvalidConfigException ex = assertThrows(InvalidConfigException.class,
                () -> config(8).set("ellipse_noise", "0.9"));
        assertEquals("ellipse_noise = 0.9 is outside the allowed range [0, 0.5]", ex.getMessage());
    }

    @Test
    void aConfigWithoutThePluginKnobUsesItsDefault() {
        TrackGenConfig plain = TrackGenConfig.builder().generator("noisy_ellipse").numEnvs(4).runtime("cpu").build();
        assertArrayEquals(generate(config(4).build(), 9).center(), generate(plain, 9).center());
    }

    @Test
    void keepsTheGeneratorContract() {
        GeneratorContract.of(new NoisyEllipseGenerator()).yieldFloor(0.99).check();
    }

    @Test
    void isDeterministicPerSeed() {
        TrackSnapshot a = generate(config(6).build(), 11);
        TrackSnapshot b = generate(config(6).build(), 11);
        assertArrayEquals(a.center(), b.center());
    }
}
