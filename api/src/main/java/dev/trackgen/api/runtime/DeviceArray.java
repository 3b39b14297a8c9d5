package dev.trackgen.api.runtime;

/**
 * A fixed-size array owned by a {@link ComputeRuntime}: host memory on the CPU runtime,
 * device memory on the CUDA runtime. Arrays are allocated once (at construction of whatever
 * owns them) and never resized, so their addresses stay stable for captured graphs.
 */
public interface DeviceArray {
    /** @return the number of elements (for {@link Vec2Array}, the number of (x, y) pairs) */
    int length();

    /** @return the element type of this array */
    KernelParam.Type type();
}
