package dev.trackgen.course.progress;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.course.TrackPart;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.internal.Checks;

import java.util.Objects;
import dev.trackgen.course.kernel.CheckpointClearKernel;
import dev.trackgen.course.kernel.CheckpointKernel;

/**
 * Ordered checkpoints per track, sampled from the centerline at a spacing by {@link #compute()}
 * into persistent arrays on the track's runtime (see {@link CheckpointKernel}).
 *
 * <p>Env {@code e} has {@link #count()}{@code [e] = M} checkpoints, {@code 0 .. M-1} in the
 * direction of travel, at slots {@code e * maxCheckpoints + k}; slots past {@code M} are NaN.
 * Checkpoint {@code k} is a centerline point ({@link #position()}), its unit tangent, the forward
 * direction ({@link #tangent()}), and the road's cross-section there, a segment from
 * {@link #inner()} to {@link #outer()} that an agent must cross. Checkpoint 0 is the start line:
 * {@code StartGrid.startIndex()} when built with {@link Builder#startAt(StartGrid)}, else point 0.
 * Values on invalid envs carry no promise.
 *
 * <p>{@link #compute()} allocates nothing and can be captured; call it after every
 * {@code generate()} (after the grid's {@code compute()} when it starts there), then reset the
 * trackers that use it.
 */
public final class Checkpoints extends TrackPart<Checkpoints> {
    private final int maxCheckpoints;
    private final double spacing;
    private final Vec2Array position;
    private final Vec2Array tangent;
    private final Vec2Array inner;
    private final Vec2Array outer;
    private final F32Array s;
    private final I32Array index;
    private final I32Array count;

    private Checkpoints(Builder b) {
        super(b.track);
        this.maxCheckpoints = b.maxCheckpoints;
        this.spacing = b.spacing;
        int slots = track.numEnvs() * maxCheckpoints;
        this.position = runtime.allocVec2(slots);
        this.tangent = runtime.allocVec2(slots);
        this.inner = runtime.allocVec2(slots);
        this.outer = runtime.allocVec2(slots);
        this.s = runtime.allocF32(slots);
        this.index = runtime.allocI32(slots);
        this.count = runtime.allocI32(track.numEnvs());
        I32Array start = b.start != null ? b.start.startIndex() : Checks.filledI32(runtime, track.numEnvs(), 0);
        KernelArgs a = CheckpointKernel.INSTANCE.args().center(track.center()).tangent(track.tangent())
                .inner(track.inner()).outer(track.outer()).arclen(track.arclen()).length(track.length())
                .count(track.count()).nMax(track.nMax()).startIndex(start).spacing((float) spacing)
                .maxCheckpoints(maxCheckpoints).cpPosition(position).cpTangent(tangent).cpInner(inner).cpOuter(outer)
                .cpS(s).cpIndex(index).cpCount(count);
        LaunchPlan.Builder plan = LaunchPlan.builder().launch(track.numEnvs(), a);
        if (b.avoidCrossings) {
            plan.launch(track.numEnvs(), CheckpointClearKernel.INSTANCE.args().center(track.center())
                    .tangent(track.tangent()).inner(track.inner()).outer(track.outer()).arclen(track.arclen())
                    .length(track.length()).left(track.leftHalfWidth()).right(track.rightHalfWidth())
                    .count(track.count()).nMax(track.nMax()).maxCheckpoints(maxCheckpoints).cpCount(count)
                    .cpPosition(position).cpTangent(tangent).cpInner(inner).cpOuter(outer).cpS(s).cpIndex(index));
        }
        this.plan = plan.build();
    }

    /**
     * @param track the batch (read at every {@link #compute()})
     * @return a builder
     */
    public static Builder builder(Track track) {
        return new Builder(track);
    }

    /** @return the slot stride per env */
    public int maxCheckpoints() {
        return maxCheckpoints;
    }

    /** @return the requested spacing, world units */
    public double spacing() {
        return spacing;
    }

    /** @return checkpoint centres (centerline points), {@code [E * maxCheckpoints]} pairs */
    public Vec2Array position() {
        return position;
    }

    /** @return unit forward tangents, {@code [E * maxCheckpoints]} pairs */
    public Vec2Array tangent() {
        return tangent;
    }

    /** @return cross-section ends on the inner border, {@code [E * maxCheckpoints]} pairs */
    public Vec2Array inner() {
        return inner;
    }

    /** @return cross-section ends on the outer border, {@code [E * maxCheckpoints]} pairs */
    public Vec2Array outer() {
        return outer;
    }

    /** @return arc length of each checkpoint, {@code [E * maxCheckpoints]} */
    public F32Array s() {
        return s;
    }

    /** @return centerline point index of each checkpoint, -1 past the count, {@code [E * maxCheckpoints]} */
    public I32Array index() {
        return index;
    }

    /** @return checkpoints per env, {@code [E]} */
    public I32Array count() {
        return count;
    }

    /** Configures {@link Checkpoints}; checks happen in {@link #build()}. */
    public static final class Builder {
        private final Track track;
        private double spacing = Double.NaN;
        private int maxCheckpoints = 256;
        private StartGrid start;
        private boolean avoidCrossings;

        private Builder(Track track) {
            this.track = Objects.requireNonNull(track, "track");
        }

        /**
         * @param spacing target arc length between checkpoints, world units, {@code > 0}; required
         *                (a few half-widths is typical, e.g. {@code 5 * half_width})
         * @return this builder
         */
        public Builder spacing(double spacing) {
            this.spacing = spacing;
            return this;
        }

        /**
         * @param maxCheckpoints slot stride per env, in {@code [3, 65536]} (default 256); longer
         *                       tracks get this many checkpoints, spaced further apart
         * @return this builder
         */
        public Builder maxCheckpoints(int maxCheckpoints) {
            this.maxCheckpoints = maxCheckpoints;
            return this;
        }

        /**
         * @param grid a grid on the same track whose start line becomes checkpoint 0
         * @return this builder
         */
        public Builder startAt(StartGrid grid) {
            this.start = Objects.requireNonNull(grid, "grid");
            return this;
        }

        /**
         * @param avoid whether to move each checkpoint but the start line off the places where
         *              another branch of the road passes over or under its cross-section (bridge
         *              courses, docs/elevation.md "Bridges"; {@link CheckpointClearKernel}), so an
         *              agent on one level never crosses a line of the other; default false
         * @return this builder
         */
        public Builder avoidingCrossings(boolean avoid) {
            this.avoidCrossings = avoid;
            return this;
        }

        /**
         * @return the checkpoints (not yet computed: call {@link Checkpoints#compute()})
         * @throws IllegalArgumentException naming the first bad parameter
         */
        public Checkpoints build() {
            if (!(spacing > 0) || Double.isInfinite(spacing) || (float) spacing == 0.0f) {
                throw new IllegalArgumentException("checkpoint spacing must be a finite number > 0, got " + spacing);
            }
            if (maxCheckpoints < 3 || maxCheckpoints > 65536) {
                throw new IllegalArgumentException("maxCheckpoints must be in [3, 65536], got " + maxCheckpoints);
            }
            if ((long) maxCheckpoints * track.numEnvs() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("E * maxCheckpoints is too large");
            }
            if (start != null && start.startIndex().length() != track.numEnvs()) {
                throw new IllegalArgumentException("the start grid belongs to a batch of " + start.startIndex().length()
                        + " envs, not " + track.numEnvs());
            }
            return new Checkpoints(this);
        }
    }
}
