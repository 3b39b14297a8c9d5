package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every built-in generator through the facade: replayed calls equal eager ones (the capturable
 * generators inside the graph, repulsive eagerly before it), and reseeding reaches the generator.
 */
class GeneratorPipelineTest {

    static TrackGenConfig config(String name, int envs) {
        TrackGenConfig.Builder b = Parts.config().generator(Parts.generator(name)).numEnvs(envs);
        if (name.equals("repulsive")) {
            b.set("num_points", "64").set("repulsive_stages", "16,32,64").set("repulsive_grow_mult_min", "2")
                    .set("repulsive_grow_mult_max", "2.5").set("repulsive_settle_iters", "16");
        }
        return b.build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void replayedCallsEqualEagerOnesAndFollowTheSeeds(String name) {
        int e = 16;
        TrackGenConfig c = config(name, e);
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(e, 21);
        try (CpuRuntime eagerRt = new CpuRuntime(2, false); CpuRuntime replayRt = new CpuRuntime(2, true);
             TrackGenerator eager = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 21)).runtime(eagerRt).build();
             TrackGenerator replay = Parts.builder(c).rng(rng).runtime(replayRt).build()) {
            assertTrue(replay.replaying());
            assertEquals(!name.equals("repulsive"), replay.generator().capturable());
            TrackGeneratorTest.assertSameBatch(eager.generate().snapshot(), replay.generate().snapshot());
            rng.reseed(900);
            eager.rng().reseed(900);
            TrackGeneratorTest.assertSameBatch(eager.generate().snapshot(), replay.generate().snapshot());
            assertTrue(replay.track().snapshot().validCount() > 0, name);
        }
    }
}
