package dev.trackgen.pipeline;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.ArrayList;
import java.util.List;

/**
 * The runtime a {@link TrackGenerator} that does not own its runtime builds on: it forwards every
 * call and remembers the arrays allocated through it, so that closing the generator frees them
 * ({@link ComputeRuntime#free}) instead of leaving them on the device until the shared runtime
 * closes (4-5 GB per generator at E = 65536 on CUDA). Not closed itself: the runtime stays open.
 */
final class AllocationRecorder extends ForwardingRuntime {
    private final List<DeviceArray> arrays = new ArrayList<>();

    AllocationRecorder(ComputeRuntime delegate) {
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

    /** The shared runtime is not this generator's to close. */
    @Override
    public void close() {
        throw new IllegalStateException("a generator does not close the runtime it was given");
    }
}
