package dev.trackgen.course.raceline;

/**
 * A host copy of a {@link RacingLine}'s arrays (see {@link RacingLine} for units; NaN past each
 * env's count). Arrays are the snapshot's own; treat them as read-only.
 *
 * @param numEnvs       {@code E}
 * @param nMax          the stride {@code N_max}
 * @param count         {@code [E]} points per env (the track's)
 * @param line          {@code [E * N_max * 2]} interleaved points, world units
 * @param offset        {@code [E * N_max]} lateral offset along the centerline normal, world units
 * @param curvature     {@code [E * N_max]} signed curvature, 1/world units
 * @param heading       {@code [E * N_max]} heading, radians from +x, counter-clockwise
 * @param arclen        {@code [E * N_max]} arc length along the line, world units
 * @param length        {@code [E]} line length, world units
 * @param speed         {@code [E * N_max]} m/s
 * @param acceleration  {@code [E * N_max]} m/s^2
 * @param lapTime       {@code [E]} seconds
 * @param centerSpeed   {@code [E * N_max]} the centerline's speed profile, m/s
 * @param centerLapTime {@code [E]} the centerline's lap time, seconds
 * @param worldScale    metres per world unit of the speed profiles
 */
public record RacelineSnapshot(int numEnvs, int nMax, int[] count, float[] line, float[] offset, float[] curvature,
                               float[] heading, float[] arclen, float[] length, float[] speed, float[] acceleration,
                               float[] lapTime, float[] centerSpeed, float[] centerLapTime, double worldScale) {
}
