package dev.trackgen.cli.explore;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * One job at a time; a page's newer job replaces its waiting one and supersedes its running one;
 * cancelled jobs stop; the waiting room is bounded.
 */
class BatchQueueTest {

    @Test
    void aNewerJobOfTheSamePageSupersedesTheWaitingOneAndOthersWaitTheirTurn() throws Exception {
        try (BatchQueue q = new BatchQueue(2)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger running = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            CompletableFuture<String> busy = q.submit("a", c -> {
                started.countDown();
                await(release);
                return "first";
            });
            started.await(30, TimeUnit.SECONDS);
            BatchQueue.Work<String> counted = c -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                running.decrementAndGet();
                return "x";
            };
            CompletableFuture<String> old = q.submit("b", counted);
            CompletableFuture<String> other = q.submit("c", counted);
            ExploreRequestException full = assertThrows(ExploreRequestException.class, () -> q.submit("d", counted));
            assertEquals(503, full.status());
            CompletableFuture<String> newer = q.submit("b", c -> "newer");
            ExecutionException e = assertThrows(ExecutionException.class, () -> old.get(30, TimeUnit.SECONDS));
            assertInstanceOf(BatchQueue.SupersededException.class, e.getCause());
            release.countDown();
            assertEquals("first", busy.get(30, TimeUnit.SECONDS));
            assertEquals("x", other.get(30, TimeUnit.SECONDS));
            assertEquals("newer", newer.get(30, TimeUnit.SECONDS));
            assertEquals(1, most.get());
        }
    }

    @Test
    void aFailingJobFailsOnlyItselfEvenOnAnError() throws Exception {
        try (BatchQueue q = new BatchQueue(4)) {
            CompletableFuture<String> bad = q.submit("a", c -> {
                throw new OutOfMemoryError("test");
            });
            ExecutionException e = assertThrows(ExecutionException.class, () -> bad.get(30, TimeUnit.SECONDS));
            assertInstanceOf(OutOfMemoryError.class, e.getCause());
            assertEquals("fine", q.submit("a", c -> "fine").get(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void aCancelledWaitingJobNeverRunsAndACancelledRunningJobStopsAtItsNextCheckpoint() throws Exception {
        try (BatchQueue q = new BatchQueue(4)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger stagesRun = new AtomicInteger();
            CompletableFuture<String> running = q.submit("a", c -> {
                started.countDown();
                await(release);
                c.check();
                stagesRun.incrementAndGet();
                return "finished";
            });
            started.await(30, TimeUnit.SECONDS);
            AtomicInteger ranWaiting = new AtomicInteger();
            CompletableFuture<String> waiting = q.submit("b", c -> {
                ranWaiting.incrementAndGet();
                return "ran";
            });
            assertEquals(1, q.waiting());
            waiting.cancel(false);
            assertEquals(0, q.waiting(), "a cancelled job no longer holds a waiting place");
            running.cancel(false);
            release.countDown();
            assertEquals("after", q.submit("c", c -> "after").get(30, TimeUnit.SECONDS));
            assertEquals(0, stagesRun.get(), "the running job stopped at its checkpoint");
            assertEquals(0, ranWaiting.get(), "the cancelled waiting job never ran");
            assertEquals(2, q.stopped());
        }
    }

    @Test
    void aNewerJobOfThePageSupersedesItsRunningJobToo() throws Exception {
        try (BatchQueue q = new BatchQueue(4)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger stagesRun = new AtomicInteger();
            CompletableFuture<String> old = q.submit("a", c -> {
                started.countDown();
                await(release);
                c.check();
                stagesRun.incrementAndGet();
                return "old";
            });
            started.await(30, TimeUnit.SECONDS);
            CompletableFuture<String> newer = q.submit("a", c -> "newer");
            ExecutionException e = assertThrows(ExecutionException.class, () -> old.get(30, TimeUnit.SECONDS));
            assertInstanceOf(BatchQueue.SupersededException.class, e.getCause(), "answered at once, before the job ends");
            release.countDown();
            assertEquals("newer", newer.get(30, TimeUnit.SECONDS));
            assertEquals(0, stagesRun.get());
            assertEquals(1, q.stopped());
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
