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

/** One job at a time; a page's newer waiting job replaces its older one; the waiting room is bounded. */
class BatchQueueTest {

    @Test
    void aNewerJobOfTheSamePageSupersedesTheWaitingOneAndOthersWaitTheirTurn() throws Exception {
        try (BatchQueue q = new BatchQueue(2)) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger running = new AtomicInteger();
            AtomicInteger most = new AtomicInteger();
            CompletableFuture<String> busy = q.submit("a", () -> {
                started.countDown();
                await(release);
                return "first";
            });
            started.await(30, TimeUnit.SECONDS);
            java.util.function.Supplier<String> counted = () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                running.decrementAndGet();
                return "x";
            };
            CompletableFuture<String> old = q.submit("b", counted);
            CompletableFuture<String> other = q.submit("c", counted);
            ExploreRequestException full = assertThrows(ExploreRequestException.class, () -> q.submit("d", counted));
            assertEquals(503, full.status());
            CompletableFuture<String> newer = q.submit("b", () -> "newer");
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
            CompletableFuture<String> bad = q.submit("a", () -> {
                throw new OutOfMemoryError("test");
            });
            ExecutionException e = assertThrows(ExecutionException.class, () -> bad.get(30, TimeUnit.SECONDS));
            assertInstanceOf(OutOfMemoryError.class, e.getCause());
            assertEquals("fine", q.submit("a", () -> "fine").get(30, TimeUnit.SECONDS));
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
