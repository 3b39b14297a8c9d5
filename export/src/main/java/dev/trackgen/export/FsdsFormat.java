package dev.trackgen.export;

/**
 * {@code fsds}: the Formula Student Driverless simulator's custom map,
 * {@code tag,x,y,direction,x_variance,y_variance,xy_covariance} per cone, in the car's start frame.
 */
public final class FsdsFormat extends ConeFormat {
    /** The format (the registry makes it). */
    public FsdsFormat() {
        super("fsds", new ExportFile(TrackExporter.CONES_CSV,
                (t, path) -> FsdsCones.write(t.cones(), t.track().startPose(), path)));
    }
}
