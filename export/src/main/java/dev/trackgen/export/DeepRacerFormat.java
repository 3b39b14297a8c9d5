package dev.trackgen.export;

/** {@code deepracer}: AWS DeepRacer waypoints, {@code [N, 6]} float64 {@code .npy}. */
public final class DeepRacerFormat extends FixedFormat {
    /** The format (the registry makes it). */
    public DeepRacerFormat() {
        super("deepracer", new ExportFile(TrackExporter.WAYPOINTS_NPY, (t, path) -> DeepRacerWaypoints.write(t.track(), path)));
    }
}
