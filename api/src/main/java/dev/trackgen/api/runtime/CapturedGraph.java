package dev.trackgen.api.runtime;

/**
 * A fixed launch sequence recorded by {@link ComputeRuntime#capture(Runnable)}. Replaying it
 * repeats the same launches on the same arrays, reading whatever they hold at replay time.
 */
public interface CapturedGraph extends AutoCloseable {
    /** Runs the recorded sequence once. */
    void replay();

    /** @return the number of recorded launches and copies */
    int size();

    /** Releases the graph (a CUDA graph executable); replay is no longer allowed. */
    @Override
    void close();
}
