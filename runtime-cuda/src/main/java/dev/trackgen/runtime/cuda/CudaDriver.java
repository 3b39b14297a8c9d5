package dev.trackgen.runtime.cuda;

import dev.trackgen.api.runtime.LaunchShape;

/**
 * The driver-API calls the CUDA runtime makes, on one device and one dedicated stream. The real
 * implementation is {@link JCudaDriverApi}; tests substitute an emulation that runs the CUDA C
 * bodies on the host, so everything above this interface is tested on machines without a GPU.
 * Every call is made by the thread holding the runtime's execution lock, between {@link #enter()}
 * and {@link #leave()}: the runtime's context is current inside that bracket and the caller's
 * context is current again after it.
 */
interface CudaDriver extends AutoCloseable {

    /** A device allocation. */
    interface Buffer {
        /** @return the device address (stable for the buffer's lifetime) */
        long address();
    }

    /** A loaded PTX module. */
    interface Module {
    }

    /** A kernel entry point of a module. */
    interface Function {
    }

    /** An instantiated, replayable graph. */
    interface Graph {
    }

    /** @return a one-line description of the device (name, SMs, memory, driver version) */
    String describe();

    /**
     * Makes this driver's context current on the calling thread, remembering the thread's current
     * context; {@link #leave()} restores it. Brackets nest (only the outermost pair switches).
     */
    void enter();

    /** Ends the innermost {@link #enter()}: at the outermost one the caller's context is current again. */
    void leave();

    /**
     * @return the most shared memory, static plus dynamic, a block may opt in to, in bytes
     *         ({@code CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN})
     */
    int maxDynamicSharedBytes();

    /**
     * @param function a function of a loaded module
     * @return its statically declared shared memory per block, bytes
     *         ({@code CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES}); the driver requires static plus dynamic
     *         within the block's limit
     */
    int staticSharedBytes(Function function);

    /**
     * @param function a function of a loaded module
     * @return {@code {registers per thread, static shared bytes, local bytes per thread, max threads per block}}
     */
    int[] functionAttributes(Function function);

    /** @return {@code {free, total}} device memory in bytes ({@code cuMemGetInfo}) */
    long[] memoryInfo();

    /**
     * @param bytes size, {@code > 0}
     * @return a zero-filled device allocation (plain device memory, never managed)
     */
    Buffer alloc(long bytes);

    /** @param buffer an allocation of this driver to release */
    void free(Buffer buffer);

    /** Copies {@code src} to the start of {@code dst}, ordered on the stream; returns when done. */
    void copyToDevice(int[] src, Buffer dst);

    /** Copies {@code src} to the start of {@code dst}, ordered on the stream; returns when done. */
    void copyToDevice(float[] src, Buffer dst);

    /** Copies the start of {@code src} into {@code dst} after all issued work; returns when done. */
    void copyToHost(Buffer src, int[] dst);

    /** Copies the start of {@code src} into {@code dst} after all issued work; returns when done. */
    void copyToHost(Buffer src, float[] dst);

    /** Enqueues a device-to-device copy of {@code bytes} on the stream (capturable). */
    void copyOnDevice(Buffer src, Buffer dst, long bytes);

    /**
     * @param ptx a PTX image (text, no terminator needed)
     * @return the module, JIT-compiled for the device
     * @throws CudaException with the driver's code (for example CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
     *                       and, where the JIT compiler wrote one, its error log in the message
     */
    Module loadModule(byte[] ptx);

    /** @param module a loaded module to unload (its functions become unusable) */
    void unloadModule(Module module);

    /**
     * @param module a loaded module
     * @param name   an entry point name
     * @return the function, or {@code null} if the module has no such entry point
     */
    Function function(Module module, String name);

    /**
     * Allows {@code function} to be launched with up to {@code bytes} of dynamic shared memory
     * ({@code CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES}); {@code bytes} plus the function's
     * static shared memory must be within {@link #maxDynamicSharedBytes()}.
     */
    void allowDynamicShared(Function function, int bytes);

    /**
     * Enqueues a launch on the stream (capturable).
     *
     * @param function the entry point
     * @param shape    grid, block and dynamic shared memory (already within the device's limit)
     * @param args     the kernel arguments in order: {@link Buffer}s (pointers), {@link Integer}s and {@link Float}s
     */
    void launch(Function function, LaunchShape shape, Object[] args);

    /** Starts recording the stream's work into a graph instead of running it. */
    void beginCapture();

    /** @return the recorded work, instantiated for replay; recording stops */
    Graph endCapture();

    /** Stops recording after a failure and discards what was recorded. */
    void abortCapture();

    /** Enqueues a replay of {@code graph} on the stream. */
    void launchGraph(Graph graph);

    /** Releases a graph. */
    void destroyGraph(Graph graph);

    /** Waits until the stream's work is done. */
    void synchronize();

    /** Releases the stream, staging memory and context reference. */
    @Override
    void close();
}
