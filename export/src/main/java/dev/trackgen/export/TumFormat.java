package dev.trackgen.export;

import java.util.List;

/**
 * {@code tum}: the TUM racetrack-database centerline CSV ({@code x_m, y_m, w_tr_right_m, w_tr_left_m}),
 * and with {@link ExportSettings#raceline()} the racing line in the race-trajectory layout of
 * TUM's global_racetrajectory_optimization ({@link RacelineCsv}).
 */
public final class TumFormat implements ExportFormat {
    /** The centerline CSV, which {@code f1tenth} writes too. */
    static final ExportFile CENTERLINE = new ExportFile(TrackExporter.CENTERLINE_CSV,
            (t, path) -> TumCsv.write(t.track(), path));
    /** The racing-line CSV, which {@code f1tenth} writes too. */
    static final ExportFile RACELINE = new ExportFile(TrackExporter.RACELINE_CSV,
            (t, path) -> RacelineCsv.write(t.raceline(), t.name(), path));

    /** The format (the registry makes it). */
    public TumFormat() {
    }

    @Override
    public String id() {
        return "tum";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return settings.raceline() ? List.of(CENTERLINE, RACELINE) : List.of(CENTERLINE);
    }
}
