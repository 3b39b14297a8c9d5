package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.OffRoadBackend;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The course module's kernels on a GPU (tag {@code gpu}, run by scripts/gpu-check.sh): every CUDA
 * body against its Java twin, the off-road check captured into a CUDA graph and replayed equal to
 * eager, CUDA against CPU on the same tracks, and the warm cost of the original's workload
 * (E = 8192 x 8 boxes) printed for docs/collision.md.
 */
@Tag("gpu")
class CudaCourseGpuTest {
    private static CudaRuntime rt;

    @BeforeAll
    static void start() {
        String reason = new CudaRuntimeProvider().unavailableReason();
        assertNull(reason, "the gpu-tagged tests need a usable CUDA runtime");
        rt = (CudaRuntime) RuntimeRegistry.discover().create("cuda", RuntimeOptions.defaults());
    }

    @AfterAll
    static void stop() {
        if (rt != null) {
            rt.close();
        }
    }

    @Test
    void theCourseOnTheGpuMatchesTheCpuCourseThroughRegenerationAndRespawn() {
        EmulatedCudaCourseTest.matchesTheCpuCourse(rt, null, Twins.GPU_TRANSCENDENTAL_ULPS);
    }

    @Test
    void everyCourseKernelMatchesItsJavaTwinOnTheGpu() {
        GpuRunner gpu = new GpuRunner(rt);
        HostCollisionTwinsTest.offRoadSegments(gpu);
        HostCollisionTwinsTest.sdf(gpu);
        HostCollisionTwinsTest.propsAndDiscs(gpu);
    }

    private static Boxes boxes(ComputeRuntime r, TrackSnapshot s, int perEnv, float hw) {
        int n = s.numEnvs() * perEnv;
        float[] pos = new float[2 * n];
        float[] head = new float[n];
        float[] he = new float[2 * n];
        Random rnd = new Random(1);
        for (int t = 0; t < n; t++) {
            int e = t / perEnv;
            int k = 2 * (e * s.nMax() + rnd.nextInt(Math.max(1, s.count()[e])));
            double u = (rnd.nextDouble() * 2.4 - 1.2) * hw;
            pos[2 * t] = (float) (s.center()[k] + u * s.normal()[k]);
            pos[2 * t + 1] = (float) (s.center()[k + 1] + u * s.normal()[k + 1]);
            head[t] = (float) (Math.atan2(s.tangent()[k + 1], s.tangent()[k]) + rnd.nextGaussian() * 0.3);
            he[2 * t] = 0.25f * hw;
            he[2 * t + 1] = 0.125f * hw;
        }
        Boxes b = new Boxes(perEnv, r.allocVec2(n), r.allocF32(n), r.allocVec2(n));
        r.upload(pos, b.position());
        r.upload(head, b.heading());
        r.upload(he, b.halfExtents());
        return b;
    }

    private static Track onCpu(CpuRuntime cpu, TrackSnapshot s) {
        Track t = Track.allocate(cpu, s.numEnvs(), s.nMax());
        cpu.upload(s.center(), t.center());
        cpu.upload(s.inner(), t.inner());
        cpu.upload(s.outer(), t.outer());
        cpu.upload(s.count(), t.count());
        return t;
    }

    @ParameterizedTest
    @EnumSource(OffRoadBackend.class)
    void capturedQueriesReplayAsEagerAndAgreeWithTheCpu(OffRoadBackend backend) {
        int envs = 8192;
        int perEnv = 8;
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(envs).runtime("cuda").build();
        try (TrackGenerator g = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(rt).build();
             CpuRuntime cpu = new CpuRuntime(0, false)) {
            g.generate();
            TrackSnapshot s = g.track().snapshot();
            float hw = (float) c.halfWidth();
            OffRoadOptions o = OffRoadOptions.sdf().withBackend(backend);
            OffRoadChecker gpu = new OffRoadChecker(g.track(), boxes(rt, s, perEnv, hw), o);
            BoxContacts.Snapshot eager = gpu.query().snapshot(rt);
            CapturedGraph graph;
            rt.executionLock().lock();
            try {
                graph = rt.capture(() -> gpu.queryPlan().enqueue(rt));
            } finally {
                rt.executionLock().unlock();
            }
            graph.replay();
            rt.synchronize();
            BoxContacts.Snapshot replayed = gpu.contacts().snapshot(rt);
            assertArrayEquals(eager.offRoad(), replayed.offRoad());
            assertArrayEquals(eager.clearance(), replayed.clearance());
            BoxContacts.Snapshot host = new OffRoadChecker(onCpu(cpu, s), boxes(cpu, s, perEnv, hw), o).query()
                    .snapshot(cpu);
            int same = 0;
            double worst = 0;
            for (int i = 0; i < host.offRoad().length; i++) {
                same += host.offRoad()[i] == eager.offRoad()[i] ? 1 : 0;
                if (Float.isFinite(host.clearance()[i])) {
                    worst = Math.max(worst, Math.abs(host.clearance()[i] - eager.clearance()[i]));
                }
            }
            System.out.printf(Locale.ROOT, "%s: CUDA vs CPU flags agree on %d of %d boxes, worst clearance difference %.3g%n",
                    backend.id(), same, host.offRoad().length, worst);
            assertTrue(same >= host.offRoad().length - 8, "flags differ on " + (host.offRoad().length - same));
            assertTrue(worst < 1e-5, "clearance differs by " + worst);
            // the original's workload, warm: eager and replayed query, and the bake
            int calls = 50;
            double eagerMs = time(calls, () -> {
                gpu.query();
                rt.synchronize();
            });
            double replayMs = time(calls, () -> {
                graph.replay();
                rt.synchronize();
            });
            String bake = "";
            if (backend == OffRoadBackend.SDF) {
                double bakeMs = time(5, () -> {
                    gpu.bake();
                    rt.synchronize();
                });
                bake = String.format(Locale.ROOT, ", bake %.2f ms, grids %.1f MiB", bakeMs, gpu.sdfBytes() / 1048576.0);
            }
            System.out.printf(Locale.ROOT, "%s on %s, E=%d x B=%d: %.4f ms per query eager, %.4f ms replayed%s%n",
                    backend.id(), rt.describe(), envs, perEnv, eagerMs, replayMs, bake);
            graph.close();
        }
    }

    private static double time(int calls, Runnable r) {
        r.run();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            r.run();
        }
        return (System.nanoTime() - t0) / 1e6 / calls;
    }
}
