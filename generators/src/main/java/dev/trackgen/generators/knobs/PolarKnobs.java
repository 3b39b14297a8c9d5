package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;

import java.util.List;

/** Knobs of the {@code polar} generator. */
public final class PolarKnobs {
    private PolarKnobs() {
    }

    /** Number of polar control knots. */
    public static final Knob<Integer> NUM_KNOTS = Knob.ofInt("polar_num_knots", 12, Range.closed(4, 1024),
            "Number of polar control knots at evenly spaced angles.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 128);

    /** Largest fractional radial perturbation of a knot. */
    public static final Knob<Double> RADIAL_JITTER = Knob.ofDouble("polar_radial_jitter", 0.60, Range.closed(0, 0.85),
            "Largest fractional radial perturbation of each knot.");

    /** Largest angular offset as a fraction of one knot cell. */
    public static final Knob<Double> ANGULAR_JITTER = Knob.ofDouble("polar_angular_jitter", 0.30, Range.closed(0, 0.45),
            "Largest angular offset of each knot, as a fraction of its cell 2*pi/K.");

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(NUM_KNOTS, RADIAL_JITTER, ANGULAR_JITTER, BezierKnobs.SCALE, BezierKnobs.NUM_POINTS_PER_SEGMENT);

    /** @return every knob the {@code polar} generator reads: its own, then the shared scale and sampling */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
