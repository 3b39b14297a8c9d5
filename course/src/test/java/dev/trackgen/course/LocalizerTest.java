package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.localize.TrackFrame;
import dev.trackgen.course.localize.TrackLocalizer;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Track-frame localization against analytic shapes and a double-precision brute-force projection. */
class LocalizerTest {

    @Test
    void aCircleGivesExactArcLengthAndOffsetWithTheSignOfTheWinding() {
        double r = 2.0;
        int n = 200;
        double hw = 0.1;
        Track t = Fixtures.fromLoops(Fixtures.runtime(), new double[][] {Fixtures.circle(r, n, true),
                Fixtures.circle(r, n, false)}, n, hw);
        TrackSnapshot h = t.snapshot();
        int a = 2 * n;
        HostVec2Array pos = new HostVec2Array(2 * a);
        double half = Math.PI / n;
        double[] expectS = new double[2 * a];
        double[] expectN = new double[2 * a];
        for (int e = 0; e < 2; e++) {
            double sign = e == 0 ? 1 : -1;
            for (int k = 0; k < a; k++) {
                int i = k / 2;
                double d = (k % 4 < 2 || k % 2 == 0 ? 1 : -1) * new double[] {0.04, 0.07, 0.13}[k % 3];
                int q = e * a + k;
                if (k % 2 == 0) { // radially outside vertex i: the vertex is the nearest point
                    double ang = sign * 2 * Math.PI * i / n;
                    pos.data()[2 * q] = (float) ((r + d) * Math.cos(ang));
                    pos.data()[2 * q + 1] = (float) ((r + d) * Math.sin(ang));
                    expectS[q] = h.arclen()[e * n + i];
                    expectN[q] = -d; // outside a counter-clockwise loop is right of travel
                } else { // off the middle of chord i
                    double ang = sign * (2 * Math.PI * i / n + half);
                    double rho = r * Math.cos(half) + d;
                    pos.data()[2 * q] = (float) (rho * Math.cos(ang));
                    pos.data()[2 * q + 1] = (float) (rho * Math.sin(ang));
                    expectS[q] = h.arclen()[e * n + i] + r * Math.sin(half);
                    expectN[q] = -d;
                }
                if (e == 1) {
                    expectN[q] = -expectN[q]; // clockwise: outside is left of travel
                }
            }
        }
        TrackLocalizer loc = TrackLocalizer.builder(t, pos).agents(a).halfWidth(hw).cold().build();
        TrackFrame.Snapshot f = loc.query().snapshot();
        for (int q = 0; q < 2 * a; q++) {
            assertEquals(expectS[q], f.s()[q], 2e-5, "s of query " + q);
            assertEquals(expectN[q], f.n()[q], 2e-6, "n of query " + q);
            assertEquals(Math.abs(expectN[q]) <= hw ? 1 : 0, f.onRoad()[q], "on road " + q);
        }
    }

