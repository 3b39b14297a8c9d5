package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.WidthKnobs;
import dev.trackgen.api.config.RelaxKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.MergeRowsI32Kernel;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.SelectRowsKernel;
import dev.trackgen.api.kernel.SelfIntersectionsKernel;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every CUDA C body, compiled for the host with g++ and the host shim, against its Java twin on
 * the same inputs, element by element (CI has no GPU; see docs/cuda.md for what only a GPU checks).
 */
class HostKernelTwinsTest {

    @Test
    void philoxKnownAnswerVectorsHoldInC() {
        assertNull(Twins.harness().selfTest());
    }

    @Test
    void everyEntryPointHasAJavaTwinAndEveryTwinABody() {
        Set<String> entries = new TreeSet<>();
        for (Path cu : HostHarness.sources()) {
            entries.addAll(HostHarness.entryPoints(cu));
        }
        Set<String> twins = new TreeSet<>();
        for (Kernel k : Twins.allKernels()) {
            twins.add(k.name());
        }
        assertEquals(twins, entries, "CUDA entry points (left: Java twins, right: .cu files)");
        assertEquals(twins, new TreeSet<>(Twins.harness().kernels()), "kernels the host harness can run");
    }

    @Test
    void counterRngDrawsAreIdenticalInC() {
        int n = 4099;
        Random r = new Random(7);
        HostI32Array seeds = new HostI32Array(n);
        HostI32Array streams = new HostI32Array(n);
        HostI32Array indices = new HostI32Array(n);
        for (int i = 0; i < n; i++) {
            seeds.data()[i] = i < 100 ? i - 50 : r.nextInt();
            streams.data()[i] = i % 3 == 0 ? r.nextInt() : 2741 + (i % 7);
            indices.data()[i] = i < 2000 ? i : r.nextInt(Integer.MAX_VALUE);
        }
        KernelArgs a = ToolkitTestKernels.Rng.INSTANCE.args().seeds(seeds).streams(streams).indices(indices)
                .bits(new HostI32Array(n)).uniform(new HostF32Array(n)).ranged(new HostF32Array(n))
                .ints(new HostI32Array(n));
        assertNoMismatch(ToolkitTestKernels.Rng.INSTANCE, n, a);
    }

    @Test
    void geometryHelpersMatchJava() {
        int n = 3000;
        Random r = new Random(11);
        HostVec2Array p = new HostVec2Array(4 * n);
        float[] d = p.data();
        float[] specials = {0f, -0f, 1f, -1f, 1e-30f, Float.NaN, Float.POSITIVE_INFINITY, 3e9f, -3e9f};
        for (int i = 0; i < d.length; i++) {
            double u = r.nextDouble();
            if (u < 0.05) {
                d[i] = specials[r.nextInt(specials.length)];
            } else if (u < 0.3) {
                d[i] = (float) Math.round(r.nextGaussian() * 4); // collinear and touching cases
            } else {
                d[i] = (float) (r.nextGaussian() * (r.nextBoolean() ? 1 : 100));
            }
        }
        KernelArgs a = ToolkitTestKernels.GeometryTwin.INSTANCE.args().p(p).out(new HostF32Array(8 * n))
                .crossing(new HostI32Array(n));
        assertNoMismatch(ToolkitTestKernels.GeometryTwin.INSTANCE, n, a);
    }

