package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The facade contract of the seed: fixed batch, one persistent Track, determinism, errors. */
class TrackGeneratorTest {
    private static final int E = 48;
    private static CpuRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new CpuRuntime(2, false);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static TrackGenConfig config(int e) {
        return Parts.config().numEnvs(e).build();
    }

    private static TrackGenerator generator(TrackGenConfig c, PerEnvSeededRng rng, ComputeRuntime rt) {
        return Parts.builder(c).rng(rng).runtime(rt).build();
    }

    static void assertSameBatch(TrackSnapshot a, TrackSnapshot b) {
        assertArrayEquals(a.center(), b.center());
        assertArrayEquals(a.outer(), b.outer());
        assertArrayEquals(a.inner(), b.inner());
        assertArrayEquals(a.tangent(), b.tangent());
        assertArrayEquals(a.normal(), b.normal());
        assertArrayEquals(a.arclen(), b.arclen());
        assertArrayEquals(a.leftHalfWidth(), b.leftHalfWidth());
        assertArrayEquals(a.rightHalfWidth(), b.rightHalfWidth());
        assertArrayEquals(a.centerZ(), b.centerZ());
        assertArrayEquals(a.outerZ(), b.outerZ());
        assertArrayEquals(a.innerZ(), b.innerZ());
        assertArrayEquals(a.bank(), b.bank());
        assertArrayEquals(a.arclen3d(), b.arclen3d());
        assertArrayEquals(a.tangent3d(), b.tangent3d());
        assertArrayEquals(a.length3d(), b.length3d());
        assertArrayEquals(a.length(), b.length());
        assertArrayEquals(a.winding(), b.winding());
        assertArrayEquals(a.valid(), b.valid());
        assertArrayEquals(a.count(), b.count());
    }

    @Test
    void everyCallReturnsTheSamePersistentTrackAndIdenticalBatches() {
        try (TrackGenerator g = generator(config(E), PerEnvSeededRng.fromScalar(E, 0), runtime)) {
            Track first = g.generate();
            TrackSnapshot a = first.snapshot();
            Track second = g.generate(E);
            assertSame(first, second);
            assertSame(first.center(), second.center(), "buffers are never reallocated");
            assertSameBatch(a, second.snapshot());
            assertTrue(a.validCount() > E * 0.9, "yield " + a.yield());
        }
    }

    @Test
    void reseedingChangesExactlyTheReseededTracks() {
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(E, 0);
        try (TrackGenerator g = generator(config(E), rng, runtime)) {
            TrackSnapshot a = g.generate().snapshot();
            rng.reseed(new int[] {3, 17}, new int[] {1000, 2000});
            TrackSnapshot b = g.generate().snapshot();
            int nMax = a.nMax();
            for (int e = 0; e < E; e++) {
                float[] ra = Arrays.copyOfRange(a.center(), 2 * e * nMax, 2 * (e + 1) * nMax);
                float[] rb = Arrays.copyOfRange(b.center(), 2 * e * nMax, 2 * (e + 1) * nMax);
                if (e == 3 || e == 17) {
                    assertFalse(Arrays.equals(ra, rb), "env " + e + " was reseeded");
                } else {
                    assertArrayEquals(ra, rb, "env " + e + " depends only on its own seed");
                }
            }
            rng.reseed(0);
            assertSameBatch(a, g.generate().snapshot());
        }
    }

    @Test
    void snapshotsAreIndependentCopies() {
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(E, 0);
        try (TrackGenerator g = generator(config(E), rng, runtime)) {
            TrackSnapshot a = g.generate().snapshot();
            float before = a.center()[0];
            rng.reseed(77);
            g.generate();
            assertEquals(before, a.center()[0]);
            TrackSnapshot reuse = new TrackSnapshot(E, a.nMax());
            g.track().snapshotInto(reuse);
            assertFalse(Arrays.equals(a.center(), reuse.center()));
            assertThrows(IllegalArgumentException.class, () -> g.track().snapshotInto(new TrackSnapshot(E + 1, 384)));
        }
    }

    @Test
    void resultsDoNotDependOnTheThreadCount() {
        TrackGenConfig c = config(E);
        try (CpuRuntime one = new CpuRuntime(1, false); CpuRuntime three = new CpuRuntime(3, false);
             TrackGenerator g1 = generator(c, PerEnvSeededRng.fromScalar(E, 5), one);
             TrackGenerator g3 = generator(c, PerEnvSeededRng.fromScalar(E, 5), three)) {
            assertSameBatch(g1.generate().snapshot(), g3.generate().snapshot());
        }
    }

