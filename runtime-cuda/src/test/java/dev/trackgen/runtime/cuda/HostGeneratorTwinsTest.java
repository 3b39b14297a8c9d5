package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.generators.knobs.CheckpointKnobs;
import dev.trackgen.generators.knobs.HullKnobs;
import dev.trackgen.generators.knobs.PolarKnobs;
import dev.trackgen.generators.knobs.RepulsiveKnobs;
import dev.trackgen.generators.knobs.VoronoiKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CUDA C bodies of the hull, polar, voronoi, checkpoint and repulsive generators, compiled for
 * the host, against their Java twins element by element inside real batches of each generator:
 * every launch of a generator run (and, for each generator's default configuration, of the whole
 * pipeline after it) runs both bodies on the same inputs. Each generator runs in several
 * configurations and seeds chosen so that its branches are taken (polygon fallbacks, the
 * clip, pinch flags, dedup redraws, frozen envs, general exponents), which the tests measure on
 * the batches themselves.
 */
class HostGeneratorTwinsTest {
    private static final GeneratorRegistry REGISTRY = GeneratorRegistry.discover();

    /** Runs of one generator on twin runtimes: mismatches, kernels launched, branch counters. */
    private static final class Coverage {
        final String generator;
        final Set<String> launched = new TreeSet<>();
        final Map<String, Integer> counters = new TreeMap<>();
        private final TwinCheckingRuntime.Observer observer;

        Coverage(String generator, TwinCheckingRuntime.Observer observer) {
            this.generator = generator;
            this.observer = observer;
        }

        void count(String what, int n) {
            counters.merge(what, n, Integer::sum);
        }

        int counter(String what) {
            return counters.getOrDefault(what, 0);
        }

        TrackGenConfig.Builder config(int envs) {
            return TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cpu").generator(generator);
        }

        private TwinCheckingRuntime runtime() {
            return new TwinCheckingRuntime(Twins.hostRunner()).observe(observer);
        }

        private void check(TwinCheckingRuntime rt, TrackGenConfig c, int seed) {
            launched.addAll(rt.launches().keySet());
            assertTrue(rt.mismatches().isEmpty(), () -> generator + " seed " + seed + " E = " + c.numEnvs()
                    + ": CUDA C bodies differ from their Java twins:\n" + String.join("\n", rt.mismatches()));
        }

        /** The generator alone, on the twin runtime. */
        void generator(TrackGenConfig c, int seed) {
            TwinCheckingRuntime rt = runtime();
            CenterlineGenerator g = REGISTRY.get(c.generator());
            int e = c.numEnvs();
            I32Array seeds = rt.allocI32(e);
            rt.upload(PerEnvSeededRng.fromScalar(e, seed).seeds(), seeds);
            Vec2Array out = rt.allocVec2(e * c.numPoints());
            I32Array valid = rt.allocI32(e);
            g.generate(rt, seeds, c, out, valid, g.allocateScratch(rt, c));
            check(rt, c, seed);
        }

        /** The whole pipeline with this generator, on the twin runtime. */
        void pipeline(TrackGenConfig c, int seed) {
            TwinCheckingRuntime rt = runtime();
            try (TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(c.numEnvs(), seed))
                    .runtime(rt).build()) {
                gen.generate();
            }
            check(rt, c, seed);
            assertTrue(rt.launches().containsKey("tg_validity"), () -> "launched " + rt.launches());
        }

        /** Every kernel the generator declares was launched (and so checked) at least once. */
        void assertEveryKernelLaunched() {
            Set<String> declared = REGISTRY.get(generator).kernels().stream().map(Kernel::name)
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> missing = new TreeSet<>(declared);
            missing.removeAll(launched);
            assertTrue(missing.isEmpty(), () -> generator + ": never launched " + missing);
        }

