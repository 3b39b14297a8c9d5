package dev.trackgen.metrics.bench;

/**
 * How long each bench case runs. Warm-up calls stop after {@code warmup} calls or once
 * {@code budgetSeconds} were spent (at least one call); timed calls likewise stop after
 * {@code repeats} calls or {@code budgetSeconds} (at least one call), so large batches are not
 * repeated for minutes.
 *
 * @param warmup        most untimed calls before timing, {@code >= 1}
 * @param repeats       most timed calls, {@code >= 1}
 * @param budgetSeconds time after which warm-up and timing stop early, {@code > 0}
 */
public record BenchSettings(int warmup, int repeats, double budgetSeconds) {
    /** The defaults of {@code trackgen bench}: 2 warm-up calls, up to 5 timed calls, 2 s budget. */
    public static final BenchSettings DEFAULT = new BenchSettings(2, 5, 2.0);

    /**
     * Checks the values.
     *
     * @param warmup        most untimed calls
     * @param repeats       most timed calls
     * @param budgetSeconds time budget
     */
    public BenchSettings {
        if (warmup < 1 || repeats < 1 || !(budgetSeconds > 0)) {
            throw new IllegalArgumentException("warmup and repeats must be >= 1 and the budget > 0, got " + warmup
                    + ", " + repeats + ", " + budgetSeconds);
        }
    }
}
