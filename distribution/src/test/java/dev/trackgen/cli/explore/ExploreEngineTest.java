package dev.trackgen.cli.explore;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's budget, its checkpoints, and what a failed batch leaves behind: nothing. */
class ExploreEngineTest {

    private static ExploreEngine engine(ComputeRuntime runtime, ExploreLimits limits) {
        GeneratorRegistry generators = GeneratorRegistry.discover();
        return new ExploreEngine(new TrackGenLauncher(generators, RuntimeRegistry.discover()), runtime,
                new RuntimeChoice("cpu", "--runtime"), limits);
    }

    private static BatchRequest request(int envs, Map<String, String> knobs) {
        return new BatchRequest("t", 1, "bezier", envs, 0, knobs);
    }

    @Test
    void anErrorAfterThePipelinesCallReleasesTheBatchForTheNextGc() {
        try (ComputeRuntime runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults().withThreads(2));
             ExploreEngine engine = engine(runtime, ExploreLimits.withMaxEnvs(64))) {
            TrackGenConfig cfg = engine.resolve(request(32, Map.of()));
            engine.generate(cfg, 0);
            TrackGenerator kept = engine.kept();
            assertNotNull(kept, "a good batch keeps its pipeline for the next seed");
            AtomicInteger checks = new AtomicInteger();
            // out of memory while measuring, as a batch at the limits can run out
            assertThrows(OutOfMemoryError.class, () -> engine.generate(cfg, 1, () -> {
                if (checks.incrementAndGet() == 2) {
                    throw new OutOfMemoryError("test: out of memory after generate()");
                }
            }));
            assertNull(engine.kept(), "the failed batch's pipeline must not stay reachable");
            WeakReference<TrackGenerator> ref = new WeakReference<>(kept);
            kept = null;
            for (int i = 0; i < 20 && ref.get() != null; i++) {
                System.gc();
                Thread.onSpinWait();
            }
            assertNull(ref.get(), "the next GC returns the failed batch's pipeline and arrays");
            assertEquals(32, engine.generate(cfg, 2).snapshot().numEnvs(), "the engine goes on");
        }
    }

    @Test
    void aCancelledBatchStopsAtItsCheckpointAndKeepsTheGoodPipeline() {
        try (ComputeRuntime runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults().withThreads(2));
             ExploreEngine engine = engine(runtime, ExploreLimits.withMaxEnvs(64))) {
            TrackGenConfig cfg = engine.resolve(request(16, Map.of()));
            AtomicInteger checks = new AtomicInteger();
            assertThrows(CancellationException.class, () -> engine.generate(cfg, 0, () -> {
                if (checks.incrementAndGet() == 2) {
                    throw new CancellationException("gone");
                }
            }));
            assertEquals(2, checks.get(), "nothing ran after the cancelled checkpoint");
            TrackGenerator kept = engine.kept();
            assertNotNull(kept);
            engine.generate(cfg, 1);
            assertSame(kept, engine.kept(), "a cancellation is no failure: the pipeline is reused");
            assertThrows(CancellationException.class, () -> engine.generate(cfg, 2, () -> {
                throw new CancellationException("gone before it started");
            }));
        }
    }

    @Test
    void aGeneratorOfManyLaunchesIsStoppedAtItsTimeBudgetOrItsCancellationWithinALaunch() {
        try (ComputeRuntime runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults().withThreads(2));
             ExploreEngine engine = engine(runtime, ExploreLimits.withMaxEnvs(1024)).withTimeBudget(300)) {
            // the repulsive generator's steps are thousands of launches the work estimate does not count
            TrackGenConfig cfg = engine.resolve(new BatchRequest("t", 1, "repulsive", 1024, 0,
                    Map.of("repulsive_settle_iters", "100000")));
            long t0 = System.nanoTime();
            ExploreRequestException e = assertThrows(ExploreRequestException.class, () -> engine.generate(cfg, 0));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(503, e.status());
            assertTrue(e.getMessage().contains("time budget of 0.3 s"), e.getMessage());
            assertTrue(seconds < 10, "stopped after " + seconds + " s");
            assertNull(engine.kept(), "a batch stopped midway leaves no half-written pipeline");

            // a client that goes away: the queue's checkpoint says so, the next launch stops the call
            long start = System.nanoTime();
            BatchQueue.Checkpoint goneAfter200ms = new BatchQueue.Checkpoint() {
                @Override
                public void check() {
                }

                @Override
                public boolean stopRequested() {
                    return System.nanoTime() - start > 200_000_000L;
                }
            };
            ExploreEngine patient = engine.withTimeBudget(60_000);
            assertThrows(CancellationException.class, () -> patient.generate(cfg, 1, goneAfter200ms));
            double cancelled = (System.nanoTime() - start) / 1e9;
            assertTrue(cancelled < 10, "cancelled after " + cancelled + " s");
        }
    }

    @Test
    void theBudgetRefusesWorkAndPointsOverTheLimitsWithTheFigures() {
        try (ComputeRuntime runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults().withThreads(2));
             ExploreEngine engine = engine(runtime, ExploreLimits.withMaxEnvs(1024))) {
            TrackGenConfig ok = engine.resolve(request(1024, Map.of("relax_iters", "2000")));
            assertEquals(1024L * 384 * (1 + 2000 + 5 + 10), ExploreEngine.work(ok));
            ExploreRequestException work = assertThrows(ExploreRequestException.class,
                    () -> engine.resolve(request(1024, Map.of("relax_iters", "100000"))));
            assertEquals(400, work.status());
            assertTrue(work.getMessage().contains("1024 * 384 * 100016 = 39327891456, over its limit of 1000000000"),
                    work.getMessage());
            ExploreRequestException points = assertThrows(ExploreRequestException.class,
                    () -> engine.resolve(request(1024, Map.of("N_max", "16384", "relax_enable", "false"))));
            assertTrue(points.getMessage().contains("1024 * 16384 = 16777216, over its limit of 8388608"),
                    points.getMessage());
            assertEquals(1024L * 16384, ExploreEngine.points(engine.resolve(request(512,
                    Map.of("N_max", "16384", "relax_enable", "false")))) * 2);
        }
    }
}