    @Test
    void crossingCountsMatchJavaOnOneThreadAndOnABlock() {
        int envs = 60;
        int stride = 97;
        Random r = new Random(3);
        HostVec2Array poly = new HostVec2Array(envs * stride);
        HostI32Array count = new HostI32Array(envs);
        for (int e = 0; e < envs; e++) {
            int n = e < 3 ? e + 2 : 4 + r.nextInt(stride - 3);
            count.data()[e] = n;
            double x = 0;
            double y = 0;
            for (int i = 0; i < stride; i++) {
                if (e % 2 == 0) { // a random walk: many crossings
                    x += r.nextGaussian();
                    y += r.nextGaussian();
                } else { // a wobbly circle: few or none
                    double t = 2 * Math.PI * i / n;
                    double rad = 10 + r.nextGaussian() * (e % 4 == 1 ? 0.2 : 3);
                    x = rad * Math.cos(t);
                    y = rad * Math.sin(t);
                }
                poly.data()[2 * (e * stride + i)] = i == 5 && e == 7 ? Float.NaN : (float) x;
                poly.data()[2 * (e * stride + i) + 1] = (float) y;
            }
        }
        for (int maxCount : new int[] {0, 1, 3}) {
            KernelArgs single = ToolkitTestKernels.CountCrossings.INSTANCE.args().poly(poly).stride(stride)
                    .count(count).boxes(new HostF32Array(envs * Crossings.boxFloats(stride))).maxCount(maxCount)
                    .out(new HostI32Array(envs));
            assertNoMismatch(ToolkitTestKernels.CountCrossings.INSTANCE, envs, single);
            KernelArgs block = SelfIntersectionsKernel.INSTANCE.args().poly(poly).stride(stride).count(count)
                    .boxes(new HostF32Array(envs * Crossings.boxFloats(stride))).maxCount(maxCount)
                    .out(new HostI32Array(envs));
            assertNoMismatch(SelfIntersectionsKernel.INSTANCE, envs, block);
        }
    }

    @Test
    void theMaskedRowMergeMatches() {
        int envs = 9;
        int n = 3;
        HostI32Array fresh = new HostI32Array(envs * n);
        HostI32Array out = new HostI32Array(envs * n);
        HostI32Array flags = new HostI32Array(envs);
        for (int t = 0; t < envs * n; t++) {
            fresh.data()[t] = 1000 + t;
            out.data()[t] = -t;
        }
        for (int e = 0; e < envs; e++) {
            flags.data()[e] = e % 3 == 0 ? 0 : e - 4;
        }
        KernelArgs a = MergeRowsI32Kernel.INSTANCE.args().fresh(fresh).flags(flags).n(n).out(out);
        assertNoMismatch(MergeRowsI32Kernel.INSTANCE, envs * n, a);
    }

    @Test
    void theRowSelectMatches() {
        // no built-in generator launches tg_select_rows any more (bezier resamples into its output
        // rows), so it is compared here: rows of b where the flag is positive, of a elsewhere
        int envs = 7;
        int n = 5;
        HostVec2Array a = new HostVec2Array(envs * n);
        HostVec2Array b = new HostVec2Array(envs * n);
        HostI32Array flag = new HostI32Array(envs);
        for (int i = 0; i < 2 * envs * n; i++) {
            a.data()[i] = i * 0.5f;
            b.data()[i] = i % 11 == 0 ? Float.NaN : -i;
        }
        for (int e = 0; e < envs; e++) {
            flag.data()[e] = e - 3;
        }
        KernelArgs args = SelectRowsKernel.INSTANCE.args().a(a).b(b).flag(flag).n(n).out(new HostVec2Array(envs * n));
        assertNoMismatch(SelectRowsKernel.INSTANCE, envs * n, args);
    }

    private static void assertNoMismatch(Kernel k, int dim, KernelArgs a) {
        List<String> bad = Twins.runBoth(k, dim, a, k.cudaLaunchShape(dim, a), Twins.hostRunner(), 20);
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }

