package dev.trackgen.metrics.bench;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench's case plan, its warm-up and steady-state measurements, its steadiness test and its time budget. */
class BenchTest {

    @Test
    void sweepsEnvsAtAllThreadsAndThreadsAtOneBatchSize() {
        List<BenchCase> cases = Bench.cases(List.of("bezier"), List.of(512, 4096, 32768), List.of(1, 8), 4096, false);
        assertEquals(List.of(new BenchCase("bezier", 4096, 1), new BenchCase("bezier", 512, 8),
                new BenchCase("bezier", 4096, 8), new BenchCase("bezier", 32768, 8)), cases);
    }

    @Test
    void aGridRunsEveryCombinationGroupedByThreads() {
        List<BenchCase> cases = Bench.cases(List.of("b", "a"), List.of(64, 16), List.of(2, 1), 999, true);
        assertEquals(8, cases.size());
        assertEquals(new BenchCase("b", 16, 1), cases.get(0));
        assertEquals(new BenchCase("a", 64, 1), cases.get(3));
        assertEquals(new BenchCase("a", 64, 2), cases.get(7));
    }

    @Test
    void reportsWarmUpApartFromTheSteadyState() {
        TrackGenLauncher generators = TrackGenLauncher.discover();
        List<BenchCase> cases = Bench.cases(List.of("bezier"), List.of(16, 32), List.of(1, 2), 16, false);
        List<BenchCase> started = new ArrayList<>();
        BenchSettings settings = new BenchSettings(60, 3, 0.10, 3, 10);
        List<BenchResult> results = Bench.run(cases, (g, e) -> TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator(g).numEnvs(e).build(),
                t -> new CpuRuntime(t, false), generators, settings, started::add, r -> { });
        assertEquals(cases, started);
        assertEquals(3, results.size());
        for (BenchResult r : results) {
            assertNull(r.failure());
            // warm-up figures: the first call's time and the calls made before timing
            assertTrue(r.warmupCalls() >= 1 && r.warmupCalls() <= 60, r.toString());
            assertTrue(r.firstCallMs() > 0 && Double.isFinite(r.firstCallMs()), r.toString());
            assertEquals(r.warmupMs().get(0), r.firstCallMs());
            // a steady verdict needs two full windows; an unsteady one used up the calls
            assertTrue(r.steady() ? r.warmupCalls() >= 6 : r.warmupCalls() == 60, r.toString());
            // steady-state figures: the timed calls alone
            assertEquals(3, r.calls());
            assertTrue(r.msMin() > 0 && r.msMin() <= r.msMedian() && r.msMedian() <= r.msMax(), r.toString());
            assertTrue(r.msMin() <= r.msMean() && r.msMean() <= r.msMax(), r.toString());
            assertEquals((r.msMax() - r.msMin()) / r.msMedian(), r.spread(), 1e-12);
            assertEquals(r.benchCase().envs() / (r.msMedian() / 1000), r.tracksPerSecond(), 1e-9);
            // the fastest timed call is within 20% of their median, so some call is
            assertTrue(r.firstNearCall() >= 1 && r.firstNearCall() <= r.warmupCalls() + r.calls(), r.toString());
            // the calling thread and the runtime's workers: 1 + (threads - 1)
            assertEquals(r.benchCase().threads(), r.threadsCounted(), r.toString());
            // steady-state calls allocate (next to) nothing; the bound catches per-element garbage
            assertTrue(r.bytesPerCall() >= 0 && r.bytesPerCall() < 64 * 1024, r.toString());
        }
    }

    @Test
    void theSteadinessTestComparesTheMediansOfTwoWindows() {
        double[] falling = {100, 80, 60, 40, 30, 29, 31, 30, 30};
        assertFalse(Bench.isSteady(falling, 5, 3, 0.10), "fewer than two windows");
        assertFalse(Bench.isSteady(falling, 6, 3, 0.10), "60 -> 30: halved");
        assertFalse(Bench.isSteady(falling, 7, 3, 0.10), "60 -> 30");
        assertFalse(Bench.isSteady(falling, 8, 3, 0.10), "40 -> 30");
        assertTrue(Bench.isSteady(falling, 9, 3, 0.10), "30 -> 30");
        // one outlier per window does not move a median of three
        double[] noisy = {50, 10, 10, 10, 10, 90};
        assertTrue(Bench.isSteady(noisy, 6, 3, 0.01));
        assertTrue(Bench.isSteady(new double[] {10, 10.9}, 2, 1, 0.10));
        assertFalse(Bench.isSteady(new double[] {10, 11.1}, 2, 1, 0.10));
    }

    @Test
    void theBudgetStopsWarmUpAndRepeatsEarlyButTimesAtLeastOneCallEach() {
        TrackGenLauncher generators = TrackGenLauncher.discover();
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            BenchResult r = Bench.runCase(new BenchCase("bezier", 16, 1),
                    TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(16).build(), rt, generators,
                    new BenchSettings(5, 3, 0.1, 1000, 1e-9));
            assertEquals(1, r.warmupCalls());
            assertFalse(r.steady());
            assertEquals(1, r.calls());
        }
        assertThrows(IllegalArgumentException.class, () -> new BenchSettings(0, 1, 0.1, 1, 1));
        IllegalArgumentException window = assertThrows(IllegalArgumentException.class, () -> new BenchSettings(5, 0, 0.1, 1, 1));
        assertTrue(window.getMessage().contains("window"), window.getMessage());
        IllegalArgumentException tol = assertThrows(IllegalArgumentException.class, () -> new BenchSettings(5, 3, 0, 1, 1));
        assertTrue(tol.getMessage().contains("tolerance"), tol.getMessage());
    }
}
