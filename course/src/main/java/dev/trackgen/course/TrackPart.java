package dev.trackgen.course;

import dev.trackgen.api.Track;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.LaunchPlan;

import java.util.Objects;

/**
 * A part of a course computed from its track's current contents by one fixed launch plan into
 * persistent arrays on the track's runtime: the start grid, the checkpoints, the speed profile,
 * the props. {@link #compute()} recomputes it in place (allocates nothing, can be captured; call
 * it after every {@code generate()}); {@link #plan()} gives the same launches for a caller's own
 * sequence or capture (a {@link Course} appends them to its refresh).
 *
 * @param <S> the part's own class, which {@link #compute()} returns
 */
public abstract class TrackPart<S extends TrackPart<S>> {
    /** The batch the part is computed from (read at every {@link #compute()}). */
    protected final Track track;
    /** The track's runtime, where the part's arrays live. */
    protected final ComputeRuntime runtime;
    /** The launches that compute the part; set once, by the subclass's constructor. */
    protected LaunchPlan plan;

    /**
     * @param track the batch
     * @throws NullPointerException if {@code track} is null
     */
    protected TrackPart(Track track) {
        this.track = Objects.requireNonNull(track, "track");
        this.runtime = track.runtime();
    }

    /**
     * Recomputes the part from the track's current contents, in place, under the runtime's
     * execution lock.
     *
     * @return this part
     */
    @SuppressWarnings("unchecked")
    public final S compute() {
        plan.enqueueLocked(runtime);
        return (S) this;
    }

    /** @return the launches of {@link #compute()}, for appending to a caller's own plan */
    public final LaunchPlan plan() {
        return plan;
    }

    /** @return the batch the part is computed from */
    public final Track track() {
        return track;
    }
}
