package dev.trackgen.course;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressEvents;
import dev.trackgen.course.progress.ProgressTracker;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checkpoints and progress: scripted agents on real batches and a double-precision reference. */
class ProgressTest {

    /** A course on a batch: grid, checkpoints starting at its line, host copies. */
    record Course(Fixtures.Batch batch, StartGrid grid, Checkpoints cps, float[] startS, int[] cpCount) {
        static Course of(Fixtures.Batch b) {
            StartGrid grid = StartGrid.builder(b.track()).halfWidth(b.halfWidth()).build().compute();
            Checkpoints cps = Checkpoints.builder(b.track()).spacing(5 * b.halfWidth()).startAt(grid).build().compute();
            return new Course(b, grid, cps, ((HostF32Array) grid.startS()).data(), ((HostI32Array) cps.count()).data());
        }

        TrackSnapshot host() {
            return batch.host();
        }
    }

    private static void place(HostVec2Array pos, int q, TrackSnapshot h, int e, double s) {
        double[] p = Fixtures.pointAt(h, e, s);
        pos.data()[2 * q] = (float) p[0];
        pos.data()[2 * q + 1] = (float) p[1];
    }

    @Test
    void checkpointsAreCrossSectionsInLapOrderStartingAtTheLine() {
        for (String g : Fixtures.generators()) {
            Course c = Course.of(Fixtures.batch(g));
            TrackSnapshot h = c.host();
            float[] cpS = ((HostF32Array) c.cps().s()).data();
            int[] idx = ((HostI32Array) c.cps().index()).data();
            float[] in = ((dev.trackgen.api.runtime.HostVec2Array) c.cps().inner()).data();
            float[] out = ((dev.trackgen.api.runtime.HostVec2Array) c.cps().outer()).data();
            int mMax = c.cps().maxCheckpoints();
            int[] start = ((HostI32Array) c.grid().startIndex()).data();
            for (int e = 0; e < h.numEnvs(); e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                int m = c.cpCount()[e];
                double lap = h.length()[e];
                int want = (int) Math.min(Math.min(256, h.count(e) / 2), Math.max(3, Math.round(lap / (5 * c.batch().halfWidth()))));
                assertEquals(want, m, g + " env " + e + " checkpoint count");
                assertEquals(start[e], idx[e * mMax], g + " checkpoint 0 is the start line");
                for (int k = 0; k < m; k++) {
                    int o = e * mMax + k;
                    double ahead = ((cpS[o] - cpS[e * mMax]) % lap + lap) % lap;
                    assertEquals(k * lap / m, ahead, 1.5 * c.batch().config().spacing(), g + " evenly spaced");
                    int p = e * h.nMax() + idx[o];
                    assertEquals(h.inner()[2 * p], in[2 * o]);
                    assertEquals(h.outer()[2 * p + 1], out[2 * o + 1]);
                    if (k > 0) {
                        assertTrue(idx[o] != idx[o - 1], "distinct points");
                    }
                }
                for (int k = m; k < mMax; k++) {
                    assertTrue(Float.isNaN(cpS[e * mMax + k]) && idx[e * mMax + k] == -1, "NaN past the count");
                }
            }
        }
    }

