package dev.trackgen.testkit;

import java.lang.reflect.Method;

/**
 * Bytes allocated by the calling thread ({@code com.sun.management.ThreadMXBean}, read through
 * reflection so that a test module need not read {@code jdk.management}), and the steady-state
 * bytes per call of a piece of code: what a zero-allocation test asserts.
 */
public final class AllocationProbe {
    private static final Object THREAD_MX;
    private static final Method ALLOCATED_BYTES;

    static {
        try {
            THREAD_MX = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED_BYTES = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes",
                    long.class);
        } catch (ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
        // past reflection's inflation threshold, so that a probe costs the same on every call
        for (int i = 0; i < 64; i++) {
            allocatedBytes();
        }
    }

    private AllocationProbe() {
    }

    /**
     * @return bytes the calling thread has allocated so far (a read allocates a few boxes itself,
     *     which {@link #perCall} takes out)
     * @throws IllegalStateException if the HotSpot counter cannot be read
     */
    public static long allocatedBytes() {
        try {
            return (Long) ALLOCATED_BYTES.invoke(THREAD_MX, Thread.currentThread().getId());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Bytes allocated per call in steady state: after the warm-up, the fewest bytes per call over
     * {@code windows} measured windows. An allocation in every call shows in every window; a
     * one-off event of the JVM on this thread (a late compilation's transition, a class
     * initialized late, a call site resolved the first time a waiting path runs on a loaded
     * machine) shows in one window at most and does not count.
     *
     * @param warmUp  calls before measuring (the JIT's escape analysis needs them)
     * @param calls   measured calls per window, {@code >= 1}
     * @param windows measured windows, {@code >= 1}
     * @param call    the code measured; it runs {@code warmUp + windows * calls} times
     * @return bytes allocated per call in the quietest window, the probe's own cost taken out
     * @throws IllegalArgumentException if {@code calls} or {@code windows} is below 1
     */
    public static long perCall(int warmUp, int calls, int windows, Runnable call) {
        if (calls < 1 || windows < 1) {
            throw new IllegalArgumentException("calls and windows must be >= 1, got " + calls + " and " + windows);
        }
        for (int i = 0; i < warmUp; i++) {
            call.run();
        }
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < windows; window++) {
            allocatedBytes();
            long probe = -allocatedBytes() + allocatedBytes();
            long before = allocatedBytes();
            for (int i = 0; i < calls; i++) {
                call.run();
            }
            fewest = Math.min(fewest, (allocatedBytes() - before - probe) / calls);
        }
        return fewest;
    }
}
