package dev.trackgen.export;

import dev.trackgen.gates.GateCourseSnapshot;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One gate course as the track of an lsy_drone_racing level file (utiasDSL/lsy_drone_racing:
 * config/level*.toml, read by lsy_drone_racing/utils/utils.py {@code load_config} and
 * lsy_drone_racing/envs/utils.py {@code load_track}): an {@code [env.track]} table with
 * {@code randomize = false}, an empty {@code obstacles} list, one {@code [[env.track.gates]]}
 * entry per real gate in flying order ({@code pos = [x, y, z]} metres, {@code rpy = [roll, pitch,
 * yaw]} radians) and one {@code [[env.track.drones]]} start pose before gate 0.
 *
 * <p>Orientation convention: their loader makes a gate's quaternion with SciPy's
 * {@code Rotation.from_euler("xyz", rpy)}, extrinsic rotations about x, then y, then z, i.e.
 * {@code R = Rz(yaw) Ry(pitch) Rx(roll)}, and counts a pass when a drone crosses the gate's body
 * x axis from negative to positive inside its opening: the gates' own convention (body x forward
 * through the opening, y left, z up), so {@code rpy} is read off the gate's rotation matrix:
 * {@code yaw = atan2(R10, R00)}, {@code pitch = asin(-R20)}, {@code roll = atan2(R21, R22)} (0
 * for the roll-free gates). The merge into a level file (controller, sim, disturbances) is the
 * user's: the tables written here replace the level's {@code [env.track]} part.
 */
public final class LsyGateToml {
    private LsyGateToml() {
    }

    /**
     * @param course        the gate courses (host copy)
     * @param env           which env
     * @param scale         metres per world unit, {@code > 0} (positions are multiplied by it)
     * @param startDistance the drone start's distance before gate 0's plane, world units, {@code >= 0}
     * @param file          where to write (overwritten)
     * @throws IOException              if writing fails
     * @throws IllegalArgumentException if {@code env} is out of range, the env has no gate, a
     *                                  gate is not finite, or {@code scale} / {@code startDistance} is out of range
     */
    public static void write(GateCourseSnapshot course, int env, double scale, double startDistance, Path file)
            throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(course, env, scale, startDistance, w);
        }
    }

    /**
     * As {@link #write(GateCourseSnapshot, int, double, double, Path)}, to a writer (not closed).
     *
     * @param course        the gate courses (host copy)
     * @param env           which env
     * @param scale         metres per world unit, {@code > 0}
     * @param startDistance the drone start's distance before gate 0's plane, world units, {@code >= 0}
     * @param out           where to write
     * @throws IOException              if writing fails
     * @throws IllegalArgumentException as above
     */
    public static void write(GateCourseSnapshot course, int env, double scale, double startDistance, Writer out)
            throws IOException {
        if (env < 0 || env >= course.numEnvs()) {
            throw new IllegalArgumentException("env must be in [0, " + course.numEnvs() + "), got " + env);
        }
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be a finite number > 0 (metres per world unit), got " + scale);
        }
        if (!(startDistance >= 0) || Double.isInfinite(startDistance)) {
            throw new IllegalArgumentException("startDistance must be a finite number >= 0, got " + startDistance);
        }
        int g = course.count()[env];
        if (g < 1) {
            throw new IllegalArgumentException("env " + env + " has no gate");
        }
        StringBuilder b = new StringBuilder();
        b.append("# TrackGen gate course, env ").append(env).append(" of ").append(course.numEnvs()).append(", ")
                .append(g).append(" gates").append(course.valid()[env] == 0 ? " (INVALID course)" : "").append('\n');
        b.append("# Gates are passed in this order along their body x axis (pos in metres, rpy in radians, ")
                .append("SciPy from_euler(\"xyz\")).\n");
        b.append("[env.track]\nrandomize = false\nobstacles = []\n\n");
        for (int k = 0; k < g; k++) {
            int f = env * course.gMax() + k;
            double[] rpy = rpy(course.orientation(), 4 * f);
            double[] p = {course.position()[3 * f], course.position()[3 * f + 1], course.position()[3 * f + 2]};
            for (double v : p) {
                if (!Double.isFinite(v) || !Double.isFinite(rpy[0] + rpy[1] + rpy[2])) {
                    throw new IllegalArgumentException("gate " + k + " of env " + env + " is not finite");
                }
            }
            b.append("[[env.track.gates]]\n");
            b.append("pos = ").append(vector(p[0] * scale, p[1] * scale, p[2] * scale)).append('\n');
            b.append("rpy = ").append(vector(rpy[0], rpy[1], rpy[2])).append('\n');
        }
        int f0 = env * course.gMax();
        double[] rpy0 = rpy(course.orientation(), 4 * f0);
        double[] fwd = forward(course.orientation(), 4 * f0);
        b.append("\n[[env.track.drones]]\n");
        b.append("pos = ").append(vector((course.position()[3 * f0] - startDistance * fwd[0]) * scale,
                (course.position()[3 * f0 + 1] - startDistance * fwd[1]) * scale,
                (course.position()[3 * f0 + 2] - startDistance * fwd[2]) * scale)).append('\n');
        b.append("rpy = ").append(vector(0, 0, rpy0[2])).append('\n');
        b.append("vel = [0.0, 0.0, 0.0]\nang_vel = [0.0, 0.0, 0.0]\n");
        out.write(b.toString());
    }

    private static String vector(double x, double y, double z) {
        return "[" + fixed(x) + ", " + fixed(y) + ", " + fixed(z) + "]";
    }

    /**
     * @param v a finite number
     * @return {@code v} with six decimals; a value that rounds to zero is written {@code 0.000000},
     *         never {@code -0.000000} (negative zero, or a tiny negative number)
     */
    static String fixed(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v);
        return s.equals("-0.000000") ? "0.000000" : s;
    }

    /** Gate body x in world coordinates from quaternion {@code q[o..o+3] = (x, y, z, w)}. */
    private static double[] forward(float[] q, int o) {
        double x = q[o];
        double y = q[o + 1];
        double z = q[o + 2];
        double w = q[o + 3];
        return new double[] {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)};
    }

    /**
     * @param q quaternions {@code (x, y, z, w)}
     * @param o offset of one
     * @return {@code {roll, pitch, yaw}} with {@code R = Rz(yaw) Ry(pitch) Rx(roll)}
     */
    static double[] rpy(float[] q, int o) {
        double x = q[o];
        double y = q[o + 1];
        double z = q[o + 2];
        double w = q[o + 3];
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        x /= n;
        y /= n;
        z /= n;
        w /= n;
        double r00 = 1 - 2 * (y * y + z * z);
        double r10 = 2 * (x * y + w * z);
        double r20 = 2 * (x * z - w * y);
        double r21 = 2 * (y * z + w * x);
        double r22 = 1 - 2 * (x * x + y * y);
        double yaw = Math.atan2(r10, r00);
        double pitch = Math.asin(Math.max(-1, Math.min(1, -r20)));
        double roll = Math.atan2(r21, r22);
        return new double[] {roll, pitch, yaw};
    }
}