        void assertCounted(String what) {
            assertTrue(counter(what) > 0, () -> generator + ": no batch had " + what + " (" + counters + ")");
        }
    }

    private static int positives(int[] a, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            n += a[i] > 0 ? 1 : 0;
        }
        return n;
    }

    /** Counts the envs of a polygon-fallback launch of tg_loop_dense (active flags set). */
    private static void countPolygonFallbacks(Coverage c, Kernel k, int dim, KernelArgs a) {
        if (k.name().equals("tg_loop_dense") && a.intValue(5) != 0) {
            int[] active = a.i32(6);
            int crossing = positives(active, 0, active.length);
            c.count("polygon fallback envs", crossing);
            c.count("spline envs", active.length - crossing);
        }
        if (k.name().equals("tg_loop_dense") && a.intValue(5) == 0) {
            c.count(a.intValue(7) != 0 ? "centripetal launches" : "uniform launches", 1);
        }
    }

    @Test
    void hullKernelsMatchInsideRealBatches() {
        Coverage[] box = new Coverage[1];
        Coverage c = new Coverage("hull", (k, dim, a) -> {
            countPolygonFallbacks(box[0], k, dim, a);
            if (k.name().equals("tg_corner_sample")) {
                // corners whose cell repeats an earlier one's (the dedup redraws ran out)
                int p = a.intValue(7);
                int[] used = a.i32(9);
                for (int e = 0; e < dim; e++) {
                    Set<Integer> cells = new TreeSet<>();
                    for (int i = 0; i < p; i++) {
                        if (!cells.add(used[e * p + i])) {
                            box[0].count("repeated cells", 1);
                        }
                    }
                }
            }
        });
        box[0] = c;
        c.pipeline(c.config(16).build(), 3);
        // many corners, large displacements: about a quarter of the splines cross and fall back
        c.generator(c.config(24).set(HullKnobs.DISPLACEMENT, 0.8).set(BezierKnobs.MIN_NUM_POINTS, 50)
                .set(BezierKnobs.MAX_NUM_POINTS, 60).set(BezierKnobs.MIN_POINT_DISTANCE, 0.03)
                .set(PipelineKnobs.NUM_POINTS, 128).build(), 7);
        c.generator(c.config(24).set(HullKnobs.DISPLACEMENT, 0.0).set(BezierKnobs.MIN_NUM_POINTS, 3)
                .set(BezierKnobs.MAX_NUM_POINTS, 5).set(BezierKnobs.NUM_POINTS_PER_SEGMENT, 6).build(), 11);
        c.generator(c.config(16).set(BezierKnobs.MIN_POINT_DISTANCE, 0.2).set(BezierKnobs.MAX_NUM_POINTS, 20)
                .set(BezierKnobs.SCALE, 2.5).set(HullKnobs.DISPLACEMENT, 0.5).build(), 19);
        c.assertEveryKernelLaunched();
        c.assertCounted("polygon fallback envs");
        c.assertCounted("repeated cells");
        c.assertCounted("centripetal launches");
    }

    @Test
    void polarKernelsMatchInsideRealBatches() {
        Coverage c = new Coverage("polar", (k, dim, a) -> { });
        c.pipeline(c.config(16).build(), 4);
        c.generator(c.config(24).set(PolarKnobs.NUM_KNOTS, 4).set(PolarKnobs.RADIAL_JITTER, 0.85)
                .set(PolarKnobs.ANGULAR_JITTER, 0.45).set(BezierKnobs.NUM_POINTS_PER_SEGMENT, 5).build(), 8);
        c.generator(c.config(8).set(PolarKnobs.NUM_KNOTS, 40).set(PolarKnobs.RADIAL_JITTER, 0.0)
                .set(PolarKnobs.ANGULAR_JITTER, 0.0).set(BezierKnobs.SCALE, 3.0).build(), 12);
        c.assertEveryKernelLaunched();
    }

    @Test
    void voronoiKernelsMatchInsideRealBatches() {
        Coverage[] box = new Coverage[1];
        Coverage c = new Coverage("voronoi", (k, dim, a) -> {
            countPolygonFallbacks(box[0], k, dim, a);
            if (k.name().equals("tg_voronoi_anchors")) {
                box[0].count("layout boost " + a.floatValue(5), 1);
            }
        });
        box[0] = c;
        c.pipeline(c.config(16).build(), 5);
        // as many sites as anchors: every later anchor pays the used penalty on its nearest site
        c.generator(c.config(16).set(VoronoiKnobs.SITE_LAYOUT, "ring").set(VoronoiKnobs.NUM_SITES, 6)
                .set(VoronoiKnobs.CONTROL_POINTS, 6).set(VoronoiKnobs.ANGULAR_JITTER, 1.5).build(), 9);
        // more sites than threads of a block, not a multiple of them; the amplitude clamp
        c.generator(c.config(24).set(VoronoiKnobs.SITE_LAYOUT, "clustered").set(VoronoiKnobs.NUM_SITES, 300)
                .set(VoronoiKnobs.CONTROL_POINTS, 30).set(VoronoiKnobs.RADIAL_VARIATION, 2.0).build(), 13);
        c.generator(c.config(24).set(VoronoiKnobs.SITE_LAYOUT, "mixed").set(VoronoiKnobs.NUM_SITES, 64)
                .set(VoronoiKnobs.CONTROL_POINTS, 24).set(VoronoiKnobs.ANGULAR_JITTER, 0.6)
                .set(BezierKnobs.NUM_POINTS_PER_SEGMENT, 4).build(), 17);
        c.assertEveryKernelLaunched();
        c.assertCounted("polygon fallback envs");
        assertEquals(4, c.counters.keySet().stream().filter(s -> s.startsWith("layout boost")).count(),
                () -> "every layout: " + c.counters);
    }

    @Test
    void checkpointKernelsMatchInsideRealBatches() {
        Coverage[] box = new Coverage[1];
        Coverage c = new Coverage("checkpoint", (k, dim, a) -> {
            Coverage cov = box[0];
            switch (k.name()) {
                case "tg_checkpoint_clearance" -> {
                    int[] thin = a.i32(5);
                    cov.count("thin candidates", positives(thin, 0, dim));
                }
                case "tg_self_intersections" -> cov.count("crossing candidates", positives(a.i32(5), 0, dim));
                case "tg_checkpoint_clip" -> {
                    // a clipped row is shorter than N: its point N-1 is NaN
                    int n = a.intValue(1);
                    int m = a.intValue(2);
                    float[] dense = a.vec2(3);
                    for (int e = 0; e < dim; e++) {
                        cov.count(Float.isNaN(dense[2 * (e * m + n - 1)]) ? "clipped envs" : "unclipped envs", 1);
                    }
                }
                default -> { }
            }
        });
        box[0] = c;
        c.pipeline(c.config(16).build(), 6);
        c.generator(c.config(24).set(CheckpointKnobs.CLIP_FALLBACK, true).set(CheckpointKnobs.TURN_RATE, 0.9)
                .set(CheckpointKnobs.STEER_GAIN, 2.0).set(CheckpointKnobs.ANGLE_JITTER, 0.95).build(), 10);
        c.generator(c.config(16).set(CheckpointKnobs.BEST_OF_K, 1).set(CheckpointKnobs.CLIP_FALLBACK, true)
                .set(CheckpointKnobs.COUNT, 5).set(PipelineKnobs.NUM_POINTS, 100).build(), 14);
        c.generator(c.config(12).set(CheckpointKnobs.BEST_OF_K, 7).set(PipelineKnobs.HALF_WIDTH, 0.4)
                .set(CheckpointKnobs.COUNT, 24).set(CheckpointKnobs.LOOKAHEAD_FRAC, 0.05).build(), 18);
        c.assertEveryKernelLaunched();
        c.assertCounted("thin candidates");
        c.assertCounted("crossing candidates");
        c.assertCounted("clipped envs");
        c.assertCounted("unclipped envs");
    }

    @Test
    void circuitKernelsMatchInsideRealBatches() {
        Coverage[] box = new Coverage[1];
        Coverage c = new Coverage("circuit", (k, dim, a) -> {
            if (k.name().equals("tg_circuit_emit")) {
                int[] score = a.i32(2);
                for (int s : score) {
                    box[0].count(s >= 1 << 28 ? "unclosed candidates" : s >= 1 << 20 ? "contact candidates"
                            : "clear candidates", 1);
                    if (s < 1 << 28 && (s & (1 << 18)) != 0) {
                        box[0].count("turn-penalty candidates", 1);
                    }
                }
            }
        });
        box[0] = c;
        c.pipeline(c.config(3).set("circuit_best_of_k", "2").build(), 4);
        c.generator(c.config(24).set("circuit_best_of_k", "3").set("circuit_chicane_prob", "0.6").build(), 9);
        c.generator(c.config(16).set("circuit_best_of_k", "2").set("circuit_corners", "5")
                .set("circuit_length", "300").build(), 12);
        // corners too large for the lap: no candidate closes, every env is a stadium
        c.generator(c.config(3).set("circuit_radius_min", "150").set("circuit_radius_max", "150")
                .set("circuit_best_of_k", "2").build(), 1);
        c.assertEveryKernelLaunched();
        c.assertCounted("unclosed candidates");
        c.assertCounted("contact candidates");
        c.assertCounted("clear candidates");
        c.assertCounted("turn-penalty candidates");
    }

    /** The light repulsive settings of the pipeline tests (64 points, less growth, fewer iterations). */
    static TrackGenConfig.Builder light(TrackGenConfig.Builder b) {
        return b.set("num_points", "64").set("repulsive_stages", "16,32,64").set("repulsive_grow_mult_min", "2")
                .set("repulsive_grow_mult_max", "2.5").set("repulsive_settle_iters", "16");
    }

    /** The light repulsive configuration. */
    static TrackGenConfig.Builder lightRepulsive(int envs) {
        return light(TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cpu").generator("repulsive"));
    }

    @Test
    void repulsiveKernelsMatchInsideRealBatches() {
        Coverage[] box = new Coverage[1];
        Coverage c = new Coverage("repulsive", (k, dim, a) -> {
            Coverage cov = box[0];
            switch (k.name()) {
                case "tg_rep_freeze" -> cov.count("frozen env-windows", positives(a.i32(5), 0, dim));
                case "tg_rep_gradient" -> {
                    cov.count("gradient launches", 1);
                    if (a.intValue(10) != 0) {
                        cov.count("reached env-iterations", positives(a.i32(14), 0, dim));
                    }
                    if (a.floatValue(2) != 3f) {
                        cov.count("general exponents", 1);
                    }
                }
                default -> { }
            }
        });
        box[0] = c;
        c.pipeline(lightRepulsive(6).build(), 2);
        c.generator(lightRepulsive(5).set(RepulsiveKnobs.DEACTIVATE_OBSTACLES, false)
                .set(RepulsiveKnobs.ALPHA, 2.0).set(RepulsiveKnobs.BETA, 4.5).build(), 15);
        // the default resolution (64, 128, 256 points: more points than threads of a block)
        c.generator(TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(3).runtime("cpu").generator("repulsive")
                .set(RepulsiveKnobs.SETTLE_ITERS, 16).build(), 23);
        c.assertEveryKernelLaunched();
        c.assertCounted("frozen env-windows");
        c.assertCounted("reached env-iterations");
        c.assertCounted("general exponents");
    }
}
