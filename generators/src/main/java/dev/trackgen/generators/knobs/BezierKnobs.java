package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Interval;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.config.TrackGenConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * Knobs of the {@code bezier} generator. The corner-sampling knobs are shared with {@code hull};
 * {@link #SCALE} and {@link #NUM_POINTS_PER_SEGMENT} with most other built-in generators.
 */
public final class BezierKnobs {
    private BezierKnobs() {
    }

    /** Fewest corners per track. */
    public static final Knob<Integer> MIN_NUM_POINTS = Knob.ofInt("min_num_points", 9, Range.closed(3, 1024),
            "Fewest corner anchors per track (bezier, hull).")
            .searchedWithin(Double.NEGATIVE_INFINITY, 48);

    /** Most corners per track. */
    public static final Knob<Integer> MAX_NUM_POINTS = Knob.ofInt("max_num_points", 13, Range.closed(3, 1024),
            "Most corner anchors per track (bezier, hull); also the corner buffer stride.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 48);

    /** Dense samples per corner-to-corner segment. */
    public static final Knob<Integer> NUM_POINTS_PER_SEGMENT = Knob.ofInt("num_points_per_segment", 30,
            Range.closed(2, 4096), "Dense samples per corner-to-corner segment before arc resampling.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 128);

    /**
     * The smallest {@link #MIN_POINT_DISTANCE}: the corner grid then has
     * {@code floor(1 / 2.2e-5) = 45454} cells per axis, {@code 45454^2 = 2066066116} in all, below
     * {@code 2^31 - 1}, so the corner kernels' 32-bit cell index cannot wrap (46340 per axis is the
     * most that fits).
     */
    public static final double MIN_POINT_DISTANCE_FLOOR = 1.1e-5;

    /** Corner grid cell spacing. */
    public static final Knob<Double> MIN_POINT_DISTANCE = Knob.ofDouble("min_point_distance", 0.05,
            Range.closed(MIN_POINT_DISTANCE_FLOOR, 0.5),
            "Corner grid: num_cells = floor(1 / (2 * min_point_distance)) per axis; at least 1.1e-5, so that "
                    + "the num_cells^2 cells fit a 32-bit cell index.");

    /** Handle length as a fraction of the chord. */
    public static final Knob<Double> RAD = Knob.ofDouble("rad", 0.4, Range.closed(0, 10),
            "Bezier handle length as a fraction of the segment chord (curviness).");

    /** Corner tangent asymmetry. */
    public static final Knob<Double> EDGY = Knob.ofDouble("edgy", 0.0, Range.closed(-1e6, 1e6),
            "Corner tangent blend: p = atan(edgy)/pi + 0.5 between incoming and outgoing edge.");

    /** Isotropic scale of the corner coordinates. */
    public static final Knob<Double> SCALE = Knob.ofDouble("scale", 1.0, Range.greaterThan(0),
            "Isotropic scale of sampled corners, in world units per unit grid.");

    /** Handle clamp as a fraction of the shorter incident edge. */
    public static final Knob<Double> HANDLE_CLAMP_FRAC = Knob.ofDouble("handle_clamp_frac", 0.4, Range.closed(0, 1e9),
            "Cap on each handle: this fraction of the corner's shorter incident edge.");

    /** Per-environment style sampling. */
    public static final Knob<Boolean> STYLE_SAMPLING = Knob.ofBoolean("style_sampling", false,
            "Draw rad, scale and handle_clamp_frac per environment from their *_range knobs.");

    /** Range of per-environment rad. */
    public static final Knob<Interval> RAD_RANGE = Knob.ofInterval("rad_range", Range.closed(0, 10),
            "Style sampling: per-environment rad drawn uniformly from [lo, hi]; off = rad.");

    /** Range of per-environment scale. */
    public static final Knob<Interval> SCALE_RANGE = Knob.ofInterval("scale_range", Range.greaterThan(0),
            "Style sampling: per-environment scale drawn uniformly from [lo, hi]; off = scale.");

    /** Range of per-environment handle clamp. */
    public static final Knob<Interval> HANDLE_CLAMP_FRAC_RANGE = Knob.ofInterval("handle_clamp_frac_range",
            Range.closed(0, 1e9), "Style sampling: per-environment handle_clamp_frac from [lo, hi]; off = handle_clamp_frac.");

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(MIN_NUM_POINTS, MAX_NUM_POINTS, NUM_POINTS_PER_SEGMENT, MIN_POINT_DISTANCE, RAD, EDGY, SCALE,
                HANDLE_CLAMP_FRAC, STYLE_SAMPLING, RAD_RANGE, SCALE_RANGE, HANDLE_CLAMP_FRAC_RANGE);

    /** @return every knob of the {@code bezier} generator, in documentation order */
    public static List<Knob<?>> all() {
        return ALL;
    }

    /**
     * The rules of the corner knobs ({@code bezier} and {@code hull}): {@code max_num_points >= min_num_points}.
     *
     * @param c the configuration
     * @return the problems, in order (empty when fine)
     */
    public static List<String> checkCorners(TrackGenConfig c) {
        List<String> problems = new ArrayList<>();
        String p = TrackGenConfig.GeneratorRules.atLeast(c, MAX_NUM_POINTS, MIN_NUM_POINTS);
        if (p != null) {
            problems.add(p);
        }
        return problems;
    }
}
