package dev.trackgen.course.progress;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.course.kernel.ProgressUpdateKernel;


/**
 * The persistent result of a {@link ProgressTracker}: per agent ({@code [E * A]}, agent {@code a}
 * of env {@code e} at {@code e * A + a}), rewritten in place by every
 * {@link ProgressTracker#update()} and returned as the same object each time; use
 * {@link #snapshot()} for a host copy. Semantics: {@link ProgressUpdateKernel}.
 */
public final class ProgressEvents {
    private final ComputeRuntime runtime;
    private final LockScope exclusive;
    private final I32Array passed;
    private final I32Array lapCompleted;
    private final I32Array wrongWay;
    private final I32Array wrongCheckpoint;
    private final I32Array laps;
    private final F32Array distToNext;
    private final I32Array next;
    private final I32Array progress;
    private final I32Array linePasses;

    ProgressEvents(ComputeRuntime runtime, int agents, I32Array next, I32Array progress, I32Array linePasses,
                   I32Array laps) {
        this.runtime = runtime;
        this.exclusive = new LockScope(runtime.executionLock());
        this.passed = runtime.allocI32(agents);
        this.lapCompleted = runtime.allocI32(agents);
        this.wrongWay = runtime.allocI32(agents);
        this.wrongCheckpoint = runtime.allocI32(agents);
        this.distToNext = runtime.allocF32(agents);
        this.laps = laps;
        this.next = next;
        this.progress = progress;
        this.linePasses = linePasses;
    }

    /** @return 1 where the target checkpoint was crossed forward this step */
    public I32Array passed() {
        return passed;
    }

    /** @return 1 where that pass was of the start line and completed a lap */
    public I32Array lapCompleted() {
        return lapCompleted;
    }

    /** @return 1 where some checkpoint was crossed backward this step */
    public I32Array wrongWay() {
        return wrongWay;
    }

    /** @return the lowest index of a non-target checkpoint crossed forward this step, else -1 */
    public I32Array wrongCheckpoint() {
        return wrongCheckpoint;
    }

    /** @return completed laps (start line to start line, every checkpoint in order) */
    public I32Array laps() {
        return laps;
    }

    /** @return distance from the agent to its next checkpoint's centre, world units; NaN when paused */
    public F32Array distToNext() {
        return distToNext;
    }

    /** @return the target checkpoint after this step */
    public I32Array nextCheckpoint() {
        return next;
    }

    /** @return net checkpoints passed since the last reset */
    public I32Array progress() {
        return progress;
    }

    /**
     * @return net passes of checkpoint 0, the start line, since the last reset ({@code laps} is
     *     this minus one, floored at 0: the first pass starts the first lap)
     */
    public I32Array linePasses() {
        return linePasses;
    }

    /**
     * Copies the current values to the host (allocates; not for the per-step path).
     *
     * @return an independent copy
     */
    public Snapshot snapshot() {
        int n = passed.length();
        Snapshot s = new Snapshot(new int[n], new int[n], new int[n], new int[n], new int[n], new float[n], new int[n],
                new int[n]);
        try (LockScope held = exclusive.acquire()) {
            runtime.download(passed, s.passed());
            runtime.download(lapCompleted, s.lapCompleted());
            runtime.download(wrongWay, s.wrongWay());
            runtime.download(wrongCheckpoint, s.wrongCheckpoint());
            runtime.download(laps, s.laps());
            runtime.download(distToNext, s.distToNext());
            runtime.download(next, s.nextCheckpoint());
            runtime.download(progress, s.progress());
        }
        return s;
    }

    /**
     * A host copy of {@link ProgressEvents}, every array {@code [E * A]}.
     *
     * @param passed          target crossed forward
     * @param lapCompleted    a lap completed
     * @param wrongWay        a checkpoint crossed backward
     * @param wrongCheckpoint a skipped checkpoint crossed forward, or -1
     * @param laps            completed laps
     * @param distToNext      distance to the next checkpoint
     * @param nextCheckpoint  target after the step
     * @param progress        net checkpoints passed
     */
    public record Snapshot(int[] passed, int[] lapCompleted, int[] wrongWay, int[] wrongCheckpoint, int[] laps,
                           float[] distToNext, int[] nextCheckpoint, int[] progress) {
    }
}
