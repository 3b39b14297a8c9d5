package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.course.internal.Checks;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.course.internal.MaskedReset;
import dev.trackgen.course.kernel.GateLocalizeKernel;
import dev.trackgen.course.kernel.LocalizeResetKernel;

import java.util.Objects;

/**
 * Localizes {@code E * A} agents on their envs' closed 3D course lines: arc length {@code s},
 * signed lateral {@code n}, signed vertical {@code nUp} (in the roll-free frame at the foot
 * point: left = the horizontal normal of the segment's tangent, up = tangent x left) and the
 * nearest segment, warm-started like the track localizer ({@code 2W + 1} segments around the
 * previous answer, following the nearest past the window's ends; see
 * {@code dev.trackgen.course.localize.TrackLocalizer}). The line is the polyline through the
 * {@code GateCourse.linePoints()} samples. One launch per {@link #query()}, allocation-free,
 * capturable.
 */
public final class CourseLineLocalizer {
    private final ComputeRuntime runtime;
    private final int agents;
    private final int window;
    private final CourseLineFrame frame;
    private final LaunchPlan queryPlan;
    private final MaskedReset reset;

    private CourseLineLocalizer(Builder b) {
        GateCourse g = b.gates;
        this.runtime = g.runtime();
        this.agents = b.agents;
        this.window = b.window;
        int queries = g.numEnvs() * agents;
        this.frame = new CourseLineFrame(runtime, queries);
        this.queryPlan = LaunchPlan.builder().launch(queries, GateLocalizeKernel.INSTANCE.args().line(g.linePoints())
                .arclen(g.lineArclen()).length(g.lineLength()).count(g.lineCount()).lMax(g.lineMax())
                .position(b.positions).agents(agents).window(window).s(frame.s()).n(frame.n()).nUp(frame.nUp())
                .segment(frame.segment())).build();
        this.reset = new MaskedReset(runtime, queries,
                mask -> LocalizeResetKernel.INSTANCE.args().mask(mask).segment(frame.segment()));
        resetAll();
    }

    /**
     * @param gates     the gate courses (the batch)
     * @param positions {@code [E * A * 3]} agent positions x, y, z on the gate course's runtime, read in place
     * @return a builder (one agent, warm window 4)
     * @throws NullPointerException on a null argument
     */
    public static Builder builder(GateCourse gates, F32Array positions) {
        return new Builder(gates, positions);
    }

    /**
     * Localizes every agent (one launch, under the runtime's execution lock).
     *
     * @return the persistent frame
     */
    public CourseLineFrame query() {
        queryPlan.enqueueLocked(runtime);
        return frame;
    }

    /** Issues the query's launch without taking the lock (inside a plan or capture of the caller's). */
    public void enqueueQuery() {
        queryPlan.enqueue(runtime);
    }

    /** @return the plan of one query, for a plan or capture of your own */
    public LaunchPlan plan() {
        return queryPlan;
    }

    /**
     * Makes the next query of the masked agents scan cold (teleported agents).
     *
     * @param mask {@code [E * A]} int32, nonzero = forget the previous segment
     * @throws IllegalArgumentException if the mask does not hold {@code E * A} entries
     */
    public void reset(I32Array mask) {
        reset.reset(mask);
    }

    /** Makes every agent's next query scan cold. */
    public void resetAll() {
        reset.resetAll();
    }

    /** @return the persistent frame the queries rewrite */
    public CourseLineFrame frame() {
        return frame;
    }

    /** @return agents per env */
    public int agents() {
        return agents;
    }

    /** @return the warm half-window in segments, -1 for cold queries */
    public int window() {
        return window;
    }

    /** Options of a {@link CourseLineLocalizer}. */
    public static final class Builder {
        private final GateCourse gates;
        private final F32Array positions;
        private int agents = 1;
        private int window = 4;

        private Builder(GateCourse gates, F32Array positions) {
            this.gates = Objects.requireNonNull(gates, "gates");
            this.positions = Objects.requireNonNull(positions, "positions");
        }

        /**
         * @param agents agents per env {@code A}, at least 1
         * @return this builder
         */
        public Builder agents(int agents) {
            this.agents = agents;
            return this;
        }

        /**
         * @param w warm half-window in segments, at least 1 (default 4)
         * @return this builder
         * @throws IllegalArgumentException if {@code w < 1}
         */
        public Builder warmWindow(int w) {
            if (w < 1) {
                throw new IllegalArgumentException("warm window must be >= 1 segment, got " + w);
            }
            this.window = w;
            return this;
        }

        /** @return this builder, every query scanning every segment */
        public Builder cold() {
            this.window = -1;
            return this;
        }

        /**
         * @return the localizer, every agent's first query cold
         * @throws IllegalArgumentException if {@code agents < 1} or the positions do not hold
         *                                  {@code E * A * 3} floats on the gate course's runtime
         */
        public CourseLineLocalizer build() {
            if (agents < 1) {
                throw new IllegalArgumentException("agents must be >= 1, got " + agents);
            }
            long q = (long) gates.numEnvs() * agents;
            if (positions.length() != 3 * q) {
                throw new IllegalArgumentException("positions hold " + positions.length()
                        + " floats, expected E * A * 3 = " + gates.numEnvs() + " * " + agents + " * 3 = " + 3 * q);
            }
            Checks.sameRuntime(gates.runtime(), positions, "positions");
            return new CourseLineLocalizer(this);
        }
    }
}
