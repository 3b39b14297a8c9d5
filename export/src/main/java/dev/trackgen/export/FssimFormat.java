package dev.trackgen.export;

import java.util.List;

/** {@code fssim}: the FSSIM track, the Gazebo SDF model of the cones and the track YAML with the start pose. */
public final class FssimFormat implements ExportFormat {
    @Override
    public String id() {
        return "fssim";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(new ExportFile(TrackExporter.FSSIM_SDF,
                        (t, path) -> FssimTrack.writeSdf(t.track(), t.cones(), t.name(), path)),
                new ExportFile(TrackExporter.FSSIM_YAML, (t, path) -> FssimTrack.writeYaml(t.track(), t.cones(), path)));
    }

    /** The cone counts the spacing implies. */
    @Override
    public void check(ExportContext track) {
        ConeLayout.check(track.track(), track.settings().coneSpacing());
    }
}
