package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;

import java.util.List;

/** Knobs of the {@code hull} generator (corner sampling is shared with {@link BezierKnobs}). */
public final class HullKnobs {
    private HullKnobs() {
    }

    /** Radial midpoint displacement as a fraction of the centroid-to-midpoint distance. */
    public static final Knob<Double> DISPLACEMENT = Knob.ofDouble("hull_displacement", 0.15, Range.closed(0, 1),
            "Largest radial displacement of each edge midpoint, as a fraction of its distance to the centroid.");

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(DISPLACEMENT, BezierKnobs.MIN_NUM_POINTS, BezierKnobs.MAX_NUM_POINTS,
                BezierKnobs.MIN_POINT_DISTANCE, BezierKnobs.SCALE, BezierKnobs.NUM_POINTS_PER_SEGMENT);

    /**
     * @return every knob the {@code hull} generator reads: its own, then the corner knobs it
     *         shares with {@code bezier}
     */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
