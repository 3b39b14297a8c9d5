package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.TrackGenConfig;

import java.util.List;

/**
 * Knobs of the {@code circuit} (segment-grammar) generator. Lengths and radii are in
 * half-widths: a value {@code v} means {@code v * half_width} world units, so the same knobs give
 * the same shapes at any road width. The defaults match the proportions of real racing circuits
 * (the TUM racetrack-database circuits, scaled to the half-width; see docs/pipeline.md).
 */
public final class CircuitKnobs {
    private CircuitKnobs() {
    }

    /** Pieces reserved per corner slot: two corners of three pieces each and two straights. */
    public static final int PIECES_PER_SLOT = 8;
    /** Floats per piece: length, start and end curvature, start x, y and heading. */
    public static final int PIECE_FLOATS = 6;

    /**
     * @param corners the {@link #CORNERS} value
     * @return the most corner slots an env may draw: {@code round(1.25 * corners)}
     */
    public static int maxSlots(int corners) {
        return Math.round(1.25f * corners);
    }

    /**
     * @param corners the {@link #CORNERS} value
     * @return the fewest corner slots an env may draw: {@code max(3, round(0.75 * corners))}
     */
    public static int minSlots(int corners) {
        return Math.max(3, Math.round(0.75f * corners));
    }

    /** Mean lap length, half-widths. */
    public static final Knob<Double> LENGTH = Knob.ofDouble("circuit_length", 780, Range.closed(60, 20000),
            "Mean lap length in half-widths; each env draws U(1 - spread, 1 + spread) times it.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 1600);

    /** Relative spread of the lap length. */
    public static final Knob<Double> LENGTH_SPREAD = Knob.ofDouble("circuit_length_spread", 0.12,
            Range.closedOpen(0, 0.9), "Relative spread of the per-env lap length around circuit_length.");

    /** Mean number of corner slots. */
    public static final Knob<Integer> CORNERS = Knob.ofInt("circuit_corners", 12, Range.closed(3, 48),
            "Mean number of corner slots (a slot is a corner, a chicane or a two-corner complex); "
                    + "each env draws a count in [0.75, 1.25] times it.");

    /** Smallest corner radius, half-widths. */
    public static final Knob<Double> RADIUS_MIN = Knob.ofDouble("circuit_radius_min", 2.3, Range.closed(1.2, 1000),
            "Smallest corner radius (hairpins), in half-widths.");

    /** Largest corner radius, half-widths. */
    public static final Knob<Double> RADIUS_MAX = Knob.ofDouble("circuit_radius_max", 45, Range.closed(1.2, 10000),
            "Largest corner radius (fast sweepers), in half-widths; >= circuit_radius_min.");

    /** Target share of the lap on straights. */
    public static final Knob<Double> STRAIGHT_SHARE = Knob.ofDouble("circuit_straight_share", 0.55,
            Range.closed(0.05, 0.95), "Target share of the lap length on straights (corner radii are scaled toward it "
                    + "within the radius range).");

    /** Probability that a corner slot is a chicane. */
    public static final Knob<Double> CHICANE_PROB = Knob.ofDouble("circuit_chicane_prob", 0.2, Range.closed(0, 1),
            "Probability that a corner slot is a chicane (two short opposite corners).");

    /** Candidates per environment. */
    public static final Knob<Integer> BEST_OF_K = Knob.ofInt("circuit_best_of_k", 16, Range.closed(1, 64),
            "Candidate layouts per environment; the one with the fewest near-contacts is kept.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 16);

    /** Dense generator points per half-width of lap the {@code circuit} generator gets by default. */
    public static final double POINTS_PER_HALF_WIDTH = 2.0;

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(LENGTH, LENGTH_SPREAD, CORNERS, RADIUS_MIN, RADIUS_MAX, STRAIGHT_SHARE, CHICANE_PROB, BEST_OF_K);

    /** @return every knob of the {@code circuit} generator, in documentation order */
    public static List<Knob<?>> all() {
        return ALL;
    }

    /**
     * The output stride the longest lap needs at the configured spacing:
     * {@code ceil(circuit_length * (1 + circuit_length_spread) * half_width / spacing) + 2}.
     *
     * @param c a configuration declaring the circuit knobs
     * @return the stride, possibly beyond the N_max range
     */
    public static long nMax(TrackGenConfig c) {
        return (long) Math.ceil(c.get(LENGTH) * (1 + c.get(LENGTH_SPREAD)) * c.halfWidth() / c.spacing()) + 2;
    }

    /**
     * The dense resolution of the longest lap: about {@value #POINTS_PER_HALF_WIDTH} points per
     * half-width, rounded up to a multiple of 64, within {@code [256, 65536]}.
     *
     * @param c a configuration declaring the circuit knobs
     * @return the {@code num_points} the circuit generator asks for
     */
    public static int numPoints(TrackGenConfig c) {
        long n = (long) Math.ceil(c.get(LENGTH) * (1 + c.get(LENGTH_SPREAD)) * POINTS_PER_HALF_WIDTH);
        n = (n + 63) / 64 * 64;
        return (int) Math.max(256, Math.min(1 << 16, n));
    }
}
