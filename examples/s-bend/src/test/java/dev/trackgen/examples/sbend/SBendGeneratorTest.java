package dev.trackgen.examples.sbend;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.GeneratorContract;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simple-SPI example through the whole pipeline, eagerly and by CPU capture and replay. */
class SBendGeneratorTest {

    private static TrackGenConfig.Builder config(int envs) {
        return TrackGenConfig.builder().generator(new SBendGenerator()).numEnvs(envs).runtime("cpu");
    }

    private static TrackSnapshot generate(ComputeRuntime runtime, TrackGenConfig config, int seed, int calls) {
        try (TrackGenerator g = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(runtime).build()) {
            for (int k = 1; k < calls; k++) {
                g.generate();
            }
            assertEquals(runtime.prefersReplay(), g.replaying());
            return g.generate().snapshot();
        }
    }

    @Test
    void isFoundByServiceLoaderWithBothKnobsAndOneJavaKernel() {
        CenterlineGenerator g = TrackGenLauncher.discover().generator("s_bend");
        assertEquals("s_bend_amount", g.knobs().get(0).name());
        assertEquals("s_bend_corner", g.knobs().get(1).name());
        assertTrue(g.capturable());
        Kernel k = g.kernels().get(0);
        assertEquals("java_s_bend", k.name());
        assertNull(k.cudaModule(), "a Java body only: on CUDA the generator runs on the host");
    }

    @Test
    void settingOneKnobDeclaresTheOtherSoItCanBeSetByName() {
        TrackGenConfig c = TrackGenConfig.builder().set(SBendGenerator.AMOUNT, 0.4).set("s_bend_corner", "0.7").build();
        assertEquals(0.4, c.get(SBendGenerator.AMOUNT));
        assertEquals(0.7, c.get(SBendGenerator.CORNER));
    }

    @Test
    void yieldsValidTracksEagerlyAndByReplayAlike() {
        int e = 256;
        TrackGenConfig c = config(e).build();
        try (CpuRuntime eager = new CpuRuntime(2, false); CpuRuntime replay = new CpuRuntime(2, true)) {
            TrackSnapshot a = generate(eager, c, 3, 1);
            TrackSnapshot b = generate(replay, c, 3, 3); // warm-up, capture, then a replay
            assertTrue(a.validCount() >= 0.99 * e, "yield " + a.yield());
            assertArrayEquals(a.center(), b.center(), "replay equals eager");
            assertArrayEquals(a.valid(), b.valid());
        }
    }

    @Test
    void bothKnobsChangeTheShapeAndKeepItValid() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            TrackSnapshot plain = generate(rt, config(16).build(), 5, 1);
            TrackSnapshot flat = generate(rt, config(16).set(SBendGenerator.AMOUNT, 0.0).build(), 5, 1);
            TrackSnapshot round = generate(rt, config(16).declare(new SBendGenerator().knobs())
                    .set("s_bend_corner", "1.0").set("s_bend_amount", "0.5").build(), 5, 1);
            assertFalse(Arrays.equals(plain.center(), flat.center()));
            assertFalse(Arrays.equals(plain.center(), round.center()));
            assertTrue(flat.validCount() == 16 && round.validCount() >= 15, flat.validCount() + ", " + round.validCount());
        }
    }

    @Test
    void keepsTheGeneratorContract() {
        GeneratorContract.of(new SBendGenerator()).yieldFloor(0.99).check();
    }
}
