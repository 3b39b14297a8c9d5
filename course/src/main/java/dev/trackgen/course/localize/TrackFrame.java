package dev.trackgen.course.localize;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LockScope;


/**
 * The persistent result of a {@link TrackLocalizer}: one track-frame answer per query, rewritten
 * in place by every {@link TrackLocalizer#query()} and returned as the same object each time. Its
 * arrays live on the track's runtime and never move (a CUDA graph may hold their addresses); use
 * {@link #snapshot()} for a host copy.
 *
 * <p>Every array holds {@code E * A} entries, agent {@code a} of env {@code e} at
 * {@code e * A + a}. For a NaN position: {@code s = n = NaN}, {@code segment = -1},
 * {@code onRoad = 0}. Values for envs whose track is invalid ({@code valid[e] == 0}) are defined by
 * the same projection but carry no promise.
 */
public final class TrackFrame {
    private final ComputeRuntime runtime;
    private final LockScope exclusive;
    private final F32Array s;
    private final F32Array n;
    private final I32Array segment;
    private final I32Array onRoad;

    TrackFrame(ComputeRuntime runtime, int queries) {
        this.runtime = runtime;
        this.exclusive = new LockScope(runtime.executionLock());
        this.s = runtime.allocF32(queries);
        this.n = runtime.allocF32(queries);
        this.segment = runtime.allocI32(queries);
        this.onRoad = runtime.allocI32(queries);
    }

    /** @return arc length along the lap, world units, in {@code [0, length[e])}, {@code [E*A]} */
    public F32Array s() {
        return s;
    }

    /**
     * @return signed lateral offset, world units, {@code [E*A]}: the distance to the centerline,
     *     positive on the left of the direction of travel (where {@code Track.normal} points:
     *     toward the inner border on a counter-clockwise track, the outer one on a clockwise track)
     */
    public F32Array n() {
        return n;
    }

    /** @return index {@code i} of the nearest centerline segment {@code i -> i + 1}, or -1, {@code [E*A]} */
    public I32Array segment() {
        return segment;
    }

    /** @return 1 where {@code |n| <= half_width}, else 0, {@code [E*A]} */
    public I32Array onRoad() {
        return onRoad;
    }

    /**
     * Copies the current answers to the host (allocates; not for the per-step path).
     *
     * @return an independent copy
     */
    public Snapshot snapshot() {
        int q = s.length();
        Snapshot out = new Snapshot(new float[q], new float[q], new int[q], new int[q]);
        try (LockScope held = exclusive.acquire()) {
            runtime.download(s, out.s());
            runtime.download(n, out.n());
            runtime.download(segment, out.segment());
            runtime.download(onRoad, out.onRoad());
        }
        return out;
    }

    /**
     * A host copy of a {@link TrackFrame}.
     *
     * @param s       arc length, {@code [E*A]}
     * @param n       signed lateral offset, {@code [E*A]}
     * @param segment nearest segment or -1, {@code [E*A]}
     * @param onRoad  1 on the road, {@code [E*A]}
     */
    public record Snapshot(float[] s, float[] n, int[] segment, int[] onRoad) {
    }
}
