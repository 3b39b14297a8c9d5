package dev.trackgen.export;

import org.jetbrains.bio.npy.NpyFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * AWS DeepRacer track waypoints: a {@code .npy} array of shape {@code [N + 1, 6]} float64 (little
 * endian, C order) whose row {@code i} is {@code center x, y, inner x, y, outer x, y} in metres,
 * for the track's {@code N} points and then point 0 again.
 *
 * <p>The repeated first row is what the simulator's track loader ({@code track_data.py} of the
 * DeepRacer simulation application) takes for a loop: only when {@code waypoints[0] ==
 * waypoints[-1]} does it build closed rings (so the track length includes the closing segment)
 * and read the driving direction from the centerline's orientation; without it, it builds open
 * lines and assumes a counter-clockwise track, which puts "left of center" on the wrong side of
 * every clockwise track. Inner is the border towards the inside of the loop, as the loader's
 * inner polygon (centerline with the inner border as its hole) expects.
 */
public final class DeepRacerWaypoints {
    private DeepRacerWaypoints() {
    }

    /**
     * @param track the track, metres
     * @return the rows, {@code [6 (N + 1)]} row-major, the last row equal to the first
     */
    public static double[] rows(WorldTrack track) {
        int n = track.size();
        double[] out = new double[6 * (n + 1)];
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
        System.arraycopy(out, 0, out, 6 * n, 6);
        return out;
    }

    /**
     * @param track the track, metres
     * @param file  where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(WorldTrack track, Path file) throws IOException {
        try {
            NpyFile.write(file, rows(track), new int[] {track.size() + 1, 6});
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
