package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.gates.GateCourse;

import java.util.Arrays;

/**
 * (Shared with runtime-cuda's tests through this module's test-jar.) Gate courses with known geometry, written straight into a {@link GateCourse}'s arrays: env
 * {@code e} has {@code G_e} gates on the closed curve {@code p(t) = (cx + R cos t, cy + R sin t,
 * z0 + A sin 2t)} (a saddle loop, counter-clockwise), gate {@code k} at {@code t = 2 pi k / G_e},
 * oriented along the curve's 3D tangent with a roll-free frame (yaw, then pitch; left stays
 * horizontal), and the course line sampled {@code S} times per gate on the same curve (sample
 * {@code k S} is gate {@code k}'s centre). Everything is computed in double and rounded once.
 */
public final class SyntheticGates {
    public static final int G_MAX = 8;
    public static final int SAMPLES = 12;

    public final int gMax;
    public final int samples;
    public final int envs;
    public final int[] count;
    public final double[] radius;
    public final double[] amp;
    public final double[] cx;
    public final double[] cy;
    public final double[] z0;
    public final double halfSize;
    public final GateCourse course;
    public final float[] position;
    public final float[] orientation;
    public final float[] line;

    /** A new {@link GateCourse} of {@code G_MAX} gates and {@code SAMPLES} line samples per gate. */
    public SyntheticGates(ComputeRuntime rt, int envs, double halfSize) {
        this(rt, GateCourse.allocate(rt, envs, G_MAX, SAMPLES), halfSize);
    }

    /** Overwrites the arrays of an existing course (a generator's, after its first call). */
    public SyntheticGates(ComputeRuntime rt, GateCourse target, double halfSize) {
        int envs = target.numEnvs();
        this.gMax = target.gMax();
        this.samples = target.lineMax() / target.gMax();
        this.envs = envs;
        this.halfSize = halfSize;
        this.count = new int[envs];
        this.radius = new double[envs];
        this.amp = new double[envs];
        this.cx = new double[envs];
        this.cy = new double[envs];
        this.z0 = new double[envs];
        this.course = target;
        int gm = gMax;
        int lm = target.lineMax();
        position = new float[envs * gm * 3];
        float[] tangent = new float[envs * gm * 3];
        orientation = new float[envs * gm * 4];
        float[] hs = new float[envs * gm];
        float[] left = new float[envs * gm * 3];
        float[] right = new float[envs * gm * 3];
        int[] valid = new int[envs];
        line = new float[envs * lm * 3];
        float[] arclen = new float[envs * lm];
        float[] length = new float[envs];
        int[] lineCount = new int[envs];
        Arrays.fill(position, Float.NaN);
        Arrays.fill(tangent, Float.NaN);
        Arrays.fill(orientation, Float.NaN);
        Arrays.fill(hs, Float.NaN);
        Arrays.fill(left, Float.NaN);
        Arrays.fill(right, Float.NaN);
        Arrays.fill(line, Float.NaN);
        Arrays.fill(arclen, Float.NaN);
        for (int e = 0; e < envs; e++) {
            count[e] = Math.min(4 + e % 5, gm);
            radius[e] = 1.0 + 0.25 * e;
            amp[e] = 0.1 * (e % 3);
            cx[e] = 0.5 * e - 1.0;
            cy[e] = 2.0 - 0.3 * e;
            z0[e] = 1.5;
            valid[e] = 1;
            int g = count[e];
            for (int k = 0; k < g; k++) {
                double t = 2 * Math.PI * k / g;
                double[] p = point(e, t);
                double[] d = tangent(e, t);
                int f = e * gm + k;
                double yaw = Math.atan2(d[1], d[0]);
                double pitch = -Math.asin(d[2]);
                double sz = Math.sin(yaw / 2);
                double czq = Math.cos(yaw / 2);
                double sy = Math.sin(pitch / 2);
                double cyq = Math.cos(pitch / 2);
                double[] q = {-sz * sy, czq * sy, cyq * sz, czq * cyq};
                double[] l = {-Math.sin(yaw), Math.cos(yaw), 0};
                for (int i = 0; i < 3; i++) {
                    position[3 * f + i] = (float) p[i];
                    tangent[3 * f + i] = (float) d[i];
                    left[3 * f + i] = (float) (p[i] + halfSize * l[i]);
                    right[3 * f + i] = (float) (p[i] - halfSize * l[i]);
                }
                for (int i = 0; i < 4; i++) {
                    orientation[4 * f + i] = (float) q[i];
                }
                hs[f] = (float) halfSize;
            }
            int n = g * samples;
            lineCount[e] = n;
            double s = 0;
            double[] prev = null;
            double[] first = null;
            for (int i = 0; i < n; i++) {
                double[] p = point(e, 2 * Math.PI * i / n);
                if (prev != null) {
                    s += dist(prev, p);
                } else {
                    first = p;
                }
                arclen[e * lm + i] = (float) s;
                for (int c = 0; c < 3; c++) {
                    line[3 * (e * lm + i) + c] = (float) p[c];
                }
                prev = p;
            }
            length[e] = (float) (s + dist(prev, first));
        }
        rt.upload(position, course.position());
        rt.upload(tangent, course.tangent());
        rt.upload(orientation, course.orientation());
        rt.upload(hs, course.halfSize());
        rt.upload(left, course.left());
        rt.upload(right, course.right());
        rt.upload(count, course.count());
        rt.upload(valid, course.valid());
        rt.upload(line, course.linePoints());
        rt.upload(arclen, course.lineArclen());
        rt.upload(length, course.lineLength());
        rt.upload(lineCount, course.lineCount());
    }

    public double[] point(int e, double t) {
        return new double[] {cx[e] + radius[e] * Math.cos(t), cy[e] + radius[e] * Math.sin(t),
            z0[e] + amp[e] * Math.sin(2 * t)};
    }

    public double[] tangent(int e, double t) {
        double[] d = {-radius[e] * Math.sin(t), radius[e] * Math.cos(t), 2 * amp[e] * Math.cos(2 * t)};
        double n = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        return new double[] {d[0] / n, d[1] / n, d[2] / n};
    }

    /**
     * A point on env {@code e}'s course-line polyline (the float samples, interpolated in double)
     * at sample parameter {@code u} (sample {@code floor(u)} to the next, any real {@code u},
     * wrapping).
     */
    public double[] onLine(int e, double u) {
        int n = count[e] * samples;
        double w = ((u % n) + n) % n;
        int i = (int) Math.floor(w);
        int j = (i + 1) % n;
        double f = w - i;
        int b = e * course.lineMax();
        double[] p = new double[3];
        for (int c = 0; c < 3; c++) {
            double a = line[3 * (b + i) + c];
            p[c] = a + f * (line[3 * (b + j) + c] - a);
        }
        return p;
    }

    public static double dist(double[] a, double[] b) {
        double x = a[0] - b[0];
        double y = a[1] - b[1];
        double z = a[2] - b[2];
        return Math.sqrt(x * x + y * y + z * z);
    }
}
