package dev.trackgen.runtime.cpu;

import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelArgs;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A fixed set of worker threads that run one kernel launch at a time, split into chunks of the
 * index range that threads claim dynamically. Dispatch allocates nothing: the launch is
 * published through fields and a generation counter, workers spin briefly between back-to-back
 * launches and park when idle. The calling thread works on the launch too.
 */
final class WorkerPool implements AutoCloseable {
    /** Chunks per thread of a launch, for dynamic load balance. */
    private static final int CHUNKS_PER_THREAD = 16;
    /**
     * Launches with fewer indices than this per thread run on the calling thread. Per-environment
     * launches are heavy even when small (a non-capturable generator at E = 32, say), so one index
     * per thread is already worth spreading.
     */
    private static final int SERIAL_BELOW_PER_THREAD = 1;
    /** Spin iterations before a waiting thread parks. */
    private static final int SPINS = 20_000;

    private final Thread[] workers;
    private final AtomicInteger nextChunk = new AtomicInteger();
    private final AtomicInteger pending = new AtomicInteger();
    private volatile int generation;
    private volatile boolean closed;
    private volatile Thread caller;

    private Kernel kernel;
    private KernelArgs args;
    private int dim;
    private int chunk;
    private int chunks;
    /** Masked launches: the selected envs' indices (grown once to the batch size), their count, indices per env. */
    private int[] active = new int[0];
    private int activeCount;
    private int perEnv;
    private boolean masked;
    private volatile Throwable failure;

    /** @param threads total threads working on a launch, including the caller ({@code >= 1}) */
    WorkerPool(int threads) {
        this.workers = new Thread[threads - 1];
        for (int i = 0; i < workers.length; i++) {
            Thread t = new Thread(this::workerLoop, "trackgen-cpu-worker-" + (i + 1));
            t.setDaemon(true);
            workers[i] = t;
            t.start();
        }
    }

    /** @return the number of threads working on each launch, the caller included */
    int threads() {
        return workers.length + 1;
    }

    /**
     * Runs {@code kernel} over {@code [0, dim)} on all threads and returns when every chunk is done.
     *
     * @throws RuntimeException rethrows the first failure of a kernel body
     */
    void run(Kernel k, KernelArgs a, int n) {
        if (n <= 0) {
            return;
        }
        if (workers.length == 0 || n < SERIAL_BELOW_PER_THREAD * (workers.length + 1)) {
            k.run(a, 0, n);
            return;
        }
        int threads = workers.length + 1;
        masked = false;
        dim = n;
        chunk = Math.max(1, (n + threads * CHUNKS_PER_THREAD - 1) / (threads * CHUNKS_PER_THREAD));
        chunks = (n + chunk - 1) / chunk;
        dispatch(k, a);
    }

    /**
     * Runs a kernel for the selected envs only, env {@code e} over {@code [e * per, (e + 1) * per)}:
     * the selected envs are listed in order and dealt out in equal chunks of the list (not of the
     * index range), runs of consecutive envs merged into one body call.
     *
     * @param k     the kernel
     * @param a     its arguments
     * @param envs  the batch size
     * @param per   indices per env
     * @param flags {@code [envs]}, nonzero = selected
     */
    void runMasked(Kernel k, KernelArgs a, int envs, int per, int[] flags) {
        if (active.length < envs) {
            active = new int[envs];
        }
        int count = 0;
        for (int e = 0; e < envs; e++) {
            if (flags[e] != 0) {
                active[count++] = e;
            }
        }
        if (count == 0 || per == 0) {
            return;
        }
        activeCount = count;
        perEnv = per;
        int threads = workers.length + 1;
        if (workers.length == 0 || count < threads) {
            runActive(k, a, 0, count);
            return;
        }
        masked = true;
        chunk = Math.max(1, (count + threads * CHUNKS_PER_THREAD - 1) / (threads * CHUNKS_PER_THREAD));
        chunks = (count + chunk - 1) / chunk;
        dispatch(k, a);
    }

    /** Runs the selected envs {@code active[from, to)}, merging consecutive envs into one call. */
    private void runActive(Kernel k, KernelArgs a, int from, int to) {
        int per = perEnv;
        int i = from;
        while (i < to) {
            int first = active[i];
            int last = first;
            i++;
            while (i < to && active[i] == last + 1) {
                last = active[i];
                i++;
            }
            k.run(a, first * per, (last + 1) * per);
        }
    }

    private void dispatch(Kernel k, KernelArgs a) {
        kernel = k;
        args = a;
        failure = null;
        nextChunk.set(0);
        pending.set(workers.length);
        caller = Thread.currentThread();
        generation++;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
        work();
        int spins = 0;
        while (pending.get() != 0) {
            if (spins++ < SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(this, 50_000L);
            }
        }
        kernel = null;
        args = null;
        Throwable f = failure;
        if (f != null) {
            if (f instanceof RuntimeException re) {
                throw re;
            }
            if (f instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(f);
        }
    }

    private void work() {
        try {
            int c;
            while ((c = nextChunk.getAndIncrement()) < chunks) {
                int begin = c * chunk;
                if (masked) {
                    runActive(kernel, args, begin, Math.min(activeCount, begin + chunk));
                } else {
                    kernel.run(args, begin, Math.min(dim, begin + chunk));
                }
            }
        } catch (Throwable t) {
            if (failure == null) {
                failure = t;
            }
            nextChunk.set(Integer.MAX_VALUE / 2);
        }
    }

    private void workerLoop() {
        int seen = 0;
        while (!closed) {
            int spins = 0;
            while (generation == seen && !closed) {
                if (spins++ < SPINS) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
            if (closed) {
                return;
            }
            seen = generation;
            work();
            if (pending.decrementAndGet() == 0) {
                LockSupport.unpark(caller);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread w : workers) {
            LockSupport.unpark(w);
        }
    }
}
