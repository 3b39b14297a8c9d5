package dev.trackgen.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.runtime.cpu.CpuRuntime;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@link TrackGenerator#generate(I32Array)}: the selected envs get exactly the tracks a full call
 * with their new seeds gives, every other env keeps its track bit for bit (whatever its seed in
 * the RNG became), eagerly and through a replayed graph, for every built-in generator.
 */
class MaskedRegenerationTest {

    private static TrackSnapshot snapshot(Track t) {
        TrackSnapshot s = new TrackSnapshot(t.numEnvs(), t.nMax());
        t.snapshotInto(s);
        return s;
    }

    /** Every output array of the two snapshots, bit for bit. */
    private static void assertSameTracks(TrackSnapshot want, TrackSnapshot got, String what) {
        assertTrue(Arrays.equals(want.center(), got.center()), what + ": center");
        assertTrue(Arrays.equals(want.outer(), got.outer()), what + ": outer");
        assertTrue(Arrays.equals(want.inner(), got.inner()), what + ": inner");
        assertTrue(Arrays.equals(want.tangent(), got.tangent()), what + ": tangent");
        assertTrue(Arrays.equals(want.normal(), got.normal()), what + ": normal");
        assertTrue(Arrays.equals(want.arclen(), got.arclen()), what + ": arclen");
        assertTrue(Arrays.equals(want.length(), got.length()), what + ": length");
        assertTrue(Arrays.equals(want.winding(), got.winding()), what + ": winding");
        assertTrue(Arrays.equals(want.valid(), got.valid()), what + ": valid");
        assertTrue(Arrays.equals(want.count(), got.count()), what + ": count");
    }

    @ParameterizedTest(name = "{0}, replay {1}")
    @CsvSource({"bezier,false", "bezier,true", "hull,false", "hull,true", "polar,false", "voronoi,true",
            "checkpoint,false", "checkpoint,true", "circuit,false", "circuit,true", "repulsive,false", "repulsive,true"})
    void selectedEnvsEqualAFullCallAndTheOthersKeepTheirTracks(String generator, boolean replay) {
        int envs = generator.equals("repulsive") ? 6 : 24;
        TrackGenConfig config = Parts.config().generator(generator).numEnvs(envs).build();
        int[] first = new int[envs];
        int[] second = new int[envs];
        for (int e = 0; e < envs; e++) {
            first[e] = 100 + e;
            second[e] = 9000 + 7 * e;
        }
        try (CpuRuntime cpu = new CpuRuntime(2, replay);
             TrackGenerator gen = Parts.builder(config).rng(PerEnvSeededRng.fromSeeds(first)).runtime(cpu).build();
             CpuRuntime ref = new CpuRuntime(2, false)) {
            gen.generate();
            TrackSnapshot before = snapshot(gen.track());
            I32Array mask = cpu.allocI32(envs);
            Random r = new Random(generator.hashCode());
            int[] expectedSeeds = first.clone();
            for (int round = 0; round < 3; round++) {
                int[] flags = new int[envs];
                for (int e = 0; e < envs; e++) {
                    flags[e] = r.nextInt(3) == 0 ? 1 : 0;
                    if (flags[e] != 0) {
                        expectedSeeds[e] = second[e] + round;
                    }
                }
                flags[round] = 1;
                expectedSeeds[round] = second[round] + round;
                int[] rngSeeds = new int[envs];
                for (int e = 0; e < envs; e++) {
                    // the RNG moves on for every env; only the selected ones may take the move
                    rngSeeds[e] = second[e] + round;
                }
                gen.rng().reseed(rngSeeds);
                cpu.upload(flags, mask);
                Track t = gen.generate(mask);
                assertSame(gen.track(), t);
                TrackSnapshot got = snapshot(t);
                TrackSnapshot want;
                try (TrackGenerator full = Parts.builder(config).rng(PerEnvSeededRng.fromSeeds(expectedSeeds))
                        .runtime(ref).build()) {
                    want = snapshot(full.generate());
                }
                assertSameTracks(want, got, generator + " round " + round);
                int row = 2 * before.nMax();
                for (int e = 0; e < envs; e++) {
                    if (expectedSeeds[e] == first[e]) {
                        assertTrue(Arrays.equals(before.center(), e * row, (e + 1) * row, got.center(), e * row,
                                (e + 1) * row), "never selected env " + e + " keeps its centerline bit for bit");
                        assertEquals(before.valid()[e], got.valid()[e], "never selected env " + e + " keeps its flag");
                    }
                }
            }
            // a full call afterwards takes every env's RNG seed again
            TrackSnapshot all = snapshot(gen.generate());
            try (TrackGenerator full = Parts.builder(config).rng(PerEnvSeededRng.fromSeeds(gen.rng().seeds()))
                    .runtime(ref).build()) {
                assertSameTracks(snapshot(full.generate()), all, generator + " full call after masked ones");
            }
        }
    }

    @Test
    void anEmptyMaskChangesNothingAndAWrongOneIsRefused() {
        int envs = 16;
        TrackGenConfig config = Parts.config().generator("bezier").numEnvs(envs).build();
        try (CpuRuntime cpu = new CpuRuntime(2, false);
             TrackGenerator gen = Parts.builder(config).rng(PerEnvSeededRng.fromScalar(envs, 3)).runtime(cpu).build()) {
            TrackSnapshot before = snapshot(gen.generate());
            gen.rng().reseed(77);
            TrackSnapshot after = snapshot(gen.generate(cpu.allocI32(envs)));
            assertSameTracks(before, after, "empty mask");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> gen.generate(cpu.allocI32(envs + 1)));
            assertTrue(e.getMessage().contains("the mask holds 17 flags but num_envs is 16"), e.getMessage());
            assertThrows(NullPointerException.class, () -> gen.generate((I32Array) null));
        }
    }
}
