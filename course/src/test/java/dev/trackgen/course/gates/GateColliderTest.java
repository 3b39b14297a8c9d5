package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Agent spheres against gate posts and gate frames, on random spheres around pitched gates,
 * against a double-precision reference written independently (rotation by the conjugate
 * quaternion as a matrix, the box distance by clamping).
 */
class GateColliderTest {
    private static final int ENVS = 5;
    private static final double HS = 0.25;

    /** Rotates world vector v into gate f's body frame: R(q)^T v, with R from the quaternion in double. */
    private static double[] toBody(float[] quat, int f, double[] v) {
        double x = quat[4 * f];
        double y = quat[4 * f + 1];
        double z = quat[4 * f + 2];
        double w = quat[4 * f + 3];
        double[][] r = {
            {1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
            {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
            {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            out[i] = r[0][i] * v[0] + r[1][i] * v[1] + r[2][i] * v[2];
        }
        return out;
    }

    /** Distance from p to the axis-aligned box [lo, hi] (0 inside), minus the depth inside. */
    private static double box(double[] p, double[] lo, double[] hi) {
        double out = 0;
        double in = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 3; i++) {
            double c = Math.max(lo[i], Math.min(hi[i], p[i]));
            out += (p[i] - c) * (p[i] - c);
            in = Math.max(in, Math.max(lo[i] - p[i], p[i] - hi[i]));
        }
        return out > 0 ? Math.sqrt(out) : Math.min(in, 0);
    }

    /** Largest penetration over the env's gates in double (negative: the clearance of the nearest) and its gate. */
    private static double[] reference(SyntheticGates g, int e, double[] p, GateCollision c) {
        double worst = Double.NEGATIVE_INFINITY;
        int which = -1;
        for (int k = 0; k < g.count[e]; k++) {
            int f = e * g.gMax + k;
            double[] ctr = {g.position[3 * f], g.position[3 * f + 1], g.position[3 * f + 2]};
            double d;
            if (c.model() == GateCollision.Model.POSTS) {
                double[] l = toWorldLeft(g, f);
                double best = Double.NEGATIVE_INFINITY;
                for (int sgn = -1; sgn <= 1; sgn += 2) {
                    double px = ctr[0] + sgn * HS * l[0];
                    double py = ctr[1] + sgn * HS * l[1];
                    best = Math.max(best, c.postRadius() + c.agentRadius() - Math.hypot(p[0] - px, p[1] - py));
                }
                d = best;
            } else {
                double[] b = toBody(g.orientation, f, new double[] {p[0] - ctr[0], p[1] - ctr[1], p[2] - ctr[2]});
                double t = c.frameThickness();
                double hd = c.frameDepth() / 2;
                double m = Double.POSITIVE_INFINITY;
                m = Math.min(m, box(b, new double[] {-hd, HS, -HS - t}, new double[] {hd, HS + t, HS + t}));
                m = Math.min(m, box(b, new double[] {-hd, -HS - t, -HS - t}, new double[] {hd, -HS, HS + t}));
                m = Math.min(m, box(b, new double[] {-hd, -HS - t, HS}, new double[] {hd, HS + t, HS + t}));
                m = Math.min(m, box(b, new double[] {-hd, -HS - t, -HS - t}, new double[] {hd, HS + t, -HS}));
                d = c.agentRadius() - m;
            }
            if (d > worst) {
                worst = d;
                which = k;
            }
        }
        return new double[] {worst, which};
    }

    private static double[] toWorldLeft(SyntheticGates g, int f) {
        double x = g.orientation[4 * f];
        double y = g.orientation[4 * f + 1];
        double z = g.orientation[4 * f + 2];
        double w = g.orientation[4 * f + 3];
        return new double[] {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
    }

    private static void check(GateCollision model, long seed) {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            SyntheticGates g = new SyntheticGates(rt, ENVS, HS);
            int agents = 64;
            HostF32Array pos = new HostF32Array(ENVS * agents * 3);
            GateCollider collider = new GateCollider(g.course, pos, agents, model);
            Random rnd = new Random(seed);
            int hits = 0;
            int misses = 0;
            for (int round = 0; round < 30; round++) {
                for (int e = 0; e < ENVS; e++) {
                    for (int a = 0; a < agents; a++) {
                        int k = e * agents + a;
                        int f = e * g.gMax + rnd.nextInt(g.count[e]);
                        for (int i = 0; i < 3; i++) { // around a gate's frame
                            pos.data()[3 * k + i] = (float) (g.position[3 * f + i] + (rnd.nextDouble() * 2 - 1) * 1.6 * HS);
                        }
                    }
                }
                GateContacts c = collider.query();
                int[] hit = ((HostI32Array) c.hit()).data();
                float[] depth = ((HostF32Array) c.depth()).data();
                int[] gate = ((HostI32Array) c.gate()).data();
                for (int k = 0; k < ENVS * agents; k++) {
                    int e = k / agents;
                    double[] p = {pos.data()[3 * k], pos.data()[3 * k + 1], pos.data()[3 * k + 2]};
                    double[] r = reference(g, e, p, model);
                    if (Math.abs(r[0]) < 1e-5) {
                        continue; // grazing: either answer is right in float
                    }
                    boolean expected = r[0] > 0;
                    assertEquals(expected ? 1 : 0, hit[k], "hit of sphere " + k + " (reference depth " + r[0] + ")");
                    assertEquals(expected ? r[0] : 0, depth[k], 1e-5, "depth of sphere " + k);
                    if (expected) {
                        hits++;
                        assertEquals((int) r[1], gate[k], "gate of sphere " + k);
                    } else {
                        misses++;
                        assertEquals(-1, gate[k]);
                    }
                }
            }
            assertTrue(hits > 500 && misses > 500, "both outcomes sampled: " + hits + " hits, " + misses + " misses");
        }
    }

    @Test
    void postDiscsMatchADoubleReferenceOnRandomSpheres() {
        check(GateCollision.posts(0.05, 0.08), 3);
    }

    @Test
    void frameMembersMatchADoubleReferenceOnRandomSpheres() {
        check(GateCollision.frames(0.04, 0.06, 0.05), 4);
    }

    @Test
    void postsAndFramesAreExclusiveAndEveryKnobIsChecked() {
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
                () -> new GateCollision(GateCollision.Model.POSTS, 0.1, 0.05, 0.02, 0));
        assertTrue(both.getMessage().contains("mutually exclusive"), both.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new GateCollision(GateCollision.Model.FRAMES, 0.1, 0.05, 0.02, 0.02));
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class, () -> GateCollision.posts(0.05, 0));
        assertTrue(r.getMessage().startsWith("agent_radius"), r.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GateCollision.frames(0, 0.1, 0.1));
        assertThrows(IllegalArgumentException.class, () -> GateCollision.frames(0.1, Double.NaN, 0.1));
        assertThrows(IllegalArgumentException.class, () -> GateCollision.posts(Double.POSITIVE_INFINITY, 0.1));
    }
}
