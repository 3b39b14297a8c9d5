package dev.trackgen.cli.explore;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the explorer's work one job at a time on a single worker thread. Each page (client id) has
 * at most one job waiting: a newer job of the same page replaces it, and the replaced one completes
 * with {@link SupersededException}. A newer job of the page also supersedes the page's job that is
 * running. Pages are served in the order their waiting jobs arrived; when {@code maxPending} pages
 * already wait, a new page's job is refused (503). A job that throws (even an {@link Error} such as
 * out-of-memory) fails only its own future; the worker goes on.
 *
 * <p>Cancellation: a job's future is its cancellation flag. Whoever completes it early (a newer job
 * of the same page, or {@link CompletableFuture#cancel} when its client went away) stops the job: a
 * waiting job is dropped without running, and a running one stops at its next
 * {@link Checkpoint#check}, which throws {@link CancellationException}. A job runs between checks
 * without interruption, so its checks bound how long a cancelled job still holds the worker.
 */
public final class BatchQueue implements AutoCloseable {
    /** Completes a job that a newer job of the same page replaced. */
    public static final class SupersededException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SupersededException() {
            super("superseded by a newer request of the same page", null, false, false);
        }
    }

    /** Where a running job may be stopped: between its stages. */
    @FunctionalInterface
    public interface Checkpoint {
        /** @throws CancellationException when the job was cancelled or superseded */
        void check();

        /**
         * @return whether the job was cancelled or superseded, without counting as a checkpoint:
         *         what the engine's runtime view reads at every kernel launch inside the pipeline's
         *         call (the queue's checkpoints answer it; others never stop a call midway)
         */
        default boolean stopRequested() {
            return false;
        }
    }

    /**
     * Work run on the queue's worker.
     *
     * @param <T> the result type
     */
    @FunctionalInterface
    public interface Work<T> {
        /**
         * @param checkpoint to call between stages; throws once the job is cancelled
         * @return the result
         */
        T run(Checkpoint checkpoint);
    }

    private record Job<T>(String client, Work<T> work, CompletableFuture<T> result) {
    }

    private final int maxPending;
    private final Map<String, Job<?>> waiting = new LinkedHashMap<>();
    private final Map<String, Job<?>> running = new HashMap<>();
    private final AtomicLong stopped = new AtomicLong();
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
     * @return the job's result, completed on the worker; cancel it to stop the job
     * @throws ExploreRequestException (503) when {@code maxPending} other pages are already waiting
     */
    public <T> CompletableFuture<T> submit(String client, Work<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Job<?> replaced;
        Job<?> runningJob;
        synchronized (this) {
            if (closed) {
                throw new ExploreRequestException(503, null, "the explorer is shutting down");
            }
            for (Iterator<Job<?>> it = waiting.values().iterator(); it.hasNext(); ) {
                if (it.next().result().isDone()) {
                    it.remove();
                    stopped.incrementAndGet();
                }
            }
            replaced = waiting.remove(client);
            if (replaced == null && waiting.size() >= maxPending) {
                throw new ExploreRequestException(503, null, "the explorer is busy: " + waiting.size()
                        + " pages are waiting for a batch; try again in a moment");
            }
            runningJob = running.get(client);
            waiting.put(client, new Job<>(client, work, result));
            notifyAll();
        }
        for (Job<?> old : new Job<?>[] {replaced, runningJob}) {
            if (old != null) {
                old.result().completeExceptionally(new SupersededException());
            }
        }
        return result;
    }

    /** @return the number of jobs waiting and not yet cancelled (not counting the one running) */
    public synchronized int waiting() {
        return (int) waiting.values().stream().filter(j -> !j.result().isDone()).count();
    }

    /** @return the number of jobs running: 0 or 1 */
    public synchronized int running() {
        return running.size();
    }

    /** @return how many jobs were stopped so far, before they ran or at a checkpoint, because they were cancelled */
    public long stopped() {
        return stopped.get();
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
                if (job.result().isDone()) {
                    stopped.incrementAndGet();
                    continue;
                }
                running.put(job.client(), job);
            }
            try {
                run(job);
            } finally {
                synchronized (this) {
                    running.remove(job.client(), job);
                }
            }
        }
    }

    private <T> void run(Job<T> job) {
        CompletableFuture<T> result = job.result();
        Checkpoint checkpoint = new Checkpoint() {
            @Override
            public void check() {
                if (result.isDone()) {
                    throw new CancellationException("the request was cancelled or superseded");
                }
            }

            @Override
            public boolean stopRequested() {
                return result.isDone();
            }
        };
        try {
            result.complete(job.work().run(checkpoint));
        } catch (CancellationException c) {
            stopped.incrementAndGet();
            result.completeExceptionally(c);
        } catch (Throwable t) {
            result.completeExceptionally(t);
        }
    }

    /** Stops the worker; waiting jobs fail with a 503 message, and a running one stops at its next checkpoint. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            ExploreRequestException down = new ExploreRequestException(503, null, "the explorer is shutting down");
            for (Job<?> j : waiting.values()) {
                j.result().completeExceptionally(down);
            }
            for (Job<?> j : running.values()) {
                j.result().completeExceptionally(down);
            }
            waiting.clear();
            notifyAll();
        }
    }
}
