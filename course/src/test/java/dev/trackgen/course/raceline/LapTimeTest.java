package dev.trackgen.course.raceline;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.Fixtures;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The friction-circle speed profile and lap time against a double reference iterated to convergence, and on a circle by hand. */
class LapTimeTest {

    private static float[] f(dev.trackgen.api.runtime.F32Array a) {
        return ((HostF32Array) a).data();
    }

    @Test
    void speedsAndLapTimesMatchTheDoubleReference() {
        for (String g : new String[] {"bezier", "voronoi", "circuit"}) {
            Fixtures.Batch b = Fixtures.batch(g);
            TrackSnapshot h = b.host();
            VehicleModel m = new VehicleModel(12, 6, 15, 70, 60);
            RacingLine rl = RacingLine.builder(b.track()).halfWidth(b.halfWidth()).vehicle(m).build().compute();
            float[] line = ((HostVec2Array) rl.line()).data();
            for (int e = 0; e < h.numEnvs(); e++) {
                if (!h.isValid(e)) {
                    continue;
                }
                int n = h.count(e);
                for (int which = 0; which < 2; which++) {
                    float[] pts = which == 0 ? line : h.center();
                    float[] kappa = f(which == 0 ? rl.curvature() : rl.centerCurvature());
                    float[] v = f(which == 0 ? rl.speed() : rl.centerSpeed());
                    float lap = f(which == 0 ? rl.lapTime() : rl.centerLapTime())[e];
                    double[] k = new double[n];
                    for (int i = 0; i < n; i++) {
                        k[i] = kappa[e * h.nMax() + i];
                    }
                    double[] ref = LineReference.profile(LineReference.row(pts, e, h.nMax(), n), k, m);
                    String where = g + " env " + e + (which == 0 ? " line" : " centerline");
                    // at a point driven at its lateral limit the friction left, sqrt(1 - use^2) with use
                    // within float rounding of 1, is some 1e-3 in float and 0 in double: the next
                    // speeds may differ by a few tenths of a percent (the model's own sensitivity)
                    for (int i = 0; i < n; i++) {
                        assertEquals(ref[i], v[e * h.nMax() + i], 5e-3 * ref[i], where + " point " + i);
                    }
                    assertEquals(ref[n], lap, 5e-4 * ref[n], where + " lap time");
                    // the promises themselves: under the lateral limit, and every braking step feasible
                    double[] xy = LineReference.row(pts, e, h.nMax(), n);
                    for (int i = 0; i < n; i++) {
                        int j = (i + 1) % n;
                        double kj = Math.abs(k[j]) / m.worldScale();
                        double ki = Math.abs(k[i]) / m.worldScale();
                        double vi = v[e * h.nMax() + i];
                        double ds = m.worldScale() * Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
                        assertTrue(vi <= Math.min(m.vMax(), Math.sqrt(m.aLat() / ki)) * (1 + 1e-5), where + " lateral limit at " + i);
                        assertTrue(vi <= LineReference.reachable(v[e * h.nMax() + j], kj, ds, m.aLat(), m.aBrake()) * (1 + 5e-3),
                                where + " braking into " + j);
                    }
                }
            }
        }
    }

    @Test
    void aCircleIsDrivenAtTheLateralLimit() {
        int n = 200;
        double r = 1.0;
        double[] xy = new double[2 * n];
        for (int i = 0; i < n; i++) {
            xy[2 * i] = r * Math.cos(2 * Math.PI * i / n);
            xy[2 * i + 1] = r * Math.sin(2 * Math.PI * i / n);
        }
        Track t = Fixtures.fromLoops(Fixtures.runtime(), new double[][] {xy}, n, 0.1);
        double scale = 50; // a 50 m circle
        VehicleModel m = new VehicleModel(10, 5, 10, 80, scale);
        RacingLine rl = RacingLine.builder(t).halfWidth(0.1).vehicle(m).build().compute();
        double vc = Math.sqrt(10 * scale * r);
        for (int i = 0; i < n; i++) {
            assertEquals(vc, f(rl.centerSpeed())[i], 1e-3 * vc, "centerline speed at " + i);
            assertEquals(0, f(rl.centerAcceleration())[i], 1e-2, "no acceleration at the limit");
        }
        double lap = 2 * Math.PI * r * scale / vc;
        assertEquals(lap, f(rl.centerLapTime())[0], 1e-3 * lap);
        assertTrue(f(rl.lapTime())[0] > f(rl.centerLapTime())[0] * 0.9);
    }
}
