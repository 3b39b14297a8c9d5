package dev.trackgen.export;

import java.util.List;

/** {@code tum}: the TUM racetrack-database centerline CSV ({@code x_m, y_m, w_tr_right_m, w_tr_left_m}). */
public final class TumFormat implements ExportFormat {
    /** The centerline CSV, which {@code f1tenth} writes too. */
    static final ExportFile CENTERLINE = new ExportFile(TrackExporter.CENTERLINE_CSV,
            (t, path) -> TumCsv.write(t.track(), path));

    @Override
    public String id() {
        return "tum";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(CENTERLINE);
    }
}
