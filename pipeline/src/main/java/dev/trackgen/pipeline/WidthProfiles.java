package dev.trackgen.pipeline;

/**
 * Host-side conversion of per-input-point half-widths into the width profile the inflation reads
 * ({@code inflate.WidthProfileKernel}): the widths at the equal arc-length fractions
 * {@code k / n} of the closed input loop, linearly interpolated between the two input points
 * around each fraction, in double precision.
 */
final class WidthProfiles {
    private WidthProfiles() {
    }

    /**
     * Writes one env's profile.
     *
     * @param xy    interleaved input points; the env's loop at point offset {@code base}
     * @param left  per-input-point left half-widths (same point indexing)
     * @param right per-input-point right half-widths
     * @param base  the env's first point index ({@code e * n})
     * @param n     points of the loop, {@code >= 1}
     * @param arc   scratch of at least {@code n + 1} doubles
     * @param outL  profile output, {@code outL[base + k]} the left half-width at fraction {@code k / n}
     * @param outR  profile output, right side
     */
    static void atArcFractions(float[] xy, float[] left, float[] right, int base, int n, double[] arc, float[] outL,
                               float[] outR) {
        arc[0] = 0;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            double dx = (double) xy[2 * (base + j)] - xy[2 * (base + i)];
            double dy = (double) xy[2 * (base + j) + 1] - xy[2 * (base + i) + 1];
            arc[i + 1] = arc[i] + Math.hypot(dx, dy);
        }
        double total = arc[n];
        int seg = 0;
        for (int k = 0; k < n; k++) {
            double s = total > 0 && Double.isFinite(total) ? total * k / n : 0;
            while (seg < n - 1 && arc[seg + 1] <= s) {
                seg++;
            }
            int j = seg + 1 == n ? 0 : seg + 1;
            double len = arc[seg + 1] - arc[seg];
            double f = len > 0 ? Math.min(1, Math.max(0, (s - arc[seg]) / len)) : 0;
            outL[base + k] = (float) (left[base + seg] + f * ((double) left[base + j] - left[base + seg]));
            outR[base + k] = (float) (right[base + seg] + f * ((double) right[base + j] - right[base + seg]));
        }
    }
}
