package dev.trackgen.api.runtime;

/**
 * How a CUDA runtime launches a kernel: a one-dimensional grid of {@code gridX} blocks of
 * {@code blockX} threads with {@code sharedBytes} of dynamic shared memory. Host runtimes ignore
 * it; they run the Java body over {@code [0, dim)}.
 *
 * <p><b>Launch convention.</b> Every CUDA entry point takes a leading {@code int dim}, the launch
 * dimension the caller passed to {@link ComputeRuntime#launch}, followed by the kernel's
 * parameters in the order of {@link Kernel#params()}. With the default {@link #linear(int)} shape
 * one thread handles one index and the body guards {@code if (t >= dim) return;} with
 * {@code t = blockIdx.x * blockDim.x + threadIdx.x}. A <em>cooperative</em> kernel declares
 * another shape through {@link Kernel#cudaLaunchShape(int, KernelArgs)}; with
 * {@link #blockPerIndex(int, int, int)} one block handles one index ({@code blockIdx.x}), its
 * threads share the work and synchronize with {@code __syncthreads()}.
 *
 * <p>Dynamic shared memory above 48 KiB is requested from the device when it allows it; when
 * {@code sharedBytes} exceeds what the device can give, the runtime launches with 0 bytes, so a
 * body that asks for a large amount must fall back to global scratch when
 * {@code tg_dynamic_shared_bytes()} is smaller than what it needs (see {@code trackgen_kernel.cuh}).
 *
 * @param gridX       blocks in the grid, {@code >= 1}
 * @param blockX      threads per block, 1..1024
 * @param sharedBytes dynamic shared memory per block, {@code >= 0}
 * @param cooperative whether threads of a block synchronize ({@code __syncthreads}); the host
 *                    emulation of CUDA bodies runs such blocks as cooperative fibers
 */
public record LaunchShape(int gridX, int blockX, int sharedBytes, boolean cooperative) {
    /** Threads per block of the default {@link #linear(int)} shape. */
    public static final int LINEAR_BLOCK = 256;

    /**
     * @param gridX       blocks in the grid, {@code >= 1}
     * @param blockX      threads per block, 1..1024
     * @param sharedBytes dynamic shared memory per block, {@code >= 0}
     * @param cooperative whether threads of a block synchronize
     * @throws IllegalArgumentException on a value outside its range
     */
    public LaunchShape {
        if (gridX < 1) {
            throw new IllegalArgumentException("gridX must be >= 1, got " + gridX);
        }
        if (blockX < 1 || blockX > 1024) {
            throw new IllegalArgumentException("blockX must be in [1, 1024], got " + blockX);
        }
        if (sharedBytes < 0) {
            throw new IllegalArgumentException("sharedBytes must be >= 0, got " + sharedBytes);
        }
    }

    /**
     * The default shape: one thread per index in blocks of {@value #LINEAR_BLOCK}.
     *
     * @param dim launch dimension, {@code >= 1}
     * @return {@code ceil(dim / 256)} blocks of 256 threads, no shared memory
     */
    public static LaunchShape linear(int dim) {
        return new LaunchShape(Math.max(1, (dim + LINEAR_BLOCK - 1) / LINEAR_BLOCK), LINEAR_BLOCK, 0, false);
    }

    /**
     * A cooperative shape: one block per index ({@code blockIdx.x} is the index).
     *
     * @param dim         launch dimension, {@code >= 1}
     * @param threads     threads per block, 1..1024 (a multiple of 32 uses the device best)
     * @param sharedBytes dynamic shared memory per block
     * @return {@code dim} blocks of {@code threads} threads
     */
    public static LaunchShape blockPerIndex(int dim, int threads, int sharedBytes) {
        return new LaunchShape(Math.max(1, dim), threads, sharedBytes, true);
    }

    /**
     * @param n a count
     * @return {@code n} rounded up to a multiple of 32 (a warp), at least 32
     */
    public static int roundUpToWarp(int n) {
        return Math.max(32, (n + 31) / 32 * 32);
    }
}
