package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.grid.StartRule;
import dev.trackgen.course.profile.SpeedProfile;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Curvature and speed profiles on analytic shapes and against a double reference; the start grid on every generator. */
class ProfileAndGridTest {

    @Test
    void aCircleHasCurvaturePlusOrMinusOneOverRAndTheLateralLimitSpeed() {
        double r = 1.5;
        int n = 300;
        Track t = Fixtures.fromLoops(Fixtures.runtime(), new double[][] {Fixtures.circle(r, n, true),
                Fixtures.circle(r, n - 17, false)}, n, 0.1);
        SpeedProfile p = SpeedProfile.builder(t).lateralAcceleration(6).speedCap(100).build().compute();
        float[] k = ((HostF32Array) p.curvature()).data();
        float[] v = ((HostF32Array) p.speed()).data();
        for (int i = 0; i < n; i++) {
            assertEquals(1 / r, k[i], 1e-4 / r, "ccw curvature at " + i);
            assertEquals(Math.sqrt(6 * r), v[i], 1e-4, "ccw speed at " + i);
            if (i < n - 17) {
                assertEquals(-1 / r, k[n + i], 1e-4 / r, "cw curvature at " + i);
            } else {
                assertTrue(Float.isNaN(k[n + i]) && Float.isNaN(v[n + i]), "NaN past the count");
            }
        }
        SpeedProfile capped = SpeedProfile.builder(t).speedCap(2).build().compute();
        assertEquals(2f, ((HostF32Array) capped.speed()).data()[5]);
    }

    @Test
    void aStadiumsCornerAndStraightSpeedsAreTheHandComputedOnes() {
        double a = 3.0;
        double r = 0.5;
        double h = 0.01;
        double[] loop = Fixtures.stadium(a, r, h);
        int n = loop.length / 2;
        Track t = Fixtures.fromLoops(Fixtures.runtime(), new double[][] {loop}, n, 0.1);
        double aLat = 4;
        double acc = 2;
        double brake = 3;
        SpeedProfile p = SpeedProfile.builder(t).lateralAcceleration(aLat).acceleration(acc).braking(brake)
                .speedCap(50).build().compute();
        float[] v = ((HostF32Array) p.speed()).data();
        double corner = Math.sqrt(aLat * r);
        int ns = (int) Math.round(a / h);
        int na = (int) Math.round(Math.PI * r / h);
        // the apex of the first half circle
        assertEquals(corner, v[ns + na / 2], 1e-3, "corner speed");
        // along the bottom straight (points 0 .. ns): accelerate out of the left corner, brake into the right one
        for (int i = 10; i < ns - 10; i++) {
            double x = (double) i / ns * a; // distance from the straight's start
            // the smoothed curvature lets the corner end up to 3 points late
            double low = Math.min(Math.sqrt(corner * corner + 2 * acc * x),
                    Math.sqrt(corner * corner + 2 * brake * (a - x)));
            double high = Math.min(Math.sqrt(corner * corner + 2 * acc * (x + 3 * h)),
                    Math.sqrt(corner * corner + 2 * brake * (a - x + 3 * h)));
            assertTrue(v[i] >= low * (1 - 1e-4) && v[i] <= high * (1 + 1e-4),
                    "straight speed at x = " + x + ": " + v[i] + " not in [" + low + ", " + high + "]");
        }
        // the peak lies where the two parabolas meet: acc * x = brake * (a - x)
        double xPeak = brake * a / (acc + brake);
        double vPeak = Math.sqrt(corner * corner + 2 * acc * xPeak);
        double best = 0;
        for (int i = 0; i < ns; i++) {
            best = Math.max(best, v[i]);
        }
        assertEquals(vPeak, best, 0.02 * vPeak, "peak straight speed");
    }

    @Test
    void realBatchesMatchTheThreePassProfileIteratedToItsFixedPointInDouble() {
        for (String g : Fixtures.generators()) {
            Fixtures.Batch b = Fixtures.batch(g);
            SpeedProfile p = SpeedProfile.builder(b.track()).build().compute();
            TrackSnapshot h = b.host();
            float[] k = ((HostF32Array) p.curvature()).data();
            float[] v = ((HostF32Array) p.speed()).data();
            for (int e = 0; e < h.numEnvs(); e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                int n = h.count(e);
                int base = e * h.nMax();
                double[] ref = new double[n];
                double[] ds = new double[n];
                for (int i = 0; i < n; i++) {
                    // curvature: mean of the signed Menger curvature over 5 points, in double
                    double sum = 0;
                    for (int m = -2; m <= 2; m++) {
                        sum += menger(h, e, ((i + m) % n + n) % n);
                    }
                    double kap = sum / 5;
                    assertEquals(kap, k[base + i], 2e-3 * (1 + Math.abs(kap)), g + " curvature env " + e + " point " + i);
                    ref[i] = Math.abs(k[base + i]) > 0 ? Math.min(p.vCap(), Math.sqrt(p.aLat() / Math.abs(k[base + i])))
                            : p.vCap();
                    ds[i] = (i + 1 == n ? h.length()[e] : h.arclen()[base + i + 1]) - h.arclen()[base + i];
                }
                boolean changed = true;
                int laps = 0;
                while (changed) { // passes round the loop until nothing changes
                    changed = false;
                    laps++;
                    for (int i = 0; i < n; i++) {
                        int ip = (i + n - 1) % n;
                        double reach = Math.sqrt(ref[ip] * ref[ip] + 2 * p.aAccel() * ds[ip]);
                        if (reach < ref[i] - 1e-12) {
                            ref[i] = reach;
                            changed = true;
                        }
                    }
                    for (int i = n - 1; i >= 0; i--) {
                        int in = (i + 1) % n;
                        double reach = Math.sqrt(ref[in] * ref[in] + 2 * p.aBrake() * ds[i]);
                        if (reach < ref[i] - 1e-12) {
                            ref[i] = reach;
                            changed = true;
                        }
                    }
                    assertTrue(laps < 10, "the reference converges");
                }
                for (int i = 0; i < n; i++) {
                    assertEquals(ref[i], v[base + i], 1e-4 * ref[i], g + " speed env " + e + " point " + i);
                }
                for (int i = n; i < h.nMax(); i++) {
                    assertTrue(Float.isNaN(v[base + i]) && Float.isNaN(k[base + i]), "NaN padding");
                }
            }
        }
    }

