package dev.trackgen.metrics.audit;

/**
 * The parts of what a valid track promises (docs/pipeline.md, "What valid means"), as checked
 * by {@link TrackAudit}. Listed in the order the audit checks them.
 */
public enum Criterion {
    /** Real points within {@code [0, N_max]}, NaN past the count, finite values before it. */
    LAYOUT("array layout (count, NaN padding, finite values)"),
    /** Borders at the half-width along the unit left normal; arc length, length and winding agree with the centerline. */
    FRAME("frame data (half-width recovered, unit tangent, left normal, arc length, winding)"),
    /** Every vertex of the centerline and both borders turns by less than 90 degrees. */
    TURN("a vertex turns by 90 degrees or more (a fold)"),
    /** The circle through every three consecutive centerline points has radius at least {@code r}. */
    RADIUS("turning radius below (1 - relax_tol) * half_width"),
    /** The centerline and both borders are wound the same way, with nonzero area. */
    WINDING("centerline and borders not wound alike"),
    /** Perimeter at least {@code 2 pi r} and at least {@code 2 * band + 3} points. */
    SIZE("too small for a road of this width (perimeter or point count)"),
    /** Every centerline point at least {@code r} from every edge beyond its separation band. */
    CLEARANCE("a point closer than (1 - relax_tol) * half_width to a non-neighbouring part of the centerline"),
    /** No two non-adjacent centerline edges touch or cross, and adjacent ones do not overlap. */
    CENTERLINE_SIMPLE("centerline touches or crosses itself"),
    /** Neither border touches or crosses itself. */
    BORDER_SIMPLE("a border touches or crosses itself"),
    /** No outer edge touches or crosses an inner edge. */
    BORDERS_DISJOINT("the borders touch or cross each other"),
    /** The inner border and the centerline lie inside the outer border, the centerline outside the inner one. */
    NESTING("borders not nested around the centerline");

    private final String meaning;

    Criterion(String meaning) {
        this.meaning = meaning;
    }

    /** @return what a violation of this criterion means, in a few words */
    public String meaning() {
        return meaning;
    }
}
