package dev.trackgen.export;

/** {@code tum}: the TUM racetrack-database centerline CSV ({@code x_m, y_m, w_tr_right_m, w_tr_left_m}). */
public final class TumFormat extends FixedFormat {
    /** The centerline CSV, which {@code f1tenth} writes too. */
    static final ExportFile CENTERLINE = new ExportFile(TrackExporter.CENTERLINE_CSV,
            (t, path) -> TumCsv.write(t.track(), path));

    /** The format (the registry makes it). */
    public TumFormat() {
        super("tum", CENTERLINE);
    }
}
