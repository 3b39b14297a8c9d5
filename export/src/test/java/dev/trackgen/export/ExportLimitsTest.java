package dev.trackgen.export;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** World scales that the formats cannot hold are refused before any file is written. */
class ExportLimitsTest {
    @TempDir
    Path dir;

    private static TrackExporter everyFormat(double scale) {
        return new TrackExporter(ExportFormats.inOrder(ExportFormats.all()), ExportSettings.builder().worldScale(scale)
                .resolution(Math.max(0.05, scale / 20)).build());
    }

    private void assertRefusedWithoutWriting(double scale, String words) throws IOException {
        WorldTrack t = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], scale);
        TrackExporter x = everyFormat(scale);
        ExportLimitException e = assertThrows(ExportLimitException.class, () -> x.check(t));
        assertEquals(ExportLimitException.Setting.WORLD_SCALE, e.setting(), e.getMessage());
        assertTrue(e.getMessage().contains(words), e.getMessage());
        assertThrows(ExportLimitException.class, () -> x.write(t, "env", dir::resolve));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "a refused export wrote a file");
        }
    }

    @Test
    void aScaleThatOverflowsFloat32IsRefused() throws IOException {
        assertRefusedWithoutWriting(1e39, "from the origin");
        assertRefusedWithoutWriting(1e7, "from the origin");
    }

    @Test
    void aScaleThatCollapsesTheRoadIsRefused() throws IOException {
        assertRefusedWithoutWriting(1e-300, "road");
        assertRefusedWithoutWriting(1e-3, "road");
    }

    @Test
    void ordinaryScalesPass() {
        for (double scale : new double[] {0.1, 1, 11, 1000}) {
            WorldTrack t = WorldTrack.of(TestTracks.batch(), TestTracks.validEnvs()[0], scale);
            ExportLimits.checkCoordinates(t, scale);
        }
    }
}
