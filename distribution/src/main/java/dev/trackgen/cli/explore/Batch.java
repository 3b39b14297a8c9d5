package dev.trackgen.cli.explore;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.MetricsRow;

/**
 * One generated batch of the explorer, copied to the host.
 *
 * @param config      the resolved configuration, {@code runtime} set to the runtime that ran it
 * @param seed        the base seed
 * @param snapshot    the tracks
 * @param metrics     the batch's metrics row (metrics module), {@code msPerCall} the time of this call
 * @param compactness {@code [E]} compactness of each track's centerline, NaN for a track under 4 points
 * @param reasons     {@code [E]} why each invalid track failed (recomputed, see {@link InvalidReasons}),
 *                    {@code null} for valid ones
 * @param raceline    the racing lines and their speed profiles, or {@code null} when the request did not ask
 */
public record Batch(TrackGenConfig config, int seed, TrackSnapshot snapshot, MetricsRow metrics,
                    double[] compactness, String[] reasons, dev.trackgen.course.raceline.RacelineSnapshot raceline) {
    /** A batch without racing lines. */
    public Batch(TrackGenConfig config, int seed, TrackSnapshot snapshot, MetricsRow metrics, double[] compactness,
                 String[] reasons) {
        this(config, seed, snapshot, metrics, compactness, reasons, null);
    }
}
