package dev.trackgen.cli.output;

import dev.trackgen.api.TrackSnapshot;
import org.jetbrains.bio.npy.NpzFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a track batch as an {@code .npz} archive that {@code numpy.load(path)} reads without
 * pickle:
 * <ul>
 *   <li>{@code center, outer, inner, tangent, normal}: float32 {@code [E, N_max, 2]};</li>
 *   <li>{@code arclen}: float32 {@code [E, N_max]};</li>
 *   <li>{@code length, winding}: float32 {@code [E]};</li>
 *   <li>{@code valid}: bool {@code [E]}; {@code count}: int32 {@code [E]};</li>
 *   <li>{@code config}: the resolved configuration as one ASCII JSON string, a numpy bytes
 *       array of shape {@code [1]} ({@code d['config'][0].decode()}).</li>
 * </ul>
 * Slots past {@code count[e]} are NaN, as in the snapshot. Usable without the CLI.
 */
public final class NpzTrackWriter {
    /** The array names, in the order they are written. */
    public static final List<String> ARRAY_NAMES = List.of(
            "center", "outer", "inner", "tangent", "normal", "arclen", "length", "winding", "valid", "count", "config");

    private final boolean compressed;

    /** Creates a writer of uncompressed (stored) archives, like {@code numpy.savez}. */
    public NpzTrackWriter() {
        this(false);
    }

    /** @param compressed whether to deflate the entries, like {@code numpy.savez_compressed} */
    public NpzTrackWriter(boolean compressed) {
        this.compressed = compressed;
    }

    /** @return whether entries are deflated */
    public boolean compressed() {
        return compressed;
    }

    /**
     * @param snapshot   the batch
     * @param configJson the resolved configuration as JSON (ASCII only: the npy string dtype is ASCII)
     * @param file       the file to create or replace
     * @throws IOException if writing fails
     */
    public void write(TrackSnapshot snapshot, String configJson, Path file) throws IOException {
        if (!configJson.chars().allMatch(c -> c < 128)) {
            throw new IllegalArgumentException("configJson must be ASCII (escape other characters as \\u escapes)");
        }
        int e = snapshot.numEnvs();
        int n = snapshot.nMax();
        int[] points = {e, n, 2};
        int[] perPoint = {e, n};
        int[] perEnv = {e};
        // NpzFile.Writer is Kotlin: close() declares no IOException, but may throw one.
        try (NpzFile.Writer w = NpzFile.write(file, compressed)) {
            w.write("center", snapshot.center(), points);
            w.write("outer", snapshot.outer(), points);
            w.write("inner", snapshot.inner(), points);
            w.write("tangent", snapshot.tangent(), points);
            w.write("normal", snapshot.normal(), points);
            w.write("arclen", snapshot.arclen(), perPoint);
            w.write("length", snapshot.length(), perEnv);
            w.write("winding", snapshot.winding(), perEnv);
            w.write("valid", toBooleans(snapshot.valid()), perEnv);
            w.write("count", snapshot.count(), perEnv);
            w.write("config", new String[] {configJson}, new int[] {1});
        }
    }

    private static boolean[] toBooleans(int[] flags) {
        boolean[] out = new boolean[flags.length];
        for (int i = 0; i < flags.length; i++) {
            out[i] = flags[i] != 0;
        }
        return out;
    }
}