    static TrackGenConfig.Builder small(int envs) {
        return TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).runtime("cpu");
    }

    private static TwinCheckingRuntime runPipeline(TrackGenConfig config, int seed, TwinCheckingRuntime rt) {
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(config)
                .rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed)).runtime(rt).build()) {
            gen.generate();
        }
        return rt;
    }

    private static void assertPipelineTwins(TrackGenConfig config, int seed, TwinCheckingRuntime rt,
                                            int expectedKernels) {
        runPipeline(config, seed, rt);
        assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                + String.join("\n", rt.mismatches()));
        assertTrue(rt.launches().size() >= expectedKernels, () -> "launched " + rt.launches());
    }

    @Test
    void bezierPipelineKernelsMatchTheirJavaTwinsElementByElement() {
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        assertPipelineTwins(small(24).build(), 5, rt, 20);
        assertEquals(List.of("tg_bezier_style", "tg_corner_sample", "tg_corner_sort", "tg_vertex_tangent",
                "tg_bezier_assemble", "tg_arc_scan", "tg_arc_lookup", "tg_self_intersections",
                "tg_fill_i32", "tg_cs_scan", "tg_cs_lookup", "tg_xpbd_relax", "tg_uniform_scan", "tg_uniform_lookup",
                "tg_frame", "tg_arc_length", "tg_width_fill", "tg_offset_area", "tg_offset_assign", "tg_validity",
                "tg_elevation"),
                new ArrayList<>(rt.launches().keySet()));
    }

    @Test
    void theElevationStageMatchesOnEveryProfileWithBanking() {
        // knots (uniform, random walk), per-point noise, banking, the grade bound: tg_elevation's branches
        for (String profile : new String[] {ElevationKnobs.UNIFORM, ElevationKnobs.RANDOM_WALK, ElevationKnobs.NOISE}) {
            TrackGenConfig c = small(10).set(ElevationKnobs.PROFILE, profile).set(ElevationKnobs.MIN, -0.1)
                    .set(ElevationKnobs.MAX, 0.3).set(ElevationKnobs.MAX_STEP, 0.2)
                    .set(ElevationKnobs.NOISE_AMPLITUDE, 0.4).set(ElevationKnobs.VALID_GRADE, 0.15)
                    .set(ElevationKnobs.BANK_SPEED, 1.5).set(ElevationKnobs.BANK_TRANSITION, 0.25).build();
            TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
            assertPipelineTwins(c, 4, rt, 20);
            assertTrue(rt.launches().containsKey("tg_elevation"), () -> "launched " + rt.launches());
        }
    }

    /**
     * {@code copies} lemniscates of Bernoulli of half-extent {@code a} (figure-eights crossing once
     * at the origin), {@code points} points each, the k-th scaled by {@code 1 + 0.03 k}.
     */
    static float[] figureEights(double a, int points, int copies) {
        float[] out = new float[2 * points * copies];
        for (int k = 0; k < copies; k++) {
            double ak = a * (1 + 0.03 * k);
            for (int i = 0; i < points; i++) {
                double t = 2 * Math.PI * i / points;
                double d = 1 + Math.sin(t) * Math.sin(t);
                out[2 * (k * points + i)] = (float) (ak * Math.cos(t) / d);
                out[2 * (k * points + i) + 1] = (float) (ak * Math.sin(t) * Math.cos(t) / d);
            }
        }
        return out;
    }

    @Test
    void theBridgeStageMatchesOnFlatAndProfiledBankedFigureEights() {
        // tg_bridge's branches: lift and gate on crossing tracks (flat and profiled with banking, a
        // clearance the ramp can and one it cannot clear), the early return on tracks without crossings
        int envs = 4;
        int p = 300;
        for (int regime = 0; regime < 3; regime++) {
            TrackGenConfig.Builder b = small(envs).set(PipelineKnobs.RELAX_ENABLE, false).nMax(512)
                    .set(ElevationKnobs.BRIDGE_CLEARANCE, regime == 2 ? 2.0 : 0.05);
            if (regime == 1) {
                b.set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MIN, -0.1)
                        .set(ElevationKnobs.MAX, 0.1).set(ElevationKnobs.MAX_STEP, 0.05)
                        .set(ElevationKnobs.VALID_GRADE, 0.2).set(ElevationKnobs.BANK_SPEED, 1.0);
            }
            TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
            int valid;
            try (CenterlinePipeline pipe = new CenterlinePipeline(b.build(), p, rt)) {
                valid = pipe.run(figureEights(3.0, p, envs)).snapshot().validCount();
            }
            assertTrue(rt.launches().containsKey("tg_bridge"), () -> "launched " + rt.launches());
            assertTrue(rt.mismatches().isEmpty(), () -> "tg_bridge differs from its Java twin:\n"
                    + String.join("\n", rt.mismatches()));
            int want = regime == 2 ? 0 : envs;
            assertEquals(want, valid, "regime " + regime + " valid");
        }
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        assertPipelineTwins(small(8).set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build(), 5, rt, 20);
        assertTrue(rt.launches().containsKey("tg_bridge"), () -> "launched " + rt.launches());
    }

    @Test
    void theHeightfieldBakeMatchesOnBankedAndFlatTracks() {
        // road, shoulder, falloff and floor branches (a wide falloff reaches the grid's edge), flat and banked
        for (boolean banked : new boolean[] {false, true}) {
            TrackGenConfig.Builder b = small(6);
            if (banked) {
                b.set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                        .set(ElevationKnobs.MAX_STEP, 0.2).set(ElevationKnobs.BANK_SPEED, 1.5);
            }
            TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
            try (TrackGenerator gen = TrackGenLauncher.discover().builder(b.build())
                    .rng(PerEnvSeededRng.fromScalar(6, 3)).runtime(rt).build()) {
                dev.trackgen.pipeline.HeightfieldOptions o = dev.trackgen.pipeline.HeightfieldOptions.builder()
                        .resolution(40).shoulder(0.03f).falloff(banked ? 0.1f : 2f).drop(0.05f).build();
                new dev.trackgen.pipeline.HeightfieldBaker(gen.generate(), o).bake();
            }
            assertTrue(rt.launches().containsKey("tg_heightfield"), () -> "launched " + rt.launches());
            assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                    + String.join("\n", rt.mismatches()));
        }
    }

    @Test
    void otherRegimesMatchToo() {
        // dense separation every sweep, no acceleration, sampled style, a tight N_max
        TrackGenConfig dense = small(12).set(RelaxKnobs.SEP_CACHE_SLOTS, 0).set(RelaxKnobs.SEP_EVERY, 1)
                .set(RelaxKnobs.ACCEL, "none").set(RelaxKnobs.ITERS, 30)
                .set(BezierKnobs.STYLE_SAMPLING, true)
                .nMax(200).build();
        assertPipelineTwins(dense, 9, new TwinCheckingRuntime(Twins.hostRunner()), 20);
        // wide tracks: many cache overflows, every track crowded
        TrackGenConfig crowded = small(10).halfWidth(0.3).set(RelaxKnobs.SEP_CACHE_SLOTS, 2).build();
        assertPipelineTwins(crowded, 2, new TwinCheckingRuntime(Twins.hostRunner()), 20);
    }

    @Test
    void theValidityGateMatchesOnHostileTracks() {
        // stars whose radius goes negative, loops tighter than the road, folds, far from the
        // origin: every branch of tg_validity, each env's verdict and scratch compared with Java
        Random r = new Random(41);
        int envs = 40;
        int p = 90;
        for (double hw : new double[] {0.02, 0.1, 0.4}) {
            float[] xy = new float[2 * envs * p];
            for (int e = 0; e < envs; e++) {
                double a2 = (e % 5) * 0.3 * r.nextDouble();
                double a3 = (e % 3) * 0.4 * r.nextDouble();
                double size = e % 7 == 0 ? 0.05 : 1 + r.nextDouble();
                double off = e % 6 == 0 ? 3000 : 0;
                for (int i = 0; i < p; i++) {
                    double t = 2 * Math.PI * i / p;
                    double rad = size * (1 + a2 * Math.sin(2 * t) + a3 * Math.sin(3 * t + e));
                    if (e % 11 == 0) { // back and forth along a line
                        xy[2 * (e * p + i)] = (float) (i < p / 2 ? i : p - i) / p;
                        xy[2 * (e * p + i) + 1] = (float) (1e-4 * (i < p / 2 ? 1 : -1));
                        continue;
                    }
                    xy[2 * (e * p + i)] = (float) (off + rad * Math.cos(t));
                    xy[2 * (e * p + i) + 1] = (float) (rad * Math.sin(t));
                }
            }
            TrackGenConfig config = small(envs).halfWidth(hw).set(PipelineKnobs.RELAX_ENABLE, false).nMax(600).build();
            TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
            try (CenterlinePipeline pipe = new CenterlinePipeline(config, p, rt)) {
                int valid = pipe.run(xy).snapshot().validCount();
                assertTrue(rt.mismatches().isEmpty(), () -> "tg_validity differs from its Java twin:\n"
                        + String.join("\n", rt.mismatches()));
                assertTrue(rt.launches().containsKey("tg_validity"), () -> "launched " + rt.launches());
                if (hw == 0.1) {
                    assertTrue(valid > 0 && valid < envs, "both verdicts must occur, got " + valid + " valid");
                }
            }
        }
    }

    @Test
    void variableWidthKernelsMatchTheirJavaTwins() {
        // the curvature width profile through the whole pipeline: tg_width_curvature, and the
        // gate's per-point clearance branch
        TrackGenConfig curvature = small(12).set(WidthKnobs.PROFILE, "curvature").set(WidthKnobs.HALF_WIDTH_MIN, 0.06)
                .set(WidthKnobs.HALF_WIDTH_MAX, 0.12).build();
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        assertPipelineTwins(curvature, 7, rt, 20);
        assertTrue(rt.launches().containsKey("tg_width_curvature"), () -> "launched " + rt.launches());
        // a caller's per-point widths (tg_width_profile) on wobbly loops, some too wide to be valid
        Random r = new Random(43);
        int envs = 24;
        int p = 120;
        float[] xy = new float[2 * envs * p];
        float[] left = new float[envs * p];
        float[] right = new float[envs * p];
        for (int e = 0; e < envs; e++) {
            double a2 = 0.3 * r.nextDouble();
            double w = 0.05 + 0.25 * r.nextDouble();
            for (int i = 0; i < p; i++) {
                double t = 2 * Math.PI * i / p;
                double rad = 1 + a2 * Math.cos(3 * t);
                xy[2 * (e * p + i)] = (float) (rad * Math.cos(t));
                xy[2 * (e * p + i) + 1] = (float) (rad * Math.sin(t));
                left[e * p + i] = (float) (w * (1 + 0.5 * Math.sin(2 * t)));
                right[e * p + i] = (float) (w * (1 + 0.5 * Math.cos(5 * t)));
            }
        }
        TrackGenConfig config = small(envs).set(PipelineKnobs.RELAX_ENABLE, false).nMax(600).build();
        TwinCheckingRuntime rt2 = new TwinCheckingRuntime(Twins.hostRunner());
        int[] usable = new int[envs];
        java.util.Arrays.fill(usable, 1);
        try (CenterlinePipeline pipe = new CenterlinePipeline(config, p, rt2, true)) {
            int valid = pipe.run(xy, left, right, usable).snapshot().validCount();
            assertTrue(rt2.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                    + String.join("\n", rt2.mismatches()));
            assertTrue(rt2.launches().containsKey("tg_width_profile"), () -> "launched " + rt2.launches());
            assertTrue(valid > 0 && valid < envs, "both verdicts must occur, got " + valid + " valid");
        }
    }

    @Test
    void countsBeyondNMaxAndOverflowingCoordinatesMatchToo() {
        // spacing 1e-9: a quotient far past int range; scale 1e30: infinite segment lengths.
        TrackGenConfig tiny = small(6).set(PipelineKnobs.SPACING, 1e-9).build();
        assertPipelineTwins(tiny, 3, new TwinCheckingRuntime(Twins.hostRunner()), 20);
        TrackGenConfig huge = small(6).set(BezierKnobs.SCALE, 1e30).build();
        assertPipelineTwins(huge, 4, new TwinCheckingRuntime(Twins.hostRunner()), 20);
    }

    @Test
    void theValidityGateMatchesWithoutSharedMemory() {
        // With 0 bytes of dynamic shared memory tg_validity's thread 0 sums the turning terms without
        // scratch; its verdicts and boxes must still be the Java body's.
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner()).deviceLayout().withShapes((k, s) ->
                k.name().equals("tg_validity") ? s.withSharedBytes(0) : s);
        assertPipelineTwins(small(12).build(), 23, rt, 19);
    }

    @Test
    void theRelaxationMatchesInGlobalScratchWhenSharedMemoryIsRefused() {
        // With 0 bytes of dynamic shared memory tg_xpbd_relax works in its per-env global scratch
        // rows (bound for a device runtime) and must still give the Java body's results.
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner()).deviceLayout().withShapes((k, s) ->
                k.name().equals("tg_xpbd_relax") ? new LaunchShape(s.gridX(), s.blockX(), 0, true) : s);
        assertPipelineTwins(small(12).build(), 21, rt, 19);
    }
}
