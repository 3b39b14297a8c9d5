package dev.trackgen.metrics;

/**
 * The metrics of one batch (one generator, or the reference circuits), with the definitions of
 * the original implementation (AntoineRichard/TrackGen, benchmarks/track_metrics.py; see docs/metrics.md). Shape metrics are means over the valid
 * tracks that have at least 4 finite points; a metric with nothing to average is NaN.
 *
 * @param name                      generator name, or {@code reference}
 * @param tracks                    tracks in the batch (E, or the number of circuits)
 * @param measured                  valid tracks the shape metrics were computed on
 * @param yield                     fraction of tracks passing the validity gate
 * @param selfIntersectionRate      fraction of raw input centerlines (generator output, before
 *                                  any resampling) with at least one proper crossing
 * @param spacedSelfIntersectionRate fraction of constant-spacing centerlines (before relaxation)
 *                                  with a proper crossing: what the original's script measured
 * @param xpbdDisplacement          mean distance between each constant-spacing point and the same
 *                                  point after relaxation, over every track with finite points
 * @param meanLength                mean perimeter
 * @param meanCompactness           mean {@code 4 pi area / perimeter^2}
 * @param medianCompactness         median compactness
 * @param degenerateCompactnessRate fraction of measured tracks with compactness above
 *                                  {@value BatchMetrics#DEGENERATE_COMPACTNESS} (near circles)
 * @param shapeVarietyPass          whether the median compactness is below
 *                                  {@value BatchMetrics#SHAPE_VARIETY_MAX_MEDIAN} (and at least one
 *                                  track was measured): the original's "no silent circles" gate
 * @param meanChicanes              mean number of left-right reversals
 * @param straightFraction          mean share of points straighter than half the track's mean curvature
 * @param peakCurvature             mean of each track's largest curvature
 * @param lapTime                   mean racing-line proxy lap time
 * @param msPerCall                 warm wall time of one {@code generate()} call, milliseconds
 *                                  (NaN when not timed)
 * @param widths                    half-width statistics over the valid tracks' real points
 *                                  ({@code Track.leftHalfWidth()} / {@code rightHalfWidth()});
 *                                  {@link Widths#NONE} when no widths were added
 */
public record MetricsRow(String name, int tracks, int measured, double yield, double selfIntersectionRate,
                         double spacedSelfIntersectionRate, double xpbdDisplacement, double meanLength,
                         double meanCompactness, double medianCompactness, double degenerateCompactnessRate,
                         boolean shapeVarietyPass, double meanChicanes, double straightFraction,
                         double peakCurvature, double lapTime, double msPerCall, Widths widths) {

    /**
     * Half-width statistics of a batch, world units, pooled over every real point of the valid
     * tracks (both sides for min, mean and max).
     *
     * @param min       the narrowest half-width on either side
     * @param mean      the mean half-width over both sides
     * @param max       the widest half-width on either side
     * @param meanLeft  the mean half-width on the {@code +normal} (left) side
     * @param meanRight the mean half-width on the {@code -normal} (right) side
     */
    public record Widths(double min, double mean, double max, double meanLeft, double meanRight) {
        /** No widths measured: every statistic NaN. */
        public static final Widths NONE = new Widths(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * @param millis warm milliseconds per call
     * @return this row with the timing set
     */
    public MetricsRow withMsPerCall(double millis) {
        return new MetricsRow(name, tracks, measured, yield, selfIntersectionRate, spacedSelfIntersectionRate,
                xpbdDisplacement, meanLength, meanCompactness, medianCompactness, degenerateCompactnessRate,
                shapeVarietyPass, meanChicanes, straightFraction, peakCurvature, lapTime, millis, widths);
    }
}
