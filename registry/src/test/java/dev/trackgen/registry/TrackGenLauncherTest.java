package dev.trackgen.registry;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one place names become parts: the generator and runtime knobs resolved for the pipeline. */
class TrackGenLauncherTest {

    @Test
    void theOneLinerDiscoversResolvesAndOwnsTheRuntime() {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(3).runtime("cpu").build();
        TrackGenerator g = TrackGenLauncher.open(c, PerEnvSeededRng.fromScalar(3, 0));
        assertEquals("bezier", g.config().generator(), "auto is the default generator");
        assertEquals("cpu", g.runtime().name());
        g.generate();
        g.close();
        assertThrows(IllegalStateException.class, () -> g.runtime().allocF32(1), "the runtime it created is closed");
    }

    @Test
    void optionsReachTheRuntimesItCreates() {
        TrackGenLauncher launcher = TrackGenLauncher.discover().withOptions(RuntimeOptions.defaults().withThreads(1));
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(2).runtime("cpu").generator("hull").build();
        try (TrackGenerator g = launcher.builder(c).rng(PerEnvSeededRng.fromScalar(2, 0)).build()) {
            assertEquals("cpu (1 thread", g.runtime().describe().substring(0, 13));
            assertSame(launcher.generators().get("hull").getClass(), g.generator().getClass());
            assertEquals(0.15, g.config().get(launcher.generator("hull").knobs().get(0)), "hull's knobs declared");
        }
        try (CenterlinePipeline p = launcher.centerlines(TrackGenConfig.builder().numEnvs(1).runtime("cpu").build(), 8)) {
            assertEquals("cpu", p.runtime().name());
        }
    }

    @Test
    void unknownNamesListTheRegisteredOnes() {
        UnknownNameException unknown = assertThrows(UnknownNameException.class,
                () -> TrackGenLauncher.open(TrackGenConfig.builder().numEnvs(2).generator("bezeir").build(),
                        PerEnvSeededRng.fromScalar(2, 0)));
        assertTrue(unknown.getMessage().startsWith("unknown generator 'bezeir'; available: ")
                && unknown.getMessage().contains("bezier"), unknown.getMessage());
        UnknownNameException runtimeName = assertThrows(UnknownNameException.class,
                () -> TrackGenLauncher.open(TrackGenConfig.builder().numEnvs(2).runtime("tpu").build(),
                        PerEnvSeededRng.fromScalar(2, 0)));
        assertTrue(runtimeName.getMessage().contains("available: auto, cpu"), runtimeName.getMessage());
    }

    @Test
    void bindAppliesTheNamedGeneratorsSizing() {
        TrackGenConfig c = TrackGenLauncher.discover().bind(TrackGenConfig.builder().generator("circuit").build());
        assertEquals(1459, c.nMax(), "circuit sizes N_max to its longest lap");
        assertTrue(c.rules().isPresent());
    }
}
