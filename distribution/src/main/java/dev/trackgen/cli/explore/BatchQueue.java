package dev.trackgen.cli.explore;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Runs the explorer's work one job at a time on a single worker thread. Each page (client id) has
 * at most one job waiting: a newer job of the same page replaces it, and the replaced one completes
 * with {@link SupersededException}. Pages are served in the order their waiting jobs arrived; when
 * {@code maxPending} pages already wait, a new page's job is refused (503). A job that throws
 * (even an {@link Error} such as out-of-memory) fails only its own future; the worker goes on.
 */
public final class BatchQueue implements AutoCloseable {
    /** Completes a job that a newer job of the same page replaced before it started. */
    public static final class SupersededException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SupersededException() {
            super("superseded by a newer request of the same page", null, false, false);
        }
    }

    private record Job<T>(Supplier<T> work, CompletableFuture<T> result) {
    }

    private final int maxPending;
    private final Map<String, Job<?>> waiting = new LinkedHashMap<>();
    private final Thread worker;
    private boolean closed;

    /** @param maxPending the most pages with a job waiting */
    public BatchQueue(int maxPending) {
        this.maxPending = maxPending;
        this.worker = new Thread(this::work, "trackgen-explore-worker");
        this.worker.setDaemon(true);
        this.worker.start();
    }

    /**
     * @param client the page the job is for
     * @param work   what to run on the worker
     * @param <T>    the result type
     * @return the job's result, completed on the worker
     * @throws ExploreRequestException (503) when {@code maxPending} other pages are already waiting
     */
    public <T> CompletableFuture<T> submit(String client, Supplier<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Job<?> replaced;
        synchronized (this) {
            if (closed) {
                throw new ExploreRequestException(503, null, "the explorer is shutting down");
            }
            replaced = waiting.remove(client);
            if (replaced == null && waiting.size() >= maxPending) {
                throw new ExploreRequestException(503, null, "the explorer is busy: " + waiting.size()
                        + " pages are waiting for a batch; try again in a moment");
            }
            waiting.put(client, new Job<>(work, result));
            notifyAll();
        }
        if (replaced != null) {
            replaced.result().completeExceptionally(new SupersededException());
        }
        return result;
    }

    /** @return the number of jobs waiting (not counting the one running) */
    public synchronized int waiting() {
        return waiting.size();
    }

    private void work() {
        while (true) {
            Job<?> job;
            synchronized (this) {
                while (waiting.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                Iterator<Job<?>> it = waiting.values().iterator();
                job = it.next();
                it.remove();
            }
            run(job);
        }
    }

    private static <T> void run(Job<T> job) {
        try {
            job.result().complete(job.work().get());
        } catch (Throwable t) {
            job.result().completeExceptionally(t);
        }
    }

    /** Stops the worker; waiting jobs fail with a 503 message. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            for (Job<?> j : waiting.values()) {
                j.result().completeExceptionally(new ExploreRequestException(503, null, "the explorer is shutting down"));
            }
            waiting.clear();
            notifyAll();
        }
    }
}
