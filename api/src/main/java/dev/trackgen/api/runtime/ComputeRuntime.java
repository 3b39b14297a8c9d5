package dev.trackgen.api.runtime;

import java.util.concurrent.locks.Lock;

/**
 * A place where kernels run: the eager CPU runtime (all cores) or the CUDA runtime (a GPU,
 * with graph capture and replay). Pipeline stages and generators are written once, as launch
 * sequences against this interface, and never ask which runtime runs them.
 *
 * <p><b>Capture contract.</b> {@link #capture(Runnable)} records the launches and device-to-device
 * copies that the sequence issues into a {@link CapturedGraph} for later replay. Inside a capture
 * a sequence must not allocate, must not copy between host and device and therefore cannot
 * branch on device data; runtimes throw {@link CaptureViolationException} when it tries.
 *
 * <p>Runtimes are not required to be thread-safe; callers serialize their use with
 * {@link #executionLock()}.
 */
public interface ComputeRuntime extends AutoCloseable {

    /** @return the runtime's name as used in configuration: {@code cpu} or {@code cuda} */
    String name();

    /** @return a one-line description of the device and its parallelism, for logs and reports */
    String describe();

    /**
     * @param length number of floats
     * @return a new zero-filled array
     * @throws CaptureViolationException inside a capture
     */
    F32Array allocF32(int length);

    /**
     * @param length number of ints
     * @return a new zero-filled array
     * @throws CaptureViolationException inside a capture
     */
    I32Array allocI32(int length);

    /**
     * @param length number of (x, y) pairs
     * @return a new zero-filled array
     * @throws CaptureViolationException inside a capture
     */
    Vec2Array allocVec2(int length);

    /**
     * Copies host ints to a device array of the same length.
     *
     * @param src host data, {@code src.length == dst.length()}
     * @param dst destination
     * @throws CaptureViolationException inside a capture
     */
    void upload(int[] src, I32Array dst);

    /**
     * Copies host floats to a device array of the same length.
     *
     * @param src host data, {@code src.length == dst.length()}
     * @param dst destination
     * @throws CaptureViolationException inside a capture
     */
    void upload(float[] src, F32Array dst);

    /**
     * Copies interleaved host pairs to a point array.
     *
     * @param src host data, {@code src.length == 2 * dst.length()}
     * @param dst destination
     * @throws CaptureViolationException inside a capture
     */
    void upload(float[] src, Vec2Array dst);

    /**
     * Copies a device array to host memory (a host read-back; waits for pending work).
     *
     * @param src source
     * @param dst host destination, {@code dst.length == src.length()}
     * @throws CaptureViolationException inside a capture
     */
    void download(I32Array src, int[] dst);

    /**
     * @param src source
     * @param dst host destination, {@code dst.length == src.length()}
     * @throws CaptureViolationException inside a capture
     */
    void download(F32Array src, float[] dst);

    /**
     * @param src source
     * @param dst host destination of interleaved pairs, {@code dst.length == 2 * src.length()}
     * @throws CaptureViolationException inside a capture
     */
    void download(Vec2Array src, float[] dst);

    /**
     * Device-to-device copy of a whole array; allowed inside a capture.
     *
     * @param src source
     * @param dst destination of the same type and length
     * @throws IllegalArgumentException if type or length differ
     */
    void copy(DeviceArray src, DeviceArray dst);

    /**
     * Launches a kernel over indices {@code [0, dim)}; allowed inside a capture.
     *
     * @param kernel the kernel
     * @param dim    number of indices ("threads"), {@code >= 0}
     * @param args   a complete binding of the kernel's parameters
     * @throws UnsupportedOperationException if this runtime has no body for the kernel
     */
    void launch(Kernel kernel, int dim, KernelArgs args);

