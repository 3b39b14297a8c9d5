package dev.trackgen.export;

/** {@code fssim}: the FSSIM track, the Gazebo SDF model of the cones and the track YAML with the start pose. */
public final class FssimFormat extends ConeFormat {
    /** The format (the registry makes it). */
    public FssimFormat() {
        super("fssim",
                new ExportFile(TrackExporter.FSSIM_SDF, (t, path) -> FssimTrack.writeSdf(t.track(), t.cones(), t.name(), path)),
                new ExportFile(TrackExporter.FSSIM_YAML, (t, path) -> FssimTrack.writeYaml(t.track(), t.cones(), path)));
    }
}
