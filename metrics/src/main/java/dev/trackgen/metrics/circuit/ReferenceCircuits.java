package dev.trackgen.metrics.circuit;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.metrics.MetricsAccumulator;
import dev.trackgen.metrics.MetricsRow;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A "realism" reference row for the metrics table, computed from a folder of real circuits.
 *
 * <p>Real circuits are in metres and generated tracks in the units of {@code half_width}, so each
 * circuit is first scaled about its centroid until its half-width equals the configured
 * {@code half_width}; it is then imported like {@link CircuitImporter} does (same spacing rule,
 * relaxation and validity gate), and the batch of imported circuits is measured exactly as a
 * generator's batch. Lengths, curvatures and lap times of the row are therefore in the same
 * width-relative units as the generators' rows, and point-based metrics (chicanes, straight
 * fraction) are sampled at the same spacing.
 */
public final class ReferenceCircuits {
    /** Name of the reference row. */
    public static final String ROW_NAME = "reference";

    private ReferenceCircuits() {
    }

    /**
     * @param dir a folder
     * @return the circuits of every {@code *.csv} file in it, by file name
     * @throws CircuitException if the folder cannot be listed, holds no CSV file, or a file is malformed
     */
    public static List<Circuit> readFolder(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new CircuitException(dir + ": not a folder");
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv") && Files.isRegularFile(p)) {
                    files.add(p);
                }
            }
        } catch (IOException e) {
            throw new CircuitException(dir + ": cannot list the folder (" + e.getMessage() + ")", e);
        }
        if (files.isEmpty()) {
            throw new CircuitException(dir + ": no .csv circuit files in the folder");
        }
        files.sort(null);
        List<Circuit> out = new ArrayList<>();
        for (Path f : files) {
            Circuit c = CircuitReader.read(f);
            if (!(c.halfWidth() > 0)) {
                throw new CircuitException(c.name() + ": a reference circuit needs width columns "
                        + "(x_m,y_m,w_tr_right_m,w_tr_left_m)");
            }
            out.add(c);
        }
        return out;
    }

    /**
     * @param circuits real circuits with widths
     * @param base     the configuration of the generators' rows
     * @param runtime  where to run (not closed here)
     * @return the reference row ({@value #ROW_NAME}; {@code tracks} = number of circuits, timing NaN)
     */
    public static MetricsRow measure(List<Circuit> circuits, TrackGenConfig base, ComputeRuntime runtime) {
        MetricsAccumulator acc = new MetricsAccumulator();
        for (Circuit c : circuits) {
            CircuitImporter.importCircuit(c.scaledToHalfWidth(base.halfWidth()), base, runtime).addTo(acc);
        }
        return acc.result(ROW_NAME);
    }
}
