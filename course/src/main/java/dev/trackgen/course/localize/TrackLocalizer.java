package dev.trackgen.course.localize;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

import dev.trackgen.course.internal.Checks;
import dev.trackgen.course.internal.MaskedReset;

import java.util.Objects;
import dev.trackgen.course.kernel.LocalizeKernel;
import dev.trackgen.course.kernel.LocalizeResetKernel;

/**
 * Where every agent is in its track's frame: arc length {@code s}, signed lateral offset
 * {@code n}, nearest segment and an on-road flag (see {@link TrackFrame}). {@code s} is the
 * plan-view arc length ({@code Track.arclen}) or, with {@link Builder#alongThe3dLength()}, the
 * centerline's 3D arc length ({@code Track.arclen3d}, in {@code [0, length3d)}, which equals the
 * plan-view one bit for bit on a flat track); {@code n} is measured in the plan view
 * (horizontally; {@code n / cos(bank)} along a banked surface), see docs/elevation.md.
 *
 * <p>Bound once to a {@link Track} and to a caller-owned position buffer of {@code E * A} points
 * ({@code A} agents per env, agent {@code a} of env {@code e} at {@code e * A + a}) that the
 * simulator rewrites in place every step; {@link #query()} then takes no argument, launches one
 * kernel over {@code E * A} queries, allocates nothing and can be captured
 * ({@code runtime.capture(localizer::query)}) and replayed.
 *
 * <p><b>Cold</b> ({@link Builder#cold()}): every query scans every segment of its track,
 * {@code O(N)}. <b>Warm</b> ({@link Builder#warmWindow(int)}, the default with {@code W = 4}):
 * a query scans the {@code 2W + 1} segments centred on its previous answer and, while the nearest
 * of the segments scanned so far is the first or the last of them, {@code W} more past that end,
 * until the nearest is inside the scanned range (or the whole loop is scanned). So an agent that
 * moved further than the window in one step is followed as long as its distance to the
 * centerline keeps falling along the way, and the warm answer is identical to the cold one
 * whenever the nearest segment is inside the final range, which holds wherever the track does not
 * pinch. Where the loop comes back close to itself (a hairpin, two parallel straights), the
 * nearest segment can jump half a lap between two steps; the warm answer then stays on the branch
 * the agent is driving on ({@code s} stays continuous), which is not the cold answer. The first
 * query, a query after a NaN position, and a query after {@link #reset(I32Array)} scan cold.
 * Reset after regenerating the track and after teleporting an agent.
 *
 * <p>Validation happens in {@link Builder#build()}: shapes, runtime and parameters; the hot path
 * checks nothing.
 */
public final class TrackLocalizer {
    /** Default warm-start half-window {@code W}, in segments. */
    public static final int DEFAULT_WARM_WINDOW = 4;

    private final Track track;
    private final ComputeRuntime runtime;
    private final int agents;
    private final int queries;
    private final int window;
    private final TrackFrame frame;
    private final LaunchPlan queryPlan;
    private final MaskedReset reset;

    private TrackLocalizer(Builder b) {
        this.track = b.track;
        this.runtime = track.runtime();
        this.agents = b.agents;
        this.queries = track.numEnvs() * agents;
        this.window = b.window;
        this.frame = new TrackFrame(runtime, queries);
        // s along the 3D arc length when asked (the plan-view one, bit for bit, on a flat track)
        KernelArgs q = LocalizeKernel.INSTANCE.args().center(track.center()).z(track.centerZ())
                .use3d(b.arc3d ? 1 : 0).arclen(b.arc3d ? track.arclen3d() : track.arclen())
                .length(b.arc3d ? track.length3d() : track.length()).count(track.count()).nMax(track.nMax())
                .position(b.positions).agents(agents)
                .halfWidth((float) b.halfWidth).left(track.leftHalfWidth()).right(track.rightHalfWidth())
                .localWidths(b.localWidths ? 1 : 0).window(window).s(frame.s()).n(frame.n()).segment(frame.segment())
                .onRoad(frame.onRoad());
        this.queryPlan = LaunchPlan.builder().launch(queries, q).build();
        this.reset = new MaskedReset(runtime, queries,
                mask -> LocalizeResetKernel.INSTANCE.args().mask(mask).segment(frame.segment()));
        resetAll();
    }

    /**
     * @param track     the batch to localize against (its arrays are read at every query, so a
     *                  regenerated batch is seen; reset after regenerating)
     * @param positions caller-owned positions, {@code [E * A]} pairs on the track's runtime
     * @return a builder
     */
    public static Builder builder(Track track, Vec2Array positions) {
        return new Builder(track, positions);
    }

