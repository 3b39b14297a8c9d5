package dev.trackgen.api.config;

import java.util.Set;

/**
 * Knobs of the per-point road width: a width profile the pipeline applies to the tracks of any
 * generator, plugins included, after relaxation (docs/pipeline.md, "Per-point half-widths"). At
 * the default ({@code width_profile = constant}) every point has {@code half_width} on both
 * sides, and the batch is bit for bit that of a build without per-point widths.
 */
public final class WidthKnobs {
    private WidthKnobs() {
    }

    /** The constant profile: {@code half_width} everywhere. */
    public static final String CONSTANT = "constant";
    /** The curvature profile: wider at tight corners, narrower on straights and fast sweeps. */
    public static final String CURVATURE = "curvature";

    /** Which width profile the pipeline applies. */
    public static final Knob<String> PROFILE = Knob.ofChoice("width_profile", CONSTANT, Set.of(CONSTANT, CURVATURE),
            "Per-point road width: constant (half_width everywhere) or curvature (from half_width_min on straights "
                    + "to half_width_max in corners of radius width_corner_radius or tighter), the same on both sides.");

    /** Narrowest half-width of a varying profile; auto = 0.7 * half_width. */
    public static final Knob<Double> HALF_WIDTH_MIN = Knob.ofOptionalDouble("half_width_min", Range.greaterThan(0),
            "Narrowest half-width of a varying width_profile, world units; auto = 0.7 * half_width.");

    /** Widest half-width of a varying profile; auto = half_width. */
    public static final Knob<Double> HALF_WIDTH_MAX = Knob.ofOptionalDouble("half_width_max", Range.greaterThan(0),
            "Widest half-width of a varying width_profile, world units (the relaxation keeps the loop's parts apart "
                    + "for it); auto = half_width.");

    /** Corner radius at and below which the curvature profile is at its widest. */
    public static final Knob<Double> CORNER_RADIUS = Knob.ofDouble("width_corner_radius", 0.3, Range.greaterThan(0),
            "Curvature profile: a corner of this radius (world units) or tighter gets half_width_max; the width falls "
                    + "linearly in the curvature to half_width_min on a straight.");

    /** Half-length of the arc window over which the curvature profile is averaged. */
    public static final Knob<Double> SMOOTHNESS = Knob.ofDouble("width_smoothness", 0.3, Range.closed(0, 1000),
            "Curvature profile: half-length (world units of arc) of the window the curvature is averaged over "
                    + "before it sets the width; 0 = every point its own curvature.");
}
