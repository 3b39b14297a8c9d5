package dev.trackgen.course.props;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.collision.Discs;

/**
 * The persistent props of a {@link PropSampler}, rewritten in place by every sample. Ring
 * {@code r = 2e + b} is border {@code b} (0 inner, 1 outer) of env {@code e}; prop {@code k} of
 * ring {@code r} sits at slot {@code r * M + k}, so env {@code e}'s {@code 2M} slots are
 * contiguous. Slots past a ring's count are NaN.
 * <ul>
 *   <li>{@code conePosition}: {@code [2E*M]} pairs, points on the border at equal arc steps,
 *       cone 0 at border point 0; {@code coneYaw}: direction of the border there (radians);</li>
 *   <li>{@code wallCenter}, {@code wallYaw}, {@code wallLength}: the chord from cone {@code k}
 *       to cone {@code k + 1} (closing back to cone 0): midpoint, direction, length;</li>
 *   <li>{@code count}: {@code [2E]} props placed per ring, {@code n = clamp(round(P / spacing),
 *       3, M)} for perimeter {@code P}, 0 for a track with fewer than three points;
 *       {@code truncated}: {@code [2E]} 1 when {@code M} capped {@code n} (the ring still
 *       closes, more coarsely); {@code step}: {@code [2E]} the arc step {@code P / n};</li>
 *   <li>{@code coneZ}, {@code wallZ}: {@code [2E*M]} heights of the cones and wall midpoints on
 *       the road surface (the border's heights, docs/elevation.md; {@code z_base} when flat).</li>
 * </ul>
 */
public final class PropSet {
    private final int maxProps;
    private final Vec2Array conePosition;
    private final F32Array coneYaw;
    private final Vec2Array wallCenter;
    private final F32Array wallYaw;
    private final F32Array wallLength;
    private final I32Array count;
    private final I32Array truncated;
    private final F32Array step;
    private final F32Array coneZ;
    private final F32Array wallZ;

    PropSet(ComputeRuntime rt, int envs, int maxProps) {
        this.maxProps = maxProps;
        int slots = Math.multiplyExact(2 * envs, maxProps);
        conePosition = rt.allocVec2(slots);
        coneYaw = rt.allocF32(slots);
        wallCenter = rt.allocVec2(slots);
        wallYaw = rt.allocF32(slots);
        wallLength = rt.allocF32(slots);
        count = rt.allocI32(2 * envs);
        truncated = rt.allocI32(2 * envs);
        step = rt.allocF32(2 * envs);
        coneZ = rt.allocF32(slots);
        wallZ = rt.allocF32(slots);
    }

    /** @return M, prop slots per ring */
    public int maxProps() {
        return maxProps;
    }

    /** @return cone positions, {@code [2E*M]} pairs */
    public Vec2Array conePosition() {
        return conePosition;
    }

    /** @return cone yaws, {@code [2E*M]} */
    public F32Array coneYaw() {
        return coneYaw;
    }

    /** @return wall chord midpoints, {@code [2E*M]} pairs */
    public Vec2Array wallCenter() {
        return wallCenter;
    }

    /** @return wall chord directions, {@code [2E*M]} */
    public F32Array wallYaw() {
        return wallYaw;
    }

    /** @return wall chord lengths, {@code [2E*M]} */
    public F32Array wallLength() {
        return wallLength;
    }

    /** @return props per ring, {@code [2E]} */
    public I32Array count() {
        return count;
    }

    /** @return 1 where {@code M} capped a ring, {@code [2E]} */
    public I32Array truncated() {
        return truncated;
    }

    /** @return cone heights on the road surface, {@code [2E*M]}, world units, NaN past the count */
    public F32Array coneZ() {
        return coneZ;
    }

    /** @return wall-piece midpoint heights, {@code [2E*M]}, world units, NaN past the count */
    public F32Array wallZ() {
        return wallZ;
    }

    /** @return arc step per ring, {@code [2E]} */
    public F32Array step() {
        return step;
    }

    /**
     * The cones as disc obstacles for a {@link dev.trackgen.course.collision.DiscChecker}: the
     * cone positions themselves ({@code 2M} slots per env, NaN padding skipped), so discs follow
     * every re-sample without a copy.
     *
     * @param radius cone radius, world units, {@code > 0}
     * @return the discs, aliasing {@link #conePosition()}
     */
    public Discs coneDiscs(float radius) {
        return new Discs(2 * maxProps, conePosition, radius);
    }
}
