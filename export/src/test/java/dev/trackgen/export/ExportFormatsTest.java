package dev.trackgen.export;

import dev.trackgen.export.testformat.PointCountFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The export-format registry: the built-in formats in their fixed order and a plug-in's format
 * (a test-only one, registered in the test resources alone) found by ServiceLoader and written by
 * {@link TrackExporter} like any other.
 */
class ExportFormatsTest {
    @TempDir
    Path dir;

    @Test
    void builtInsComeFirstInTheirOrderThenPlugins() {
        List<String> ids = ExportFormats.all().stream().map(ExportFormat::id).toList();
        assertEquals(List.of("f1tenth", "tum", "deepracer", "gltf", "obj", "fsds", "fssim", "heightfield", "mjcf",
                "terrain", PointCountFormat.ID), ids);
        assertEquals(String.join(", ", ids), ExportFormats.knownNames());
        assertEquals(List.of("tum", PointCountFormat.ID), ExportFormats.parseList(" TEST-points, tum,tum").stream()
                .map(ExportFormat::id).toList(), "registry order, each once, case and blanks ignored");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExportFormats.parseList("tum,png"));
        assertEquals("unknown format 'png'; known formats: " + ExportFormats.knownNames(), e.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> ExportFormats.parseList("tum,"));
        assertTrue(empty.getMessage().startsWith("empty format name"), empty.getMessage());
    }

    @Test
    void theBuiltInFilesKeepTheirNamesAndOrder() {
        ExportSettings pgm = ExportSettings.builder().pgm(true).build();
        assertEquals(List.of("map.png", "map.pgm", "map.yaml", "start_pose.yaml", "centerline.csv", "waypoints.npy",
                "road.glb", "road.obj", "cones.csv", "fssim_track.sdf", "fssim_track.yaml"),
                new TrackExporter(ExportFormats.parseList("fssim,fsds,obj,gltf,deepracer,tum,f1tenth"), pgm).fileNames());
        assertEquals(List.of("centerline.csv"), new TrackExporter(ExportFormats.parseList("tum"),
                ExportSettings.builder().build()).fileNames());
    }

    @Test
    void aPluginFormatIsWrittenAndASharedFileOnceByTheFirstFormat() throws IOException {
        WorldTrack t = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], 1.0);
        TrackExporter x = new TrackExporter(ExportFormats.parseList(PointCountFormat.ID + ",tum"),
                ExportSettings.builder().build());
        assertEquals(List.of("centerline.csv", PointCountFormat.FILE), x.fileNames());
        x.write(t, "env_1", dir::resolve);
        assertEquals("env_1 " + t.size() + "\n", Files.readString(dir.resolve(PointCountFormat.FILE)));
        Path tum = dir.resolve("tum.csv");
        TumCsv.write(t, tum);
        assertArrayEquals(Files.readAllBytes(tum), Files.readAllBytes(dir.resolve("centerline.csv")),
                "tum wrote the shared file; the plug-in's writer of that name did not run");
    }
}
