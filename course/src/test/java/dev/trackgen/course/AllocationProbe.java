package dev.trackgen.course;

import java.lang.reflect.Method;

/** Bytes allocated by the calling thread (HotSpot's {@code ThreadMXBean}), read through reflection. */
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

    /** @return bytes the calling thread has allocated so far */
    public static long allocatedBytes() {
        try {
            return (Long) ALLOCATED_BYTES.invoke(THREAD_MX, Thread.currentThread().getId());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * Bytes allocated per call in steady state: after the warm-up, the fewest bytes per call over
     * five measured windows. An allocation in every call shows in every window; a one-off event
     * of the JVM on this thread (a late compilation's transition, a call site resolved the first
     * time a waiting path runs on a loaded machine) shows in one window only and does not count.
     *
     * @param warmUp calls before measuring (JIT, escape analysis)
     * @param calls  measured calls per window
     * @param call   the call
     * @return bytes allocated per measured call in the quietest window, the probe's cost taken out
     */
    public static long perCall(int warmUp, int calls, Runnable call) {
        for (int i = 0; i < warmUp; i++) {
            call.run();
        }
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < 5; window++) {
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
