package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;

import java.util.List;

import java.util.List;

/** Knobs of the {@code repulsive} (tangent-point growth) generator. */
public final class RepulsiveKnobs {
    private RepulsiveKnobs() {
    }

    /** Lower bound of the target-perimeter multiplier. */
    public static final Knob<Double> GROW_MULT_MIN = Knob.ofDouble("repulsive_grow_mult_min", 4.5, Range.closed(1, 1000),
            "Lower bound of the per-env target perimeter multiplier (of the seed circle's perimeter).")
            .searchedWithin(Double.NEGATIVE_INFINITY, 8);

    /** Upper bound of the target-perimeter multiplier. */
    public static final Knob<Double> GROW_MULT_MAX = Knob.ofDouble("repulsive_grow_mult_max", 5.5,
            new Range(1, false, 1000, true), "Upper bound of the per-env target perimeter multiplier.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 8);

    /** Confinement disc radius fraction. */
    public static final Knob<Double> DOMAIN_FRAC = Knob.ofDouble("repulsive_domain_frac", 0.35, Range.greaterThan(0),
            "Confinement disc radius as a fraction of the reference length times scale.");

    /** Domain radius over seed circle radius. */
    public static final Knob<Double> DOMAIN_INIT_RATIO = Knob.ofDouble("repulsive_domain_init_ratio", 4.0,
            new Range(1, false, 1000, true), "Ratio of the domain radius to the seed circle radius.");

    /** Fewest obstacles. */
    public static final Knob<Integer> OBSTACLE_COUNT_MIN = Knob.ofInt("repulsive_obstacle_count_min", 8,
            Range.closed(1, 256), "Fewest inner-disc obstacles per environment.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 24);

    /** Most obstacles. */
    public static final Knob<Integer> OBSTACLE_COUNT_MAX = Knob.ofInt("repulsive_obstacle_count_max", 12,
            Range.closed(1, 256), "Most inner-disc obstacles per environment.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 24);

    /** Smallest obstacle radius fraction. */
    public static final Knob<Double> OBSTACLE_RADIUS_MIN_FRAC = Knob.ofDouble("repulsive_obstacle_radius_min_frac", 0.02,
            new Range(0, false, 1, true), "Smallest obstacle radius, as a fraction of the domain radius.");

    /** Largest obstacle radius fraction. */
    public static final Knob<Double> OBSTACLE_RADIUS_MAX_FRAC = Knob.ofDouble("repulsive_obstacle_radius_max_frac", 0.045,
            new Range(0, false, 1, true), "Largest obstacle radius, as a fraction of the domain radius.");

    /** Length ratchet per iteration. */
    public static final Knob<Double> RATCHET_RATE = Knob.ofDouble("repulsive_ratchet_rate", 0.012,
            new Range(0, false, 1, true), "Per-iteration growth factor of the hard length ratchet.")
            .searchedWithin(0.005, Double.POSITIVE_INFINITY);

    /** Tangent-point exponent alpha. */
    public static final Knob<Double> ALPHA = Knob.ofDouble("repulsive_alpha", 3.0, Range.greaterThan(0),
            "Tangent-point energy exponent alpha.");

    /** Tangent-point exponent beta. */
    public static final Knob<Double> BETA = Knob.ofDouble("repulsive_beta", 6.0, Range.greaterThan(0),
            "Tangent-point energy exponent beta (obstacle inverse power p = beta - alpha).");

    /** Normalized flow step. */
    public static final Knob<Double> TAU = Knob.ofDouble("repulsive_tau", 0.4, Range.greaterThan(0),
            "Normalized step size of the Sobolev-preconditioned flow.");

    /** Length regularizer weight. */
    public static final Knob<Double> W_LEN = Knob.ofDouble("repulsive_w_len", 30.0, Range.atLeast(0),
            "Weight of the length regularizer.");

    /** Coarse-to-fine resolutions. */
    public static final Knob<List<Integer>> STAGES = Knob.ofIntList("repulsive_stages", List.of(64, 128, 256),
            Range.closed(4, 1 << 16), RepulsiveKnobs::checkStages,
            "Coarse-to-fine resolution schedule: strictly increasing multiples of 4, the last equal to num_points.");

    /** Settle iterations. */
    public static final Knob<Integer> SETTLE_ITERS = Knob.ofInt("repulsive_settle_iters", 40, Range.closed(1, 100_000),
            "Settle-phase iteration budget after the ratchet.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 60);

    /** Reparameterization interval. */
    public static final Knob<Integer> RESAMPLE_EVERY = Knob.ofInt("repulsive_resample_every", 25,
            Range.closed(1, 100_000), "Arc-length reparameterization every this many iterations.")
            .searchedWithin(5, Double.POSITIVE_INFINITY);

    /** Stall check interval. */
    public static final Knob<Integer> STALL_WINDOW = Knob.ofInt("repulsive_stall_window", 16, Range.closed(1, 100_000),
            "Iterations between stall checks.")
            .searchedWithin(4, Double.POSITIVE_INFINITY);

    /** Relative area change below which a grown env is frozen. */
    public static final Knob<Double> STALL_AREA_TOL = Knob.ofDouble("repulsive_stall_area_tol", 0.05, Range.atLeast(0),
            "Freeze an env once its relative area change over a stall window is below this.");

    /** Drop obstacle weights once grown. */
    public static final Knob<Boolean> DEACTIVATE_OBSTACLES = Knob.ofBoolean("repulsive_deactivate_obstacles", true,
            "Zero the inner obstacle weights once an env reaches its target length.");

    private static String checkStages(List<Integer> stages) {
        if (stages.isEmpty()) {
            return "must not be empty";
        }
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i) % 4 != 0) {
                return "must hold multiples of 4";
            }
            if (i > 0 && stages.get(i) <= stages.get(i - 1)) {
                return "must be strictly increasing";
            }
        }
        return null;
    }

    /** Most growth iterations one call of the {@code repulsive} generator may need. */
    public static final int MAX_ITERATIONS = 1_000_000;

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(GROW_MULT_MIN, GROW_MULT_MAX, DOMAIN_FRAC, DOMAIN_INIT_RATIO, OBSTACLE_COUNT_MIN,
                OBSTACLE_COUNT_MAX, OBSTACLE_RADIUS_MIN_FRAC, OBSTACLE_RADIUS_MAX_FRAC, RATCHET_RATE, ALPHA, BETA, TAU,
                W_LEN, STAGES, SETTLE_ITERS, RESAMPLE_EVERY, STALL_WINDOW, STALL_AREA_TOL, DEACTIVATE_OBSTACLES,
                BezierKnobs.SCALE);

    /** @return every knob the {@code repulsive} generator reads: its own, then the shared scale */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
