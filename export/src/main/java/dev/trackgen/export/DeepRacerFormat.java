package dev.trackgen.export;

import java.util.List;

/** {@code deepracer}: AWS DeepRacer waypoints, {@code [N, 6]} float64 {@code .npy}. */
public final class DeepRacerFormat implements ExportFormat {
    @Override
    public String id() {
        return "deepracer";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(new ExportFile(TrackExporter.WAYPOINTS_NPY, (t, path) -> DeepRacerWaypoints.write(t.track(), path)));
    }
}
