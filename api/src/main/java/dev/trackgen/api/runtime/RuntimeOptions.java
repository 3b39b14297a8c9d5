package dev.trackgen.api.runtime;

/**
 * Options for creating a runtime.
 *
 * @param threads     worker threads of a host runtime; 0 means one per available processor
 * @param deviceIndex GPU ordinal for device runtimes
 * @param replay      whether a host runtime should ask callers to capture and replay
 *                    ({@link ComputeRuntime#prefersReplay()}), exercising the capture contract
 */
public record RuntimeOptions(int threads, int deviceIndex, boolean replay) {

    /**
     * @throws IllegalArgumentException if a value is negative
     */
    public RuntimeOptions {
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be >= 0 (0 = all processors), got " + threads);
        }
        if (deviceIndex < 0) {
            throw new IllegalArgumentException("deviceIndex must be >= 0, got " + deviceIndex);
        }
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
