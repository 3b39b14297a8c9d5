package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.generator.KnobValues;
import dev.trackgen.api.generator.SimpleCenterlineGenerator;
import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.RandomStreams;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.CaptureViolationException;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real {@link CudaRuntime} over an {@link EmulatedDriver} (host memory, CUDA C bodies on the
 * host harness, capture into a replayable list): allocation bookkeeping, argument marshalling,
 * launch shapes, the capture contract and the facade's warm-up, capture and replay path, all
 * without a GPU.
 */
class EmulatedCudaRuntimeTest {
    /** The emulated driver loads the real PTX (its entry points), so these tests need a build with nvcc. */
    static CudaRuntime runtime(EmulatedDriver d) {
        Assumptions.assumeTrue(PtxResources.apiModule() != null,
                "no PTX packaged (built without nvcc): the emulated runtime has no kernels to load");
        return new CudaRuntime(d);
    }

    @Test
    void aBuildWithoutKernelsIsRefusedAtConstruction() {
        Assumptions.assumeTrue(PtxResources.apiModule() == null, "this build has kernels (nvcc was on the PATH)");
        EmulatedDriver d = driver();
        RuntimeUnavailableException e = assertThrows(RuntimeUnavailableException.class, () -> new CudaRuntime(d));
        assertTrue(e.getMessage().contains("built without kernels"), e.getMessage());
        assertTrue(d.closed);
    }

    static EmulatedDriver driver() {
        return new EmulatedDriver(Twins.harness(), 227 * 1024);
    }

