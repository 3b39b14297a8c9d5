package dev.trackgen.examples.trainer;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.gates.CourseLineFrame;
import dev.trackgen.gates.GateCourse;

import java.util.SplittableRandom;

/**
 * The scripted policy of the gates trainer: one point-mass drone per env (agent 0) chasing a
 * carrot on the course line. Each step it reads its arc length {@code s} on the line (the
 * Course's localizer), aims at the line point {@code lookahead} further on plus a per-episode aim
 * error (up and left, in half sizes of the target gate), and turns its velocity toward that point
 * with a bounded acceleration; then it writes the new position and a roll-free yaw-and-pitch
 * quaternion along its velocity into the bound {@code FlightPoses}. A careful drone (small
 * {@code aggressiveness}) is slow and aims true; an eager one is fast, cuts corners and aims off,
 * so it misses gates and hits frames.
 */
final class LineFollower {
    /** Carrot distance along the line, world units. */
    static final double LOOKAHEAD = 0.12;
    /** Acceleration bound, world units / s^2. */
    static final double ACCEL = 4.0;

    private final Course course;
    private final int envs;
    private final int agents;
    private final SplittableRandom random;
    private final double[] vel;
    private final double[] speed;
    private final double[] aimUp;
    private final double[] aimLeft;
    private final double[] aggressiveness;

    /**
     * @param course a gate course with flight poses bound, generated
     * @param seed   seed of the per-episode draws
     */
    LineFollower(Course course, int seed) {
        this.course = course;
        this.envs = course.numEnvs();
        this.agents = course.agents();
        this.random = new SplittableRandom(seed);
        this.vel = new double[3 * envs];
        this.speed = new double[envs];
        this.aimUp = new double[envs];
        this.aimLeft = new double[envs];
        this.aggressiveness = new double[envs];
        for (int e = 0; e < envs; e++) {
            newEpisode(e);
        }
    }

    /** @return env {@code e}'s current aggressiveness in {@code [0, 1]} */
    double aggressiveness(int e) {
        return aggressiveness[e];
    }

    /** @return env {@code e}'s cruise speed, world units / s */
    double speed(int e) {
        return speed[e];
    }

    /**
     * Draws env {@code e}'s next episode's driver and starts it at rest along gate 0's axis.
     *
     * @param e env
     */
    void newEpisode(int e) {
        double a = random.nextDouble();
        aggressiveness[e] = a;
        speed[e] = 0.4 + 1.4 * a;
        aimUp[e] = (random.nextDouble() * 2 - 1) * 1.3 * a * a * a;
        aimLeft[e] = (random.nextDouble() * 2 - 1) * 1.3 * a * a * a;
        GateCourse g = course.gates();
        float[] t = ((HostF32Array) g.tangent()).data();
        int f = e * g.gMax();
        for (int i = 0; i < 3; i++) {
            vel[3 * e + i] = 0.5 * speed[e] * t[3 * f + i];
        }
    }

    /**
     * One control step: new positions and orientations of agent 0 of every env (other agents are
     * moved with it, side by side as they started).
     *
     * @param line the last step's localization
     * @param dt   time step, s
     */
    void act(CourseLineFrame line, double dt) {
        GateCourse g = course.gates();
        float[] s = ((HostF32Array) line.s()).data();
        float[] pts = ((HostF32Array) g.linePoints()).data();
        float[] arc = ((HostF32Array) g.lineArclen()).data();
        float[] len = ((HostF32Array) g.lineLength()).data();
        int[] lineCount = ((HostI32Array) g.lineCount()).data();
        float[] hs = ((HostF32Array) g.halfSize()).data();
        float[] pos = ((HostF32Array) course.flightPoses().position()).data();
        float[] quat = ((HostF32Array) course.flightPoses().orientation()).data();
        int lineMax = g.lineMax();
        int spg = g.samplesPerGate();
        double[] target = new double[3];
        for (int e = 0; e < envs; e++) {
            int q0 = e * agents;
            int n = lineCount[e];
            double length = len[e];
            if (n < 2 || !(length > 0) || !Float.isFinite(s[q0]) || !Float.isFinite(pos[3 * q0])) {
                continue;
            }
            double want = (s[q0] + LOOKAHEAD) % length;
            int k = sample(arc, e * lineMax, n, want);
            int k1 = (k + 1) % n;
            double a0 = arc[e * lineMax + k];
            double a1 = k1 == 0 ? length : arc[e * lineMax + k1];
            double u = a1 > a0 ? (want - a0) / (a1 - a0) : 0;
            for (int i = 0; i < 3; i++) {
                target[i] = pts[3 * (e * lineMax + k) + i] * (1 - u) + pts[3 * (e * lineMax + k1) + i] * u;
            }
            // aim error in the frame of the gate ahead: up is world z, left is horizontal
            int gates = Math.max(1, n / spg);
            double h = hs[e * g.gMax() + (k / spg + 1) % gates];
            double tx = pts[3 * (e * lineMax + k1)] - pts[3 * (e * lineMax + k)];
            double ty = pts[3 * (e * lineMax + k1) + 1] - pts[3 * (e * lineMax + k) + 1];
            double th = Math.hypot(tx, ty);
            if (th > 1e-9) {
                target[0] += -ty / th * aimLeft[e] * h;
                target[1] += tx / th * aimLeft[e] * h;
            }
            target[2] += aimUp[e] * h;
            double dx = target[0] - pos[3 * q0];
            double dy = target[1] - pos[3 * q0 + 1];
            double dz = target[2] - pos[3 * q0 + 2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (d < 1e-9) {
                continue;
            }
            double[] dv = new double[3];
            double dvn = 0;
            double[] dir = {dx / d, dy / d, dz / d};
            for (int i = 0; i < 3; i++) {
                dv[i] = speed[e] * dir[i] - vel[3 * e + i];
                dvn += dv[i] * dv[i];
            }
            dvn = Math.sqrt(dvn);
            double scale = dvn > ACCEL * dt ? ACCEL * dt / dvn : 1;
            for (int i = 0; i < 3; i++) {
                vel[3 * e + i] += dv[i] * scale;
            }
            float[] qq = yawPitch(vel[3 * e], vel[3 * e + 1], vel[3 * e + 2]);
            for (int a = 0; a < agents; a++) {
                int q = q0 + a;
                for (int i = 0; i < 3; i++) {
                    pos[3 * q + i] = (float) (pos[3 * q + i] + vel[3 * e + i] * dt);
                }
                System.arraycopy(qq, 0, quat, 4 * q, 4);
            }
        }
    }

    /** The last line sample at or before arc length {@code want} (binary search in {@code arc[o .. o+n)}). */
    private static int sample(float[] arc, int o, int n, double want) {
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (arc[o + mid] <= want) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Roll-free body-to-world quaternion (x, y, z, w) with body x along {@code (vx, vy, vz)}: yaw, then pitch. */
    static float[] yawPitch(double vx, double vy, double vz) {
        double yaw = Math.atan2(vy, vx);
        double pitch = -Math.atan2(vz, Math.hypot(vx, vy));
        double cy = Math.cos(yaw / 2);
        double sy = Math.sin(yaw / 2);
        double cp = Math.cos(pitch / 2);
        double sp = Math.sin(pitch / 2);
        // q = qz(yaw) * qy(pitch)
        return new float[] {(float) (-sy * sp), (float) (cy * sp), (float) (sy * cp), (float) (cy * cp)};
    }
}
