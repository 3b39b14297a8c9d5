package dev.trackgen.metrics.bench;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench's case plan, its measurements, and its time budget. */
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
    void measuresTimeTracksPerSecondAndAllocation() {
        TrackGenLauncher generators = TrackGenLauncher.discover();
        List<BenchCase> cases = Bench.cases(List.of("bezier"), List.of(16, 32), List.of(1, 2), 16, false);
        List<BenchCase> started = new ArrayList<>();
        List<BenchResult> results = Bench.run(cases, (g, e) -> TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator(g).numEnvs(e).build(),
                t -> new CpuRuntime(t, false), generators, new BenchSettings(1, 3, 10), started::add, r -> { });
        assertEquals(cases, started);
        assertEquals(3, results.size());
        for (BenchResult r : results) {
            assertNull(r.failure());
            assertEquals(3, r.calls());
            assertTrue(r.msMin() <= r.msMean() && r.msMean() <= r.msMax(), r.toString());
            assertEquals(r.benchCase().envs() / (r.msMean() / 1000), r.tracksPerSecond(), 1e-9);
            // the calling thread and the runtime's workers: 1 + (threads - 1)
            assertEquals(r.benchCase().threads(), r.threadsCounted(), r.toString());
            // steady-state calls allocate (next to) nothing; the bound catches per-element garbage
            assertTrue(r.bytesPerCall() >= 0 && r.bytesPerCall() < 64 * 1024, r.toString());
        }
    }

    @Test
    void theBudgetStopsRepeatsEarlyButTimesAtLeastOneCall() {
        TrackGenLauncher generators = TrackGenLauncher.discover();
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            BenchResult r = Bench.runCase(new BenchCase("bezier", 16, 1),
                    TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(16).build(), rt, generators, new BenchSettings(5, 1000, 1e-9));
            assertEquals(1, r.calls());
        }
        assertThrows(IllegalArgumentException.class, () -> new BenchSettings(0, 1, 1));
    }
}
