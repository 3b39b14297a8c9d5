package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The course-line localizer against a double-precision brute-force projection onto the polyline
 * (nearest segment, 3D arc length, the roll-free frame's lateral and vertical offsets), and warm
 * queries against cold ones along flown paths, with teleports, pauses and fast motion.
 */
class CourseLineLocalizerTest {
    private static final int ENVS = 6;

    /** {segment, s, n, nUp, second-best distance - best distance} by brute force in double. */
    private static double[] reference(SyntheticGates g, int e, double px, double py, double pz) {
        int n = g.count[e] * g.samples;
        int b = e * g.course.lineMax();
        double best = Double.POSITIVE_INFINITY;
        double second = Double.POSITIVE_INFINITY;
        int bi = -1;
        double bu = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ax = g.line[3 * (b + i)];
            double ay = g.line[3 * (b + i) + 1];
            double az = g.line[3 * (b + i) + 2];
            double dx = g.line[3 * (b + j)] - ax;
            double dy = g.line[3 * (b + j) + 1] - ay;
            double dz = g.line[3 * (b + j) + 2] - az;
            double len2 = dx * dx + dy * dy + dz * dz;
            double u = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / len2));
            double qx = px - ax - u * dx;
            double qy = py - ay - u * dy;
            double qz = pz - az - u * dz;
            double d = Math.sqrt(qx * qx + qy * qy + qz * qz);
            if (d < best) {
                second = best;
                best = d;
                bi = i;
                bu = u;
            } else if (d < second) {
                second = d;
            }
        }
        int j = (bi + 1) % n;
        double ax = g.line[3 * (b + bi)];
        double ay = g.line[3 * (b + bi) + 1];
        double az = g.line[3 * (b + bi) + 2];
        double dx = g.line[3 * (b + j)] - ax;
        double dy = g.line[3 * (b + j) + 1] - ay;
        double dz = g.line[3 * (b + j) + 2] - az;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double arc = 0;
        for (int i = 0; i < bi; i++) { // arc length summed here, independently of the stored one
            int k = i + 1;
            double x = g.line[3 * (b + k)] - g.line[3 * (b + i)];
            double y = g.line[3 * (b + k) + 1] - g.line[3 * (b + i) + 1];
            double z = g.line[3 * (b + k) + 2] - g.line[3 * (b + i) + 2];
            arc += Math.sqrt(x * x + y * y + z * z);
        }
        double s = arc + bu * len;
        double[] t = {dx / len, dy / len, dz / len};
        double h = Math.hypot(t[0], t[1]);
        double[] l = {-t[1] / h, t[0] / h, 0};
        double[] up = {t[1] * l[2] - t[2] * l[1], t[2] * l[0] - t[0] * l[2], t[0] * l[1] - t[1] * l[0]};
        double rx = px - (ax + bu * dx);
        double ry = py - (ay + bu * dy);
        double rz = pz - (az + bu * dz);
        return new double[] {bi, s, rx * l[0] + ry * l[1] + rz * l[2], rx * up[0] + ry * up[1] + rz * up[2],
            second - best};
    }

    @Test
    void coldQueriesMatchADoubleBruteForceProjection() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            SyntheticGates g = new SyntheticGates(rt, ENVS, 0.2);
            int agents = 16;
            HostF32Array pos = new HostF32Array(ENVS * agents * 3);
            CourseLineLocalizer cold = CourseLineLocalizer.builder(g.course, pos).agents(agents).cold().build();
            Random rnd = new Random(5);
            int checked = 0;
            for (int round = 0; round < 20; round++) {
                for (int e = 0; e < ENVS; e++) {
                    for (int a = 0; a < agents; a++) {
                        int k = e * agents + a;
                        double[] p = g.onLine(e, rnd.nextDouble() * g.count[e] * g.samples);
                        pos.data()[3 * k] = (float) (p[0] + 0.3 * rnd.nextGaussian());
                        pos.data()[3 * k + 1] = (float) (p[1] + 0.3 * rnd.nextGaussian());
                        pos.data()[3 * k + 2] = (float) (p[2] + 0.3 * rnd.nextGaussian());
                    }
                }
                pos.data()[0] = Float.NaN;
                CourseLineFrame f = cold.query();
                float[] s = ((HostF32Array) f.s()).data();
                float[] n = ((HostF32Array) f.n()).data();
                float[] up = ((HostF32Array) f.nUp()).data();
                int[] seg = ((HostI32Array) f.segment()).data();
                assertEquals(-1, seg[0], "a NaN position has no segment");
                assertTrue(Float.isNaN(s[0]) && Float.isNaN(n[0]) && Float.isNaN(up[0]));
                for (int k = 1; k < ENVS * agents; k++) {
                    int e = k / agents;
                    double[] r = reference(g, e, pos.data()[3 * k], pos.data()[3 * k + 1], pos.data()[3 * k + 2]);
                    if (r[4] < 1e-4) {
                        continue; // a near tie: either segment is right
                    }
                    checked++;
                    assertEquals((int) r[0], seg[k], "segment of query " + k);
                    assertEquals(r[1], s[k], 1e-4, "s of query " + k);
                    assertEquals(r[2], n[k], 1e-4, "n of query " + k);
                    assertEquals(r[3], up[k], 1e-4, "n_up of query " + k);
                }
            }
            assertTrue(checked > 1500, "checked " + checked);
        }
    }

    @Test
    void warmQueriesEqualColdOnesAlongFlownPathsWithTeleportsAndFastMotion() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            SyntheticGates g = new SyntheticGates(rt, ENVS, 0.2);
            int agents = 3;
            HostF32Array pos = new HostF32Array(ENVS * agents * 3);
            CourseLineLocalizer warm = CourseLineLocalizer.builder(g.course, pos).agents(agents).warmWindow(2).build();
            CourseLineLocalizer cold = CourseLineLocalizer.builder(g.course, pos).agents(agents).cold().build();
            Random rnd = new Random(11);
            double[] u = new double[ENVS * agents];
            HostI32Array mask = new HostI32Array(ENVS * agents);
            for (int step = 0; step < 150; step++) {
                for (int k = 0; k < u.length; k++) {
                    int e = k / agents;
                    u[k] += k % agents == 0 ? 0.3 : k % agents == 1 ? -0.2 : 7.5; // agent 2: past the window every step
                    mask.data()[k] = 0;
                    if (rnd.nextInt(40) == 0) {
                        u[k] = rnd.nextDouble() * g.count[e] * g.samples;
                        mask.data()[k] = 1;
                    }
                    double[] p = g.onLine(e, u[k]);
                    pos.data()[3 * k] = (float) (p[0] + 0.02 * rnd.nextGaussian());
                    pos.data()[3 * k + 1] = (float) (p[1] + 0.02 * rnd.nextGaussian());
                    pos.data()[3 * k + 2] = (float) (p[2] + 0.02 * rnd.nextGaussian());
                }
                warm.reset(mask);
                CourseLineFrame w = warm.query();
                CourseLineFrame c = cold.query();
                assertArrayEquals(((HostI32Array) c.segment()).data(), ((HostI32Array) w.segment()).data(), "step " + step);
                assertArrayEquals(((HostF32Array) c.s()).data(), ((HostF32Array) w.s()).data(), "step " + step);
                assertArrayEquals(((HostF32Array) c.n()).data(), ((HostF32Array) w.n()).data(), "step " + step);
                assertArrayEquals(((HostF32Array) c.nUp()).data(), ((HostF32Array) w.nUp()).data(), "step " + step);
            }
        }
    }
}
