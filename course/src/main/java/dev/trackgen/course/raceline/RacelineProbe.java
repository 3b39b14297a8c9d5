package dev.trackgen.course.raceline;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.kernel.RacelineAgentKernel;
import dev.trackgen.course.localize.TrackFrame;

import java.util.Objects;

/**
 * Each agent's lateral distance to its env's {@link RacingLine} and the line's speed at the
 * agent's position, for reward shaping; one launch per {@link #query()} ({@code RacelineAgentKernel},
 * one thread per agent), after the localizer's query of the same step, whose nearest centerline
 * segment starts the search. Allocates nothing per query; capturable.
 *
 * <p>Arrays ({@code [E * A]}, agent {@code a} of env {@code e} at {@code e * A + a}, persistent,
 * rewritten by every query):
 * <ul>
 *   <li>{@link #lateral()}: signed distance to the nearest line segment, world units, positive
 *       when the agent is left of the line's direction of travel;</li>
 *   <li>{@link #speed()}: the line's speed profile at the nearest point, m/s (linear between the
 *       line's points).</li>
 * </ul>
 * NaN for a NaN position, an agent the localizer found no segment for, and envs of fewer than 8 points.
 */
public final class RacelineProbe {
    private final ComputeRuntime runtime;
    private final F32Array lateral;
    private final F32Array speed;
    private final LaunchPlan plan;

    /**
     * @param line     the racing line (computed per generation by its owner)
     * @param position {@code [E * A]} agent positions, world units, on the line's runtime
     * @param frame    the localizer's persistent frame of the same positions (its {@code segment()})
     * @param agents   agents per env {@code A}, {@code >= 1}
     * @param window   line segments searched on each side of the agent's centerline segment, {@code [1, 64]}
     * @throws IllegalArgumentException if {@code agents} or {@code window} is out of range, or the
     *                                  positions are not {@code E * A} long
     */
    public RacelineProbe(RacingLine line, Vec2Array position, TrackFrame frame, int agents, int window) {
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(frame, "frame");
        if (agents < 1) {
            throw new IllegalArgumentException("agents must be >= 1, got " + agents);
        }
        if (window < 1 || window > 64) {
            throw new IllegalArgumentException("window must be in [1, 64] segments, got " + window);
        }
        int queries = line.track().numEnvs() * agents;
        if (position.length() != queries) {
            throw new IllegalArgumentException("position must hold E * A = " + queries + " points, got " + position.length());
        }
        this.runtime = line.track().runtime();
        this.lateral = runtime.allocF32(queries);
        this.speed = runtime.allocF32(queries);
        this.plan = LaunchPlan.builder().launch(queries, RacelineAgentKernel.INSTANCE.args().line(line.line())
                .speed(line.speed()).count(line.track().count()).nMax(line.track().nMax()).position(position)
                .segment(frame.segment()).agents(agents).window(window).lateral(lateral).lineSpeed(speed)).build();
    }

    /** Enqueues the query (under the runtime's execution lock); the arrays hold its answer. */
    public void query() {
        plan.enqueueLocked(runtime);
    }

    /** @return the launch of {@link #query()}, for a caller's own plan */
    public LaunchPlan plan() {
        return plan;
    }

    /** @return signed lateral distance to the line, {@code [E * A]}, world units, positive to the line's left */
    public F32Array lateral() {
        return lateral;
    }

    /** @return the line's speed at each agent's position, {@code [E * A]}, m/s */
    public F32Array speed() {
        return speed;
    }
}