    static TrackSnapshot run(TrackGenConfig config, int seed, ComputeRuntime rt, int calls) {
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(rt).build()) {
            TrackSnapshot s = null;
            for (int i = 0; i < calls; i++) {
                s = gen.generate().snapshot();
            }
            return s;
        }
    }

    static void assertSameBatch(TrackSnapshot a, TrackSnapshot b) {
        assertArrayEquals(a.count(), b.count(), "count");
        assertArrayEquals(a.valid(), b.valid(), "valid");
        assertArrayEquals(a.center(), b.center(), "center");
        assertArrayEquals(a.outer(), b.outer(), "outer");
        assertArrayEquals(a.inner(), b.inner(), "inner");
        assertArrayEquals(a.tangent(), b.tangent(), "tangent");
        assertArrayEquals(a.normal(), b.normal(), "normal");
        assertArrayEquals(a.arclen(), b.arclen(), "arclen");
        assertArrayEquals(a.length(), b.length(), "length");
        assertArrayEquals(a.winding(), b.winding(), "winding");
        assertArrayEquals(a.centerZ(), b.centerZ(), "centerZ");
        assertArrayEquals(a.outerZ(), b.outerZ(), "outerZ");
        assertArrayEquals(a.innerZ(), b.innerZ(), "innerZ");
        assertArrayEquals(a.bank(), b.bank(), "bank");
        assertArrayEquals(a.arclen3d(), b.arclen3d(), "arclen3d");
        assertArrayEquals(a.tangent3d(), b.tangent3d(), "tangent3d");
        assertArrayEquals(a.length3d(), b.length3d(), "length3d");
    }

    private static TrackGenConfig config(int envs) {
        return TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cpu").build();
    }

    @Test
    void capturedAndReplayedPipelineEqualsTheCpuBatch() {
        TrackGenConfig c = config(16);
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(c, 3, host, 1);
        }
        EmulatedDriver d = driver();
        try (CudaRuntime rt = runtime(d)) {
            TrackSnapshot cuda = run(c, 3, rt, 3);
            assertSameBatch(cpu, cuda);
        }
        assertEquals(d.allocations, d.frees, "every allocation is freed on close");
        assertTrue(d.closed);
    }

    @Test
    void capturedAndReplayedElevationEqualsTheCpuBatch() {
        // the elevation stage with knots, banking and the grade bound, captured and replayed
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(12).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.2).set(ElevationKnobs.VALID_GRADE, 0.15)
                .set(ElevationKnobs.BANK_SPEED, 1.5).build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(c, 7, host, 1);
        }
        try (CudaRuntime rt = runtime(driver())) {
            assertSameBatch(cpu, run(c, 7, rt, 3));
        }
    }

    @Test
    void bridgeCoursesOnTheEmulatedDriverEqualTheCpuBatch() {
        // figure-eights through CenterlinePipeline with bridges on a random-walk profile with banking
        int envs = 4;
        int p = 300;
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cpu")
                .set(dev.trackgen.api.config.PipelineKnobs.RELAX_ENABLE, false).nMax(512)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK)
                .set(ElevationKnobs.MIN, -0.1).set(ElevationKnobs.MAX, 0.1).set(ElevationKnobs.MAX_STEP, 0.05)
                .set(ElevationKnobs.BANK_SPEED, 1.0).build();
        float[] loops = HostKernelTwinsTest.figureEights(3.0, p, envs);
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false);
             dev.trackgen.pipeline.CenterlinePipeline pipe = new dev.trackgen.pipeline.CenterlinePipeline(c, p, host)) {
            cpu = pipe.run(loops).snapshot();
        }
        assertEquals(envs, cpu.validCount(), "every figure-eight is a bridge course");
        try (CudaRuntime rt = runtime(driver());
             dev.trackgen.pipeline.CenterlinePipeline pipe = new dev.trackgen.pipeline.CenterlinePipeline(c, p, rt)) {
            pipe.run(loops);
            assertSameBatch(cpu, pipe.run(loops).snapshot());
        }
    }

    @Test
    void aCapturedHeightfieldBakeEqualsTheCpuBake() {
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(6).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.2).set(ElevationKnobs.BANK_SPEED, 1.5).build();
        dev.trackgen.pipeline.HeightfieldOptions o = dev.trackgen.pipeline.HeightfieldOptions.builder().resolution(48).build();
        int cells = 6 * 48 * 48;
        float[] want = new float[cells];
        try (CpuRuntime host = new CpuRuntime(2, false);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(6, 9)).runtime(host).build()) {
            host.download(new dev.trackgen.pipeline.HeightfieldBaker(gen.generate(), o).bake().height(), want);
        }
        float[] got = new float[cells];
        try (CudaRuntime rt = runtime(driver());
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(6, 9)).runtime(rt).build()) {
            dev.trackgen.pipeline.HeightfieldBaker baker = new dev.trackgen.pipeline.HeightfieldBaker(gen.generate(), o);
            dev.trackgen.api.runtime.CapturedGraph g = rt.capture(() -> baker.plan().enqueue(rt));
            g.replay();
            rt.synchronize();
            rt.download(baker.grid().height(), got);
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(want, got);
    }

    /**
     * Masked regeneration on the CUDA runtime's path: the graph is captured on the first masked
     * call and replayed with every later mask; the selected envs equal a full CPU batch with
     * their new seeds, the others keep theirs although the RNG moved on for every env.
     */
    @Test
    void maskedRegenerationReplaysOneGraphForAnyMask() {
        int envs = 8;
        TrackGenConfig c = config(envs);
        EmulatedDriver d = driver();
        try (CudaRuntime rt = runtime(d);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, 1))
                     .runtime(rt).build();
             CpuRuntime host = new CpuRuntime(2, false)) {
            gen.generate();
            I32Array mask = rt.allocI32(envs);
            int[] kept = gen.rng().seeds();
            int launches = -1;
            for (int round = 0; round < 3; round++) {
                int[] flags = new int[envs];
                flags[round] = 1;
                flags[(round + 3) % envs] = 1;
                int[] fresh = new int[envs];
                for (int e = 0; e < envs; e++) {
                    fresh[e] = 500 + 10 * round + e;
                    if (flags[e] != 0) {
                        kept[e] = fresh[e];
                    }
                }
                gen.rng().reseed(fresh);
                rt.upload(flags, mask);
                TrackSnapshot got = gen.generate(mask).snapshot();
                if (round == 0) {
                    launches = d.log.size();
                } else {
                    assertEquals(launches, d.log.size(), "later masked calls replay the graph, launching nothing eagerly");
                }
                TrackSnapshot want;
                try (TrackGenerator cpu = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromSeeds(kept))
                        .runtime(host).build()) {
                    want = cpu.generate().snapshot();
                }
                assertSameBatch(want, got);
            }
        }
    }

    @Test
    void laterCallsReplayTheGraphWithNewSeedsAndStablePointers() {
        EmulatedDriver d = driver();
        try (CudaRuntime rt = runtime(d);
             TrackGenerator gen = TrackGenLauncher.discover().builder(config(8)).rng(PerEnvSeededRng.fromScalar(8, 1)).runtime(rt)
                     .build()) {
            assertTrue(gen.replaying());
            TrackSnapshot first = gen.generate().snapshot();
            int launchesAfterFirst = d.log.size();
            long center = rt.devicePointer(gen.track().center());
            TrackSnapshot second = gen.generate().snapshot();
            assertEquals(launchesAfterFirst, d.log.size(), "later calls replay the graph, launching nothing eagerly");
            assertSameBatch(first, second);
            gen.rng().reseed(99);
            TrackSnapshot third = gen.generate().snapshot();
            assertFalse(java.util.Arrays.equals(first.center(), third.center()), "reseeding changes the batch");
            assertEquals(center, rt.devicePointer(gen.track().center()));
        }
    }

    @Test
    void captureRefusesAllocationAndHostCopiesBeforeReachingTheDriver() {
        EmulatedDriver d = driver();
        try (CudaRuntime rt = runtime(d)) {
            I32Array a = rt.allocI32(4);
            int[] host = new int[4];
            List<Runnable> bad = List.of(() -> rt.allocF32(3), () -> rt.allocI32(3), () -> rt.allocVec2(3),
                    () -> rt.upload(host, a), () -> rt.download(a, host), rt::synchronize,
                    () -> rt.capture(() -> { }));
            for (Runnable r : bad) {
                assertThrows(CaptureViolationException.class, () -> rt.capture(r));
            }
            // the runtime is usable after a refused capture, and a good capture records its steps
            I32Array b = rt.allocI32(4);
            KernelArgs fill = FillI32Kernel.INSTANCE.args().out(a).value(7);
            assertThrows(CaptureViolationException.class, () -> rt.capture(() -> rt.launch(FillI32Kernel.INSTANCE, 4,
                    fill)), "a module is never loaded inside a capture");
            assertTrue(rt.supports(FillI32Kernel.INSTANCE));
            CapturedGraph g = rt.capture(() -> {
                rt.launch(FillI32Kernel.INSTANCE, 4, fill);
                rt.copy(a, b);
            });
            assertEquals(2, g.size());
            rt.download(b, host);
            assertArrayEquals(new int[4], host, "capture records without running");
            g.replay();
            rt.synchronize();
            rt.download(b, host);
            assertArrayEquals(new int[] {7, 7, 7, 7}, host);
            g.close();
            assertThrows(IllegalStateException.class, g::replay);
        }
    }

    @Test
    void runtimeSemantics() {
        try (CudaRuntime a = runtime(driver()); CudaRuntime b = runtime(driver())) {
            assertSame(a.executionLock(), b.executionLock(), "one process-wide lock");
            assertTrue(a.prefersReplay());
            assertEquals("cuda", a.name());
            assertTrue(a.supports(FillI32Kernel.INSTANCE));
            assertFalse(a.supports(JavaOnlyKernel.INSTANCE));
            assertFalse(a.supports(MissingModuleKernel.INSTANCE));
            I32Array x = a.allocI32(2);
            assertTrue(a.accepts(x));
            assertFalse(b.accepts(x), "device memory of another runtime");
            assertFalse(a.accepts(new dev.trackgen.api.runtime.HostI32Array(2)), "host memory");
            assertThrows(UnsupportedOperationException.class,
                    () -> a.launch(JavaOnlyKernel.INSTANCE, 2, JavaOnlyKernel.INSTANCE.args().set(0, x)));
            assertThrows(IllegalArgumentException.class,
                    () -> b.launch(FillI32Kernel.INSTANCE, 2, FillI32Kernel.INSTANCE.args().out(x).value(1)),
                    "arrays of another runtime are refused");
            assertThrows(IllegalArgumentException.class, () -> a.upload(new int[3], x));
            assertNotEquals(a.devicePointer(x), b.devicePointer(b.allocI32(2)));
        }
    }

    @Test
    void largeSharedMemoryIsRequestedOrRefusedAndTheRelaxationStillMatches() {
        TrackGenConfig wide = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(4).runtime("cpu").nMax(700).build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(wide, 4, host, 1);
        }
        EmulatedDriver optIn = new EmulatedDriver(Twins.harness(), 227 * 1024);
        try (CudaRuntime rt = runtime(optIn)) {
            assertSameBatch(cpu, run(wide, 4, rt, 2));
        }
        assertTrue(optIn.log.stream().anyMatch(s -> s.startsWith("allowDynamicShared tg_xpbd_relax")), "opted in");
        EmulatedDriver small = new EmulatedDriver(Twins.harness(), 48 * 1024);
        try (CudaRuntime rt = runtime(small)) {
            assertSameBatch(cpu, run(wide, 4, rt, 1));
        }
        assertTrue(small.log.stream().noneMatch(s -> s.startsWith("allowDynamicShared")), "fell back to global scratch");
    }

    @Test
    void aGeneratorWithJavaOnlyKernelsRunsOnTheHostAndIsUploaded() {
        GeneratorRegistry registry = GeneratorRegistry.discover();
        CenterlineGenerator bezier = registry.get("bezier");
        registry.register(new JavaOnlyGenerator(bezier), "test");
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(6).runtime("cpu").generator("javaonly").build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(1, false);
             TrackGenerator gen = TrackGenLauncher.discover().builder(config(6)).rng(PerEnvSeededRng.fromScalar(6, 8)).runtime(host)
                     .build()) {
            cpu = gen.generate().snapshot();
        }
        try (CudaRuntime rt = runtime(driver());
             TrackGenerator gen = new TrackGenLauncher(registry, dev.trackgen.registry.RuntimeRegistry.discover()).builder(c).rng(PerEnvSeededRng.fromScalar(6, 8)).runtime(rt)
                     .build()) {
            assertTrue(gen.generatorOnHost());
            gen.generate();
            assertSameBatch(cpu, gen.generate().snapshot());
        }
    }

    /** A generator on the simple SPI: circles of random radius and centre. */
    static final class SimpleCircles extends SimpleCenterlineGenerator {
        private static final int STREAM = RandomStreams.named("simple_circles/shape");

        @Override
        public String name() {
            return "simple_circles";
        }

        @Override
        protected void fill(int seed, KnobValues knobs, float[] xy, int offset, int n) {
            float r = CounterRng.uniform(seed, STREAM, 0, 0.6f, 0.9f);
            float cx = CounterRng.uniform(seed, STREAM, 1, -0.2f, 0.2f);
            for (int i = 0; i < n; i++) {
                double t = 2 * Math.PI * i / n;
                xy[offset + 2 * i] = cx + r * (float) Math.cos(t);
                xy[offset + 2 * i + 1] = r * (float) Math.sin(t);
            }
        }
    }

    @Test
    void aSimpleSpiGeneratorRunsOnTheHostOfTheCudaRuntimeLikeOnTheCpu() {
        GeneratorRegistry registry = GeneratorRegistry.discover();
        registry.register(new SimpleCircles(), "test");
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(6).runtime("cpu").generator("simple_circles").build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false);
             TrackGenerator gen = new TrackGenLauncher(registry, dev.trackgen.registry.RuntimeRegistry.discover()).builder(c).rng(PerEnvSeededRng.fromScalar(6, 4)).runtime(host)
                     .build()) {
            cpu = gen.generate().snapshot();
        }
        assertEquals(6, cpu.validCount());
        try (CudaRuntime rt = runtime(driver());
             TrackGenerator gen = new TrackGenLauncher(registry, dev.trackgen.registry.RuntimeRegistry.discover()).builder(c).rng(PerEnvSeededRng.fromScalar(6, 4)).runtime(rt)
                     .build()) {
            assertTrue(gen.generatorOnHost(), "a Java-only kernel: the host path");
            gen.generate();
            assertSameBatch(cpu, gen.generate().snapshot());
        }
    }

    /**
     * The s-bend example (examples/s-bend, the simple SPI's 60-line plugin, found by ServiceLoader
     * on the test class path) on the emulated driver: the host path, equal to the CPU batch, at
     * its defaults and with both knobs set.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "s_bend_amount=0.45,s_bend_corner=0.8"})
    void theSBendExampleRunsOnTheHostOfTheCudaRuntimeLikeOnTheCpu(String settings) {
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(launcher.generator("s_bend")).numEnvs(8).runtime("cpu");
        for (String kv : settings.isEmpty() ? new String[0] : settings.split(",")) {
            b.set(kv.split("=")[0], kv.split("=")[1]);
        }
        TrackGenConfig c = b.build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false);
             TrackGenerator gen = launcher.builder(c).rng(PerEnvSeededRng.fromScalar(8, 2)).runtime(host).build()) {
            cpu = gen.generate().snapshot();
        }
        assertEquals(8, cpu.validCount());
        try (CudaRuntime rt = runtime(driver());
             TrackGenerator gen = launcher.builder(c).rng(PerEnvSeededRng.fromScalar(8, 2)).runtime(rt).build()) {
            assertTrue(gen.generatorOnHost(), "s_bend has a Java body only: the host path");
            gen.generate();
            assertSameBatch(cpu, gen.generate().snapshot());
        }
    }

    /** The launches a call made eagerly: the driver logs launches when enqueued, not when a graph replays them. */
    private static List<String> launchedSince(EmulatedDriver d, int from) {
        return d.log.subList(from, d.log.size()).stream().filter(s -> s.startsWith("launch "))
                .map(s -> s.substring("launch ".length())).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hull", "polar", "voronoi", "checkpoint", "circuit"})
    void everyCapturableGeneratorIsWarmedUpCapturedAndReplayedLikeTheCpuBatch(String name) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(8).runtime("cpu").generator(name);
        if (name.equals("checkpoint")) {
            b.set("checkpoint_clip_fallback", "true");
        }
        TrackGenConfig c = b.build();
        TrackSnapshot cpu;
        TrackSnapshot cpuReseeded;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(c, 3, host, 1);
            cpuReseeded = run(c, 40, host, 1);
        }
        EmulatedDriver d = driver();
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(8, 3);
        try (CudaRuntime rt = runtime(d);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(rng).runtime(rt).build()) {
            assertFalse(gen.generatorOnHost(), "every kernel of " + name + " has a CUDA body");
            assertTrue(gen.replaying());
            TrackSnapshot first = gen.generate().snapshot();
            List<String> warmUp = launchedSince(d, 0);
            for (Kernel k : gen.generator().kernels()) { // with the clip, checkpoint launches all its kernels too
                assertTrue(warmUp.contains(k.name()), () -> k.name() + " ran on the device: " + warmUp);
            }
            int afterFirst = d.log.size();
            TrackSnapshot second = gen.generate().snapshot();
            assertEquals(List.of(), launchedSince(d, afterFirst), "later calls replay the graph, generator included");
            assertSameBatch(cpu, first);
            assertSameBatch(cpu, second);
            rng.reseed(40);
            assertSameBatch(cpuReseeded, gen.generate().snapshot());
            assertEquals(List.of(), launchedSince(d, afterFirst), "new seeds reach the generator inside the graph");
        }
        assertEquals(d.allocations, d.frees, "every allocation is freed on close");
    }

    @Test
    void theRepulsiveGeneratorRunsEagerlyOnTheDeviceBeforeTheReplayedRemainder() {
        TrackGenConfig c = HostGeneratorTwinsTest.lightRepulsive(4).build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(c, 5, host, 1);
        }
        EmulatedDriver d = driver();
        try (CudaRuntime rt = runtime(d);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(4, 5)).runtime(rt).build()) {
            assertFalse(gen.generatorOnHost(), "repulsive has CUDA bodies: it runs on the device, eagerly");
            assertFalse(gen.generator().capturable());
            TrackSnapshot first = gen.generate().snapshot();
            int afterFirst = d.log.size();
            TrackSnapshot second = gen.generate().snapshot();
            List<String> again = launchedSince(d, afterFirst);
            java.util.Set<String> generatorKernels = new java.util.TreeSet<>();
            gen.generator().kernels().forEach(k -> generatorKernels.add(k.name()));
            assertTrue(again.contains("tg_rep_gradient"), "the generator runs again on every call");
            assertTrue(generatorKernels.containsAll(again), () -> "only the generator runs eagerly, the rest replays: "
                    + new java.util.TreeSet<>(again));
            assertSameBatch(cpu, first);
            assertSameBatch(cpu, second);
        }
    }

    @Test
    void theGpuBenchmarkRunsAndReports(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        GpuBenchmark.Plan plan = new GpuBenchmark.Plan(new int[] {4}, 2, 4, 2, 1, HostGeneratorTwinsTest::light);
        try (CudaRuntime rt = runtime(driver())) {
            String report = GpuBenchmark.report(rt, plan, dir.resolve("benchmark.md"));
            for (String g : List.of("bezier", "hull", "polar", "voronoi", "checkpoint")) {
                assertTrue(report.contains("| " + g + " | 4 | default |"), report);
                assertTrue(report.contains("| " + g + " | 4 | relax off |"), report);
            }
            assertTrue(report.contains("| repulsive | 2 | eager, not captured |"), report);
            assertTrue(report.contains("| tg_xpbd_relax |"), report);
            assertTrue(java.nio.file.Files.exists(dir.resolve("benchmark.md")));
        }
    }

    /** A kernel with a Java body only. */
    static final class JavaOnlyKernel extends AbstractKernel {
        static final JavaOnlyKernel INSTANCE = new JavaOnlyKernel();

        private JavaOnlyKernel() {
            super("test_java_only", null, dev.trackgen.api.runtime.KernelParam.i32("out"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
        }
    }

    /** A kernel whose PTX module is not on the class path. */
    static final class MissingModuleKernel extends AbstractKernel {
        static final MissingModuleKernel INSTANCE = new MissingModuleKernel();

        private MissingModuleKernel() {
            super("test_missing", "trackgen-ptx/no-such-module.ptx", dev.trackgen.api.runtime.KernelParam.i32("out"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
        }
    }

    /** The bezier generator as a plugin that ships Java bodies only. */
    static final class JavaOnlyGenerator implements CenterlineGenerator {
        private final CenterlineGenerator delegate;

        JavaOnlyGenerator(CenterlineGenerator delegate) {
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return "javaonly";
        }

        @Override
        public String description() {
            return "bezier with a Java-only kernel";
        }

        @Override
        public List<Kernel> kernels() {
            List<Kernel> k = new ArrayList<>(delegate.kernels());
            k.add(JavaOnlyKernel.INSTANCE);
            return k;
        }

        @Override
        public GeneratorScratch allocateScratch(ComputeRuntime runtime, TrackGenConfig config) {
            return delegate.allocateScratch(runtime, config);
        }

        @Override
        public void generate(ComputeRuntime runtime, I32Array seeds, TrackGenConfig config, Vec2Array out,
                             I32Array valid, GeneratorScratch scratch) {
            delegate.generate(runtime, seeds, config, out, valid, scratch);
        }
    }
}
