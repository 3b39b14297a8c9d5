package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.testkit.AllocationProbe;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The race mode's off-road verdict on figure-eight bridge courses (docs/elevation.md, "Bridges"):
 * agents driving either branch through the crossing are on the road every step, on both levels,
 * and an agent that swerves off the side of its branch inside the crossing's footprint, over the
 * other level's road, is off the road exactly on the steps its center is outside its branch's band,
 * where the plan-view check alone calls it on the road; the step allocates nothing.
 */
class BridgeOffRoadTest {
    private static final int E = 4;
    private static final int A = 3;
    private static final double HW = 0.1;
    private static final int POINTS = 500;

    /** Lemniscates 6 units across; envs 1 and 3 stretched along x (an oblique crossing). */
    private static float[] figureEights() {
        float[] out = new float[2 * POINTS * E];
        for (int e = 0; e < E; e++) {
            double sx = e % 2 == 0 ? 3.0 : 5.0;
            for (int i = 0; i < POINTS; i++) {
                double t = 2 * Math.PI * (i + 0.5) / POINTS;
                double d = 1 + Math.sin(t) * Math.sin(t);
                out[2 * (e * POINTS + i)] = (float) (sx * Math.cos(t) / d);
                out[2 * (e * POINTS + i) + 1] = (float) (3.0 * Math.sin(t) * Math.cos(t) / d);
            }
        }
        return out;
    }

    /** The swerving agent's lateral offset: a tent peaking at 2 half-widths over the crossing. */
    private static double swerve(double sMod, double[] crossings) {
        double l = 0;
        for (double sx : crossings) {
            double u = Math.abs(sMod - sx);
            if (u < HW) {
                l = Math.max(l, 2 * HW * (1 - u / HW));
            }
        }
        return l;
    }

    @ParameterizedTest
    @ValueSource(strings = {"segments", "sdf"})
    void theOffRoadVerdictFollowsTheAgentsLevelInsideTheCrossing(String backend) {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(E).runtime("cpu")
                .halfWidth(HW).nMax(800).set(PipelineKnobs.RELAX_ENABLE, false)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        CpuRuntime rt = Fixtures.runtime();
        try (CenterlinePipeline pipe = new CenterlinePipeline(c, POINTS, rt)) {
            Track t = pipe.run(figureEights());
            TrackSnapshot h = t.snapshot();
            assertEquals(E, h.validCount(), "every figure-eight is a bridge course");
            OffRoadOptions opts = backend.equals("sdf") ? OffRoadOptions.sdf() : OffRoadOptions.segments();
            CourseConfig cc = CourseConfig.builder().agents(A).offRoad(opts).build();
            StartGrid grid = StartGrid.builder(t).halfWidth(HW).slots(A).build();
            grid.compute();
            CourseContext ctx = new CourseContext(t, cc, HW, grid, true, true);
            RaceMode mode = new RaceMode();
            mode.buildTrackParts(ctx).enqueueLocked(rt);
            HostVec2Array pos = new HostVec2Array(E * A);
            HostF32Array heading = new HostF32Array(E * A);
            mode.buildStepParts(ctx, new Poses(pos, heading)).enqueueLocked(rt);
            // the plan-view check alone, on the same boxes
            HostVec2Array he = new HostVec2Array(E * A);
            for (int q = 0; q < E * A; q++) {
                he.data()[2 * q] = (float) cc.vehicleHalfLength(HW);
                he.data()[2 * q + 1] = (float) cc.vehicleHalfWidth(HW);
            }
            OffRoadChecker plan = new OffRoadChecker(t, new Boxes(A, pos, heading, he), opts);
            // the two crossings of each loop: the points nearest the origin in each half of the lap
            double[][] crossings = new double[E][2];
            for (int e = 0; e < E; e++) {
                int n = h.count(e);
                int b = e * h.nMax();
                for (int half = 0; half < 2; half++) {
                    double best = Double.POSITIVE_INFINITY;
                    for (int i = half * n / 2; i < (half + 1) * n / 2; i++) {
                        double r = Math.hypot(h.center()[2 * (b + i)], h.center()[2 * (b + i) + 1]);
                        if (r < best) {
                            best = r;
                            crossings[e][half] = h.arclen()[b + i];
                        }
                    }
                }
            }
            float[] startS = ((HostF32Array) grid.startS()).data();
            int steps = 3000;
            int[] swerveOff = new int[E];
            int[] swerveOn = new int[E];
            int planViewMissed = 0;
            for (int k = 0; k <= steps; k++) {
                double[] lateral = new double[E * A];
                for (int e = 0; e < E; e++) {
                    double lap = h.length()[e];
                    for (int a = 0; a < A; a++) {
                        int q = e * A + a;
                        double s = startS[e] - 0.5 * HW + (lap + HW) * k / steps;
                        double sMod = ((s % lap) + lap) % lap;
                        lateral[q] = a == 0 ? 0.4 * HW : a == 1 ? -0.4 * HW : swerve(sMod, crossings[e]);
                        double[] p = Fixtures.pointAt(h, e, s);
                        double[] p0 = Fixtures.pointAt(h, e, s - 1e-3);
                        double[] p1 = Fixtures.pointAt(h, e, s + 1e-3);
                        double dx = p1[0] - p0[0];
                        double dy = p1[1] - p0[1];
                        double len = Math.hypot(dx, dy);
                        pos.data()[2 * q] = (float) (p[0] - lateral[q] * dy / len);
                        pos.data()[2 * q + 1] = (float) (p[1] + lateral[q] * dx / len);
                        heading.data()[q] = (float) Math.atan2(dy, dx);
                    }
                }
                mode.enqueueStep();
                int[] off = ((HostI32Array) mode.result().contacts().orElseThrow().offRoad()).data();
                int[] planOff = ((HostI32Array) plan.query().offRoad()).data();
                for (int e = 0; e < E; e++) {
                    for (int a = 0; a < 2; a++) {
                        assertEquals(0, off[e * A + a], "env " + e + " agent " + a + " step " + k
                                + ": driving its branch at " + lateral[e * A + a] / HW + " half-widths");
                    }
                    int q = e * A + 2;
                    double l = lateral[q];
                    if (l > 0 && Math.abs(l - HW) > 0.05 * HW) { // swerving inside the footprint
                        int want = l > HW ? 1 : 0;
                        assertEquals(want, off[q], "env " + e + " step " + k + ": swerved " + l / HW
                                + " half-widths off its branch's centerline");
                        swerveOff[e] += want;
                        swerveOn[e] += 1 - want;
                        if (want == 1 && planOff[q] == 0) {
                            planViewMissed++;
                        }
                    } else if (l == 0) {
                        assertEquals(0, off[q], "env " + e + " step " + k + ": on the centerline");
                    }
                }
            }
            for (int e = 0; e < E; e++) {
                assertTrue(swerveOff[e] > 4 && swerveOn[e] > 4,
                        "env " + e + ": swerve steps off " + swerveOff[e] + ", on " + swerveOn[e]);
            }
            assertTrue(planViewMissed > 0, "the plan-view check alone calls the swerving agent on the road");
            // the bridge course's step, with its two extra launches, allocates nothing
            long perCall = AllocationProbe.perCall(2000, 200, 5, mode::enqueueStep);
            assertEquals(0, perCall, "a bridge course's step allocates " + perCall + " bytes");
        }
    }
}
