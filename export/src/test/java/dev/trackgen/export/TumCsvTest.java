package dev.trackgen.export;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.config.WidthKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void varyingWidthsAreWrittenAsTheyAre() throws IOException {
        TrackSnapshot s;
        int envs = 4;
        TrackGenConfig c = TrackGenConfig.builder().numEnvs(envs).set(WidthKnobs.PROFILE, "curvature")
                .set(WidthKnobs.HALF_WIDTH_MIN, 0.06).set(WidthKnobs.HALF_WIDTH_MAX, 0.12).build();
        try (CpuRuntime runtime = new CpuRuntime(2, false);
             TrackGenerator g = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, 3))
                     .runtime(runtime).build()) {
            s = g.generate().snapshot();
        }
        double scale = 10;
        int checked = 0;
        int varying = 0;
        for (int env = 0; env < envs; env++) {
            if (!s.isValid(env)) {
                continue;
            }
            Path f = dir.resolve("v" + env + ".csv");
            TumCsv.write(WorldTrack.of(s, env, scale), f);
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (int i = 0; i < s.count(env); i++) {
                String[] cols = lines.get(i + 1).split(",", -1);
                int t = env * s.nMax() + i;
                // w_tr_right_m is the -normal side, w_tr_left_m the +normal side
                assertEquals(s.rightHalfWidth()[t] * scale, Double.parseDouble(cols[2]), 1e-4 * scale);
                assertEquals(s.leftHalfWidth()[t] * scale, Double.parseDouble(cols[3]), 1e-4 * scale);
                lo = Math.min(lo, Double.parseDouble(cols[3]));
                hi = Math.max(hi, Double.parseDouble(cols[3]));
            }
            checked++;
            varying += hi - lo > 0.1 ? 1 : 0;
        }
        assertTrue(checked > 0, "at least one valid track");
        assertTrue(varying > 0, "the widths vary along the lap on some track");
    }
}
