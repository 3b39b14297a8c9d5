package dev.trackgen.export;

import org.jetbrains.bio.npy.NpyFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * AWS DeepRacer track waypoints: a {@code .npy} array of shape {@code [N, 6]} float64 (little
 * endian, C order) whose row {@code i} is {@code center x, y, inner x, y, outer x, y} in metres.
 * The loop is closed implicitly: the first point is not repeated at the end.
 */
public final class DeepRacerWaypoints {
    private DeepRacerWaypoints() {
    }

    /**
     * @param track the track, metres
     * @return the rows, {@code [6 N]} row-major
     */
    public static double[] rows(WorldTrack track) {
        int n = track.size();
        double[] out = new double[6 * n];
        double[] c = track.center();
        double[] in = track.inner();
        double[] o = track.outer();
        for (int i = 0; i < n; i++) {
            out[6 * i] = c[2 * i];
            out[6 * i + 1] = c[2 * i + 1];
            out[6 * i + 2] = in[2 * i];
            out[6 * i + 3] = in[2 * i + 1];
            out[6 * i + 4] = o[2 * i];
            out[6 * i + 5] = o[2 * i + 1];
        }
        return out;
    }

    /**
     * @param track the track, metres
     * @param file  where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(WorldTrack track, Path file) throws IOException {
        try {
            NpyFile.write(file, rows(track), new int[] {track.size(), 6});
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
