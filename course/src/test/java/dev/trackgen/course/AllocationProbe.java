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
     * @param warmUp calls before measuring (JIT, escape analysis)
     * @param calls  measured calls
     * @param call   the call
     * @return bytes allocated per measured call, the probe's own cost taken out
     */
    public static long perCall(int warmUp, int calls, Runnable call) {
        for (int i = 0; i < warmUp; i++) {
            call.run();
        }
        allocatedBytes();
        long probe = -allocatedBytes() + allocatedBytes();
        long before = allocatedBytes();
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        return (allocatedBytes() - before - probe) / calls;
    }
}
