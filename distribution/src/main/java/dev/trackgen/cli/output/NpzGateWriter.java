package dev.trackgen.cli.output;

import dev.trackgen.gates.GateCourseSnapshot;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a batch of gate courses as a numpy {@code .npz} archive, one array per field of the
 * {@code GateCourse} contract (docs/gates.md, "Arrays"), NaN past each env's count, plus
 * {@code config}: the resolved configuration as JSON ({@code {"track": {...}, "gates": {...}}}).
 */
public final class NpzGateWriter {
    /** The array names, in the order they are written. */
    public static final List<String> ARRAY_NAMES = List.of("position", "tangent", "orientation", "half_size", "left",
            "right", "count", "valid", "line_points", "line_arclen", "line_length", "line_count", "config");

    private final boolean compressed;

    /** @param compressed whether to deflate the entries, like {@code numpy.savez_compressed} */
    public NpzGateWriter(boolean compressed) {
        this.compressed = compressed;
    }

    /**
     * @param s          the batch
     * @param configJson the resolved configuration as JSON (ASCII only)
     * @param file       the file to create or replace
     * @throws IOException if writing fails (the first I/O error)
     */
    public void write(GateCourseSnapshot s, String configJson, Path file) throws IOException {
        if (!configJson.chars().allMatch(c -> c < 128)) {
            throw new IllegalArgumentException("configJson must be ASCII (escape other characters as \\u escapes)");
        }
        int e = s.numEnvs();
        int g = s.gMax();
        int l = s.lineMax();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
             NpzArchive w = new NpzArchive(out, compressed)) {
            w.putFloats("position", s.position(), e, g, 3);
            w.putFloats("tangent", s.tangent(), e, g, 3);
            w.putFloats("orientation", s.orientation(), e, g, 4);
            w.putFloats("half_size", s.halfSize(), e, g);
            w.putFloats("left", s.left(), e, g, 3);
            w.putFloats("right", s.right(), e, g, 3);
            w.putInts("count", s.count(), e);
            w.putInts("valid", s.valid(), e);
            w.putFloats("line_points", s.linePoints(), e, l, 3);
            w.putFloats("line_arclen", s.lineArclen(), e, l);
            w.putFloats("line_length", s.lineLength(), e);
            w.putInts("line_count", s.lineCount(), e);
            w.putAscii("config", configJson);
        }
    }
}
