package dev.trackgen.generators.curves;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The end of the generators whose closed Catmull-Rom spline falls back to its straight control
 * polygon ({@code hull}, {@code voronoi}): the control-point buffers, a {@link LoopResampler} and
 * the {@link SelfCrossings} flags between its two passes, allocated once. A generator fills
 * {@link #ctrl()} and {@link #count()}, then appends {@link #splinePlan} (every env) and
 * {@link #fallbackPlan} (flags from the spline loops, then the straight polygon over the rows of
 * the crossing envs only).
 *
 * <p>Shapes: {@code ctrl [E * stride]} pairs, {@code count [E]}; output {@code [E * n]} pairs.
 */
public final class FallbackLoop {
    private final Vec2Array ctrl;
    private final I32Array count;
    private final LoopResampler loop;
    private final SelfCrossings crossings;
    private final boolean withEnd;
    private final boolean centripetal;

    /**
     * @param runtime     the runtime to allocate on
     * @param envs        batch size {@code E}
     * @param stride      control-point slots per env
     * @param npseg       dense samples per segment
     * @param n           output points per env
     * @param withEnd     whether both ends of a segment are sampled ({@link LoopDenseKernel})
     * @param centripetal centripetal instead of uniform Catmull-Rom
     */
    public FallbackLoop(ComputeRuntime runtime, int envs, int stride, int npseg, int n, boolean withEnd,
                        boolean centripetal) {
        this.ctrl = runtime.allocVec2(envs * stride);
        this.count = runtime.allocI32(envs);
        this.loop = new LoopResampler(runtime, envs, stride, npseg, n);
        this.crossings = new SelfCrossings(runtime, envs, n);
        this.withEnd = withEnd;
        this.centripetal = centripetal;
    }

    /**
     * @param out {@code [E * n]} output
     * @return the spline pass for every env, to {@link LaunchPlan.Builder#append} into a plan
     */
    public LaunchPlan splinePlan(Vec2Array out) {
        return loop.plan(ctrl, count, withEnd, false, crossings.flags(), centripetal, out);
    }

    /**
     * @param out {@code [E * n]} the spline loops of {@link #splinePlan}, as the generator left them;
     *            the crossing envs' rows are overwritten
     * @return the crossing flags and the straight-polygon pass over the crossing envs, to
     *         {@link LaunchPlan.Builder#append} into a plan
     */
    public LaunchPlan fallbackPlan(Vec2Array out) {
        return LaunchPlan.builder()
                .append(crossings.plan(out, loop.counts()))
                .append(loop.plan(ctrl, count, withEnd, true, crossings.flags(), centripetal, out))
                .build();
    }

    /** @return {@code [E * stride]} the control points, for the generator to fill */
    public Vec2Array ctrl() {
        return ctrl;
    }

    /** @return {@code [E]} real control points per env, for the generator to fill */
    public I32Array count() {
        return count;
    }
}
