package dev.trackgen.pipeline;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * A runtime view that counts the bytes of the runtime arrays allocated through it (4 a float or
 * int, 8 a pair), for the tests of what a stage or a generator keeps per env. Closing it leaves
 * the delegate open: its owner closes it.
 */
public final class CountingRuntime extends ForwardingRuntime {
    private long bytes;

    /** @param delegate the runtime that allocates */
    public CountingRuntime(ComputeRuntime delegate) {
        super(delegate);
    }

    /** @return bytes allocated through this view so far */
    public long bytes() {
        return bytes;
    }

    @Override
    public F32Array allocF32(int length) {
        bytes += 4L * length;
        return super.allocF32(length);
    }

    @Override
    public I32Array allocI32(int length) {
        bytes += 4L * length;
        return super.allocI32(length);
    }

    @Override
    public Vec2Array allocVec2(int length) {
        bytes += 8L * length;
        return super.allocVec2(length);
    }

    @Override
    public void close() {
    }
}