    @Test
    void aScriptedAgentDrivingThreeLapsOn512TracksCountsExactlyThreeLaps() {
        Course c = Course.of(Fixtures.batch("bezier", 512, 100));
        TrackSnapshot h = c.host();
        int envs = h.numEnvs();
        HostVec2Array pos = new HostVec2Array(envs);
        ProgressTracker tracker = ProgressTracker.create(c.cps(), pos, 1);
        double d = 0.5 * c.batch().halfWidth();
        int steps = 900;
        int[] passes = new int[envs];
        int[] lapEvents = new int[envs];
        int[] wrong = new int[envs];
        ProgressEvents ev = null;
        for (int t = 0; t <= steps; t++) {
            for (int e = 0; e < envs; e++) {
                if (!h.isValid(e)) {
                    pos.data()[2 * e] = Float.NaN;
                    pos.data()[2 * e + 1] = Float.NaN;
                    continue;
                }
                double total = 3 * h.length()[e] + 2 * d;
                place(pos, e, h, e, c.startS()[e] - d + total * t / steps);
            }
            ProgressEvents now = tracker.update();
            if (ev != null) {
                assertSame(ev, now, "one persistent result");
            }
            ev = now;
            int[] passed = ((HostI32Array) ev.passed()).data();
            int[] lapDone = ((HostI32Array) ev.lapCompleted()).data();
            int[] ww = ((HostI32Array) ev.wrongWay()).data();
            int[] wc = ((HostI32Array) ev.wrongCheckpoint()).data();
            for (int e = 0; e < envs; e++) {
                passes[e] += passed[e];
                lapEvents[e] += lapDone[e];
                wrong[e] += ww[e] + (wc[e] >= 0 ? 1 : 0);
            }
        }
        ProgressEvents.Snapshot s = ev.snapshot();
        int valid = 0;
        for (int e = 0; e < envs; e++) {
            if (!h.isValid(e)) {
                continue;
            }
            valid++;
            int m = c.cpCount()[e];
            assertEquals(3, s.laps()[e], "env " + e + " laps");
            assertEquals(3, lapEvents[e], "env " + e + " lap events");
            assertEquals(3 * m + 1, passes[e], "env " + e + " passes: the line, then every checkpoint three times");
            assertEquals(3 * m + 1, s.progress()[e]);
            assertEquals(0, wrong[e], "env " + e + " no wrong-way or wrong-checkpoint event");
            assertEquals(1, s.nextCheckpoint()[e]);
        }
        assertTrue(valid >= 500, "valid tracks " + valid);
    }

    @Test
    void drivingBackwardsIsWrongWayAndNeverALap() {
        Course c = Course.of(Fixtures.batch("bezier", 512, 100));
        TrackSnapshot h = c.host();
        int envs = h.numEnvs();
        HostVec2Array pos = new HostVec2Array(envs);
        ProgressTracker tracker = ProgressTracker.create(c.cps(), pos, 1);
        double d = 0.5 * c.batch().halfWidth();
        int steps = 900;
        int[] wrongWay = new int[envs];
        int[] passes = new int[envs];
        ProgressEvents ev = null;
        for (int t = 0; t <= steps; t++) {
            for (int e = 0; e < envs; e++) {
                if (h.isValid(e)) {
                    place(pos, e, h, e, c.startS()[e] + d - 3 * h.length()[e] * t / steps);
                }
            }
            ev = tracker.update();
            for (int e = 0; e < envs; e++) {
                wrongWay[e] += ((HostI32Array) ev.wrongWay()).data()[e];
                passes[e] += ((HostI32Array) ev.passed()).data()[e];
            }
        }
        ProgressEvents.Snapshot s = ev.snapshot();
        for (int e = 0; e < envs; e++) {
            if (h.isValid(e)) {
                assertEquals(0, s.laps()[e], "env " + e + " no lap backwards");
                assertEquals(0, passes[e], "env " + e + " no pass backwards");
                assertTrue(wrongWay[e] >= 3 * c.cpCount()[e] - 1, "env " + e + " wrong way at every checkpoint: "
                        + wrongWay[e]);
            }
        }
    }

