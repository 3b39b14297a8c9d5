package dev.trackgen.course.raceline;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.runtime.ComputeRuntime;

/** Double-precision references on closed polylines: curvature, summed squared curvature, speed profile and lap time. */
final class LineReference {
    private LineReference() {
    }

    /** @return signed Menger curvature at each point of the closed loop {@code xy} (interleaved), in double */
    static double[] curvature(double[] xy) {
        int n = xy.length / 2;
        double[] k = new double[n];
        for (int i = 0; i < n; i++) {
            int a = (i + n - 1) % n;
            int c = (i + 1) % n;
            double ax = xy[2 * i] - xy[2 * a];
            double ay = xy[2 * i + 1] - xy[2 * a + 1];
            double bx = xy[2 * c] - xy[2 * i];
            double by = xy[2 * c + 1] - xy[2 * i + 1];
            double cx = xy[2 * c] - xy[2 * a];
            double cy = xy[2 * c + 1] - xy[2 * a + 1];
            double den = Math.hypot(ax, ay) * Math.hypot(bx, by) * Math.hypot(cx, cy);
            k[i] = den > 0 ? 2 * (ax * by - ay * bx) / den : 0;
        }
        return k;
    }

    /** @return the integral of curvature squared over arc length, {@code sum kappa_i^2 (l_{i-1} + l_i) / 2}, 1/length */
    static double squaredCurvature(double[] xy) {
        int n = xy.length / 2;
        double[] k = curvature(xy);
        double s = 0;
        for (int i = 0; i < n; i++) {
            int a = (i + n - 1) % n;
            int c = (i + 1) % n;
            double lm = Math.hypot(xy[2 * i] - xy[2 * a], xy[2 * i + 1] - xy[2 * a + 1]);
            double lp = Math.hypot(xy[2 * c] - xy[2 * i], xy[2 * c + 1] - xy[2 * i + 1]);
            s += k[i] * k[i] * 0.5 * (lm + lp);
        }
        return s;
    }

    /**
     * The friction-circle forward-backward profile in double: the lateral limit, a forward pass once
     * around from the slowest point, a backward pass once around from the slowest point of that.
     *
     * @return {@code [speed..., lapTime]}: {@code n} speeds (m/s) then the lap time (s)
     */
    static double[] profile(double[] xy, double[] kappa, VehicleModel m) {
        int n = xy.length / 2;
        double sc = m.worldScale();
        double[] v = new double[n];
        double[] ds = new double[n];
        int i0 = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            ds[i] = sc * Math.hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
            double k = Math.abs(kappa[i]) / sc;
            v[i] = k > 0 ? Math.min(m.vMax(), Math.sqrt(m.aLat() / k)) : m.vMax();
            i0 = v[i] < v[i0] ? i : i0;
        }
        for (int step = 0; step < n - 1; step++) {
            int i = (i0 + step) % n;
            int j = (i + 1) % n;
            v[j] = Math.min(v[j], reach(v[i], Math.abs(kappa[i]) / sc, ds[i], m.aLat(), m.aAccel()));
        }
        i0 = 0;
        for (int i = 0; i < n; i++) {
            i0 = v[i] < v[i0] ? i : i0;
        }
        for (int step = 0; step < n - 1; step++) {
            int j = ((i0 - step) % n + n) % n;
            int i = (j + n - 1) % n;
            v[i] = Math.min(v[i], reach(v[j], Math.abs(kappa[j]) / sc, ds[i], m.aLat(), m.aBrake()));
        }
        double[] out = new double[n + 1];
        double t = 0;
        for (int i = 0; i < n; i++) {
            out[i] = v[i];
            t += 2 * ds[i] / (v[i] + v[(i + 1) % n]);
        }
        out[n] = t;
        return out;
    }

    /** @return the speed reachable over {@code ds} from {@code v} with what the friction circle leaves of {@code aLong} */
    static double reachable(double v, double k, double ds, double aLat, double aLong) {
        return reach(v, k, ds, aLat, aLong);
    }

    private static double reach(double v, double k, double ds, double aLat, double aLong) {
        double use = v * v * k / aLat;
        return Math.sqrt(v * v + 2 * ds * aLong * (use >= 0.999999 ? 0 : Math.sqrt(1 - use * use)));
    }

    /** @return env {@code e}'s points of an interleaved {@code [E * nMax]} array, as double */
    static double[] row(float[] xy, int e, int nMax, int count) {
        double[] out = new double[2 * count];
        for (int i = 0; i < 2 * count; i++) {
            out[i] = xy[2 * e * nMax + i];
        }
        return out;
    }

    /** @return a track on {@code rt} holding the snapshot's contents */
    static Track upload(ComputeRuntime rt, TrackSnapshot h) {
        return Track.fromSnapshot(rt, h);
    }
}
