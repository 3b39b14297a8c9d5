package dev.trackgen.api.config;

import java.util.List;
import java.util.Set;

/**
 * Knobs of the elevation and banking stage the pipeline runs after the inflation, for the tracks
 * of any generator (docs/elevation.md). At the defaults ({@code z_profile = flat},
 * {@code bank_speed = 0}) every height is {@code z_base}, every bank angle 0, and every array a
 * build without elevation writes is bit for bit the same.
 *
 * <p>The profile family and its knob names are those of the gate courses
 * ({@code dev.trackgen.api.kernel.AltitudeProfile}, after AntoineRichard/TrackGen
 * track_gen/_src/warp_zprofile.py); tracks add knots ({@code z_control_points}) with a periodic
 * monotone cubic between them, banking and the grade check.
 */
public final class ElevationKnobs {
    private ElevationKnobs() {
    }

    /** {@code z_profile = flat}. */
    public static final String FLAT = "flat";
    /** {@code z_profile = uniform}. */
    public static final String UNIFORM = "uniform";
    /** {@code z_profile = random_walk}. */
    public static final String RANDOM_WALK = "random_walk";
    /** {@code z_profile = noise}. */
    public static final String NOISE = "noise";

    /**
     * Largest height magnitude, grade cap and noise amplitude the knobs accept, world units:
     * {@value}. Beyond about 1e17 the squared height steps of the 3D arc length overflow float,
     * and a track with an infinite 3D length must not pass the validity gate; this bound keeps
     * every height, step and 3D length finite with a wide margin.
     */
    public static final double MAX_HEIGHT = 1e6;

    /** Which altitude profile the centerline gets. */
    public static final Knob<String> PROFILE = Knob.ofChoice("z_profile", FLAT, Set.of(FLAT, UNIFORM, RANDOM_WALK, NOISE),
            "Track elevation: flat (z_base everywhere), uniform (knots uniform in [z_min, z_max]), random_walk "
                    + "(a closed grade-capped walk over the knots) or noise (periodic harmonics, per point).");

    /** Base height. */
    public static final Knob<Double> BASE = Knob.ofDouble("z_base", 0.0, Range.closed(-MAX_HEIGHT, MAX_HEIGHT),
            "Track elevation: base height of the centerline, world units (every height at z_profile = flat).");

    /** Lower height bound of the non-flat profiles. */
    public static final Knob<Double> MIN = Knob.ofDouble("z_min", 0.0, Range.closed(-MAX_HEIGHT, MAX_HEIGHT),
            "Track elevation: lowest centerline height of a non-flat z_profile, world units.");

    /** Upper height bound of the non-flat profiles. */
    public static final Knob<Double> MAX = Knob.ofDouble("z_max", 0.0, Range.closed(-MAX_HEIGHT, MAX_HEIGHT),
            "Track elevation: highest centerline height of a non-flat z_profile, world units (>= z_min).");

    /** Grade cap of the random walk between knots. */
    public static final Knob<Double> MAX_STEP = Knob.ofDouble("z_max_step", 0.0, Range.closed(0, MAX_HEIGHT),
            "Track elevation: random_walk grade cap between knots, |dz| per unit of plan-view arc length.");

    /** Amplitude of the noise profile. */
    public static final Knob<Double> NOISE_AMPLITUDE = Knob.ofDouble("z_noise_amplitude", 0.0, Range.closed(0, MAX_HEIGHT),
            "Track elevation: amplitude of the noise z_profile, world units.");

    /** Harmonics of the noise profile. */
    public static final Knob<Integer> NOISE_HARMONICS = Knob.ofInt("z_noise_harmonics", 3, Range.closed(1, 64),
            "Track elevation: harmonics of the noise z_profile (1 to 64).");

    /** Knots of the uniform and random-walk profiles. */
    public static final Knob<Integer> CONTROL_POINTS = Knob.ofInt("z_control_points", 10, Range.closed(3, 4096),
            "Track elevation: knots of the uniform and random_walk profiles at equal plan-view arc fractions, "
                    + "joined by a periodic monotone cubic (heights stay between neighbouring knots).");

