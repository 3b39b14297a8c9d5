package dev.trackgen.api.runtime;

/**
 * Options for creating a runtime.
 *
 * @param threads     worker threads of a host runtime; 0 means one per available processor; at
 *                    most {@link #maxThreads()}
 * @param deviceIndex GPU ordinal for device runtimes
 * @param replay      whether a host runtime should ask callers to capture and replay
 *                    ({@link ComputeRuntime#prefersReplay()}), exercising the capture contract
 */
public record RuntimeOptions(int threads, int deviceIndex, boolean replay) {
    /** Most worker threads per available processor that a host runtime accepts. */
    public static final int MAX_THREADS_PER_PROCESSOR = 8;

    /**
     * @throws IllegalArgumentException if a value is negative or {@code threads} exceeds
     *                                  {@link #maxThreads()}
     */
    public RuntimeOptions {
        String problem = checkThreads(threads);
        if (problem != null) {
            throw new IllegalArgumentException("threads = " + threads + " " + problem);
        }
        if (deviceIndex < 0) {
            throw new IllegalArgumentException("deviceIndex must be >= 0, got " + deviceIndex);
        }
    }

    /**
     * @return the most worker threads a host runtime accepts: {@link #MAX_THREADS_PER_PROCESSOR}
     *         times {@link Runtime#availableProcessors()} (more only queue for the same cores, and
     *         tens of thousands exhaust memory)
     */
    public static int maxThreads() {
        return MAX_THREADS_PER_PROCESSOR * Runtime.getRuntime().availableProcessors();
    }

    /**
     * Checks a worker-thread count.
     *
     * @param threads the count; 0 means one per available processor
     * @return {@code null} if it is allowed, else the problem as the end of one sentence
     *         ({@code "is outside the allowed range [0, 16] (...)"})
     */
    public static String checkThreads(int threads) {
        if (threads >= 0 && threads <= maxThreads()) {
            return null;
        }
        return "is outside the allowed range [0, " + maxThreads() + "] (0 = one per processor; at most "
                + MAX_THREADS_PER_PROCESSOR + " per available processor, " + Runtime.getRuntime().availableProcessors()
                + " here)";
    }

    /** @return all processors, device 0, eager */
    public static RuntimeOptions defaults() {
        return new RuntimeOptions(0, 0, false);
    }

    /**
     * @param n worker threads (0 = all)
     * @return a copy with that thread count
     */
    public RuntimeOptions withThreads(int n) {
        return new RuntimeOptions(n, deviceIndex, replay);
    }

    /**
     * @param r whether to prefer capture and replay
     * @return a copy with that setting
     */
    public RuntimeOptions withReplay(boolean r) {
        return new RuntimeOptions(threads, deviceIndex, r);
    }
}