    @Test
    void captureAndReplayGiveTheEagerResult() {
        TrackGenConfig c = config(E);
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(E, 11);
        try (CpuRuntime replaying = new CpuRuntime(2, true);
             TrackGenerator eager = generator(c, PerEnvSeededRng.fromScalar(E, 11), runtime);
             TrackGenerator replay = generator(c, rng, replaying)) {
            assertTrue(replay.replaying());
            assertSameBatch(eager.generate().snapshot(), replay.generate().snapshot());
            // later calls replay the captured graph with the new seeds written in place
            rng.reseed(500);
            eager.rng().reseed(500);
            assertSameBatch(eager.generate().snapshot(), replay.generate().snapshot());
        }
    }

    @Test
    void aGeneratorTheRuntimeCannotRunRunsOnTheHostWithTheSameResult() {
        TrackGenConfig c = config(E);
        try (CpuRuntime inner = new CpuRuntime(2, true);
             ComputeRuntime noGeneratorKernels = new KernelFilteringRuntime(inner);
             TrackGenerator onHost = generator(c, PerEnvSeededRng.fromScalar(E, 2), noGeneratorKernels);
             TrackGenerator onDevice = generator(c, PerEnvSeededRng.fromScalar(E, 2), runtime)) {
            assertTrue(onHost.generatorOnHost());
            assertFalse(onDevice.generatorOnHost());
            assertSameBatch(onDevice.generate().snapshot(), onHost.generate().snapshot());
            onHost.rng().reseed(9);
            onDevice.rng().reseed(9);
            assertSameBatch(onDevice.generate().snapshot(), onHost.generate().snapshot());
        }
    }

    /** Bezier under another name, with a knob of its own that it reads when allocating. */
    static final class KnobbedBezier implements dev.trackgen.api.generator.CenterlineGenerator {
        static final dev.trackgen.api.config.Knob<Double> WOBBLE = dev.trackgen.api.config.Knob.ofDouble(
                "test_wobble", 0.25, dev.trackgen.api.config.Range.closed(0, 1), "a plugin knob");
        private final dev.trackgen.generators.bezier.BezierGenerator inner =
                new dev.trackgen.generators.bezier.BezierGenerator();
        double seen = Double.NaN;

        @Override
        public String name() {
            return "knobbed";
        }

        @Override
        public List<dev.trackgen.api.config.Knob<?>> knobs() {
            List<dev.trackgen.api.config.Knob<?>> all = new java.util.ArrayList<>(inner.knobs());
            all.add(WOBBLE);
            return all;
        }

        @Override
        public List<dev.trackgen.api.runtime.Kernel> kernels() {
            return inner.kernels();
        }

        @Override
        public dev.trackgen.api.generator.GeneratorScratch allocateScratch(ComputeRuntime rt, TrackGenConfig c) {
            seen = c.get(WOBBLE);
            return inner.allocateScratch(rt, c);
        }

        @Override
        public void generate(ComputeRuntime rt, dev.trackgen.api.runtime.I32Array seeds, TrackGenConfig c,
                             dev.trackgen.api.runtime.Vec2Array out, dev.trackgen.api.runtime.I32Array valid,
                             dev.trackgen.api.generator.GeneratorScratch scratch) {
            inner.generate(rt, seeds, c, out, valid, scratch);
        }
    }

    @Test
    void pluginKnobsReachTheGeneratorWithoutBeingDeclaredByTheCaller() {
        KnobbedBezier plugin = new KnobbedBezier();
        TrackGenConfig c = Parts.config().numEnvs(2).generator("knobbed").build();
        try (TrackGenerator g = TrackGenerator.builder(c).rng(PerEnvSeededRng.fromScalar(2, 0)).runtime(runtime)
                .generator(plugin).build()) {
            assertEquals(0.25, plugin.seen);
            assertEquals(0.25, g.config().get(KnobbedBezier.WOBBLE));
            g.generate();
        }
        TrackGenConfig set = Parts.config().numEnvs(2).generator("knobbed").set(KnobbedBezier.WOBBLE, 0.5)
                .build();
        try (TrackGenerator g = TrackGenerator.builder(set).rng(PerEnvSeededRng.fromScalar(2, 0)).runtime(runtime)
                .generator(plugin).build()) {
            assertEquals(0.5, plugin.seen);
        }
    }

