package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;

import java.util.List;
import java.util.Set;

import java.util.Set;

/** Knobs of the {@code voronoi} generator. */
public final class VoronoiKnobs {
    private VoronoiKnobs() {
    }

    /** Number of cell sites per environment. */
    public static final Knob<Integer> NUM_SITES = Knob.ofInt("voronoi_num_sites", 256, Range.closed(6, 1 << 16),
            "Number of cell sites drawn per environment (>= voronoi_control_points).")
            .searchedWithin(Double.NEGATIVE_INFINITY, 1024);

    /** Spatial layout of the sites. */
    public static final Knob<String> SITE_LAYOUT = Knob.ofChoice("voronoi_site_layout", "void_ring",
            Set.of("ring", "void_ring", "clustered", "mixed"), "Spatial layout of the site field.");

    /** Number of angular anchors. */
    public static final Knob<Integer> CONTROL_POINTS = Knob.ofInt("voronoi_control_points", 18, Range.closed(6, 4096),
            "Number of angular anchors snapped from the site field.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 128);

    /** Radius modulation amplitude of the anchors. */
    public static final Knob<Double> RADIAL_VARIATION = Knob.ofDouble("voronoi_radial_variation", 0.62,
            Range.closed(0, 10), "Amplitude of the per-anchor radius modulation.");

    /** Angular perturbation of the sector targets, radians. */
    public static final Knob<Double> ANGULAR_JITTER = Knob.ofDouble("voronoi_angular_jitter", 0.08,
            Range.closed(0, Math.PI), "Largest angular perturbation of each sector target, in radians.");

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(NUM_SITES, SITE_LAYOUT, CONTROL_POINTS, RADIAL_VARIATION, ANGULAR_JITTER, BezierKnobs.SCALE,
                BezierKnobs.NUM_POINTS_PER_SEGMENT);

    /** @return every knob the {@code voronoi} generator reads: its own, then the shared scale and sampling */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
