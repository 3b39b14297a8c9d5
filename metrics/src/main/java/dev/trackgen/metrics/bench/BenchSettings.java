package dev.trackgen.metrics.bench;

/**
 * How long each bench case runs and when its per-call time counts as steady.
 *
 * <p><b>Warm-up.</b> Calls are made and timed one by one until the per-call time is steady: the
 * median of the last {@code window} calls is within {@code tolerance} (a fraction) of the median of
 * the {@code window} calls before them. Warm-up also stops, without reaching the steady state, after
 * {@code maxWarmup} calls or once {@code budgetSeconds} were spent (at least one call); the result
 * then says so. <b>Steady state.</b> Then up to {@code repeats} further calls are timed (stopping
 * early after {@code budgetSeconds}, at least one call); only these give the minimum, median,
 * spread and the allocation per call.
 *
 * @param maxWarmup     most warm-up calls, {@code >= 1}
 * @param window        calls per window of the steadiness test, {@code 1 .. 100}
 * @param tolerance     largest relative change of the windows' medians that counts as steady, in
 *                      {@code (0, 1]} (0.10 = 10%)
 * @param repeats       most timed steady-state calls, {@code >= 1}
 * @param budgetSeconds time after which the warm-up, and separately the timing, stop early, {@code > 0}
 * @throws IllegalArgumentException naming the value out of range
 */
public record BenchSettings(int maxWarmup, int window, double tolerance, int repeats, double budgetSeconds) {
    /**
     * The defaults of {@code trackgen bench}: at most 50 warm-up calls, windows of 3 calls within
     * 10%, up to 5 timed calls, 4 s budget for each phase.
     */
    public static final BenchSettings DEFAULT = new BenchSettings(50, 3, 0.10, 5, 4.0);

    /**
     * Checks the values.
     *
     * @param maxWarmup     most warm-up calls
     * @param window        calls per window
     * @param tolerance     relative change that counts as steady
     * @param repeats       most timed calls
     * @param budgetSeconds time budget of each phase
     */
    public BenchSettings {
        if (maxWarmup < 1) {
            throw new IllegalArgumentException("warmup must be >= 1, got " + maxWarmup);
        }
        if (window < 1 || window > 100) {
            throw new IllegalArgumentException("window must be in [1, 100], got " + window);
        }
        if (!(tolerance > 0 && tolerance <= 1)) {
            throw new IllegalArgumentException("tolerance must be in (0, 1], got " + tolerance);
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        if (!(budgetSeconds > 0) || Double.isInfinite(budgetSeconds)) {
            throw new IllegalArgumentException("budget must be a finite number of seconds > 0, got " + budgetSeconds);
        }
    }
}
