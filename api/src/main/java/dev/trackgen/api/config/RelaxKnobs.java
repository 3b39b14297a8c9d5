package dev.trackgen.api.config;

import java.util.Set;

/**
 * Knobs of the XPBD relaxation stage: sweep count, Chebyshev acceleration, separation
 * broadphase cache, correction scales and the smoothing tail. Defaults are the measured
 * operating point of the original implementation (AntoineRichard/TrackGen, docs/relaxation/convergence.rst).
 */
public final class RelaxKnobs {
    private RelaxKnobs() {
    }

    /** Number of Jacobi sweeps. */
    public static final Knob<Integer> ITERS = Knob.ofInt("relax_iters", 50, Range.closed(0, 100_000),
            "Number of XPBD Jacobi sweeps.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 300);

    /** Separation exclusion band override; auto = round(2 * half_width / L0). */
    public static final Knob<Integer> BAND = Knob.ofOptionalInt("relax_band", Range.closed(1, 1 << 16),
            "Separation exclusion half-window in beads; auto = round(2 * half_width / L0), at least 1.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 256);

    /** Acceleration of the Jacobi sweeps. */
    public static final Knob<String> ACCEL = Knob.ofChoice("relax_accel", "chebyshev", Set.of("none", "chebyshev"),
            "Acceleration of the Jacobi sweeps: chebyshev (semi-iterative) or none.");

    /** Spectral-radius estimate of the Jacobi iteration. */
    public static final Knob<Double> CHEBY_RHO = Knob.ofDouble("relax_cheby_rho", 0.98, Range.closedOpen(0, 1),
            "Chebyshev acceleration: spectral-radius estimate rho of the Jacobi iteration.");

    /** Under-relaxation of the Chebyshev blend. */
    public static final Knob<Double> CHEBY_GAMMA = Knob.ofDouble("relax_cheby_gamma", 0.9, Range.openClosed(0, 1),
            "Chebyshev acceleration: constant under-relaxation gamma of the blended step.");

    /** First accelerated sweep. */
    public static final Knob<Integer> CHEBY_START = Knob.ofInt("relax_cheby_start", 8, Range.closed(1, 100_000),
            "Chebyshev acceleration: plain warm-up sweeps before the blend engages.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 300);

    /** Taubin passes of the smoothing tail. */
    public static final Knob<Integer> SMOOTH_PASSES = Knob.ofInt("relax_smooth_passes", 5, Range.closed(0, 10_000),
            "Smoothing tail: shrink-free Taubin passes (lambda 0.5, mu -0.53) after the sweeps.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 40);

    /** Spacing-only polish sweeps of the smoothing tail. */
    public static final Knob<Integer> SMOOTH_SPACING_ITERS = Knob.ofInt("relax_smooth_spacing_iters", 10,
            Range.closed(0, 10_000), "Smoothing tail: spacing-only polish sweeps after the Taubin passes.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 40);

    /** Broadphase refresh cadence, sweeps. */
    public static final Knob<Integer> SEP_EVERY = Knob.ofInt("relax_sep_every", 20, Range.closed(1, 100_000),
            "Separation: refresh the broadphase candidate cache every this many sweeps.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 300);

    /** Candidate slots per bead; 0 = dense separation scan. */
    public static final Knob<Integer> SEP_CACHE_SLOTS = Knob.ofInt("relax_sep_cache_slots", 16, Range.closed(0, 256),
            "Separation: broadphase candidate slots per bead (0 scans every bead densely, but only on every "
                    + "relax_sep_every-th sweep: pair 0 with relax_sep_every = 1).")
            .searchedWithin(Double.NEGATIVE_INFINITY, 64);

    /** Broadphase radius skin. */
    public static final Knob<Double> SEP_CACHE_SKIN = Knob.ofDouble("relax_sep_cache_skin", 0.5, Range.closed(0, 100),
            "Separation: broadphase radius = target * (1 + skin).");

    /** Separation correction scale. */
    public static final Knob<Double> SEP_RELAX = Knob.ofDouble("relax_sep_relax", 1.0, Range.closed(0, 4),
            "Scale of the separation correction.");

    /** Spacing correction scale. */
    public static final Knob<Double> SPC_RELAX = Knob.ofDouble("relax_spc_relax", 1.0, Range.closed(0, 4),
            "Scale of the edge-spacing correction.");

    /** Bending correction scale. */
    public static final Knob<Double> BEND_RELAX = Knob.ofDouble("relax_bend_relax", 1.5, Range.closed(0, 4),
            "Scale of the bending (radius guard) correction.");

    /** Target margin over the road width. */
    public static final Knob<Double> MARGIN = Knob.ofDouble("relax_margin", 0.15, Range.closed(0, 10),
            "Separation target = 2 * half_width * (1 + margin); minimum radius = half_width * (1 + margin).");
}
