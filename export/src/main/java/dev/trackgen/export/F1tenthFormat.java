package dev.trackgen.export;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code f1tenth}: F1TENTH gym / ROS {@code map_server}: the occupancy image ({@value TrackExporter#MAP_PNG},
 * and {@value TrackExporter#MAP_PGM} with PGM on), its YAML (naming the PGM when PGM is on, else the
 * PNG), the start pose and the centerline CSV; with {@link ExportSettings#raceline()} the racing line as
 * the waypoint CSV F1TENTH's followers read ({@link RacelineCsv}).
 */
public final class F1tenthFormat implements ExportFormat {
    @Override
    public String id() {
        return "f1tenth";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        List<ExportFile> files = new ArrayList<>();
        files.add(new ExportFile(TrackExporter.MAP_PNG, (t, path) -> t.map().writePng(path)));
        if (settings.pgm()) {
            files.add(new ExportFile(TrackExporter.MAP_PGM, (t, path) -> t.map().writePgm(path)));
        }
        files.add(new ExportFile(TrackExporter.MAP_YAML, (t, path) -> Files.writeString(path,
                t.map().yaml(t.settings().pgm() ? TrackExporter.MAP_PGM : TrackExporter.MAP_PNG),
                StandardCharsets.UTF_8)));
        files.add(new ExportFile(TrackExporter.START_POSE, (t, path) -> StartPoseYaml.write(t.track().startPose(), path)));
        files.add(TumFormat.CENTERLINE);
        if (settings.raceline()) {
            files.add(TumFormat.RACELINE);
        }
        return files;
    }

    /** The map's size: {@link MapTooLargeException} when the knobs make it too large. */
    @Override
    public void check(ExportContext track) {
        MapGeometry.of(track.track(), track.settings());
    }
}