    @Test
    void everyGeneratorsTracksMatchTheBruteForceProjection() {
        Random rnd = new Random(5);
        for (String g : Fixtures.generators()) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            int envs = h.numEnvs();
            int a = 16;
            HostVec2Array pos = new HostVec2Array(envs * a);
            for (int e = 0; e < envs; e++) {
                for (int k = 0; k < a; k++) {
                    int q = e * a + k;
                    if (h.count(e) < 2 || k == a - 1) {
                        pos.data()[2 * q] = Float.NaN;
                        pos.data()[2 * q + 1] = k == a - 1 ? 0 : Float.NaN;
                        continue;
                    }
                    double s = rnd.nextDouble() * h.length()[e];
                    double[] p = Fixtures.pointAt(h, e, s);
                    double spread = k < 12 ? 2 * b.halfWidth() : 30 * b.halfWidth();
                    pos.data()[2 * q] = (float) (p[0] + rnd.nextGaussian() * spread);
                    pos.data()[2 * q + 1] = (float) (p[1] + rnd.nextGaussian() * spread);
                }
            }
            TrackLocalizer loc = TrackLocalizer.builder(b.track(), pos).agents(a).halfWidth(b.halfWidth()).cold()
                    .build();
            TrackFrame frame = loc.query();
            assertSame(frame, loc.query(), "one persistent result");
            TrackFrame.Snapshot f = frame.snapshot();
            for (int e = 0; e < envs; e++) {
                for (int k = 0; k < a; k++) {
                    int q = e * a + k;
                    double px = pos.data()[2 * q];
                    double py = pos.data()[2 * q + 1];
                    if (!Double.isFinite(px) || !Double.isFinite(py) || h.count(e) < 2) {
                        assertTrue(Float.isNaN(f.s()[q]) && Float.isNaN(f.n()[q]), g + " NaN position gives NaN");
                        assertEquals(-1, f.segment()[q]);
                        assertEquals(0, f.onRoad()[q]);
                        continue;
                    }
                    Fixtures.Projection ref = Fixtures.project(h, e, px, py);
                    double tol = 1e-5 * (1 + ref.dist()) + 1e-6;
                    assertEquals(ref.dist(), Math.abs(f.n()[q]), tol, g + " env " + e + " query " + k + " distance");
                    assertTrue(f.s()[q] >= 0 && f.s()[q] < h.length()[e], g + " s in [0, length)");
                    // the answer's (s, n) frame point is the query, whatever segment won a near tie
                    double[] foot = Fixtures.pointAt(h, e, f.s()[q]);
                    assertEquals(ref.dist(), Math.hypot(px - foot[0], py - foot[1]), 10 * tol,
                            g + " env " + e + " the foot at s is at distance |n|");
                    if (ref.segment() == f.segment()[q] && ref.dist() > 1e-4) {
                        assertEquals(ref.s(), f.s()[q], 1e-4 * h.length()[e], g + " s");
                        assertEquals(ref.side(), Math.signum(f.n()[q]), g + " side");
                    }
                    assertEquals(Math.abs(f.n()[q]) <= (float) b.halfWidth() ? 1 : 0, f.onRoad()[q]);
                }
            }
        }
    }

    @Test
    void warmStartsEqualTheColdScanAlongDrivenPathsAndResetForgets() {
        Random rnd = new Random(9);
        for (String g : Fixtures.generators()) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            int envs = h.numEnvs();
            int a = 2;
            HostVec2Array pos = new HostVec2Array(envs * a);
            TrackLocalizer warm = TrackLocalizer.builder(b.track(), pos).agents(a).halfWidth(b.halfWidth()).build();
            TrackLocalizer cold = TrackLocalizer.builder(b.track(), pos).agents(a).halfWidth(b.halfWidth()).cold()
                    .build();
            double[] s0 = new double[envs * a];
            for (int q = 0; q < s0.length; q++) {
                s0[q] = rnd.nextDouble() * 100;
            }
            double spacing = b.config().spacing();
            int differ = 0;
            int compared = 0;
            HostI32Array mask = new HostI32Array(envs * a);
            for (int step = 0; step < 60; step++) {
                for (int e = 0; e < envs; e++) {
                    for (int k = 0; k < a; k++) {
                        int q = e * a + k;
                        if (!h.isValid(e)) {
                            pos.data()[2 * q] = Float.NaN;
                            pos.data()[2 * q + 1] = Float.NaN;
                            continue;
                        }
                        double dir = k == 0 ? 1 : -1;
                        double s = s0[q] + dir * step * 2.5 * spacing;
                        double[] p = Fixtures.pointAt(h, e, s);
                        double lat = 0.8 * b.halfWidth() * Math.sin(step * 0.3 + q);
                        double[] p2 = Fixtures.pointAt(h, e, s + 1e-3);
                        double tx = p2[0] - p[0];
                        double ty = p2[1] - p[1];
                        double l = Math.hypot(tx, ty);
                        pos.data()[2 * q] = (float) (p[0] - lat * ty / l);
                        pos.data()[2 * q + 1] = (float) (p[1] + lat * tx / l);
                    }
                }
                if (step == 30) { // teleport every first agent half a lap and reset its memory
                    for (int e = 0; e < envs; e++) {
                        mask.data()[e * a] = 1;
                        s0[e * a] += h.length()[e] / 2;
                    }
                    warm.reset(mask);
                    continue;
                }
                TrackFrame.Snapshot w = warm.query().snapshot();
                TrackFrame.Snapshot c = cold.query().snapshot();
                for (int q = 0; q < envs * a; q++) {
                    if (!h.isValid(q / a)) {
                        continue;
                    }
                    compared++;
                    if (w.segment()[q] != c.segment()[q] || Float.compare(w.s()[q], c.s()[q]) != 0
                            || Float.compare(w.n()[q], c.n()[q]) != 0) {
                        differ++;
                        // the only allowed difference: a pinch, where the warm answer stays near
                        // its branch and is at most as close as the cold one allows
                        assertTrue(Math.abs(w.n()[q]) >= Math.abs(c.n()[q]), g + " warm can never be nearer");
                    }
                }
            }
            assertTrue(differ <= compared / 200, g + ": warm differs from cold on " + differ + " of " + compared);
        }
    }

    @Test
    void theWarmWindowFollowsAgentsThatMoveFurtherThanItPerStep() {
        for (String g : Fixtures.generators()) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            int envs = h.numEnvs();
            HostVec2Array pos = new HostVec2Array(envs);
            int w = 2;
            TrackLocalizer warm = TrackLocalizer.builder(b.track(), pos).halfWidth(b.halfWidth()).warmWindow(w)
                    .build();
            TrackLocalizer cold = TrackLocalizer.builder(b.track(), pos).halfWidth(b.halfWidth()).cold().build();
            double perStep = 2.5 * w * b.config().spacing(); // 2.5 windows' worth of segments per step
            int differ = 0;
            int compared = 0;
            for (int step = 0; step < 40; step++) {
                for (int e = 0; e < envs; e++) {
                    double[] p = Fixtures.pointAt(h, e, 0.3 + step * perStep);
                    pos.data()[2 * e] = h.isValid(e) ? (float) p[0] : Float.NaN;
                    pos.data()[2 * e + 1] = h.isValid(e) ? (float) p[1] : Float.NaN;
                }
                TrackFrame.Snapshot wf = warm.query().snapshot();
                TrackFrame.Snapshot cf = cold.query().snapshot();
                for (int e = 0; e < envs; e++) {
                    if (!h.isValid(e)) {
                        continue;
                    }
                    compared++;
                    if (wf.segment()[e] != cf.segment()[e] || Float.compare(wf.s()[e], cf.s()[e]) != 0) {
                        differ++;
                    }
                }
            }
            // a fixed window of 2W + 1 segments falls behind every agent at the first step
            assertTrue(differ <= compared / 200, g + ": warm differs from cold on " + differ + " of " + compared);
        }
    }

    @Test
    void resetMakesTheNextQueryCold() {
        Fixtures.Batch b = Fixtures.batch("bezier");
        TrackSnapshot h = b.host();
        int envs = h.numEnvs();
        HostVec2Array pos = new HostVec2Array(envs);
        for (int e = 0; e < envs; e++) {
            double[] p = Fixtures.pointAt(h, e, 0.1);
            pos.data()[2 * e] = (float) p[0];
            pos.data()[2 * e + 1] = (float) p[1];
        }
        TrackLocalizer warm = TrackLocalizer.builder(b.track(), pos).halfWidth(b.halfWidth()).warmWindow(2).build();
        warm.query();
        // jump half a lap: the non-reset queries start from their stale window (and follow the
        // nearest segment from there, which may or may not lead to the cold answer)
        for (int e = 0; e < envs; e++) {
            double[] p = Fixtures.pointAt(h, e, 0.1 + h.length()[e] / 2);
            pos.data()[2 * e] = (float) p[0];
            pos.data()[2 * e + 1] = (float) p[1];
        }
        HostI32Array mask = new HostI32Array(envs);
        for (int e = 0; e < envs; e += 2) {
            mask.data()[e] = 1;
        }
        warm.reset(mask);
        TrackFrame.Snapshot f = warm.query().snapshot();
        for (int e = 0; e < envs; e++) {
            if (!h.isValid(e)) {
                continue;
            }
            double exact = Fixtures.distance(h, e, pos.data()[2 * e], pos.data()[2 * e + 1]);
            if (e % 2 == 0) {
                assertEquals(exact, Math.abs(f.n()[e]), 1e-5, "reset env " + e + " scans cold");
            } else {
                assertTrue(Math.abs(f.n()[e]) >= exact - 1e-5, "env " + e + " can never be nearer than exact");
            }
        }
    }

    /**
     * Roads of varying width (curvature profile, 0.07 to 0.13): with {@code localWidths} the
     * on-road flag compares |n| with the half-width of the side the point is on, interpolated
     * along the nearest segment (recomputed here from the snapshot); many points across the
     * range flip against the constant half-width. On a constant-width batch both settings agree.
     */
    @Test
    void theOnRoadFlagReadsTheLocalWidthOfItsSide() {
        try (dev.trackgen.runtime.cpu.CpuRuntime rt = new dev.trackgen.runtime.cpu.CpuRuntime(2, false);
             dev.trackgen.pipeline.TrackGenerator g = dev.trackgen.course.collision.Fixtures.generated("bezier", 8, 11, rt,
                     java.util.Map.of("width_profile", "curvature", "half_width_min", "0.07", "half_width_max", "0.13"))) {
            TrackSnapshot h = g.track().snapshot();
            int envs = h.numEnvs();
            int agents = 512;
            HostVec2Array pos = new HostVec2Array(envs * agents);
            Random r = new Random(4);
            for (int e = 0; e < envs; e++) {
                for (int a = 0; a < agents; a++) {
                    int t = e * agents + a;
                    int m = h.count()[e];
                    if (!h.isValid(e)) {
                        pos.data()[2 * t] = 0f;
                        pos.data()[2 * t + 1] = 0f;
                        continue;
                    }
                    int k = e * h.nMax() + r.nextInt(m);
                    double off = (r.nextDouble() * 2 - 1) * 0.16;
                    pos.data()[2 * t] = (float) (h.center()[2 * k] + off * h.normal()[2 * k]);
                    pos.data()[2 * t + 1] = (float) (h.center()[2 * k + 1] + off * h.normal()[2 * k + 1]);
                }
            }
            TrackLocalizer local = TrackLocalizer.builder(g.track(), pos).agents(agents).halfWidth(0.1)
                    .localWidths(true).cold().build();
            TrackFrame.Snapshot f = local.query().snapshot();
            TrackFrame.Snapshot c = TrackLocalizer.builder(g.track(), pos).agents(agents).halfWidth(0.1).cold().build()
                    .query().snapshot();
            int checked = 0;
            int differ = 0;
            for (int e = 0; e < envs; e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                int m = h.count()[e];
                for (int a = 0; a < agents; a++) {
                    int t = e * agents + a;
                    int i = f.segment()[t];
                    int j = (i + 1) % m;
                    int bi = e * h.nMax() + i;
                    int bj = e * h.nMax() + j;
                    double seg = Math.hypot(h.center()[2 * bj] - h.center()[2 * bi],
                            h.center()[2 * bj + 1] - h.center()[2 * bi + 1]);
                    double along = f.s()[t] - h.arclen()[bi];
                    if (along < -1e-4) {
                        along += h.length()[e]; // the closing segment wrapped past the lap
                    }
                    double u = Math.max(0, Math.min(1, along / seg));
                    float[] side = f.n()[t] >= 0 ? h.leftHalfWidth() : h.rightHalfWidth();
                    double w = side[bi] + u * (side[bj] - side[bi]);
                    double n = Math.abs(f.n()[t]);
                    if (Math.abs(n - w) < 1e-5) {
                        continue; // at the border within float rounding
                    }
                    checked++;
                    assertEquals(n <= w ? 1 : 0, f.onRoad()[t], "env " + e + " agent " + a + ": |n| " + n + ", w " + w);
                    if (f.onRoad()[t] != c.onRoad()[t]) {
                        differ++;
                    }
                }
            }
            assertTrue(checked > envs * agents / 2, "checked " + checked);
            assertTrue(differ > checked / 20, "local widths change the flag of " + differ + " of " + checked);
        }
        // a constant-width batch: the per-point widths are half_width, the same flags
        Fixtures.Batch b = Fixtures.batch("polar");
        TrackSnapshot h = b.host();
        HostVec2Array pos = new HostVec2Array(h.numEnvs() * 64);
        Random r = new Random(5);
        for (int t = 0; t < h.numEnvs() * 64; t++) {
            int e = t / 64;
            double[] p = Fixtures.pointAt(h, e, r.nextDouble() * h.length()[e]);
            pos.data()[2 * t] = (float) (p[0] + (r.nextDouble() - 0.5) * 4 * b.halfWidth());
            pos.data()[2 * t + 1] = (float) (p[1] + (r.nextDouble() - 0.5) * 4 * b.halfWidth());
        }
        int[] a = TrackLocalizer.builder(b.track(), pos).agents(64).halfWidth(b.halfWidth()).localWidths(true).build()
                .query().snapshot().onRoad();
        int[] o = TrackLocalizer.builder(b.track(), pos).agents(64).halfWidth(b.halfWidth()).build().query().snapshot()
                .onRoad();
        assertEquals(java.util.Arrays.toString(o), java.util.Arrays.toString(a));
    }

    @Test
    void badBindingsFailAtBuildTimeWithOneClearLine() {
        Fixtures.Batch b = Fixtures.batch("bezier");
        Track t = b.track();
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> TrackLocalizer.builder(t, new HostVec2Array(t.numEnvs() + 1)).halfWidth(0.1).build());
        assertTrue(ex.getMessage().contains("expected E * A"), ex.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> TrackLocalizer.builder(t, new HostVec2Array(t.numEnvs())).build(), "half width required");
        assertThrows(IllegalArgumentException.class,
                () -> TrackLocalizer.builder(t, new HostVec2Array(2 * t.numEnvs())).agents(2).halfWidth(0.1)
                        .warmWindow(0));
        TrackLocalizer loc = TrackLocalizer.builder(t, new HostVec2Array(t.numEnvs())).halfWidth(0.1).build();
        assertThrows(IllegalArgumentException.class, () -> loc.reset(new HostI32Array(3)));
    }
}
