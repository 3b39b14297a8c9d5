package dev.trackgen.metrics.audit;

import dev.trackgen.api.TrackSnapshot;

import java.util.Arrays;

/** Builds one-env snapshots from hand-made centerlines, with frames and borders as the pipeline lays them out. */
final class HandTracks {
    private HandTracks() {
    }

    /**
     * @param xy  interleaved centerline points of a closed loop
     * @param hw  the half-width of both borders
     * @param nMax the stride (at least the point count)
     * @return a snapshot flagged valid, NaN past the count
     */
    static TrackSnapshot of(double[] xy, double hw, int nMax) {
        int n = xy.length / 2;
        TrackSnapshot s = new TrackSnapshot(1, nMax);
        Arrays.fill(s.center(), Float.NaN);
        Arrays.fill(s.outer(), Float.NaN);
        Arrays.fill(s.inner(), Float.NaN);
        Arrays.fill(s.tangent(), Float.NaN);
        Arrays.fill(s.normal(), Float.NaN);
        Arrays.fill(s.arclen(), Float.NaN);
        Arrays.fill(s.leftHalfWidth(), Float.NaN);
        Arrays.fill(s.rightHalfWidth(), Float.NaN);
        Arrays.fill(s.leftHalfWidth(), 0, n, (float) hw);
        Arrays.fill(s.rightHalfWidth(), 0, n, (float) hw);
        double area = 0;
        double acc = 0;
        double[] ax = new double[n];
        double[] ay = new double[n];
        double[] bx = new double[n];
        double[] by = new double[n];
        double sa = 0;
        double sb = 0;
        for (int i = 0; i < n; i++) {
            int u = (i + 1) % n;
            int p = (i + n - 1) % n;
            double tx = xy[2 * u] - xy[2 * p];
            double ty = xy[2 * u + 1] - xy[2 * p + 1];
            double l = Math.hypot(tx, ty);
            float ftx = (float) (tx / l);
            float fty = (float) (ty / l);
            s.tangent()[2 * i] = ftx;
            s.tangent()[2 * i + 1] = fty;
            s.normal()[2 * i] = -fty;
            s.normal()[2 * i + 1] = ftx;
            s.center()[2 * i] = (float) xy[2 * i];
            s.center()[2 * i + 1] = (float) xy[2 * i + 1];
            ax[i] = xy[2 * i] - hw * fty;
            ay[i] = xy[2 * i + 1] + hw * ftx;
            bx[i] = xy[2 * i] + hw * fty;
            by[i] = xy[2 * i + 1] - hw * ftx;
            s.arclen()[i] = (float) acc;
            acc += Math.hypot(xy[2 * u] - xy[2 * i], xy[2 * u + 1] - xy[2 * i + 1]);
            area += xy[2 * i] * xy[2 * u + 1] - xy[2 * u] * xy[2 * i + 1];
        }
        for (int i = 0; i < n; i++) {
            int u = (i + 1) % n;
            sa += ax[i] * ay[u] - ax[u] * ay[i];
            sb += bx[i] * by[u] - bx[u] * by[i];
        }
        boolean aOuter = Math.abs(sa) >= Math.abs(sb);
        for (int i = 0; i < n; i++) {
            s.outer()[2 * i] = (float) (aOuter ? ax[i] : bx[i]);
            s.outer()[2 * i + 1] = (float) (aOuter ? ay[i] : by[i]);
            s.inner()[2 * i] = (float) (aOuter ? bx[i] : ax[i]);
            s.inner()[2 * i + 1] = (float) (aOuter ? by[i] : ay[i]);
        }
        s.length()[0] = (float) acc;
        s.winding()[0] = (float) Math.signum(area);
        s.count()[0] = n;
        s.valid()[0] = 1;
        return s;
    }

    /** A circle of radius r sampled at n points, counter-clockwise. */
    static double[] circle(int n, double r) {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            p[2 * i] = r * Math.cos(t);
            p[2 * i + 1] = r * Math.sin(t);
        }
        return p;
    }

    /** A lemniscate-like figure eight (x = sin 2t, y = sin t) of n points: crosses itself at the origin. */
    static double[] figureEight(int n, double size) {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * (i + 0.5) / n;
            p[2 * i] = size * Math.sin(t);
            p[2 * i + 1] = size * Math.sin(t) * Math.cos(t);
        }
        return p;
    }

    /**
     * A dumbbell: two circles of radius r joined by a neck of half-width neck (the upper and lower
     * contours of the neck are 2 * neck apart), counter-clockwise, about n points.
     */
    static double[] dumbbell(int n, double r, double neck) {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            double x = 3 * r * Math.cos(t);
            p[2 * i] = x;
            p[2 * i + 1] = Math.sin(t) * (neck + (r - neck) * Math.cos(t) * Math.cos(t));
        }
        return p;
    }
}
