package dev.trackgen.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Synthetic centerline files for the CLI tests (the real TUM circuits are tested in the metrics module). */
final class Circuits {
    private Circuits() {
    }

    /**
     * A stadium in metres, counter-clockwise: straights of length a at y = -+r joined by half
     * circles of radius r, points about 5 m apart.
     */
    static List<double[]> stadium(double a, double r) {
        List<double[]> pts = new ArrayList<>();
        int ms = (int) Math.round(a / 5);
        int k = (int) Math.round(Math.PI * r / 5);
        for (int side = 0; side < 2; side++) {
            double s = side == 0 ? 1 : -1;
            for (int i = 0; i < ms; i++) {
                pts.add(new double[] {s * (-a / 2 + a * i / ms), -s * r});
            }
            for (int j = 0; j < k; j++) {
                double t = -Math.PI / 2 + Math.PI * j / k + (side == 0 ? 0 : Math.PI);
                pts.add(new double[] {s * a / 2 + r * Math.cos(t), r * Math.sin(t)});
            }
        }
        return pts;
    }

    /** Writes points as TUM rows with the given right and left widths. */
    static Path tum(Path file, List<double[]> pts, double right, double left) throws IOException {
        StringBuilder b = new StringBuilder("# x_m,y_m,w_tr_right_m,w_tr_left_m\n");
        for (double[] p : pts) {
            b.append(String.format(Locale.ROOT, "%.6f,%.6f,%.3f,%.3f%n", p[0], p[1], right, left));
        }
        Files.writeString(file, b);
        return file;
    }

    /** Writes points as plain x,y rows. */
    static Path xy(Path file, List<double[]> pts) throws IOException {
        StringBuilder b = new StringBuilder();
        for (double[] p : pts) {
            b.append(String.format(Locale.ROOT, "%.6f,%.6f%n", p[0], p[1]));
        }
        Files.writeString(file, b);
        return file;
    }
}
