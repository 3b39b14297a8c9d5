package dev.trackgen.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.ArrayList;
import java.util.List;

/**
 * The runtime a {@link GateGenerator} allocates through: it forwards every call and remembers the
 * arrays, so that closing the generator frees them on the caller's runtime (which stays open).
 */
final class ArrayRecorder extends ForwardingRuntime {
    private final List<DeviceArray> arrays = new ArrayList<>();

    ArrayRecorder(ComputeRuntime delegate) {
        super(delegate);
    }

    @Override
    public F32Array allocF32(int length) {
        return remember(super.allocF32(length));
    }

    @Override
    public I32Array allocI32(int length) {
        return remember(super.allocI32(length));
    }

    @Override
    public Vec2Array allocVec2(int length) {
        return remember(super.allocVec2(length));
    }

    private <T extends DeviceArray> T remember(T array) {
        arrays.add(array);
        return array;
    }

    /** @return the runtime the calls go to */
    ComputeRuntime target() {
        return delegate();
    }

    /** Frees every array allocated through this recorder, newest first. */
    void freeAll() {
        for (int i = arrays.size() - 1; i >= 0; i--) {
            delegate().free(arrays.get(i));
        }
        arrays.clear();
    }

    /** The caller's runtime is not the generator's to close. */
    @Override
    public void close() {
        throw new IllegalStateException("a GateGenerator does not close the runtime it was given");
    }
}
