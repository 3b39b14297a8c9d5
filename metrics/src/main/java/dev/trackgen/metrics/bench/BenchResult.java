package dev.trackgen.metrics.bench;

import java.util.List;

/**
 * The outcome of one bench case: its warm-up, reported apart, and its steady state.
 *
 * @param benchCase      what was measured
 * @param warmupMs       wall time of each warm-up call in order, milliseconds (the first is the
 *                       first call of the case); empty for a failed case
 * @param steady         whether the warm-up met the steadiness test of {@link BenchSettings}
 *                       (otherwise it ran out of calls or budget and the timed calls may still
 *                       include warm-up)
 * @param firstNearCall  1-based index, over the warm-up and then the timed calls, of the first call
 *                       within {@value Bench#NEAR_PERCENT}% of the steady median; 0 when none is
 * @param calls          timed steady-state calls
 * @param msMin          fastest timed call, milliseconds
 * @param msMedian       median timed call, milliseconds
 * @param msMean         mean timed call, milliseconds
 * @param msMax          slowest timed call, milliseconds
 * @param bytesPerCall   bytes allocated per timed call by the calling thread and the CPU
 *                       runtime's worker threads ({@code com.sun.management.ThreadMXBean}), timed
 *                       calls only; NaN when the JVM cannot measure it
 * @param threadsCounted threads whose allocations were counted
 * @param failure        why the case could not run (out of memory, say), or {@code null}
 */
public record BenchResult(BenchCase benchCase, List<Double> warmupMs, boolean steady, int firstNearCall, int calls,
                          double msMin, double msMedian, double msMean, double msMax, double bytesPerCall,
                          int threadsCounted, String failure) {

    /**
     * Copies the warm-up times.
     *
     * @param benchCase      what was measured
     * @param warmupMs       warm-up call times
     * @param steady         whether the steadiness test was met
     * @param firstNearCall  first call near the steady median
     * @param calls          timed calls
     * @param msMin          fastest timed call
     * @param msMedian       median timed call
     * @param msMean         mean timed call
     * @param msMax          slowest timed call
     * @param bytesPerCall   bytes per timed call
     * @param threadsCounted threads counted
     * @param failure        failure or {@code null}
     */
    public BenchResult {
        warmupMs = List.copyOf(warmupMs);
    }

    /** @return wall time of the case's first call, milliseconds (NaN for a failed case) */
    public double firstCallMs() {
        return warmupMs.isEmpty() ? Double.NaN : warmupMs.get(0);
    }

    /** @return warm-up calls made before timing */
    public int warmupCalls() {
        return warmupMs.size();
    }

    /** @return tracks generated per second at the median steady-state call time */
    public double tracksPerSecond() {
        return benchCase.envs() / (msMedian / 1000.0);
    }

    /** @return {@code (max - min) / median} of the timed calls: the spread, a noise indicator */
    public double spread() {
        return (msMax - msMin) / msMedian;
    }

    /**
     * @param c      the case
     * @param reason why it failed
     * @return a result holding only the failure
     */
    public static BenchResult failed(BenchCase c, String reason) {
        return new BenchResult(c, List.of(), false, 0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                0, reason);
    }
}
