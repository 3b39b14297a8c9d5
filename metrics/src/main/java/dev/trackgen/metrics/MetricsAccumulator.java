package dev.trackgen.metrics;

import java.util.Arrays;

/**
 * Adds up the metrics of a batch env by env, from host copies of its arrays, and yields a
 * {@link MetricsRow}. Point arrays are interleaved {@code (x, y)} floats as in the
 * {@link dev.trackgen.api.Track} layout; each env's real points are passed with their base index
 * (in points) and count, so envs of different lengths can be added one by one. Not thread-safe.
 */
public final class MetricsAccumulator {
    private double[] buf = new double[0];
    private double[] turn = new double[0];
    private double[] curv = new double[0];
    private double[] compactness = new double[16];

    private int envs;
    private int valid;
    private int rawCrossing;
    private int spacedCrossing;
    private double dispSum;
    private long dispPoints;
    private int measured;
    private int degenerate;
    private double lengthSum;
    private double chicaneSum;
    private double straightSum;
    private double peakSum;
    private double lapSum;

    /** Creates an empty accumulator. */
    private long widthPoints;
    private double leftSum;
    private double rightSum;
    private double widthMin = Double.POSITIVE_INFINITY;
    private double widthMax;

    public MetricsAccumulator() {
    }

    /**
     * Adds one env.
     *
     * @param raw        the raw input centerlines (generator output) array
     * @param rawBase    first point of this env in {@code raw}
     * @param rawCount   points of this env's raw centerline
     * @param spaced     constant-spacing centerlines (before relaxation)
     * @param relaxed    relaxed centerlines
     * @param center     the track centerlines ({@code Track.center})
     * @param base       first point of this env in {@code spaced}, {@code relaxed} and {@code center}
     * @param count      real points of this env ({@code Track.count})
     * @param validTrack whether the env passed the validity gate
     */
    public void add(float[] raw, int rawBase, int rawCount, float[] spaced, float[] relaxed, float[] center, int base,
                    int count, boolean validTrack) {
        envs++;
        valid += validTrack ? 1 : 0;
        if (rawCount >= 4 && load(raw, rawBase, rawCount) && PolylineMetrics.selfIntersects(buf, rawCount)) {
            rawCrossing++;
        }
        if (count < 4) {
            return;
        }
        if (load(spaced, base, count)) {
            if (PolylineMetrics.selfIntersects(buf, count)) {
                spacedCrossing++;
            }
            if (allFinite(relaxed, base, count)) {
                for (int i = 0; i < count; i++) {
                    dispSum += Math.hypot(relaxed[2 * (base + i)] - buf[2 * i], relaxed[2 * (base + i) + 1] - buf[2 * i + 1]);
                }
                dispPoints += count;
            }
        }
        if (validTrack && load(center, base, count)) {
            addShape(count);
        }
    }

    private void addShape(int n) {
        ensure(n);
        double cp = PolylineMetrics.compactness(buf, n);
        if (measured == compactness.length) {
            compactness = Arrays.copyOf(compactness, 2 * measured);
        }
        compactness[measured++] = cp;
        degenerate += cp > BatchMetrics.DEGENERATE_COMPACTNESS ? 1 : 0;
        lengthSum += PolylineMetrics.perimeter(buf, n);
        PolylineMetrics.turnAngles(buf, n, turn);
        PolylineMetrics.curvature(buf, n, turn, curv);
        chicaneSum += PolylineMetrics.chicanes(turn, n);
        straightSum += PolylineMetrics.straightFraction(curv, n);
        peakSum += PolylineMetrics.peakCurvature(curv, n);
        lapSum += PolylineMetrics.lapTime(buf, n, curv);
    }

    private void ensure(int n) {
        if (buf.length < 2 * n) {
            buf = new double[2 * n];
        }
        if (turn.length < n) {
            turn = new double[n];
            curv = new double[n];
        }
    }

    /** Copies points into the double buffer; false if any is not finite. */
    private boolean load(float[] a, int base, int n) {
        ensure(n);
        for (int i = 0; i < 2 * n; i++) {
            float v = a[2 * base + i];
            if (!Float.isFinite(v)) {
                return false;
            }
            buf[i] = v;
        }
        return true;
    }

    private static boolean allFinite(float[] a, int base, int n) {
        for (int i = 0; i < 2 * n; i++) {
            if (!Float.isFinite(a[2 * base + i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Adds one valid env's per-point half-widths to the width statistics (an invalid env's are not
     * counted; non-finite widths are skipped).
     *
     * @param left       {@code Track.leftHalfWidth()} of the batch ({@code [E * N_max]})
     * @param right      {@code Track.rightHalfWidth()}
     * @param base       first point of this env ({@code e * N_max})
     * @param count      real points of this env
     * @param validTrack whether the env passed the validity gate
     */
    public void addWidths(float[] left, float[] right, int base, int count, boolean validTrack) {
        if (!validTrack) {
            return;
        }
        for (int i = base; i < base + count; i++) {
            float l = left[i];
            float r = right[i];
            if (Float.isFinite(l) && Float.isFinite(r)) {
                widthPoints++;
                leftSum += l;
                rightSum += r;
                widthMin = Math.min(widthMin, Math.min(l, r));
                widthMax = Math.max(widthMax, Math.max(l, r));
            }
        }
    }

    /** @return envs added so far */
    public int envs() {
        return envs;
    }

    /**
     * @param name the row's name
     * @return the metrics of every env added so far (timing NaN)
     * @throws IllegalStateException if no env was added
     */
    public MetricsRow result(String name) {
        if (envs == 0) {
            throw new IllegalStateException("no env was added");
        }
        double nan = Double.NaN;
        double[] cp = Arrays.copyOf(compactness, measured);
        Arrays.sort(cp);
        double median = measured == 0 ? nan
                : measured % 2 == 1 ? cp[measured / 2] : 0.5 * (cp[measured / 2 - 1] + cp[measured / 2]);
        double meanCp = measured == 0 ? nan : Arrays.stream(cp).sum() / measured;
        return new MetricsRow(name, envs, measured, valid / (double) envs, rawCrossing / (double) envs,
                spacedCrossing / (double) envs, dispPoints == 0 ? nan : dispSum / dispPoints,
                mean(lengthSum), meanCp, median, measured == 0 ? nan : degenerate / (double) measured,
                measured > 0 && median < BatchMetrics.SHAPE_VARIETY_MAX_MEDIAN,
                mean(chicaneSum), mean(straightSum), mean(peakSum), mean(lapSum), nan,
                widthPoints == 0 ? MetricsRow.Widths.NONE : new MetricsRow.Widths(widthMin,
                        (leftSum + rightSum) / (2.0 * widthPoints), widthMax, leftSum / widthPoints,
                        rightSum / widthPoints));
    }

    private double mean(double sum) {
        return measured == 0 ? Double.NaN : sum / measured;
    }
}
