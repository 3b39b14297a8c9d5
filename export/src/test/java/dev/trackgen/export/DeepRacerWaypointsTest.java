package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** DeepRacer waypoints read back with the npy reader equal the batch's arrays, scaled. */
class DeepRacerWaypointsTest {
    @TempDir
    Path dir;

    @Test
    void theWaypointsAreTheTracksCenterInnerAndOuterArraysInMetres() throws IOException {
        TrackSnapshot s = TestTracks.batch();
        double scale = 2.5;
        for (int env : TestTracks.validEnvs()) {
            Path f = dir.resolve("w" + env + ".npy");
            DeepRacerWaypoints.write(WorldTrack.of(s, env, scale), f);
            NpyArray a = NpyFile.read(f, Integer.MAX_VALUE);
            int n = s.count(env);
            assertArrayEquals(new int[] {n, 6}, a.getShape());
            double[] w = a.asDoubleArray();
            int base = 2 * env * s.nMax();
            for (int i = 0; i < n; i++) {
                int k = base + 2 * i;
                double[] expected = {s.center()[k], s.center()[k + 1], s.inner()[k], s.inner()[k + 1], s.outer()[k],
                    s.outer()[k + 1]};
                for (int c = 0; c < 6; c++) {
                    assertEquals(expected[c] * scale, w[6 * i + c], 0, "env " + env + " row " + i + " column " + c);
                }
            }
            // closed implicitly: the last row is not the first one again
            assertEquals(false, w[0] == w[6 * (n - 1)] && w[1] == w[6 * (n - 1) + 1]);
        }
    }
}
