package dev.trackgen.api.config;

/**
 * A closed {@code [lo, hi]} interval value, used by the style-sampling knobs
 * ({@code rad_range}, {@code scale_range}, {@code handle_clamp_frac_range}) to draw one value
 * per environment.
 *
 * @param lo lower bound (finite)
 * @param hi upper bound (finite, {@code >= lo})
 */
public record Interval(double lo, double hi) {
    /**
     * @throws IllegalArgumentException if a bound is not finite or {@code hi < lo}
     */
    public Interval {
        if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
            throw new IllegalArgumentException("interval bounds must be finite numbers, got [" + lo + ", " + hi + "]");
        }
        if (hi < lo) {
            throw new IllegalArgumentException("interval upper bound " + hi + " is below its lower bound " + lo);
        }
    }

    @Override
    public String toString() {
        return "[" + lo + ", " + hi + "]";
    }
}
