package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.grid.StartRule;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.kernel.CourseKernelIndex;
import dev.trackgen.course.kernel.CourseProgressKernels;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The course module's CUDA C bodies (course_progress.cu) against their Java twins, element by
 * element, on real batches driven by agents that move, pause (NaN), turn back and teleport.
 */
class HostCourseTwinsTest {

    private static Track onTwins(TwinCheckingRuntime rt, String generator, int envs, int seed) {
        // bezier with the curvature width profile: the localizer's local-width flag sees varying widths
        TrackGenConfig.Builder cb = TrackGenConfig.builder().generator(generator).numEnvs(envs).runtime("cpu");
        if (generator.equals("bezier")) {
            cb.set("width_profile", "curvature").set("half_width_min", "0.07").set("half_width_max", "0.13");
        }
        TrackGenConfig c = cb.build();
        TrackSnapshot h;
        try (CpuRuntime cpu = new CpuRuntime(1, false);
             TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, seed)).runtime(cpu)
                     .build()) {
            h = gen.generate().snapshot();
        }
        Track t = Track.fromSnapshot(rt, h);
        int[] count = h.count().clone();
        count[envs - 1] = 2; // a degenerate env: every body's short-count branch
        rt.upload(count, t.count());
        return t;
    }

    @Test
    void checkpointsMoveOffBridgeCrossingsLikeTheirJavaTwin() {
        // figure-eight bridge courses: tg_course_checkpoints_clear's sliding branch
        int envs = 3;
        int p = 400;
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(envs).runtime("cpu").nMax(600)
                .set(dev.trackgen.api.config.PipelineKnobs.RELAX_ENABLE, false)
                .set(dev.trackgen.api.config.ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        float[] loops = HostKernelTwinsTest.figureEights(3.0, p, envs);
        for (int e = 0; e < envs; e++) { // stretch along x: oblique crossings
            for (int i = 0; i < p; i++) {
                loops[2 * (e * p + i)] *= 1.0f + 0.3f * e;
            }
        }
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        try (dev.trackgen.pipeline.CenterlinePipeline pipe = new dev.trackgen.pipeline.CenterlinePipeline(c, p, rt)) {
            Track t = pipe.run(loops);
            assertEquals(envs, t.snapshot().validCount());
            Checkpoints plain = Checkpoints.builder(t).spacing(0.5).build().compute();
            Checkpoints clear = Checkpoints.builder(t).spacing(0.5).avoidingCrossings(true).build().compute();
            int[] a = new int[envs * plain.maxCheckpoints()];
            int[] b = new int[a.length];
            rt.download(plain.index(), a);
            rt.download(clear.index(), b);
            int moved = 0;
            for (int k = 0; k < a.length; k++) {
                moved += a[k] != b[k] ? 1 : 0;
            }
            assertTrue(moved > 0, "checkpoints moved off the crossings: " + moved);
        }
        assertTrue(rt.launches().containsKey("tg_course_checkpoints_clear"), () -> "launched " + rt.launches());
        assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                + String.join("\n", rt.mismatches()));
    }

    /**
     * Drives a race mode with a segments off-road check on figure-eight bridge courses: agents
     * through the crossings at random lateral offsets up to two half-widths, so the footprint's
     * override sets both verdicts. Returns each step's off-road flags, {@code [steps][envs * agents]}.
     */
    static int[][] driveBridgeOffRoad(dev.trackgen.api.runtime.ComputeRuntime rt, int steps) {
        int envs = 3;
        int p = 400;
        int agents = 3;
        double hw = 0.1;
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(envs).runtime("cpu").nMax(600).halfWidth(hw)
                .set(dev.trackgen.api.config.PipelineKnobs.RELAX_ENABLE, false)
                .set(dev.trackgen.api.config.ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        float[] tip = HostKernelTwinsTest.figureEights(3.0, p, envs);
        float[] loops = new float[tip.length];
        for (int e = 0; e < envs; e++) { // point 0 on the crossing; stretched along x: oblique crossings
            for (int i = 0; i < p; i++) {
                int from = e * p + (i + p / 4) % p;
                loops[2 * (e * p + i)] = tip[2 * from] * (1.0f + 0.3f * e);
                loops[2 * (e * p + i) + 1] = tip[2 * from + 1];
            }
        }
        int[][] out = new int[steps][];
        try (dev.trackgen.pipeline.CenterlinePipeline pipe = new dev.trackgen.pipeline.CenterlinePipeline(c, p, rt)) {
            Track t = pipe.run(loops);
            TrackSnapshot h = t.snapshot();
            assertEquals(envs, h.validCount());
            dev.trackgen.course.CourseConfig cc = dev.trackgen.course.CourseConfig.builder().agents(agents)
                    .offRoad(dev.trackgen.course.collision.OffRoadOptions.segments()).build();
            // the start line moves off the crossing at point 0 (tg_course_start_grid's avoidCrossings branch)
            StartGrid grid = StartGrid.builder(t).halfWidth(hw).slots(agents).rule(StartRule.ARC_ZERO)
                    .avoidingCrossings(true).build();
            grid.compute();
            int[] start = new int[envs];
            rt.download(grid.startIndex(), start);
            for (int e = 0; e < envs; e++) {
                assertTrue(start[e] > 0, "env " + e + ": the start line moved off the crossing, at " + start[e]);
            }
            dev.trackgen.course.CourseContext ctx = new dev.trackgen.course.CourseContext(t, cc, hw, grid, true, true);
            dev.trackgen.course.RaceMode mode = new dev.trackgen.course.RaceMode();
            mode.buildTrackParts(ctx).enqueueLocked(rt);
            dev.trackgen.api.runtime.Vec2Array pos = rt.allocVec2(envs * agents);
            dev.trackgen.api.runtime.F32Array heading = rt.allocF32(envs * agents);
            mode.buildStepParts(ctx, new dev.trackgen.course.Poses(pos, heading)).enqueueLocked(rt);
            Random rnd = new Random(5);
            float[] xy = new float[2 * envs * agents];
            float[] yaw = new float[envs * agents];
            for (int k = 0; k < steps; k++) {
                for (int q = 0; q < envs * agents; q++) {
                    int e = q / agents;
                    int a = q % agents;
                    int n = h.count(e);
                    int b = e * h.nMax();
                    // agent 0 laps; agents 1 and 2 sweep through the crossings near 0 and n/2
                    int i = a == 0 ? (2 * k) % n : ((a - 1) * n / 2 + (k % 40) - 20 + n) % n;
                    int j = (i + 1) % n;
                    float tx = h.center()[2 * (b + j)] - h.center()[2 * (b + i)];
                    float ty = h.center()[2 * (b + j) + 1] - h.center()[2 * (b + i) + 1];
                    float len = (float) Math.hypot(tx, ty);
                    float l = (float) ((rnd.nextDouble() - 0.5) * 4 * hw);
                    xy[2 * q] = h.center()[2 * (b + i)] - l * ty / len;
                    xy[2 * q + 1] = h.center()[2 * (b + i) + 1] + l * tx / len;
                    yaw[q] = (float) Math.atan2(ty, tx);
                }
                rt.upload(xy, pos);
                rt.upload(yaw, heading);
                mode.enqueueStep();
                out[k] = new int[envs * agents];
                rt.download(mode.result().contacts().orElseThrow().offRoad(), out[k]);
            }
        }
        return out;
    }

    @Test
    void levelAwareOffRoadMatchesItsJavaTwinOnBridgeCourses() {
        TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
        int[][] off = driveBridgeOffRoad(rt, 80);
        int on = 0;
        int offCount = 0;
        for (int[] step : off) {
            for (int v : step) {
                on += v == 0 ? 1 : 0;
                offCount += v;
            }
        }
        assertTrue(on > 0 && offCount > 0, "both verdicts: on " + on + ", off " + offCount);
        assertTrue(rt.launches().containsKey("tg_course_crossing_footprint"), () -> "launched " + rt.launches());
        assertTrue(rt.launches().containsKey("tg_course_offroad_level"), () -> "launched " + rt.launches());
        assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                + String.join("\n", rt.mismatches()));
    }

    @Test
    void courseKernelsMatchTheirJavaTwinsElementByElement() {
        for (String generator : new String[] {"bezier", "circuit"}) {
            TwinCheckingRuntime rt = new TwinCheckingRuntime(Twins.hostRunner());
            int envs = generator.equals("circuit") ? 4 : 12;
            Track t = onTwins(rt, generator, envs, 3);
            TrackSnapshot h = t.snapshot();
            int agents = 3;
            HostVec2Array pos = new HostVec2Array(envs * agents);
            HostI32Array mask = new HostI32Array(envs * agents);
            StartGrid grid = StartGrid.builder(t).halfWidth(0.1).slots(5).build().compute();
            StartGrid.builder(t).halfWidth(0.1).rule(StartRule.ARC_ZERO).build().compute();
            Checkpoints cps = Checkpoints.builder(t).spacing(0.45).startAt(grid).build().compute();
            Checkpoints.builder(t).spacing(0.45).startAt(grid).avoidingCrossings(true).build().compute();
            SpeedProfile.builder(t).build().compute();
            SpeedProfile.builder(t).curvatureWindow(0).speedCap(1.5).build().compute();
            TrackLocalizer warm = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(0.1).warmWindow(3).build();
            TrackLocalizer cold = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(0.1).cold().build();
            TrackLocalizer local = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(0.1).localWidths(true)
                    .warmWindow(3).build();
            ProgressTracker tracker = ProgressTracker.create(cps, pos, agents);
            Random rnd = new Random(17);
            double[] s = new double[envs * agents];
            for (int step = 0; step < 40; step++) {
                for (int q = 0; q < s.length; q++) {
                    int e = q / agents;
                    int n = Math.max(h.count(e), 1);
                    int b = e * h.nMax();
                    s[q] += (q % agents == 2 ? -1 : 1) * (0.3 + rnd.nextDouble()); // in points
                    if (rnd.nextInt(25) == 0) {
                        s[q] = rnd.nextDouble() * n; // teleport
                        mask.data()[q] = 1;
                    } else {
                        mask.data()[q] = 0;
                        if (rnd.nextInt(6) == 0) { // past the warm window: the window follows it
                            s[q] += (rnd.nextBoolean() ? 1 : -1) * (4 + 12 * rnd.nextDouble());
                        }
                    }
                    int i = (int) Math.floor(((s[q] % n) + n) % n);
                    int j = (i + 1) % n;
                    double f = ((s[q] % n) + n) % n - i;
                    float[] c = h.center();
                    double x = c[2 * (b + i)] + f * (c[2 * (b + j)] - c[2 * (b + i)]);
                    double y = c[2 * (b + i) + 1] + f * (c[2 * (b + j) + 1] - c[2 * (b + i) + 1]);
                    boolean nan = rnd.nextInt(30) == 0;
                    pos.data()[2 * q] = nan ? Float.NaN : (float) (x + rnd.nextGaussian() * 0.06);
                    pos.data()[2 * q + 1] = nan ? Float.NaN : (float) (y + rnd.nextGaussian() * 0.06);
                }
                warm.reset(mask);
                local.reset(mask);
                tracker.reset(mask);
                warm.query();
                cold.query();
                local.query();
                tracker.update();
            }
            assertTrue(rt.mismatches().isEmpty(), () -> "CUDA C bodies differ from their Java twins:\n"
                    + String.join("\n", rt.mismatches()));
            Set<String> expected = new TreeSet<>();
            CourseKernelIndex.all().stream().filter(k -> CourseProgressKernels.PTX.equals(k.cudaModule()))
                    .forEach(k -> expected.add(k.name()));
            // the race mode's bridge kernels: levelAwareOffRoadMatchesItsJavaTwinOnBridgeCourses
            expected.remove("tg_course_crossing_footprint");
            expected.remove("tg_course_offroad_level");
            assertEquals(expected, new TreeSet<>(rt.launches().keySet()), generator + ": every course kernel ran");
        }
    }
}