    /**
     * Localizes every query against the bound positions, in place.
     *
     * @return the persistent result (the same object every call)
     */
    public TrackFrame query() {
        queryPlan.enqueueLocked(runtime);
        return frame;
    }

    /**
     * Forgets the warm-start memory of the queries whose {@code mask[t] != 0}, so their next query
     * scans cold. Allocates nothing; capturable when the same mask array is passed every time.
     *
     * @param mask {@code [E * A]} flags on the track's runtime
     * @throws IllegalArgumentException when the mask has another length
     */
    public void reset(I32Array mask) {
        reset.reset(mask);
    }

    /** Forgets every query's warm-start memory (after regenerating the track). */
    public void resetAll() {
        reset.resetAll();
    }

    /** @return the persistent result */
    public TrackFrame frame() {
        return frame;
    }

    /** @return agents per env, {@code A} */
    public int agents() {
        return agents;
    }

    /** @return the warm half-window {@code W}, or -1 for a cold localizer */
    public int window() {
        return window;
    }

    /** @return the bound track */
    public Track track() {
        return track;
    }

    /** Configures a {@link TrackLocalizer}; every check happens in {@link #build()}. */
    public static final class Builder {
        private final Track track;
        private final Vec2Array positions;
        private int agents = 1;
        private double halfWidth = Double.NaN;
        private boolean localWidths;
        private int window = DEFAULT_WARM_WINDOW;
        private boolean arc3d;

        private Builder(Track track, Vec2Array positions) {
            this.track = Objects.requireNonNull(track, "track");
            this.positions = Objects.requireNonNull(positions, "positions");
        }

        /**
         * @param agents agents per env {@code A}, {@code >= 1} (default 1)
         * @return this builder
         */
        public Builder agents(int agents) {
            this.agents = agents;
            return this;
        }

        /**
         * @param halfWidth the road half-width the on-road flag compares against, world units,
         *                  {@code > 0} (the batch's {@code config.halfWidth()}); required
         * @return this builder
         */
        public Builder halfWidth(double halfWidth) {
            this.halfWidth = halfWidth;
            return this;
        }

        /**
         * Whether the on-road flag compares with the track's per-point half-widths instead of
         * {@link #halfWidth(double)}: the half-width of the side the position is on
         * ({@code Track.leftHalfWidth()} for {@code n >= 0}, {@code rightHalfWidth()} below),
         * interpolated linearly along the nearest centerline segment. Needs a track whose width
         * rows are written (every pipeline's are; a track uploaded by hand must fill them). On a
         * constant-width track the flags are the same as with {@code halfWidth} (the interpolation
         * of two equal floats is that float). Default false.
         *
         * @param localWidths true to read the per-point widths
         * @return this builder
         */
        public Builder localWidths(boolean localWidths) {
            this.localWidths = localWidths;
            return this;
        }

        /**
         * Warm-started queries scanning {@code 2W + 1} segments around the previous answer,
         * extended {@code W} segments at a time past an end that holds the nearest so far.
         *
         * @param w half-window {@code W}, {@code >= 1}
         * @return this builder
         */
        public Builder warmWindow(int w) {
            if (w < 1) {
                throw new IllegalArgumentException("warm window must be >= 1 segment, got " + w);
            }
            this.window = w;
            return this;
        }

        /**
         * Reports {@code s} along the 3D arc length ({@code Track.arclen3d}, {@code length3d}):
         * what the course does when the batch has elevation or banking. The track's elevation
         * arrays must have been written (by the elevation stage of a generator or
         * {@code CenterlinePipeline}).
         *
         * @return this builder
         */
        public Builder alongThe3dLength() {
            this.arc3d = true;
            return this;
        }

        /** @return this builder, set to scan every segment at every query */
        public Builder cold() {
            this.window = -1;
            return this;
        }

        /**
         * @return the localizer, bound and reset
         * @throws IllegalArgumentException on a wrong shape, runtime or parameter
         */
        public TrackLocalizer build() {
            if (agents < 1) {
                throw new IllegalArgumentException("agents must be >= 1, got " + agents);
            }
            if (!(halfWidth > 0) || Double.isInfinite(halfWidth)) {
                throw new IllegalArgumentException("halfWidth must be a finite number > 0, got " + halfWidth);
            }
            long q = (long) track.numEnvs() * agents;
            if (q > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("E * A = " + q + " queries is too many");
            }
            if (positions.length() != q) {
                throw new IllegalArgumentException("positions have " + positions.length()
                        + " points, expected E * A = " + track.numEnvs() + " * " + agents + " = " + q);
            }
            Checks.sameRuntime(track.runtime(), positions, "positions");
            return new TrackLocalizer(this);
        }
    }
}
