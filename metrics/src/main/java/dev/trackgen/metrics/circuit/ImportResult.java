package dev.trackgen.metrics.circuit;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.MetricsAccumulator;
import dev.trackgen.metrics.PolylineMetrics;

/**
 * A circuit after resample, relax and inflate, with how much the stages changed it. Distances are
 * in the circuit's units (metres for TUM files); coordinates are in a local frame about
 * {@link #origin()}.
 */
public final class ImportResult {
    private final Circuit circuit;
    private final TrackGenConfig config;
    private final TrackSnapshot snapshot;
    private final float[] input;
    private final float[] spaced;
    private final float[] relaxed;
    private final float[] centered;
    private final double[] origin;
    private final double inputLength;
    private final double meanOffset;
    private final double maxOffset;
    private final double meanBeadDisplacement;
    private final double maxBeadDisplacement;
    private final double tightestRadius;
    private final String invalidReason;

    ImportResult(Circuit circuit, TrackGenConfig config, double[] origin, double[] local, float[] input,
                 float[] spaced, float[] relaxed, TrackSnapshot centeredSnapshot) {
        this.circuit = circuit;
        this.config = config;
        this.input = input;
        this.spaced = spaced;
        this.relaxed = relaxed;
        int n = circuit.size();
        int count = centeredSnapshot.count(0);
        this.inputLength = circuit.perimeter();
        this.centered = centeredSnapshot.centerline(0);
        this.origin = origin.clone();
        double[] off = CircuitImporter.offsets(centered, count, local, n, config.halfWidth());
        this.meanOffset = off[0];
        this.maxOffset = off[1];
        double sum = 0;
        double max = 0;
        int finite = 0;
        for (int i = 0; i < count; i++) {
            double d = Math.hypot(relaxed[2 * i] - spaced[2 * i], relaxed[2 * i + 1] - spaced[2 * i + 1]);
            if (Double.isFinite(d)) {
                sum += d;
                max = Math.max(max, d);
                finite++;
            }
        }
        this.meanBeadDisplacement = finite == 0 ? Double.NaN : sum / finite;
        this.maxBeadDisplacement = max;
        this.tightestRadius = tightestRadius(centered, count);
        this.invalidReason = ValidityDiagnosis.of(config, centeredSnapshot, 0, circuit.hasWidths() || config.variableWidth());
        this.snapshot = centeredSnapshot;
    }

    private static double tightestRadius(float[] p, int n) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int a = i == 0 ? n - 1 : i - 1;
            int c = i + 1 == n ? 0 : i + 1;
            double r = PolylineMetrics.circumradius(p[2 * a], p[2 * a + 1], p[2 * i], p[2 * i + 1], p[2 * c], p[2 * c + 1]);
            if (r < best) { // collinear points (an infinite radius) and NaN ones leave it
                best = r;
            }
        }
        return best;
    }

    /** @return the imported circuit */
    public Circuit circuit() {
        return circuit;
    }

    /** @return the configuration the import ran with (half-width, spacing, N_max sized from the circuit) */
    public TrackGenConfig config() {
        return config;
    }

    /**
     * @return the resulting one-track batch in the local frame: coordinates relative to
     *         {@link #origin()}, so float32 keeps their precision however far the file's
     *         coordinates are from zero (add the origin, in double, to get the file's own)
     */
    public TrackSnapshot snapshot() {
        return snapshot;
    }

    /**
     * @return {@code {x, y}}: the point of the file's frame that is {@code (0, 0)} in
     *         {@link #snapshot()} (the centroid of the file's points), in double precision
     */
    public double[] origin() {
        return origin.clone();
    }

    /** @return whether the track passed the validity gate */
    public boolean valid() {
        return snapshot.isValid(0);
    }

    /** @return the real points of the track */
    public int count() {
        return snapshot.count(0);
    }

    /** @return the perimeter of the input loop */
    public double inputLength() {
        return inputLength;
    }

    /** @return the perimeter of the track */
    public double length() {
        return snapshot.length()[0];
    }

    /** @return {@code (length - inputLength) / inputLength} */
    public double lengthChange() {
        return (length() - inputLength) / inputLength;
    }

    /** @return mean distance from the track's centerline points to the input polyline */
    public double meanOffset() {
        return meanOffset;
    }

    /** @return largest distance from a track centerline point to the input polyline */
    public double maxOffset() {
        return maxOffset;
    }

    /** @return mean distance each constant-spacing bead moved in relaxation (index-aligned, includes sliding along the line) */
    public double meanBeadDisplacement() {
        return meanBeadDisplacement;
    }

    /** @return largest distance a bead moved in relaxation */
    public double maxBeadDisplacement() {
        return maxBeadDisplacement;
    }

    /**
     * @return for an invalid track, the first validity criterion it misses, in one phrase (see
     *         {@link ValidityDiagnosis}); {@code null} for a valid track
     */
    public String invalidReason() {
        return invalidReason;
    }

    /** @return the smallest radius of the circle through three consecutive track points */
    public double tightestRadius() {
        return tightestRadius;
    }

    /** @return the half-width the track was inflated with */
    public double halfWidth() {
        return config.halfWidth();
    }

    /** @return the output spacing */
    public double spacing() {
        return config.spacing();
    }

    /**
     * Adds this track to a metrics batch (input, constant-spacing, relaxed and final centerlines,
     * all in the circuit's centred frame; the metrics do not depend on the frame).
     *
     * @param acc where to add
     */
    public void addTo(MetricsAccumulator acc) {
        acc.add(input, 0, circuit.size(), spaced, relaxed, centered, 0, count(), valid());
        acc.addWidths(snapshot.leftHalfWidth(), snapshot.rightHalfWidth(), 0, count(), valid());
    }
}
