package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
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
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Localization and progress on tracks that climb, fall and bank (docs/elevation.md, "Course"):
 * {@code s} runs along the 3D arc length (checked against an independent double sum of
 * {@code sqrt(ds^2 + dz^2)} up to the plan-view localizer's point), {@code n} is the plan-view
 * offset, and a
 * scripted agent driving two laps counts exactly two laps, one per loop.
 */
class ElevatedCourseTest {
    private static final int E = 24;

    @Test
    void onAProfiledBankedTrackSRunsAlongThe3dLengthAndOneLapIsCountedPerLoop() {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(E).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.3).set(ElevationKnobs.BANK_SPEED, 1.5)
                .set(ElevationKnobs.BANK_MAX, 8.0).build();
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(E, 5))
                .runtime(Fixtures.runtime()).build()) {
            Track t = gen.generate();
            TrackSnapshot h = t.snapshot();
            double hw = c.halfWidth();
            StartGrid grid = StartGrid.builder(t).halfWidth(hw).build().compute();
            Checkpoints cps = Checkpoints.builder(t).spacing(5 * hw).startAt(grid).build().compute();
            float[] startS = ((HostF32Array) grid.startS()).data();
            HostVec2Array pos = new HostVec2Array(E);
            ProgressTracker tracker = ProgressTracker.create(cps, pos, 1);
            TrackLocalizer loc = TrackLocalizer.builder(t, pos).halfWidth(hw).alongThe3dLength().build();
            TrackLocalizer flat = TrackLocalizer.builder(t, pos).halfWidth(hw).build();
            int steps = 700;
            double lateral = 0.4 * hw;
            int[] lapEvents = new int[E];
            ProgressEvents ev = null;
            int checked = 0;
            double longest = 0;
            for (int k = 0; k <= steps; k++) {
                double[] sPlan = new double[E];
                for (int e = 0; e < E; e++) {
                    if (!h.isValid(e)) {
                        pos.data()[2 * e] = Float.NaN;
                        pos.data()[2 * e + 1] = Float.NaN;
                        continue;
                    }
                    double d = 0.5 * hw;
                    sPlan[e] = startS[e] - d + (2 * h.length()[e] + 2 * d) * k / steps;
                    double[] p = Fixtures.pointAt(h, e, sPlan[e]);
                    // a little to the left of the centerline, across the bank
                    double[] nrm = leftNormal(h, e, sPlan[e]);
                    pos.data()[2 * e] = (float) (p[0] + lateral * nrm[0]);
                    pos.data()[2 * e + 1] = (float) (p[1] + lateral * nrm[1]);
                }
                ev = tracker.update();
                TrackFrame f = loc.query();
                float[] s = ((HostF32Array) f.s()).data();
                float[] sp = ((HostF32Array) flat.query().s()).data();
                float[] n = ((HostF32Array) f.n()).data();
                int[] lapDone = ((HostI32Array) ev.lapCompleted()).data();
                for (int e = 0; e < E; e++) {
                    if (!h.isValid(e)) {
                        continue;
                    }
                    lapEvents[e] += lapDone[e];
                    // the plan-view localizer's answer, carried to the 3D arc length in double
                    double want = arc3d(h, e, sp[e]);
                    double lap3 = h.length3d()[e];
                    longest = Math.max(longest, lap3 - h.length()[e]);
                    double diff = Math.abs(s[e] - want);
                    diff = Math.min(diff, Math.abs(diff - lap3));
                    assertTrue(diff < 2e-5 * lap3, "env " + e + " step " + k + ": s " + s[e] + " vs 3D arc " + want);
                    assertTrue(s[e] >= 0 && s[e] < lap3, "s in [0, length3d)");
                    assertEquals(lateral, n[e], 0.05 * hw, "n: the plan-view offset");
                    checked++;
                }
            }
            ProgressEvents.Snapshot snap = ev.snapshot();
            int valid = 0;
            for (int e = 0; e < E; e++) {
                if (h.isValid(e)) {
                    valid++;
                    assertEquals(2, snap.laps()[e], "env " + e + " laps");
                    assertEquals(2, lapEvents[e], "env " + e + " lap events");
                }
            }
            assertTrue(valid >= E / 2 && checked > 1000, "valid " + valid);
            assertTrue(longest > 1e-3, "the 3D lap is longer than the plan-view one: " + longest);
        }
    }

    @Test
    void conesAndWallsSitOnTheRoadSurface() {
        TrackGenConfig c = TrackGenConfig.builder().generator("bezier").numEnvs(8).runtime("cpu")
                .set(ElevationKnobs.PROFILE, ElevationKnobs.NOISE).set(ElevationKnobs.MIN, -0.2)
                .set(ElevationKnobs.MAX, 0.3).set(ElevationKnobs.NOISE_AMPLITUDE, 0.4)
                .set(ElevationKnobs.BANK_SPEED, 1.5).build();
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(8, 2))
                .runtime(Fixtures.runtime()).build()) {
            Track t = gen.generate();
            TrackSnapshot h = t.snapshot();
            int maxProps = 128;
            dev.trackgen.course.props.PropSet p = new dev.trackgen.course.props.PropSampler(t, 0.3f, maxProps).sample();
            float[] pos = ((HostVec2Array) p.conePosition()).data();
            float[] cz = ((HostF32Array) p.coneZ()).data();
            float[] wz = ((HostF32Array) p.wallZ()).data();
            int[] cnt = ((HostI32Array) p.count()).data();
            int checked = 0;
            double spread = 0;
            for (int r = 0; r < 16; r++) {
                int e = r >> 1;
                if (!h.isValid(e)) {
                    continue;
                }
                float[] pts = (r & 1) == 0 ? h.inner() : h.outer();
                float[] zs = (r & 1) == 0 ? h.innerZ() : h.outerZ();
                int n = h.count(e);
                int b = e * h.nMax();
                for (int k = 0; k < cnt[r]; k++) {
                    int o = r * maxProps + k;
                    double px = pos[2 * o];
                    double py = pos[2 * o + 1];
                    // the border segment the cone lies on, and the height there, in double
                    double best = Double.MAX_VALUE;
                    double z = Double.NaN;
                    for (int i = 0; i < n; i++) {
                        int j = (i + 1) % n;
                        double ax = pts[2 * (b + i)];
                        double ay = pts[2 * (b + i) + 1];
                        double dx = pts[2 * (b + j)] - ax;
                        double dy = pts[2 * (b + j) + 1] - ay;
                        double u = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
                        double d = Math.hypot(px - ax - u * dx, py - ay - u * dy);
                        if (d < best) {
                            best = d;
                            z = zs[b + i] + u * (zs[b + j] - zs[b + i]);
                        }
                    }
                    assertTrue(best < 1e-5, "the cone lies on its border");
                    assertEquals(z, cz[o], 1e-5, "ring " + r + " cone " + k + " on the surface");
                    int k2 = (k + 1) % cnt[r];
                    assertEquals(0.5 * (cz[o] + cz[r * maxProps + k2]), wz[o], 1e-6, "wall midpoint height");
                    spread = Math.max(spread, Math.abs(cz[o]));
                    checked++;
                }
                assertTrue(Float.isNaN(cz[r * maxProps + cnt[r]]), "NaN past the count");
            }
            assertTrue(checked > 50 && spread > 0.05, "checked " + checked + ", largest |z| " + spread);
        }
    }

    /** The unit left normal of the centerline segment at plan-view arc {@code s}, in double. */
    private static double[] leftNormal(TrackSnapshot h, int e, double s) {
        double[] a = Fixtures.pointAt(h, e, s - 1e-3);
        double[] b = Fixtures.pointAt(h, e, s + 1e-3);
        double dx = b[0] - a[0];
        double dy = b[1] - a[1];
        double len = Math.hypot(dx, dy);
        return new double[] {-dy / len, dx / len};
    }

    /** The 3D arc length from point 0 to the centerline point at plan-view arc {@code s}, in double. */
    private static double arc3d(TrackSnapshot h, int e, double s) {
        int n = h.count(e);
        int b = e * h.nMax();
        double lap = h.length()[e];
        s = ((s % lap) + lap) % lap;
        float[] c = h.center();
        float[] z = h.centerZ();
        double acc = 0;
        double plan = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ds = Math.hypot(c[2 * (b + j)] - c[2 * (b + i)], c[2 * (b + j) + 1] - c[2 * (b + i) + 1]);
            double dz = z[b + j] - z[b + i];
            if (plan + ds >= s || i == n - 1) {
                double f = ds > 0 ? Math.max(0, Math.min(1, (s - plan) / ds)) : 0;
                return acc + f * Math.hypot(ds, dz);
            }
            acc += Math.hypot(ds, dz);
            plan += ds;
        }
        return acc;
    }
}
