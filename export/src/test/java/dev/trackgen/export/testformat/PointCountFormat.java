package dev.trackgen.export.testformat;

import dev.trackgen.export.ExportContext;
import dev.trackgen.export.ExportFile;
import dev.trackgen.export.ExportFormat;
import dev.trackgen.export.ExportSettings;
import dev.trackgen.export.TrackExporter;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * A test-only export format, registered in the test resources' {@code META-INF/services} only and
 * outside the export package, as a plug-in's would be: a text file with the track's name and point
 * count, plus the centerline CSV that {@code tum} writes too (so the two share one file).
 */
public final class PointCountFormat implements ExportFormat {
    /** The format's name. */
    public static final String ID = "test-points";
    /** Its own file. */
    public static final String FILE = "points.txt";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(new ExportFile(FILE, PointCountFormat::write),
                new ExportFile(TrackExporter.CENTERLINE_CSV, (t, path) -> Files.writeString(path, "not written")));
    }

    private static void write(ExportContext t, java.nio.file.Path path) throws java.io.IOException {
        Files.writeString(path, t.name() + " " + t.track().size() + "\n", StandardCharsets.UTF_8);
    }
}