    /**
     * Launches a kernel for the selected envs only: {@code dim} is {@code E * k} and env {@code e}
     * owns indices {@code [e * k, (e + 1) * k)}; allowed inside a capture, where the mask's flags
     * are read when the graph runs. A runtime may run the unselected envs too (the default runs
     * everything; the CUDA runtime does): callers mask only whole per-env pipelines, where
     * running an unselected env again from its unchanged inputs rewrites its rows with the values
     * they hold. The CPU runtime runs the selected envs alone, spread over its workers, so the cost
     * grows with their number.
     *
     * @param kernel the kernel
     * @param dim    number of indices, a multiple of {@code mask.envs()}
     * @param args   a complete binding of the kernel's parameters
     * @param mask   the selected envs
     * @throws IllegalArgumentException if {@code dim} is not a multiple of the mask's env count
     * @throws UnsupportedOperationException if this runtime has no body for the kernel
     */
    default void launchMasked(Kernel kernel, int dim, KernelArgs args, EnvMask mask) {
        mask.perEnv(dim, kernel);
        launch(kernel, dim, args);
    }

    /**
     * Device-to-device copy of the selected envs' rows only ({@code length = E * k}; env
     * {@code e} owns elements {@code [e * k, (e + 1) * k)}); allowed inside a capture. A runtime
     * may copy every row (the default does), under the same rule as {@link #launchMasked}.
     *
     * @param src  source
     * @param dst  destination of the same type and length
     * @param mask the selected envs
     * @throws IllegalArgumentException if type or length differ, or the length is not a multiple
     *                                  of the mask's env count
     */
    default void copyMasked(DeviceArray src, DeviceArray dst, EnvMask mask) {
        mask.perEnv(src.length(), "array length");
        copy(src, dst);
    }

    /**
     * @param kernel a kernel
     * @return whether this runtime can launch it (the CPU runtime runs every Java body; the CUDA
     *         runtime needs the kernel's PTX)
     */
    boolean supports(Kernel kernel);

    /**
     * Records the launches and copies issued by {@code sequence} into a replayable graph. The
     * sequence is run exactly once, in recording mode; on the CPU runtime it is not executed
     * while recording, on CUDA it is recorded by stream capture.
     *
     * @param sequence issues launches on this runtime
     * @return the graph
     * @throws CaptureViolationException if the sequence allocates or copies between host and device
     */
    CapturedGraph capture(Runnable sequence);

    /**
     * @return whether callers should capture fixed launch sequences once and replay them (CUDA),
     *         rather than issue them eagerly every time (the CPU runtime by default)
     */
    boolean prefersReplay();

    /**
     * Whether this runtime's launches and copies can take an array: one it allocated, or one of
     * its kind (any host array on a host runtime). Bind-time checks of caller-owned arrays ask
     * this instead of asking what the runtime is.
     *
     * @param array an array
     * @return whether it can be bound to this runtime's launches
     */
    boolean accepts(DeviceArray array);

    /**
     * @return the lock that serializes all work on this runtime's device; for CUDA one process-wide
     *         lock, so two threads can never interleave on a capture stream
     */
    Lock executionLock();

    /** Waits until all issued work has finished. */
    void synchronize();

    /**
     * Releases one array's memory before the runtime closes: what a {@code TrackGenerator} that
     * does not own its runtime does with its arrays when it closes. Device runtimes free the device
     * memory at once; the default (host runtimes) does nothing and leaves it to the garbage collector.
     * The array must not be used afterwards (a device runtime refuses it).
     *
     * @param array an array allocated by this runtime
     * @throws CaptureViolationException inside a capture
     * @throws IllegalArgumentException  if the array belongs to another runtime
     */
    default void free(DeviceArray array) {
    }

    /**
     * Whether a launch of {@code kernel} with {@code shape} will run its CUDA body's global-scratch
     * fallback ({@link LaunchShape#sharedFallback()}), because this runtime cannot give the shape's
     * shared memory: then the caller binds a scratch row per index, else one row is enough. Host
     * runtimes (the default) never run a CUDA body.
     *
     * @param kernel a kernel
     * @param shape  the launch shape it would be launched with
     * @return {@code true} only when the body will need its per-index global scratch
     */
    default boolean needsGlobalScratch(Kernel kernel, LaunchShape shape) {
        return false;
    }

    /** Releases the runtime's threads and device memory; arrays become unusable. */
    @Override
    void close();
}
