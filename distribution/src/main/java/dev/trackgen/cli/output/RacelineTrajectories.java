package dev.trackgen.cli.output;

import dev.trackgen.course.raceline.RacelineSnapshot;
import dev.trackgen.export.RaceTrajectory;

/**
 * One env of a {@link RacelineSnapshot} (world units) as the export's {@link RaceTrajectory}
 * (metres, TUM's heading convention), in the frame of {@code WorldTrack.of(snapshot, env, scale)}:
 * points and arc lengths times the world scale, curvature divided by it, heading
 * {@link RaceTrajectory#tumHeading}; speeds and accelerations are already in m/s and m/s^2.
 */
public final class RacelineTrajectories {
    private RacelineTrajectories() {
    }

    /**
     * @param line  the batch's racing lines
     * @param env   the env, {@code [0, E)}
     * @param scale metres per world unit (the export's world scale)
     * @return the env's line in metres
     * @throws IllegalArgumentException if the env is out of range or its line is not finite (an env
     *                                  of fewer than 8 points has none)
     */
    public static RaceTrajectory of(RacelineSnapshot line, int env, double scale) {
        if (env < 0 || env >= line.numEnvs()) {
            throw new IllegalArgumentException("env " + env + " out of range [0, " + line.numEnvs() + ")");
        }
        int n = line.count()[env];
        int b = env * line.nMax();
        double[] s = new double[n];
        double[] xy = new double[2 * n];
        double[] psi = new double[n];
        double[] kappa = new double[n];
        double[] vx = new double[n];
        double[] ax = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = line.arclen()[b + i] * scale;
            xy[2 * i] = line.line()[2 * (b + i)] * scale;
            xy[2 * i + 1] = line.line()[2 * (b + i) + 1] * scale;
            psi[i] = RaceTrajectory.tumHeading(line.heading()[b + i]);
            kappa[i] = line.curvature()[b + i] / scale;
            vx[i] = line.speed()[b + i];
            ax[i] = line.acceleration()[b + i];
        }
        return new RaceTrajectory(s, xy, psi, kappa, vx, ax, line.length()[env] * scale);
    }
}
