package dev.trackgen.api.config;

/**
 * An interval of allowed numeric values, each end open or closed, possibly unbounded.
 *
 * <p>Used by {@link Knob} to validate numbers and to describe the allowed range in error
 * messages (for example {@code (0, 0.5]} or {@code [1, +inf)}).
 *
 * @param lo       lower end ({@link Double#NEGATIVE_INFINITY} for none)
 * @param loClosed whether {@code lo} itself is allowed
 * @param hi       upper end ({@link Double#POSITIVE_INFINITY} for none)
 * @param hiClosed whether {@code hi} itself is allowed
 */
public record Range(double lo, boolean loClosed, double hi, boolean hiClosed) {

    /** Every finite number. */
    public static Range any() {
        return new Range(Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY, false);
    }

    /** {@code [lo, +inf)}. */
    public static Range atLeast(double lo) {
        return new Range(lo, true, Double.POSITIVE_INFINITY, false);
    }

    /** {@code (lo, +inf)}. */
    public static Range greaterThan(double lo) {
        return new Range(lo, false, Double.POSITIVE_INFINITY, false);
    }

    /** {@code [lo, hi]}. */
    public static Range closed(double lo, double hi) {
        return new Range(lo, true, hi, true);
    }

    /** {@code [lo, hi)}. */
    public static Range closedOpen(double lo, double hi) {
        return new Range(lo, true, hi, false);
    }

    /** {@code (lo, hi]}. */
    public static Range openClosed(double lo, double hi) {
        return new Range(lo, false, hi, true);
    }

    /** {@code (lo, hi)}. */
    public static Range open(double lo, double hi) {
        return new Range(lo, false, hi, false);
    }

    /**
     * @param v the value to test (NaN is never contained)
     * @return whether {@code v} lies in this range
     */
    public boolean contains(double v) {
        if (Double.isNaN(v)) {
            return false;
        }
        boolean aboveLo = loClosed ? v >= lo : v > lo;
        boolean belowHi = hiClosed ? v <= hi : v < hi;
        return aboveLo && belowHi;
    }

    @Override
    public String toString() {
        return (loClosed ? "[" : "(") + format(lo) + ", " + format(hi) + (hiClosed ? "]" : ")");
    }

    private static String format(double v) {
        if (v == Double.POSITIVE_INFINITY) {
            return "+inf";
        }
        if (v == Double.NEGATIVE_INFINITY) {
            return "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
