package dev.trackgen.course;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.localize.TrackFrame;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.profile.SpeedProfile;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressEvents;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-step contract: no allocation, capturable (replay equals eager), the same on one thread and on two. */
class HotPathTest {
    private static void drive(HostVec2Array pos, TrackSnapshot h, int agents, int step) {
        for (int q = 0; q < pos.length(); q++) {
            int e = q / agents;
            if (!h.isValid(e)) {
                pos.data()[2 * q] = Float.NaN;
                pos.data()[2 * q + 1] = Float.NaN;
                continue;
            }
            double[] p = Fixtures.pointAt(h, e, 0.37 * q + step * 0.02);
            pos.data()[2 * q] = (float) p[0];
            pos.data()[2 * q + 1] = (float) (p[1] + 0.01 * Math.sin(step + q));
        }
    }

    @Test
    void stepsAllocateNothing() {
        Fixtures.Batch b = Fixtures.batch("bezier");
        int agents = 4;
        HostVec2Array pos = new HostVec2Array(b.track().numEnvs() * agents);
        HostI32Array mask = new HostI32Array(pos.length());
        drive(pos, b.host(), agents, 0);
        TrackLocalizer warm = TrackLocalizer.builder(b.track(), pos).agents(agents).halfWidth(b.halfWidth()).build();
        TrackLocalizer cold = TrackLocalizer.builder(b.track(), pos).agents(agents).halfWidth(b.halfWidth()).cold()
                .build();
        StartGrid grid = StartGrid.builder(b.track()).halfWidth(b.halfWidth()).build();
        Checkpoints cps = Checkpoints.builder(b.track()).spacing(0.5).startAt(grid).build();
        SpeedProfile profile = SpeedProfile.builder(b.track()).build();
        ProgressTracker tracker = ProgressTracker.create(cps, pos, agents);
        Runnable step = () -> {
            warm.query();
            cold.query();
            tracker.update();
            warm.reset(mask);
            tracker.reset(mask);
            grid.compute();
            cps.compute();
            profile.compute();
        };
        long perCall = AllocationProbe.perCall(2000, 200, 5, step); // warm-up first: the JIT's escape analysis
        assertTrue(perCall == 0, "a step allocates " + perCall + " bytes");
    }

    @Test
    void capturedStepsReplayLikeEagerOnesAndThreadCountsAgree() {
        Fixtures.Batch b = Fixtures.batch("hull");
        int agents = 2;
        try (CpuRuntime one = new CpuRuntime(1, false)) {
            int[][] results = new int[3][];
            for (int mode = 0; mode < 3; mode++) {
                // mode 0: eager on two threads; 1: eager on one thread; 2: captured and replayed
                dev.trackgen.api.Track t = mode == 1 ? copy(b, one) : b.track();
                HostVec2Array pos = new HostVec2Array(t.numEnvs() * agents);
                TrackLocalizer loc = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(b.halfWidth()).build();
                Checkpoints cps = Checkpoints.builder(t).spacing(0.4).build().compute();
                ProgressTracker tracker = ProgressTracker.create(cps, pos, agents);
                Runnable step = () -> {
                    loc.query();
                    tracker.update();
                };
                CapturedGraph graph = mode == 2 ? t.runtime().capture(step) : null;
                int[] acc = new int[0];
                for (int s = 0; s < 80; s++) {
                    drive(pos, b.host(), agents, s);
                    if (graph != null) {
                        graph.replay();
                    } else {
                        step.run();
                    }
                    TrackFrame.Snapshot f = loc.frame().snapshot();
                    ProgressEvents.Snapshot ev = tracker.events().snapshot();
                    int[] row = new int[4 * pos.length()];
                    for (int q = 0; q < pos.length(); q++) {
                        row[4 * q] = Float.floatToIntBits(f.s()[q]);
                        row[4 * q + 1] = f.segment()[q];
                        row[4 * q + 2] = ev.progress()[q] * 8 + ev.passed()[q] * 4 + ev.wrongWay()[q];
                        row[4 * q + 3] = Float.floatToIntBits(ev.distToNext()[q]);
                    }
                    int[] grown = Arrays.copyOf(acc, acc.length + row.length);
                    System.arraycopy(row, 0, grown, acc.length, row.length);
                    acc = grown;
                }
                results[mode] = acc;
            }
            assertArrayEquals(results[0], results[1], "one thread and two agree bit for bit");
            assertArrayEquals(results[0], results[2], "replay equals eager");
        }
    }

    private static dev.trackgen.api.Track copy(Fixtures.Batch b, CpuRuntime rt) {
        TrackSnapshot h = b.host();
        return dev.trackgen.api.Track.fromSnapshot(rt, h);
    }
}
