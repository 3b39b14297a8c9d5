package dev.trackgen.course.internal;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.Arrays;

/** Bind-time checks and small set-up helpers shared by the course utilities (not exported). */
public final class Checks {
    private Checks() {
    }

    /**
     * Refuses an array that the track's runtime cannot bind ({@link ComputeRuntime#accepts}): a
     * host array on a device runtime, a device array on a host runtime or of another device runtime.
     *
     * @param runtime the runtime of the track
     * @param array   a caller-owned array
     * @param what    its name in the message
     * @throws IllegalArgumentException when the runtime does not accept the array
     */
    public static void sameRuntime(ComputeRuntime runtime, DeviceArray array, String what) {
        if (!runtime.accepts(array)) {
            throw new IllegalArgumentException(what + " (" + array + ") cannot be bound on " + runtime.name()
                    + ", where the track lives: allocate it with track.runtime()");
        }
    }

    /**
     * @param runtime where to allocate
     * @param length  entries
     * @param value   the value of every entry
     * @return a new int array on the runtime filled with {@code value} (construction time only)
     */
    public static dev.trackgen.api.runtime.I32Array filledI32(ComputeRuntime runtime, int length, int value) {
        dev.trackgen.api.runtime.I32Array a = runtime.allocI32(length);
        int[] host = new int[length];
        Arrays.fill(host, value);
        locked(runtime, () -> runtime.upload(host, a));
        return a;
    }

    /**
     * @param runtime where to allocate
     * @param points  pairs
     * @return a new pair array on the runtime filled with NaN (construction time only)
     */
    public static Vec2Array nanVec2(ComputeRuntime runtime, int points) {
        Vec2Array a = runtime.allocVec2(points);
        float[] host = new float[2 * points];
        Arrays.fill(host, Float.NaN);
        locked(runtime, () -> runtime.upload(host, a));
        return a;
    }

    /**
     * Runs {@code r} under the runtime's execution lock.
     *
     * @param runtime the runtime
     * @param r       the work
     */
    public static void locked(ComputeRuntime runtime, Runnable r) {
        try (LockScope held = new LockScope(runtime.executionLock()).acquire()) {
            r.run();
        }
    }
}