    /** Largest realized grade of a valid track. */
    public static final Knob<Double> VALID_GRADE = Knob.ofDouble("z_valid_grade", 0.0, Range.atLeast(0),
            "Validity gate: largest centerline grade between adjacent points, |dz| per unit of plan-view arc "
                    + "length; 0 = unchecked.");

    /** Design speed of the banking. */
    public static final Knob<Double> BANK_SPEED = Knob.ofDouble("bank_speed", 0.0, Range.atLeast(0),
            "Banking: design speed, world units per second; the bank angle is atan(v^2 kappa / g) into each turn; "
                    + "0 = no banking.");

    /** Gravity of the banking formula. */
    public static final Knob<Double> BANK_GRAVITY = Knob.ofDouble("bank_gravity", 9.81, Range.greaterThan(0),
            "Banking: gravitational acceleration, world units per second squared.");

    /** Largest bank angle. */
    public static final Knob<Double> BANK_MAX = Knob.ofDouble("bank_max", 10.0, Range.closed(0, 45),
            "Banking: largest bank angle, degrees (0 to 45); the validity gate bounds every point's bank by it.");

    /** Half-length of the transition window of the bank. */
    public static final Knob<Double> BANK_TRANSITION = Knob.ofDouble("bank_transition", 0.5, Range.closed(0, 1000),
            "Banking: half-length (world units of arc) of the centred moving average that eases the bank in and "
                    + "out of each turn; 0 = every point its own target.");

    /**
     * Bridges: least vertical clearance between the road surfaces of two branches that cross in
     * the plan view, world units; 0 (the default) = off, every plan-view crossing refused.
     */
    public static final Knob<Double> BRIDGE_CLEARANCE = Knob.ofDouble("bridge_clearance", 0.0,
            Range.closed(0, MAX_HEIGHT),
            "Bridges: a centerline that crosses itself in the plan view gets the later branch raised over each "
                    + "crossing, and the track is valid only where the two road surfaces are at least this far apart "
                    + "vertically wherever they overlap, world units; 0 = off (every crossing refused).");

    /** Bridges: grade of the ramps that lift a branch over a crossing. */
    public static final Knob<Double> BRIDGE_GRADE = Knob.ofDouble("bridge_grade", 0.1, Range.closed(0.001, 10),
            "Bridges: steepest grade of the ramps that lift a branch over a crossing, |dz| per unit of plan-view "
                    + "arc length (0.001 to 10; at most z_valid_grade when that is set).");

    /** @return the elevation knobs in documentation order */
    public static List<Knob<?>> all() {
        return List.of(PROFILE, BASE, MIN, MAX, MAX_STEP, NOISE_AMPLITUDE, NOISE_HARMONICS, CONTROL_POINTS,
                VALID_GRADE, BANK_SPEED, BANK_GRAVITY, BANK_MAX, BANK_TRANSITION, BRIDGE_CLEARANCE, BRIDGE_GRADE);
    }

    /**
     * The height range a non-flat profile would make useless, in words: an empty range
     * ({@code z_min == z_max}: every height would be {@code z_min}, a flat road), or, for the
     * profiles built around {@code z_base} ({@code random_walk}, {@code noise}), a base outside
     * {@code [z_min, z_max]} (every height would be clamped to the nearer bound). Both used to pass
     * silently and give flat tracks.
     *
     * @param profile {@code z_profile}
     * @param base    {@code z_base}, world units
     * @param min     {@code z_min}, world units ({@code <= max})
     * @param max     {@code z_max}, world units
     * @return the problem as one sentence, or {@code null} when the range serves the profile
     */
    public static String rangeProblem(String profile, double base, double min, double max) {
        if (FLAT.equals(profile)) {
            return null;
        }
        if (min == max) {
            return "z_min = z_max = " + min + ": a non-flat z_profile (" + profile + ") stays within [z_min, z_max], "
                    + "so every height would be " + min + "; set a range, e.g. --set z_max=" + (min + 1.0);
        }
        if ((RANDOM_WALK.equals(profile) || NOISE.equals(profile)) && !(base >= min && base <= max)) {
            return "z_base = " + base + " is outside [z_min, z_max] = [" + min + ", " + max + "]: the " + profile
                    + " profile varies around z_base and is clamped to the range, so its heights would sit on a bound;"
                    + " set z_min <= z_base <= z_max";
        }
        return null;
    }
}
