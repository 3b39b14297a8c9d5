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
 * <p>Shared memory: when the function's static shared memory plus {@code sharedBytes} exceeds
 * 48 KiB, the runtime opts in to more where the device allows it. When the device cannot give that
 * much, a shape with {@code sharedFallback} is launched with 0 bytes, so its body must fall back
 * to global scratch when {@code tg_dynamic_shared_bytes()} is smaller than what it needs (see
 * {@code trackgen_kernel.cuh}); a shape without it is refused with an error before launch.
 *
 * @param gridX          blocks in the grid, {@code >= 1}
 * @param blockX         threads per block, 1..1024
 * @param sharedBytes    dynamic shared memory per block, {@code >= 0}
 * @param cooperative    whether threads of a block synchronize ({@code __syncthreads}); the host
 *                       emulation of CUDA bodies runs such blocks as cooperative fibers
 * @param sharedFallback whether the body runs from global scratch when launched with less dynamic
 *                       shared memory than {@code sharedBytes}
 */
public record LaunchShape(int gridX, int blockX, int sharedBytes, boolean cooperative, boolean sharedFallback) {
    /** Threads per block of the default {@link #linear(int)} shape. */
    public static final int LINEAR_BLOCK = 256;
    /**
     * Threads per block of {@link #perEnvironment(int)}: one warp, so a batch of 4096 walkers is
     * 128 blocks (enough for every multiprocessor of a large GPU) instead of 16.
     */
    public static final int PER_ENVIRONMENT_BLOCK = 32;

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
     * A shape without a global-scratch fallback ({@code sharedFallback = false}).
     *
     * @param gridX       blocks in the grid, {@code >= 1}
     * @param blockX      threads per block, 1..1024
     * @param sharedBytes dynamic shared memory per block, {@code >= 0}
     * @param cooperative whether threads of a block synchronize
     * @throws IllegalArgumentException on a value outside its range
     */
    public LaunchShape(int gridX, int blockX, int sharedBytes, boolean cooperative) {
        this(gridX, blockX, sharedBytes, cooperative, false);
    }

    /**
     * @param sharedBytes the dynamic shared memory to launch with
     * @return this shape with another dynamic shared memory size
     */
    public LaunchShape withSharedBytes(int sharedBytes) {
        return new LaunchShape(gridX, blockX, sharedBytes, cooperative, sharedFallback);
    }

    /**
     * The default shape: one thread per index in blocks of {@value #LINEAR_BLOCK}.
     *
     * @param dim launch dimension, {@code >= 1}
     * @return {@code ceil(dim / 256)} blocks of 256 threads, no shared memory
     */
    public static LaunchShape linear(int dim) {
        return linear(dim, LINEAR_BLOCK);
    }

    /**
     * One thread per environment, each walking a whole environment: one thread per index in blocks
     * of {@value #PER_ENVIRONMENT_BLOCK}.
     *
     * @param dim launch dimension (the batch size {@code E}), {@code >= 1}
     * @return {@code ceil(dim / 32)} blocks of 32 threads, no shared memory
     */
    public static LaunchShape perEnvironment(int dim) {
        return linear(dim, PER_ENVIRONMENT_BLOCK);
    }

    private static LaunchShape linear(int dim, int block) {
        long blocks = ((long) dim + block - 1) / block; // in long: dim + block - 1 overflows int near 2^31
        return new LaunchShape((int) Math.max(1, blocks), block, 0, false);
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
     * A cooperative shape whose body falls back to global scratch when the device cannot give
     * {@code sharedBytes} of shared memory.
     *
     * @param dim         launch dimension, {@code >= 1}
     * @param threads     threads per block, 1..1024
     * @param sharedBytes dynamic shared memory per block it would rather have
     * @return {@code dim} blocks of {@code threads} threads, {@code sharedFallback} set
     */
    public static LaunchShape blockPerIndexWithFallback(int dim, int threads, int sharedBytes) {
        return new LaunchShape(Math.max(1, dim), threads, sharedBytes, true, true);
    }

    /**
     * @param n a count
     * @return {@code n} rounded up to a multiple of 32 (a warp), at least 32
     */
    public static int roundUpToWarp(int n) {
        return Math.max(32, (n + 31) / 32 * 32);
    }
}