    @Test
    void fixedBatchMismatchNamesBothNumbers() {
        try (TrackGenerator g = generator(config(4), PerEnvSeededRng.fromScalar(4, 0), runtime)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.generate(5));
            assertTrue(e.getMessage().contains("num_envs = 4") && e.getMessage().contains("generate(5)"),
                    e.getMessage());
        }
    }

    @Test
    void constructionErrorsAreClear() {
        NullPointerException npe = assertThrows(NullPointerException.class,
                () -> generator(config(4), null, runtime));
        assertTrue(npe.getMessage().contains("PerEnvSeededRng must be provided"));
        IllegalArgumentException mismatch = assertThrows(IllegalArgumentException.class,
                () -> generator(config(4), PerEnvSeededRng.fromScalar(3, 0), runtime));
        assertEquals("the RNG holds 3 seeds but num_envs is 4", mismatch.getMessage());
        NullPointerException noGenerator = assertThrows(NullPointerException.class,
                () -> TrackGenerator.builder(config(2)).rng(PerEnvSeededRng.fromScalar(2, 0)).runtime(runtime).build());
        assertTrue(noGenerator.getMessage().startsWith("generator: the CenterlineGenerator to run must be given"),
                noGenerator.getMessage());
        NullPointerException noRuntime = assertThrows(NullPointerException.class,
                () -> Parts.builder(config(2)).rng(PerEnvSeededRng.fromScalar(2, 0)).build());
        assertTrue(noRuntime.getMessage().startsWith("runtime:"), noRuntime.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> TrackGenerator.builder(Parts.config().numEnvs(2).generator("hull").build())
                        .generator(Parts.generator("bezier")).rng(PerEnvSeededRng.fromScalar(2, 0)).runtime(runtime)
                        .build());
        assertEquals("the configuration names generator 'hull' but the generator given is 'bezier'", other.getMessage());
        assertThrows(InvalidConfigException.class, () -> Parts.config().set("half_width", "0"));
    }

    @Test
    void aGeneratorTheRuntimeCannotRunNeedsAHostRuntime() {
        ComputeRuntime noGeneratorKernels = new KernelFilteringRuntime(runtime);
        RuntimeUnavailableException e = assertThrows(RuntimeUnavailableException.class,
                () -> TrackGenerator.builder(config(2)).generator(Parts.generator("bezier"))
                        .rng(PerEnvSeededRng.fromScalar(2, 0)).runtime(noGeneratorKernels).build());
        assertTrue(e.getMessage().contains("no host runtime was given"), e.getMessage());
    }

    @Test
    void aRuntimeFromTheFactoryIsOwnedAndClosedWithTheGenerator() {
        TrackGenConfig c = Parts.config().numEnvs(3).build();
        TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(3, 0))
                .runtimeFactory(() -> new CpuRuntime(1, false)).build();
        assertEquals("cpu", g.runtime().name());
        assertEquals("cpu (1 thread", g.runtime().describe().substring(0, 13));
        assertEquals("bezier", g.config().generator(), "auto resolved to the generator given");
        g.generate();
        g.close();
        assertThrows(IllegalStateException.class, g::generate);
        assertThrows(IllegalStateException.class, () -> g.runtime().allocF32(1));
    }

    @Test
    void tooLongTracksAreTruncatedAndInvalid() {
        TrackGenConfig c = Parts.config().numEnvs(E).nMax(40).build();
        try (TrackGenerator g = generator(c, PerEnvSeededRng.fromScalar(E, 0), runtime)) {
            TrackSnapshot s = g.generate().snapshot();
            assertEquals(0, s.validCount(), "every default track needs more than 40 points");
            for (int e = 0; e < E; e++) {
                assertEquals(40, s.count(e));
            }
            assertEquals(List.of(), TrackInvariants.check(s, c.halfWidth(), c.get(PipelineKnobs.RELAX_TOL)));
        }
    }

    @Test
    void withoutRelaxationTheRawCenterlineIsInflatedAndGated() {
        TrackGenConfig c = Parts.config().numEnvs(E).set(PipelineKnobs.RELAX_ENABLE, false).build();
        try (TrackGenerator g = generator(c, PerEnvSeededRng.fromScalar(E, 0), runtime)) {
            TrackSnapshot s = g.generate().snapshot();
            assertSame(g.intermediates().spaced(), g.intermediates().relaxed());
            assertTrue(s.yield() < 0.5, "raw centerlines are rarely inflatable: " + s.yield());
            assertEquals(List.of(), TrackInvariants.check(s, c.halfWidth(), c.get(PipelineKnobs.RELAX_TOL)));
        }
    }
}
