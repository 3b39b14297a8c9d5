package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.gates.GateOrdering;
import dev.trackgen.gates.ZProfile;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link GateGenerator} on the CUDA runtime's path (the real {@link CudaRuntime} over the
 * emulated driver, CUDA C bodies on the host): the gate stages are captured on the first call and
 * replayed after it, the masked call likewise, and every array equals the same generator's on the
 * CPU runtime, bit for bit, through whole and masked generation; every allocation is freed on close.
 */
class EmulatedCudaGatesTest {
    private static final int ENVS = 6;

    private static GateGenerator open(ComputeRuntime rt, String generator) {
        GateConfig c = GateConfig.builder().numEnvs(ENVS).generator(generator).gateOrdering(GateOrdering.CCW)
                .zProfile(ZProfile.RANDOM_WALK).zBase(1.0f).zMin(0.0f).zMax(2.0f).zMaxStep(0.5f).zValidGrade(0.5f)
                .build();
        return GateGenerator.builder(c).generator(GeneratorRegistry.discover().get(generator)).runtime(rt)
                .rng(PerEnvSeededRng.fromScalar(ENVS, 5)).build();
    }

    @Test
    void aJavaOnlyPluginPlanViewRunsOnTheHostAndTheGatesOnTheDevice() {
        GateConfig c = GateConfig.builder().numEnvs(ENVS).generator("s_bend").zProfile(ZProfile.UNIFORM).zMin(0.5f)
                .zMax(1.5f).build();
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(d);
             CpuRuntime host = new CpuRuntime(2, false);
             GateGenerator cuda = GateGenerator.builder(c).generator(GeneratorRegistry.discover().get("s_bend"))
                     .runtime(rt).hostRuntime(() -> new CpuRuntime(1, false)).build();
             GateGenerator cpu = GateGenerator.builder(c).generator(GeneratorRegistry.discover().get("s_bend"))
                     .runtime(host).build()) {
            GateCourseSnapshot want = cpu.generate().snapshot();
            assertSameCourse("s_bend first call", want, cuda.generate().snapshot());
            assertSameCourse("s_bend replayed", want, cuda.generate().snapshot());
            assertTrue(d.log.stream().anyMatch(l -> l.equals("launch tg_gate_place")), "the gate stages ran on the device");
        }
        assertEquals(d.allocations, d.frees, "every allocation is freed on close");
    }

    static void assertSameCourse(String what, GateCourseSnapshot want, GateCourseSnapshot got) {
        assertArrayEquals(want.count(), got.count(), what + ": count");
        assertArrayEquals(want.valid(), got.valid(), what + ": valid");
        assertArrayEquals(want.position(), got.position(), what + ": position");
        assertArrayEquals(want.tangent(), got.tangent(), what + ": tangent");
        assertArrayEquals(want.orientation(), got.orientation(), what + ": orientation");
        assertArrayEquals(want.halfSize(), got.halfSize(), what + ": halfSize");
        assertArrayEquals(want.left(), got.left(), what + ": left");
        assertArrayEquals(want.right(), got.right(), what + ": right");
        assertArrayEquals(want.linePoints(), got.linePoints(), what + ": linePoints");
        assertArrayEquals(want.lineArclen(), got.lineArclen(), what + ": lineArclen");
        assertArrayEquals(want.lineLength(), got.lineLength(), what + ": lineLength");
        assertArrayEquals(want.lineCount(), got.lineCount(), what + ": lineCount");
    }

    @Test
    void gateCoursesCaptureReplayAndMatchTheCpuThroughMaskedRegeneration() {
        for (String generator : new String[] {"bezier", "voronoi"}) {
            EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
            try (CudaRuntime rt = EmulatedCudaRuntimeTest.runtime(d);
                 CpuRuntime host = new CpuRuntime(2, false);
                 GateGenerator cuda = open(rt, generator);
                 GateGenerator cpu = open(host, generator)) {
                assertTrue(cuda.replaying(), "the CUDA runtime replays");
                GateCourseSnapshot want = cpu.generate().snapshot();
                assertSameCourse(generator + " first call", want, cuda.generate().snapshot());
                int launches = d.log.size();
                assertSameCourse(generator + " replayed", want, cuda.generate().snapshot());
                long eager = d.log.stream().skip(launches).filter(l -> l.startsWith("launch ")).count();
                assertEquals(0, eager, "a replayed call launches nothing eagerly");
                I32Array maskCuda = rt.allocI32(ENVS);
                I32Array maskCpu = host.allocI32(ENVS);
                for (int round = 0; round < 2; round++) {
                    int[] flags = new int[ENVS];
                    flags[round] = 1;
                    flags[round + 3] = 1;
                    rt.upload(flags, maskCuda);
                    host.upload(flags, maskCpu);
                    int[] ids = {round, round + 3};
                    int[] seeds = {700 + round, 750 + round};
                    cuda.rng().reseed(ids, seeds);
                    cpu.rng().reseed(ids, seeds);
                    GateCourseSnapshot w = cpu.generate(maskCpu).snapshot();
                    assertSameCourse(generator + " masked round " + round, w, cuda.generate(maskCuda).snapshot());
                }
            }
            assertEquals(d.allocations, d.frees, "every allocation is freed on close");
        }
    }
}
