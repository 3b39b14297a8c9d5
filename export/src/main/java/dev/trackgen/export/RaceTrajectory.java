package dev.trackgen.export;

import java.util.Objects;

/**
 * One track's racing line in metres, the rows of TUM's race-trajectory layout
 * ({@link RacelineCsv}): {@code n} points of the open loop (the closing row is the writer's).
 *
 * @param s      {@code [n]} arc length along the line from point 0, metres, increasing
 * @param xy     {@code [2n]} interleaved points, metres (the export's frame: track units times the world scale)
 * @param psi    {@code [n]} heading in TUM's convention, radians in {@code [-pi, pi)}, 0 along +y (north),
 *               counter-clockwise: the mathematical heading minus {@code pi / 2} ({@link #tumHeading})
 * @param kappa  {@code [n]} signed curvature, 1/m, positive turning counter-clockwise
 * @param vx     {@code [n]} speed, m/s
 * @param ax     {@code [n]} longitudinal acceleration from each point to the next, m/s^2
 * @param length the closed line's length, metres ({@code > s[n - 1]})
 */
public record RaceTrajectory(double[] s, double[] xy, double[] psi, double[] kappa, double[] vx, double[] ax,
                             double length) {
    /**
     * @throws IllegalArgumentException if the arrays disagree in length, hold fewer than 3 points
     *                                  or a non-finite value, or the length is not above the last arc length
     * @throws NullPointerException     on a null array
     */
    public RaceTrajectory {
        int n = Objects.requireNonNull(s, "s").length;
        if (n < 3) {
            throw new IllegalArgumentException("racing line: " + n + " points; a loop needs at least 3");
        }
        if (Objects.requireNonNull(xy, "xy").length != 2 * n || Objects.requireNonNull(psi, "psi").length != n
                || Objects.requireNonNull(kappa, "kappa").length != n || Objects.requireNonNull(vx, "vx").length != n
                || Objects.requireNonNull(ax, "ax").length != n) {
            throw new IllegalArgumentException("racing line: arrays of " + n + " points (xy " + 2 * n + ") expected, got s "
                    + n + ", xy " + xy.length + ", psi " + psi.length + ", kappa " + kappa.length + ", vx " + vx.length
                    + ", ax " + ax.length);
        }
        for (double[] a : new double[][] {s, xy, psi, kappa, vx, ax}) {
            for (int i = 0; i < a.length; i++) {
                if (!Double.isFinite(a[i])) {
                    throw new IllegalArgumentException("racing line: a non-finite value at index " + i);
                }
            }
        }
        if (!(length > s[n - 1]) || !Double.isFinite(length)) {
            throw new IllegalArgumentException("racing line: length " + length + " must be finite and above the last"
                    + " arc length " + s[n - 1]);
        }
    }

    /** @return the number of points {@code n} */
    public int size() {
        return s.length;
    }

    /**
     * TUM's heading convention (trajectory_planning_helpers' {@code calc_head_curv_num} and
     * {@code normalize_psi}: north up, in {@code [-pi, pi)}).
     *
     * @param heading the mathematical heading, radians from +x, counter-clockwise
     * @return {@code heading - pi / 2}, wrapped into {@code [-pi, pi)}
     */
    public static double tumHeading(double heading) {
        double p = heading - Math.PI / 2;
        p = p - 2 * Math.PI * Math.floor((p + Math.PI) / (2 * Math.PI));
        return p >= Math.PI ? p - 2 * Math.PI : p;
    }
}
