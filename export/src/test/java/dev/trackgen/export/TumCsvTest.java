package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The TUM CSV read back as plain text; its import round trip is tested through the CLI (distribution). */
class TumCsvTest {
    @TempDir
    Path dir;

    @Test
    void rowsAreTheCenterlineInMetresWithRightAndLeftWidths() throws IOException {
        TrackSnapshot s = TestTracks.batch();
        double scale = 11;
        for (int env : TestTracks.validEnvs()) {
            Path f = dir.resolve("c" + env + ".csv");
            TumCsv.write(WorldTrack.of(s, env, scale), f);
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            assertEquals("# x_m,y_m,w_tr_right_m,w_tr_left_m", lines.get(0));
            int n = s.count(env);
            assertEquals(n + 1, lines.size());
            int base = 2 * env * s.nMax();
            for (int i = 0; i < n; i++) {
                String[] cols = lines.get(i + 1).split(",", -1);
                assertEquals(4, cols.length);
                assertEquals(s.center()[base + 2 * i] * scale, Double.parseDouble(cols[0]), 0);
                assertEquals(s.center()[base + 2 * i + 1] * scale, Double.parseDouble(cols[1]), 0);
                // the default half-width 0.1, float32 borders
                assertEquals(1.1, Double.parseDouble(cols[2]), 1e-4);
                assertEquals(1.1, Double.parseDouble(cols[3]), 1e-4);
            }
        }
    }
}
