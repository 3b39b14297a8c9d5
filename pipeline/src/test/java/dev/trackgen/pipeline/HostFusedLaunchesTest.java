package dev.trackgen.pipeline;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CPU runtime's fused launches (arc-length resample, constant-spacing resample, inflation, and
 * the hull, voronoi, checkpoint and circuit generators' own: one launch per env, scratch in the worker) against the launches a device runtime gets (a runtime
 * that, like CUDA, runs only kernels with a device body): the same {@code Track} and the same
 * intermediates, bit for bit, for every capturable built-in generator; and what a batch keeps.
 */
class HostFusedLaunchesTest {
    private static final int E = 12;
    /** The generators' own host-fused kernels, for those that have them. */
    private static final Map<String, List<String>> GENERATOR_FUSED = Map.of(
            "hull", List.of("tg_loop_resample_host"),
            "voronoi", List.of("tg_voronoi_anchors_host", "tg_loop_resample_host"),
            "checkpoint", List.of("tg_checkpoint_host"),
            "circuit", List.of("tg_circuit_host"));

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "polar", "hull", "checkpoint", "voronoi", "circuit", "checkpoint-clip",
        "checkpoint-k1", "bezier-curvature-width"})
    void fusedAndSplitLaunchesGiveTheSameBatch(String label) {
        String name = label.startsWith("checkpoint") ? "checkpoint" : label.startsWith("bezier") ? "bezier" : label;
        TrackGenConfig.Builder b = Parts.config().generator(name).numEnvs(name.equals("circuit") ? 4 : E);
        if (label.equals("checkpoint-clip")) {
            b.set("checkpoint_clip_fallback", "true");
        } else if (label.equals("checkpoint-k1")) {
            b.set("checkpoint_best_of_k", "1");
        } else if (label.equals("bezier-curvature-width")) {
            b.set("width_profile", "curvature").set("half_width_min", "0.07").set("half_width_max", "0.12");
        }
        TrackGenConfig c = b.build();
        try (CpuRuntime cpu = new CpuRuntime(2, false)) {
            Launches fusedSeen = new Launches(cpu, true);
            Launches splitSeen = new Launches(cpu, false);
            Result fused = run(c, fusedSeen);
            Result split = run(c, splitSeen);
            assertTrue(fusedSeen.names.contains("tg_inflate_host"), fusedSeen.names.toString());
            assertTrue(fusedSeen.names.contains("tg_cs_resample_host"), fusedSeen.names.toString());
            assertFalse(splitSeen.names.contains("tg_inflate_host"), splitSeen.names.toString());
            assertTrue(splitSeen.names.contains("tg_uniform_scan"), splitSeen.names.toString());
            for (String own : GENERATOR_FUSED.getOrDefault(name, List.of())) {
                assertTrue(fusedSeen.names.contains(own), fusedSeen.names.toString());
                assertFalse(splitSeen.names.contains(own), splitSeen.names.toString());
            }
            assertEquals(c.numEnvs(), fused.track.numEnvs());
            assertSnapshotsEqual(split.track, fused.track);
            assertSnapshotsEqual(split.track, fused.trackAfterIntermediates);
            assertArrayEquals(split.spaced, fused.spaced);
            assertArrayEquals(split.relaxed, fused.relaxed);
            assertArrayEquals(split.generated, fused.generated);
            assertSnapshotsEqual(split.secondCall, fused.secondCall);
            assertArrayEquals(split.secondSpaced, fused.secondSpaced);
            assertArrayEquals(split.secondRelaxed, fused.secondRelaxed);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "voronoi", "checkpoint"})
    void aBatchKeepsAtMost41KilobytesPerEnvAtTheDefaultConfiguration(String name) {
        int e = 64;
        TrackGenConfig c = Parts.config().generator(name).numEnvs(e).build();
        try (CpuRuntime cpu = new CpuRuntime(1, false)) {
            CountingRuntime counting = new CountingRuntime(cpu);
            try (TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(counting).build()) {
                g.generate();
                long track = trackBytes(e, g.config().nMax());
                double perEnv = counting.bytes() / (double) e;
                // 25 KB before the Track's two per-point half-width rows (2 * 4 * N_max = 3 KB) and its
                // elevation rows (5 floats and a 3D tangent per point, 32 * N_max = 12 KB; the knot
                // scratch, 2 * 4 * z_control_points, 80 bytes)
                assertTrue(perEnv <= 41 * 1024, "runtime arrays per env: " + perEnv + " bytes");
                assertTrue(counting.bytes() >= track, "the Track alone is " + track + " bytes");
                long before = counting.bytes();
                g.intermediates();
                long added = counting.bytes() - before;
                long twoArrays = 2L * 8 * e * g.config().nMax();
                assertTrue(added >= twoArrays && added <= twoArrays + 1024L * e,
                        "asking for the intermediates adds their two arrays and the stages' small buffers: " + added);
            }
        }
    }

    private static long trackBytes(int e, int nMax) {
        return 5L * 8 * e * nMax + 4L * e * (nMax + 1) + 2L * 4 * e * nMax + 4L * 4 * e
                + 8L * 4 * e * nMax + 4L * e;
    }

    private record Result(TrackSnapshot track, float[] generated, float[] spaced, float[] relaxed,
                          TrackSnapshot trackAfterIntermediates, TrackSnapshot secondCall, float[] secondSpaced,
                          float[] secondRelaxed) {
    }

    private static Result run(TrackGenConfig c, ComputeRuntime runtime) {
        int e = c.numEnvs();
        try (TrackGenerator g = Parts.builder(c).rng(PerEnvSeededRng.fromScalar(e, 7)).runtime(runtime).build()) {
            TrackSnapshot first = g.generate().snapshot();
            int nMax = g.config().nMax();
            float[] generated = new float[2 * e * g.config().numPoints()];
            float[] spaced = new float[2 * e * nMax];
            float[] relaxed = new float[2 * e * nMax];
            TrackGenerator.Intermediates mid = g.intermediates();
            runtime.download(mid.generated(), generated);
            runtime.download(mid.spaced(), spaced);
            runtime.download(mid.relaxed(), relaxed);
            TrackSnapshot after = g.track().snapshot();
            g.rng().reseed(new int[] {0}, new int[] {12345});
            TrackSnapshot second = g.generate().snapshot();
            float[] spaced2 = new float[2 * e * nMax];
            float[] relaxed2 = new float[2 * e * nMax];
            runtime.download(g.intermediates().spaced(), spaced2);
            runtime.download(g.intermediates().relaxed(), relaxed2);
            return new Result(first, generated, spaced, relaxed, after, second, spaced2, relaxed2);
        }
    }

    private static void assertSnapshotsEqual(TrackSnapshot a, TrackSnapshot b) {
        assertArrayEquals(a.center(), b.center(), "center");
        assertArrayEquals(a.outer(), b.outer(), "outer");
        assertArrayEquals(a.inner(), b.inner(), "inner");
        assertArrayEquals(a.tangent(), b.tangent(), "tangent");
        assertArrayEquals(a.normal(), b.normal(), "normal");
        assertArrayEquals(a.arclen(), b.arclen(), "arclen");
        assertArrayEquals(a.length(), b.length(), "length");
        assertArrayEquals(a.winding(), b.winding(), "winding");
        assertArrayEquals(a.valid(), b.valid(), "valid");
        assertArrayEquals(a.count(), b.count(), "count");
    }

    /** Records the kernels launched; without host bodies, refuses kernels that have no device body (as CUDA does). */
    private static final class Launches extends ForwardingRuntime {
        final Set<String> names = new HashSet<>();
        private final boolean hostBodies;

        Launches(ComputeRuntime delegate, boolean hostBodies) {
            super(delegate);
            this.hostBodies = hostBodies;
        }

        @Override
        public boolean supports(Kernel k) {
            return hostBodies || k.cudaModule() != null;
        }

        @Override
        public void launch(Kernel k, int dim, KernelArgs a) {
            assertTrue(supports(k), k.name());
            names.add(k.name());
            super.launch(k, dim, a);
        }

        @Override
        public void close() {
        }
    }
}