    private static double menger(TrackSnapshot h, int e, int i) {
        int n = h.count(e);
        int b = e * h.nMax();
        float[] c = h.center();
        int ip = b + (i + n - 1) % n;
        int in = b + (i + 1) % n;
        int ic = b + i;
        double ax = c[2 * ic] - c[2 * ip];
        double ay = c[2 * ic + 1] - c[2 * ip + 1];
        double bx = c[2 * in] - c[2 * ic];
        double by = c[2 * in + 1] - c[2 * ic + 1];
        double cx = c[2 * in] - c[2 * ip];
        double cy = c[2 * in + 1] - c[2 * ip + 1];
        return 2 * (ax * by - ay * bx) / (Math.hypot(ax, ay) * Math.hypot(bx, by) * Math.hypot(cx, cy));
    }

    @Test
    void everyGeneratorsGridLiesInsideTheRoadBehindTheLine() {
        for (String g : Fixtures.generators()) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            double hw = b.halfWidth();
            int k = 6;
            StartGrid grid = StartGrid.builder(b.track()).halfWidth(hw).slots(k).build().compute();
            int[] start = ((HostI32Array) grid.startIndex()).data();
            float[] startS = ((HostF32Array) grid.startS()).data();
            float[] pos = ((HostVec2Array) grid.positions()).data();
            float[] head = ((HostVec2Array) grid.headings()).data();
            double rowGap = 2 * hw;
            for (int e = 0; e < h.numEnvs(); e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                double lap = h.length()[e];
                assertTrue(start[e] >= 0 && start[e] < h.count(e), g + " line index");
                assertEquals(h.arclen()[e * h.nMax() + start[e]], startS[e]);
                for (int s = 0; s < k; s++) {
                    int o = e * k + s;
                    Fixtures.Projection p = Fixtures.project(h, e, pos[2 * o], pos[2 * o + 1]);
                    assertTrue(p.dist() <= hw - hw / 4 + 1e-5, g + " env " + e + " slot " + s + " inside with margin: "
                            + p.dist());
                    assertEquals(hw / 2, p.dist(), 0.05 * hw, g + " env " + e + " slot " + s + " lateral offset");
                    assertEquals(s % 2 == 0 ? 1.0 : -1.0, p.side(), g + " slot " + s + " side");
                    double behind = ((startS[e] - p.s()) % lap + lap) % lap;
                    // the projection of an offset point moves along a curved centerline by up to |n| times
                    // the angle between the point's tangent and its segment
                    assertEquals(hw + s * rowGap, behind, 0.2 * hw, g + " env " + e + " slot " + s + " distance behind");
                    assertEquals(1.0, Math.hypot(head[2 * o], head[2 * o + 1]), 1e-5, "unit heading");
                    for (int q = 0; q < s; q++) {
                        int o2 = e * k + q;
                        double gap = Math.hypot(pos[2 * o] - pos[2 * o2], pos[2 * o + 1] - pos[2 * o2 + 1]);
                        assertTrue(gap > 0.9 * hw, g + " slots " + q + " and " + s + " apart: " + gap);
                    }
                }
            }
        }
    }

    @Test
    void theLineSitsOnTheLongestStraightOfAStadiumOrAtArcZero() {
        double[] loop = Fixtures.stadium(3.0, 0.5, 0.02);
        // rotate the start so point 0 is inside the first corner, not on a straight
        int n = loop.length / 2;
        int shift = (int) Math.round(3.0 / 0.02) + 10;
        double[] rot = new double[loop.length];
        for (int i = 0; i < n; i++) {
            rot[2 * i] = loop[2 * ((i + shift) % n)];
            rot[2 * i + 1] = loop[2 * ((i + shift) % n) + 1];
        }
        Track t = Fixtures.fromLoops(Fixtures.runtime(), new double[][] {rot}, n, 0.1);
        TrackSnapshot h = t.snapshot();
        StartGrid grid = StartGrid.builder(t).halfWidth(0.1).slots(4).build().compute();
        int line = ((HostI32Array) grid.startIndex()).data()[0];
        double y = h.center()[2 * line + 1];
        assertEquals(0.5, Math.abs(y), 1e-6, "on a straight (y = +-r)");
        // depth: front + 3 row gaps = 0.1 + 0.6 past the straight's first point
        double x = h.center()[2 * line];
        double fromStart = y > 0 ? 1.5 - x : x + 1.5;
        assertEquals(0.7, fromStart, 0.07, "the grid's depth past the straight's start (smoothing eats 2 points)");
        StartGrid zero = StartGrid.builder(t).halfWidth(0.1).rule(StartRule.ARC_ZERO).build().compute();
        assertEquals(0, ((HostI32Array) zero.startIndex()).data()[0]);
        assertThrows(IllegalArgumentException.class, () -> StartGrid.builder(t).halfWidth(0.1).margin(0.1).build());
        assertThrows(IllegalArgumentException.class, () -> StartGrid.builder(t).build());
        assertThrows(IllegalArgumentException.class, () -> StartGrid.builder(t).halfWidth(0.1).slots(0).build());
    }
}
