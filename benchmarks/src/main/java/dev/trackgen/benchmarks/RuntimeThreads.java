package dev.trackgen.benchmarks;

/**
 * The threads whose CPU time or allocations a per-call measurement adds up: the calling thread
 * and the CPU runtime's workers (named {@code trackgen-cpu-worker-*}).
 */
final class RuntimeThreads {
    private RuntimeThreads() {
    }

    /** @return the ids of the calling thread and of every live CPU-runtime worker */
    static long[] ids() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("trackgen-cpu-worker") || t == Thread.currentThread())
                .mapToLong(Thread::getId).toArray();
    }
}
