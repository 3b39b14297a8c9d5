package dev.trackgen.testkit;

import java.lang.reflect.Method;

/** Bytes allocated by the calling thread, read through {@code com.sun.management.ThreadMXBean}. */
final class Allocation {
    private static final Object THREAD_MX;
    private static final Method ALLOCATED_BYTES;

    static {
        try {
            // through reflection: a test module need not read jdk.management
            THREAD_MX = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED_BYTES = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes",
                    long.class);
        } catch (ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
        // past reflection's inflation threshold, so that a probe costs the same on every call
        for (int i = 0; i < 64; i++) {
            try {
                ALLOCATED_BYTES.invoke(THREAD_MX, Thread.currentThread().getId());
            } catch (ReflectiveOperationException ex) {
                throw new ExceptionInInitializerError(ex);
            }
        }
    }

    private Allocation() {
    }

    /** @return bytes the calling thread allocated so far (each read allocates a few boxes itself) */
    static long bytes() {
        try {
            return (Long) ALLOCATED_BYTES.invoke(THREAD_MX, Thread.currentThread().getId());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