    @Test
    void teleportsAfterResetReportNoSpuriousPassAndProgressResumes() {
        Course c = Course.of(Fixtures.batch("bezier", 512, 100));
        TrackSnapshot h = c.host();
        int envs = h.numEnvs();
        int a = 2;
        HostVec2Array pos = new HostVec2Array(envs * a);
        HostI32Array mask = new HostI32Array(envs * a);
        ProgressTracker tracker = ProgressTracker.create(c.cps(), pos, a);
        Random rnd = new Random(3);
        double[] s = new double[envs * a];
        double ds = 0.4 * c.batch().config().spacing();
        for (int q = 0; q < s.length; q++) {
            s[q] = c.startS()[q / a] - 0.05;
        }
        boolean[] justReset = new boolean[envs * a];
        int resets = 0;
        for (int t = 0; t < 600; t++) {
            java.util.Arrays.fill(mask.data(), 0);
            for (int q = 0; q < s.length; q++) {
                int e = q / a;
                if (!h.isValid(e)) {
                    continue;
                }
                s[q] += ds;
                if (t % 50 == 25 && rnd.nextInt(3) == 0) { // teleport anywhere, reset
                    s[q] = rnd.nextDouble() * h.length()[e];
                    mask.data()[q] = 1;
                    resets++;
                }
                justReset[q] = mask.data()[q] != 0;
                place(pos, q, h, e, s[q]);
            }
            tracker.reset(mask);
            ProgressEvents.Snapshot ev = tracker.update().snapshot();
            for (int q = 0; q < s.length; q++) {
                if (justReset[q]) {
                    assertEquals(0, ev.passed()[q], "agent " + q + " passed right after a teleport");
                    assertEquals(0, ev.wrongWay()[q]);
                    assertEquals(-1, ev.wrongCheckpoint()[q]);
                    assertEquals(0, ev.progress()[q]);
                    assertEquals(0, ev.laps()[q]);
                } else if (h.isValid(q / a)) {
                    assertEquals(0, ev.wrongWay()[q], "agent " + q + " drives forward");
                    assertEquals(-1, ev.wrongCheckpoint()[q], "agent " + q + " skips nothing after a teleport");
                }
            }
        }
        assertTrue(resets > 500, "teleports " + resets);
    }

