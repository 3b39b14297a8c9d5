package dev.trackgen.metrics.bench;

/**
 * The outcome of one bench case.
 *
 * @param benchCase      what was measured
 * @param calls          timed calls
 * @param msMean         mean wall time of a timed call, milliseconds
 * @param msMin          fastest timed call
 * @param msMax          slowest timed call
 * @param bytesPerCall   bytes allocated per timed call by the calling thread and the CPU
 *                       runtime's worker threads ({@code com.sun.management.ThreadMXBean}); NaN
 *                       when the JVM cannot measure it
 * @param threadsCounted threads whose allocations were counted
 * @param failure        why the case could not run (out of memory, say), or {@code null}
 */
public record BenchResult(BenchCase benchCase, int calls, double msMean, double msMin, double msMax,
                          double bytesPerCall, int threadsCounted, String failure) {

    /** @return tracks generated per second at the mean call time */
    public double tracksPerSecond() {
        return benchCase.envs() / (msMean / 1000.0);
    }

    /** @return {@code (max - min) / mean} of the timed calls: the spread, a noise indicator */
    public double spread() {
        return (msMax - msMin) / msMean;
    }

    /**
     * @param c      the case
     * @param reason why it failed
     * @return a result holding only the failure
     */
    public static BenchResult failed(BenchCase c, String reason) {
        return new BenchResult(c, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, reason);
    }
}
