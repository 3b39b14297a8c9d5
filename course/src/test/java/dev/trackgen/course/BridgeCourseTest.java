package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.localize.TrackFrame;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressEvents;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.pipeline.CenterlinePipeline;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scripted agent on figure-eight bridge courses (docs/elevation.md, "Bridges"): it drives two
 * laps a little off the centerline, over the bridge and under it once per lap, and the warm
 * localizer keeps it on its own level through the crossing (its segment and height are those of
 * the branch it drives, where a cold plan-view search takes the other level), it stays on the
 * road on both levels, and exactly one lap is counted per loop with no wrong-way or skipped
 * checkpoint event.
 */
class BridgeCourseTest {
    private static final int E = 4;
    private static final double HW = 0.1;
    private static final double CLEARANCE = 0.05;
    private static final int POINTS = 500;

    /** Lemniscates of Bernoulli 6 units across; envs 1 and 3 stretched along x (an oblique crossing). */
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

    @Test
    void aScriptedAgentCountsOneLapPerLoopAndKeepsItsLevelThroughTheCrossing() {
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(E).runtime("cpu")
                .halfWidth(HW).nMax(800).set(PipelineKnobs.RELAX_ENABLE, false)
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MIN, -0.05)
                .set(ElevationKnobs.MAX, 0.05).set(ElevationKnobs.MAX_STEP, 0.03)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, CLEARANCE).build();
        try (CenterlinePipeline pipe = new CenterlinePipeline(c, POINTS, Fixtures.runtime())) {
            Track t = pipe.run(figureEights());
            TrackSnapshot h = t.snapshot();
            assertEquals(E, h.validCount(), "every figure-eight is a bridge course");
            StartGrid grid = StartGrid.builder(t).halfWidth(HW).build().compute();
            Checkpoints cps = Checkpoints.builder(t).spacing(5 * HW).startAt(grid).avoidingCrossings(true).build().compute();
            float[] startS = ((HostF32Array) grid.startS()).data();
            HostVec2Array pos = new HostVec2Array(E);
            ProgressTracker tracker = ProgressTracker.create(cps, pos, 1);
            TrackLocalizer warm = TrackLocalizer.builder(t, pos).halfWidth(HW).alongThe3dLength().build();
            TrackLocalizer cold = TrackLocalizer.builder(t, pos).halfWidth(HW).cold().build();
            int steps = 4000;
            double lateral = 0.4 * HW;
            int[] lapEvents = new int[E];
            int[] nearCrossing = new int[E];
            double[] zLo = new double[E];
            double[] zHi = new double[E];
            java.util.Arrays.fill(zLo, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(zHi, Double.NEGATIVE_INFINITY);
            int coldWrongLevel = 0;
            ProgressEvents ev = null;
            for (int k = 0; k <= steps; k++) {
                double[] sPlan = new double[E];
                for (int e = 0; e < E; e++) {
                    double d = 0.5 * HW;
                    sPlan[e] = startS[e] - d + (2 * h.length()[e] + 2 * d) * k / steps;
                    double[] p = Fixtures.pointAt(h, e, sPlan[e]);
                    double[] a = Fixtures.pointAt(h, e, sPlan[e] - 1e-3);
                    double[] b = Fixtures.pointAt(h, e, sPlan[e] + 1e-3);
                    double len = Math.hypot(b[0] - a[0], b[1] - a[1]);
                    pos.data()[2 * e] = (float) (p[0] - lateral * (b[1] - a[1]) / len);
                    pos.data()[2 * e + 1] = (float) (p[1] + lateral * (b[0] - a[0]) / len);
                }
                ev = tracker.update();
                TrackFrame f = warm.query();
                int[] seg = ((HostI32Array) f.segment()).data();
                int[] onRoad = ((HostI32Array) f.onRoad()).data();
                int[] coldSeg = ((HostI32Array) cold.query().segment()).data();
                int[] lapDone = ((HostI32Array) ev.lapCompleted()).data();
                int[] wrongWay = ((HostI32Array) ev.wrongWay()).data();
                int[] wrongCp = ((HostI32Array) ev.wrongCheckpoint()).data();
                for (int e = 0; e < E; e++) {
                    lapEvents[e] += lapDone[e];
                    assertEquals(0, wrongWay[e], "env " + e + " step " + k + ": wrong way");
                    assertEquals(-1, wrongCp[e], "env " + e + " step " + k + ": a skipped checkpoint");
                    assertEquals(1, onRoad[e], "env " + e + " step " + k + ": on the road");
                    // the segment the agent drives on, and its height
                    int n = h.count(e);
                    int b = e * h.nMax();
                    double lap = h.length()[e];
                    double sMod = ((sPlan[e] % lap) + lap) % lap;
                    int truth = segmentAt(h, e, sMod);
                    int off = Math.abs(seg[e] - truth);
                    off = Math.min(off, n - off);
                    assertTrue(off <= 2, "env " + e + " step " + k + ": segment " + seg[e] + ", driving " + truth);
                    float zTrue = h.centerZ()[b + truth];
                    assertEquals(zTrue, h.centerZ()[b + seg[e]], CLEARANCE / 4, "env " + e + " step " + k + ": level");
                    double px = pos.data()[2 * e];
                    double py = pos.data()[2 * e + 1];
                    if (Math.hypot(px, py) < 2 * HW) {
                        nearCrossing[e]++;
                        zLo[e] = Math.min(zLo[e], zTrue);
                        zHi[e] = Math.max(zHi[e], zTrue);
                        if (Math.abs(h.centerZ()[b + coldSeg[e]] - zTrue) > CLEARANCE) {
                            coldWrongLevel++;
                        }
                    }
                }
            }
            ProgressEvents.Snapshot snap = ev.snapshot();
            for (int e = 0; e < E; e++) {
                assertEquals(2, snap.laps()[e], "env " + e + " laps");
                assertEquals(2, lapEvents[e], "env " + e + " lap events");
                // both levels driven at the crossing: the heights there span the clearance
                assertTrue(nearCrossing[e] > 8 && zHi[e] - zLo[e] >= CLEARANCE,
                        "env " + e + " drives over and under the crossing: heights " + zLo[e] + " to " + zHi[e]);
            }
            assertTrue(coldWrongLevel > 0, "the plan-view cold search is ambiguous at the crossing");
        }
    }

    /** The segment {@code i} with {@code arclen[i] <= s < arclen[i + 1]}. */
    private static int segmentAt(TrackSnapshot h, int e, double s) {
        int n = h.count(e);
        int b = e * h.nMax();
        int i = 0;
        while (i + 1 < n && h.arclen()[b + i + 1] <= s) {
            i++;
        }
        return i;
    }
}
