package dev.trackgen.api.kernel;

/**
 * The cumulative arc-length table of a closed polyline, for kernel bodies: the one scan the
 * arc-length, constant-spacing and uniform (inflation) resamples share, the table that
 * {@link ArcLengthLookup} then searches. Its CUDA twin is {@code tg_closed_arc_scan} in
 * {@code trackgen_kernel.cuh}, with the same float operations in the same order (the sum is
 * accumulated in double in segment order by one thread), so both give the same floats.
 */
public final class ArcLengthScan {
    private ArcLengthScan() {
    }

    /**
     * Scans the {@code n} points {@code p[pb .. pb + n)} (interleaved pairs), segment {@code i}
     * from point {@code i} to point {@code i + 1}, the last back to point 0.
     *
     * @param p    points, interleaved x, y
     * @param pb   first point (pair index)
     * @param n    points of the loop ({@code >= 0})
     * @param seg  out: {@code seg[segb + i]}, the length of segment {@code i}, {@code [n]} entries
     * @param segb first entry of {@code seg}
     * @param s    out: {@code s[sb] = 0} and {@code s[sb + i + 1]} the length up to the end of
     *             segment {@code i}, rounded to float from a double sum, {@code [n + 1]} entries
     * @param sb   first entry of {@code s}
     * @return the perimeter, the double sum before rounding (world units)
     */
    public static double scan(float[] p, int pb, int n, float[] seg, int segb, float[] s, int sb) {
        s[sb] = 0f;
        double acc = 0.0;
        for (int i = 0; i < n; i++) {
            int in = i + 1 == n ? 0 : i + 1;
            float l = Geometry.length(p[2 * (pb + in)] - p[2 * (pb + i)], p[2 * (pb + in) + 1] - p[2 * (pb + i) + 1]);
            seg[segb + i] = l;
            acc += l;
            s[sb + i + 1] = (float) acc;
        }
        return acc;
    }
}
