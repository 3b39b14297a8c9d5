package dev.trackgen.api.config;

/** Knobs of the {@code hull} generator (corner sampling is shared with {@link BezierKnobs}). */
public final class HullKnobs {
    private HullKnobs() {
    }

    /** Radial midpoint displacement as a fraction of the centroid-to-midpoint distance. */
    public static final Knob<Double> DISPLACEMENT = Knob.ofDouble("hull_displacement", 0.15, Range.closed(0, 1),
            "Largest radial displacement of each edge midpoint, as a fraction of its distance to the centroid.");
}
