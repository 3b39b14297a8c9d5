package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks only a GPU can make (tag {@code gpu}: excluded by default, run by scripts/gpu-check.sh on
 * a lent GPU machine). These fail, never skip, when the CUDA runtime is unavailable. They run
 * smallest first (RNG draws, one kernel twin at a time, capture and replay, pointers, then whole
 * batches), so the first device fault is reported by the smallest test that hits it; this class
 * has its own runtime (a sticky fault in it does not reach the course's tests), and
 * scripts/gpu-check.sh runs it with {@code -Dtrackgen.cuda.syncEveryLaunch=true}, so an
 * asynchronous fault names its kernel.
 */
@Tag("gpu")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CudaGpuTest {
    private static CudaRuntime rt;

    @BeforeAll
    static void start() {
        String reason = new CudaRuntimeProvider().unavailableReason();
        assertNull(reason, "the gpu-tagged tests need a usable CUDA runtime");
        rt = (CudaRuntime) RuntimeRegistry.discover().create("cuda", RuntimeOptions.defaults());
        System.out.println("device: " + rt.describe());
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    private static TrackGenConfig config(int envs) {
        return TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cuda").build();
    }

    private static TrackGenerator generator(TrackGenConfig c, int seed, ComputeRuntime runtime) {
        return TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(c.numEnvs(), seed)).runtime(runtime).build();
    }

    /**
     * Kernels whose outputs go through double cos/sin/atan2 into a sequential walk or a discrete
     * choice: an ulp of difference on the GPU (libdevice vs Java, before rounding to float) can then
     * change later points or the chosen site, not just the last bit. They are bit-exact on the host
     * harness (HostGeneratorTwinsTest); here their differences are reported, not failed.
     */
    static final java.util.Set<String> TRANSCENDENTAL_WALKS = java.util.Set.of("tg_checkpoint_steer",
            "tg_checkpoint_close", "tg_voronoi_anchors", "tg_circuit_layout", "tg_circuit_emit");

    @Order(2)
    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void everyKernelMatchesItsJavaTwinOnTheGpu(String name) {
        TwinCheckingRuntime twin = new TwinCheckingRuntime(new GpuRunner(rt));
        TrackGenConfig.Builder b = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(64).runtime("cpu").generator(name);
        if (name.equals("checkpoint")) {
            b.set("checkpoint_clip_fallback", "true");
        }
        if (name.equals("repulsive")) {
            b = HostGeneratorTwinsTest.light(b.numEnvs(16));
        }
        try (TrackGenerator gen = generator(b.build(), 12, twin)) {
            gen.generate();
        }
        // transcendental functions (atan2, sin, cos) may differ by an ulp on the GPU: their direct
        // outputs are compared with a tolerance (Twins.ulpsAllowed), walks through them are reported;
        // a validity flag may flip on a track whose net turning lies within an ulp of the tolerance
        List<String> walks = twin.mismatches().stream()
                .filter(m -> TRANSCENDENTAL_WALKS.contains(m.substring(0, m.indexOf(' ')))).toList();
        if (!walks.isEmpty()) {
            System.out.println(name + ": transcendental walks differ on the GPU:\n" + String.join("\n", walks));
        }
        List<String> bad = twin.mismatches().stream().filter(m -> !m.startsWith("tg_validity valid["))
                .filter(m -> !walks.contains(m)).toList();
        assertTrue(bad.isEmpty(), () -> String.join("\n", twin.mismatches()));
        assertTrue(twin.mismatches().size() - walks.size() <= 1, () -> String.join("\n", twin.mismatches()));
    }

    @Order(1)
    @Test
    void rngDrawsAreIdenticalOnCpuAndCuda() {
        int n = 1 << 16;
        Random r = new Random(1);
        HostI32Array seeds = new HostI32Array(n);
        HostI32Array streams = new HostI32Array(n);
        HostI32Array indices = new HostI32Array(n);
        for (int i = 0; i < n; i++) {
            seeds.data()[i] = r.nextInt();
            streams.data()[i] = r.nextInt(20000);
            indices.data()[i] = r.nextInt(Integer.MAX_VALUE);
        }
        KernelArgs a = ToolkitTestKernels.Rng.INSTANCE.args().seeds(seeds).streams(streams).indices(indices)
                .bits(new HostI32Array(n)).uniform(new HostF32Array(n)).ranged(new HostF32Array(n))
                .ints(new HostI32Array(n));
        List<String> bad = Twins.runBoth(ToolkitTestKernels.Rng.INSTANCE, n, a,
                ToolkitTestKernels.Rng.INSTANCE.cudaLaunchShape(n, a), new GpuRunner(rt), 20);
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }

    @Order(3)
    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void captureThenReplayGivesTheEagerTrack(String name) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(512).runtime("cuda").generator(name);
        if (name.equals("repulsive")) { // eager generator, captured remainder
            b = HostGeneratorTwinsTest.light(b.numEnvs(32));
        }
        TrackGenConfig c = b.build();
        TrackSnapshot eager;
        try (TrackGenerator gen = generator(c, 4, new EagerRuntime(rt))) {
            assertFalse(gen.replaying());
            eager = gen.generate().snapshot();
        }
        try (TrackGenerator gen = generator(c, 4, rt)) {
            assertTrue(gen.replaying());
            assertFalse(gen.generatorOnHost(), name + " runs on the GPU");
            gen.generate();
            EmulatedCudaRuntimeTest.assertSameBatch(eager, gen.generate().snapshot());
        }
    }

    @Order(4)
    @Test
    void devicePointersAreStableAcross100ReplaysAndReseedingChangesTheBatch() {
        try (TrackGenerator gen = generator(config(1024), 6, rt)) {
            Track t = gen.generate();
            List<DeviceArray> arrays = List.of(t.center(), t.outer(), t.inner(), t.tangent(), t.normal(), t.arclen(),
                    t.length(), t.winding(), t.valid(), t.count());
            long[] pointers = arrays.stream().mapToLong(rt::devicePointer).toArray();
            TrackSnapshot first = t.snapshot();
            for (int i = 0; i < 100; i++) {
                assertTrue(t == gen.generate());
            }
            assertEquals(List.of(pointers).toString(), List.of(arrays.stream().mapToLong(rt::devicePointer).toArray())
                    .toString());
            for (int i = 0; i < arrays.size(); i++) {
                assertEquals(pointers[i], rt.devicePointer(arrays.get(i)));
            }
            EmulatedCudaRuntimeTest.assertSameBatch(first, t.snapshot());
            gen.rng().reseed(77);
            TrackSnapshot reseeded = gen.generate().snapshot();
            assertFalse(java.util.Arrays.equals(first.center(), reseeded.center()), "reseeding changes the batch");
        }
    }

    /** Yield and mean compactness (4 pi area / perimeter^2 of valid centerlines) of a batch. */
    static double[] quality(TrackSnapshot s) {
        int valid = 0;
        double compact = 0;
        int nMax = s.nMax();
        for (int e = 0; e < s.numEnvs(); e++) {
            if (s.valid()[e] == 0) {
                continue;
            }
            valid++;
            int n = s.count()[e];
            double area = 0;
            for (int i = 0; i < n; i++) {
                int j = i + 1 == n ? 0 : i + 1;
                float[] c = s.center();
                area += (double) c[2 * (e * nMax + i)] * c[2 * (e * nMax + j) + 1]
                        - (double) c[2 * (e * nMax + j)] * c[2 * (e * nMax + i) + 1];
            }
            double p = s.length()[e];
            compact += 4 * Math.PI * Math.abs(area / 2) / (p * p);
        }
        return new double[] {valid / (double) s.numEnvs(), valid == 0 ? 0 : compact / valid};
    }

    /**
     * Every capturable generator at E = 4096, repulsive (default configuration, eager on the GPU) at
     * E = 128: yields within 0.005 (or two envs) and mean compactness within 0.01.
     */
    @Order(5)
    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void cpuAndCudaAgreeInYieldAndCompactness(String name) {
        int e = name.equals("repulsive") ? 128 : 4096;
        TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(e).runtime("cuda").generator(name).build();
        TrackSnapshot cuda;
        try (TrackGenerator gen = generator(c, 0, rt)) {
            cuda = gen.generate().snapshot();
        }
        TrackSnapshot cpu;
        try (CpuRuntime host = CpuRuntime.allCores(); TrackGenerator gen = generator(c, 0, host)) {
            cpu = gen.generate().snapshot();
        }
        double[] qc = quality(cuda);
        double[] qh = quality(cpu);
        System.out.printf("%s E=%d yield cpu %.4f cuda %.4f, compactness cpu %.4f cuda %.4f%n", name, e, qh[0], qc[0],
                qh[1], qc[1]);
        assertEquals(qh[0], qc[0], Math.max(0.005, 2.0 / e), "yield");
        assertEquals(qh[1], qc[1], 0.01, "mean compactness");
    }
}
