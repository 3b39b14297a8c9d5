package dev.trackgen.generators.corners;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.knobs.BezierKnobs;

/**
 * The star-shaped corner polygon that {@code bezier} and {@code hull} start from: up to
 * {@code P = max_num_points} grid-jittered corners per env ({@link CornerSampleKernel}), sorted by
 * angle about their centroid ({@link CornerSortKernel}), over buffers allocated once from the
 * configuration. Each generator draws on its own RNG streams, given to {@link #plan}.
 *
 * <p>Shapes: {@link #sorted()} {@code [E * P]} pairs (rows past an env's count are NaN),
 * {@link #count()} {@code [E]}.
 */
public final class CornerPolygon {
    private final TrackGenConfig config;
    private final int envs;
    private final int p;
    private final I32Array used;
    private final I32Array count;
    private final Vec2Array corners;
    private final Vec2Array sorted;
    private final F32Array keys;

    /**
     * @param runtime the runtime to allocate on
     * @param config  the configuration: {@code num_envs} and the corner knobs of {@link BezierKnobs}
     */
    public CornerPolygon(ComputeRuntime runtime, TrackGenConfig config) {
        this.config = config;
        this.envs = config.numEnvs();
        this.p = config.get(BezierKnobs.MAX_NUM_POINTS);
        used = runtime.allocI32(envs * p);
        count = runtime.allocI32(envs);
        corners = runtime.allocVec2(envs * p);
        sorted = runtime.allocVec2(envs * p);
        keys = runtime.allocF32(envs * p);
    }

    /**
     * The sample and sort launches, bound to the caller's arrays.
     *
     * @param seeds        {@code [E]} per-env seeds
     * @param scale        {@code [E]} isotropic scale of each env's corners, world units per unit grid
     * @param countStream  the RNG stream of the corner count
     * @param cornerStream the RNG stream of the corner positions
     * @return the plan, which fills {@link #count()} and {@link #sorted()}
     */
    public LaunchPlan plan(I32Array seeds, F32Array scale, int countStream, int cornerStream) {
        double mpd = config.get(BezierKnobs.MIN_POINT_DISTANCE);
        int numCells = Math.max(1, (int) (1.0 / (mpd * 2.0)));
        return LaunchPlan.builder()
                .launch(envs, CornerSampleKernel.INSTANCE.args().seeds(seeds)
                        .countStream(countStream).cornerStream(cornerStream)
                        .minNum(config.get(BezierKnobs.MIN_NUM_POINTS)).maxNum(p).numCells(numCells)
                        .cellSize((float) (mpd * 2.0)).P(p).scale(scale).used(used).count(count).corners(corners))
                .launch(envs, CornerSortKernel.INSTANCE.args().corners(corners).P(p)
                        .count(count).keys(keys).out(sorted))
                .build();
    }

    /** @return {@code P}, the corner slots per env ({@code max_num_points}) */
    public int stride() {
        return p;
    }

    /** @return {@code [E]} kept corners per env, filled by the plan */
    public I32Array count() {
        return count;
    }

    /** @return {@code [E * P]} the corners in angle order, filled by the plan */
    public Vec2Array sorted() {
        return sorted;
    }
}
