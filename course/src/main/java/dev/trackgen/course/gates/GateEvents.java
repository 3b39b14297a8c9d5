package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;

/**
 * Gate progress of every agent, {@code [E * A]} entries, rewritten in place by every
 * {@link GateTracker#update()}: the events of the last update ({@code passed}, {@code lapCompleted},
 * {@code wrongGate}, {@code distToNext}) and the counters kept since the agent's last reset
 * ({@code nextGate}, {@code progress}, {@code laps}).
 */
public final class GateEvents {
    private final I32Array passed;
    private final I32Array lapCompleted;
    private final I32Array wrongGate;
    private final F32Array distToNext;
    private final I32Array nextGate;
    private final I32Array progress;
    private final I32Array laps;
    private final F32Array previous;

    GateEvents(ComputeRuntime runtime, int queries) {
        this.passed = runtime.allocI32(queries);
        this.lapCompleted = runtime.allocI32(queries);
        this.wrongGate = runtime.allocI32(queries);
        this.distToNext = runtime.allocF32(queries);
        this.nextGate = runtime.allocI32(queries);
        this.progress = runtime.allocI32(queries);
        this.laps = runtime.allocI32(queries);
        this.previous = runtime.allocF32(3 * queries);
    }

    /** @return {@code [E * A]} 1 where the last motion passed the target gate through its opening */
    public I32Array passed() {
        return passed;
    }

    /** @return {@code [E * A]} 1 where that pass was through the last gate (a lap) */
    public I32Array lapCompleted() {
        return lapCompleted;
    }

    /** @return {@code [E * A]} lowest index of a non-target gate passed through its opening, else -1 */
    public I32Array wrongGate() {
        return wrongGate;
    }

    /** @return {@code [E * A]} 3D distance to the target gate's centre after the update, world units (NaN when paused) */
    public F32Array distToNext() {
        return distToNext;
    }

    /** @return {@code [E * A]} the target gate's index */
    public I32Array nextGate() {
        return nextGate;
    }

    /** @return {@code [E * A]} gates passed since the last reset */
    public I32Array progress() {
        return progress;
    }

    /** @return {@code [E * A]} laps completed since the last reset */
    public I32Array laps() {
        return laps;
    }

    /** @return {@code [E * A * 3]} the previous positions (NaN: the next update only primes) */
    public F32Array previous() {
        return previous;
    }
}
