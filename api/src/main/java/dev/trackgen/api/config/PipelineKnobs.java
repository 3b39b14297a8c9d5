package dev.trackgen.api.config;

import java.util.List;

/**
 * Knobs of the pipeline as a whole: batch, generator and runtime choice, road geometry,
 * resampling and the validity gate. Defaults are those of the original implementation (AntoineRichard/TrackGen,
 * track_gen/_src/types.py, {@code TrackGenConfig}).
 */
public final class PipelineKnobs {
    private PipelineKnobs() {
    }

    /**
     * Registered generator name; {@code auto} (the default) leaves the choice to whoever resolves
     * generators by name (the launcher's default generator).
     */
    public static final Knob<String> GENERATOR = Knob.ofName("generator", "auto",
            "Name of the registered centerline generator (see `trackgen generators`); auto = the default generator.");

    /** Runtime name: {@code cpu}, {@code cuda} or {@code auto}. */
    public static final Knob<String> RUNTIME = Knob.ofName("runtime", "auto",
            "Compute runtime: cpu, cuda, or auto (cuda when a usable GPU is present, else cpu).");

    /** Batch size E. */
    public static final Knob<Integer> NUM_ENVS = Knob.ofInt("num_envs", 1, Range.closed(1, 1 << 22),
            "Batch size E: number of tracks produced by every generate() call (the largest E also depends on "
                    + "N_max, num_points and relax_sep_cache_slots: 349525 at the defaults).");

    /** Road half-width (world units). */
    public static final Knob<Double> HALF_WIDTH = Knob.ofDouble("half_width", 0.1, Range.greaterThan(0),
            "Road half-width, in world units (the borders lie this far from the centerline).");

    /** Constant arc spacing of output points; auto means 0.6 * half_width. */
    public static final Knob<Double> SPACING = Knob.ofOptionalDouble("spacing", Range.greaterThan(0),
            "Constant arc-length spacing of the output points, in world units; auto = 0.6 * half_width.");

    /** Dense resolution of a generated centerline before constant-spacing resampling. */
    public static final Knob<Integer> NUM_POINTS = Knob.ofInt("num_points", 256, Range.closed(8, 1 << 16),
            "Dense points per generated centerline before the constant-spacing resample.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 2048);

    /** Output stride N_max; a track needing more points is invalid. */
    public static final Knob<Integer> N_MAX = Knob.ofInt("N_max", 384, Range.closed(4, 1 << 16),
            "Output stride N_max: the most points a track may have; a longer track is truncated and invalid.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 2048);

    /** Whether the XPBD relaxation runs. */
    public static final Knob<Boolean> RELAX_ENABLE = Knob.ofBoolean("relax_enable", true,
            "Run the XPBD relaxation (false inflates the raw constant-spacing centerline, for ablations).");

    /** Thickness tolerance of the validity gate. */
    public static final Knob<Double> RELAX_TOL = Knob.ofDouble("relax_tol", 0.02, Range.closedOpen(0, 1),
            "Validity gate: turning radius and clearance must be at least (1 - relax_tol) * half_width.");

    /** Turning-number tolerance of the validity gate, radians. */
    public static final Knob<Double> TURNING_TOL = Knob.ofDouble("turning_tol", 0.1, Range.open(0, Math.PI),
            "Validity gate: | |net turning| - 2*pi | must not exceed this, in radians.");

    /** Width floor of the validity gate. */
    public static final Knob<Double> W_FLOOR = Knob.ofDouble("w_floor", 1e-3, Range.atLeast(0),
            "Validity gate: every point's half-width must exceed this floor, in world units.");

    /**
     * @return every knob of the pipeline, in documentation order: these, then the width profile's
     *         ({@link WidthKnobs}), then the elevation's ({@link ElevationKnobs}), then the relaxation's ({@link RelaxKnobs}); the vocabulary a {@link TrackGenConfig} knows before any
     *         generator declares its own
     */
    public static List<Knob<?>> all() {
        return List.of(GENERATOR, RUNTIME, NUM_ENVS, HALF_WIDTH, SPACING, NUM_POINTS, N_MAX, RELAX_ENABLE, RELAX_TOL,
                TURNING_TOL, W_FLOOR,
                WidthKnobs.PROFILE, WidthKnobs.HALF_WIDTH_MIN, WidthKnobs.HALF_WIDTH_MAX, WidthKnobs.CORNER_RADIUS,
                WidthKnobs.SMOOTHNESS,
                ElevationKnobs.PROFILE, ElevationKnobs.BASE, ElevationKnobs.MIN, ElevationKnobs.MAX,
                ElevationKnobs.MAX_STEP, ElevationKnobs.NOISE_AMPLITUDE, ElevationKnobs.NOISE_HARMONICS,
                ElevationKnobs.CONTROL_POINTS, ElevationKnobs.VALID_GRADE, ElevationKnobs.BANK_SPEED,
                ElevationKnobs.BANK_GRAVITY, ElevationKnobs.BANK_MAX, ElevationKnobs.BANK_TRANSITION,
                ElevationKnobs.BRIDGE_CLEARANCE, ElevationKnobs.BRIDGE_GRADE,
                RelaxKnobs.ITERS, RelaxKnobs.BAND, RelaxKnobs.ACCEL, RelaxKnobs.CHEBY_RHO, RelaxKnobs.CHEBY_GAMMA,
                RelaxKnobs.CHEBY_START, RelaxKnobs.SMOOTH_PASSES, RelaxKnobs.SMOOTH_SPACING_ITERS, RelaxKnobs.SEP_EVERY,
                RelaxKnobs.SEP_CACHE_SLOTS, RelaxKnobs.SEP_CACHE_SKIN, RelaxKnobs.SEP_RELAX, RelaxKnobs.SPC_RELAX,
                RelaxKnobs.BEND_RELAX, RelaxKnobs.MARGIN);
    }
}
