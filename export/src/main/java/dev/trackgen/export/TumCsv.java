package dev.trackgen.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The TUM racetrack-database centerline layout, also used by the F1TENTH racetracks: a header
 * comment {@code # x_m,y_m,w_tr_right_m,w_tr_left_m} and one comma-separated row per centerline
 * point (metres; the loop closes implicitly, the first point is not repeated).
 */
public final class TumCsv {
    /** The header line. */
    public static final String HEADER = "# x_m,y_m,w_tr_right_m,w_tr_left_m";

    private TumCsv() {
    }

    /**
     * @param track the track, metres
     * @param file  where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(WorldTrack track, Path file) throws IOException {
        double[] c = track.center();
        double[] wr = track.widthRight();
        double[] wl = track.widthLeft();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            StringBuilder row = new StringBuilder(64);
            for (int i = 0; i < track.size(); i++) {
                row.setLength(0);
                row.append(c[2 * i]).append(',').append(c[2 * i + 1]).append(',').append(wr[i]).append(',')
                        .append(wl[i]).append('\n');
                w.write(row.toString());
            }
        }
    }
}
