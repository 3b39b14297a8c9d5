package dev.trackgen.course.collision;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The persistent result of an {@link OffRoadChecker}: {@code E * B} entries, box {@code b} of env
 * {@code e} at {@code e * B + b}, allocated once on the checker's runtime and rewritten in place
 * by every query (use {@link #snapshot()} for a host copy).
 *
 * <ul>
 *   <li>{@code offRoad}: {@code [E*B]} 1 when a corner of the box lies outside the road band
 *       (outside the outer border or inside the inner one) or a border segment meets the box,
 *       else 0;</li>
 *   <li>{@code clearance}: {@code [E*B]} signed, world units: on the road the distance from the
 *       solid box to the nearer border; off the road minus the largest distance of an outside
 *       corner to the border it lies beyond ({@code -0} when only an edge crosses);</li>
 *   <li>{@code nearest}: {@code [E*B]} pairs, the border point nearest the box (the segments
 *       backend; on a crossing, the crossing segment's point nearest the box center), or the
 *       SDF's estimate {@code p - phi * normal};</li>
 *   <li>{@code normal}: {@code [E*B]} pairs, unit normal of the border at {@code nearest},
 *       pointing into the road;</li>
 *   <li>{@code border}: {@code [E*B]} 0 inner, 1 outer, -1 for an inactive box or a degenerate
 *       track.</li>
 * </ul>
 *
 * <p>A box with a non-finite position, heading or half extent is inactive: {@code offRoad} 0,
 * NaN clearance, nearest and normal, border -1. A track with fewer than three points (or NaN
 * borders) gives {@code offRoad} 1 and NaN geometry. Results for envs whose track is invalid are
 * otherwise undefined.
 */
public final class BoxContacts {
    private final I32Array offRoad;
    private final F32Array clearance;
    private final Vec2Array nearest;
    private final Vec2Array normal;
    private final I32Array border;

    BoxContacts(ComputeRuntime runtime, int boxes) {
        offRoad = runtime.allocI32(boxes);
        clearance = runtime.allocF32(boxes);
        nearest = runtime.allocVec2(boxes);
        normal = runtime.allocVec2(boxes);
        border = runtime.allocI32(boxes);
    }

    /** @return off-road flags, {@code [E*B]} */
    public I32Array offRoad() {
        return offRoad;
    }

    /** @return signed clearances, {@code [E*B]}, positive on the road */
    public F32Array clearance() {
        return clearance;
    }

    /** @return nearest border points, {@code [E*B]} pairs */
    public Vec2Array nearest() {
        return nearest;
    }

    /** @return inward unit normals at the nearest points, {@code [E*B]} pairs */
    public Vec2Array normal() {
        return normal;
    }

    /** @return nearest border per box (0 inner, 1 outer, -1 none), {@code [E*B]} */
    public I32Array border() {
        return border;
    }

    /**
     * Copies the result to the host.
     *
     * @param runtime the runtime the arrays live on (the checker's)
     * @return an independent host copy
     */
    public Snapshot snapshot(ComputeRuntime runtime) {
        int n = offRoad.length();
        Snapshot s = new Snapshot(new int[n], new float[n], new float[2 * n], new float[2 * n], new int[n]);
        runtime.download(offRoad, s.offRoad());
        runtime.download(clearance, s.clearance());
        runtime.download(nearest, s.nearest());
        runtime.download(normal, s.normal());
        runtime.download(border, s.border());
        return s;
    }

    /**
     * A host copy of a {@link BoxContacts}.
     *
     * @param offRoad   {@code [E*B]} flags
     * @param clearance {@code [E*B]} signed clearances
     * @param nearest   {@code [2*E*B]} interleaved points
     * @param normal    {@code [2*E*B]} interleaved unit normals
     * @param border    {@code [E*B]} 0 inner, 1 outer, -1 none
     */
    public record Snapshot(int[] offRoad, float[] clearance, float[] nearest, float[] normal, int[] border) {
    }
}