    @Test
    void randomWalksMatchTheDoublePrecisionReferenceOnEveryGenerator() {
        Random rnd = new Random(21);
        for (String g : Fixtures.generators()) {
            Course c = Course.of(Fixtures.batch(g));
            TrackSnapshot h = c.host();
            int envs = h.numEnvs();
            int a = 4;
            HostVec2Array pos = new HostVec2Array(envs * a);
            ProgressTracker tracker = ProgressTracker.create(c.cps(), pos, a);
            float[] cpPos = ((HostVec2Array) c.cps().position()).data();
            float[] cpTan = ((HostVec2Array) c.cps().tangent()).data();
            float[] cpIn = ((HostVec2Array) c.cps().inner()).data();
            float[] cpOut = ((HostVec2Array) c.cps().outer()).data();
            ProgressReference[] ref = new ProgressReference[envs * a];
            double[] s = new double[envs * a];
            double[] n = new double[envs * a];
            double[] v = new double[envs * a];
            for (int q = 0; q < ref.length; q++) {
                int e = q / a;
                ref[q] = new ProgressReference(h, e, cpPos, cpTan, cpIn, cpOut, ((HostF32Array) c.cps().s()).data(),
                        e * c.cps().maxCheckpoints(), c.cpCount()[e]);
                s[q] = rnd.nextDouble() * 50;
                v[q] = 1;
            }
            double hw = c.batch().halfWidth();
            double spacing = c.batch().config().spacing();
            int compared = 0;
            int events = 0;
            for (int t = 0; t < 400; t++) {
                for (int q = 0; q < ref.length; q++) {
                    int e = q / a;
                    if (!h.isValid(e) || c.cpCount()[e] < 1) {
                        pos.data()[2 * q] = Float.NaN;
                        pos.data()[2 * q + 1] = Float.NaN;
                        continue;
                    }
                    if (rnd.nextInt(40) == 0) {
                        v[q] = -v[q]; // turn around now and then
                    }
                    s[q] += v[q] * spacing * (0.5 + rnd.nextDouble());
                    n[q] = Math.max(-1.4 * hw, Math.min(1.4 * hw, n[q] + rnd.nextGaussian() * 0.2 * hw));
                    double[] p = Fixtures.pointAt(h, e, s[q]);
                    double[] p2 = Fixtures.pointAt(h, e, s[q] + 1e-3);
                    double tx = p2[0] - p[0];
                    double ty = p2[1] - p[1];
                    double l = Math.hypot(tx, ty);
                    boolean pause = rnd.nextInt(97) == 0;
                    pos.data()[2 * q] = pause ? Float.NaN : (float) (p[0] - n[q] * ty / l);
                    pos.data()[2 * q + 1] = pause ? Float.NaN : (float) (p[1] + n[q] * tx / l);
                }
                ProgressEvents ev = tracker.update();
                int[] next = ((HostI32Array) ev.nextCheckpoint()).data();
                int[] prog = ((HostI32Array) ev.progress()).data();
                int[] laps = ((HostI32Array) ev.laps()).data();
                int[] line = ((HostI32Array) ev.linePasses()).data();
                int[] passed = ((HostI32Array) ev.passed()).data();
                int[] lapDone = ((HostI32Array) ev.lapCompleted()).data();
                int[] ww = ((HostI32Array) ev.wrongWay()).data();
                int[] wc = ((HostI32Array) ev.wrongCheckpoint()).data();
                float[] dist = ((HostF32Array) ev.distToNext()).data();
                for (int q = 0; q < ref.length; q++) {
                    int e = q / a;
                    if (!h.isValid(e) || c.cpCount()[e] < 1) {
                        continue;
                    }
                    ProgressReference r = ref[q];
                    double px = pos.data()[2 * q];
                    double py = pos.data()[2 * q + 1];
                    r.step(px, py);
                    if (r.margin < 1e-4 * hw) { // too close to call in float: adopt the kernel's state
                        r.next = next[q];
                        r.progress = prog[q];
                        r.starts = line[q];
                        continue;
                    }
                    compared++;
                    events += r.passed + r.wrongWay + (r.wrongCp >= 0 ? 1 : 0);
                    String at = g + " agent " + q + " step " + t;
                    assertEquals(r.passed, passed[q], at + " passed");
                    assertEquals(r.lap, lapDone[q], at + " lap");
                    assertEquals(r.wrongWay, ww[q], at + " wrong way");
                    assertEquals(r.wrongCp, wc[q], at + " wrong checkpoint");
                    assertEquals(r.next, next[q], at + " next (margin " + r.margin + ", at " + px + ", " + py + ")");
                    assertEquals(r.progress, prog[q], at + " progress");
                    assertEquals(r.laps(), laps[q], at + " laps");
                    if (Double.isNaN(px)) {
                        assertTrue(Float.isNaN(dist[q]), at + " paused");
                    } else {
                        assertEquals(r.dist(px, py), dist[q], 1e-5 * (1 + r.dist(px, py)), at + " dist");
                    }
                }
            }
            assertTrue(compared > 0.99 * 400 * h.validCount() * a, g + " compared " + compared);
            assertTrue(events > 100, g + " events " + events);
        }
    }

    @Test
    void badBindingsFailAtBuildTime() {
        Course c = Course.of(Fixtures.batch("bezier"));
        int envs = c.host().numEnvs();
        assertThrows(IllegalArgumentException.class, () -> ProgressTracker.create(c.cps(), new HostVec2Array(envs), 2));
        assertThrows(IllegalArgumentException.class, () -> ProgressTracker.create(c.cps(), new HostVec2Array(envs), 0));
        assertThrows(IllegalArgumentException.class,
                () -> Checkpoints.builder(c.batch().track()).spacing(-1).build());
        ProgressTracker t = ProgressTracker.create(c.cps(), new HostVec2Array(envs), 1);
        assertThrows(IllegalArgumentException.class, () -> t.reset(new HostI32Array(envs + 1)));
    }
}
