package dev.trackgen.export;

import java.util.List;

/**
 * {@code fsds}: the Formula Student Driverless simulator's custom map,
 * {@code tag,x,y,direction,x_variance,y_variance,xy_covariance} per cone, in the car's start frame.
 */
public final class FsdsFormat implements ExportFormat {
    @Override
    public String id() {
        return "fsds";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(new ExportFile(TrackExporter.CONES_CSV,
                (t, path) -> FsdsCones.write(t.cones(), t.track().startPose(), path)));
    }

    /** The cone counts the spacing implies. */
    @Override
    public void check(ExportContext track) {
        ConeLayout.check(track.track(), track.settings().coneSpacing());
    }
}
