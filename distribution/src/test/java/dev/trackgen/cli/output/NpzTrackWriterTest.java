package dev.trackgen.cli.output;

import dev.trackgen.api.TrackSnapshot;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpzEntry;
import org.jetbrains.bio.npy.NpzFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The writer alone, without the CLI or Guice: exact values, names, dtypes and shapes survive a round trip. */
class NpzTrackWriterTest {
    private static final String CONFIG = "{\"generator\":\"bezier\",\"num_envs\":3}";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "compressed = {0}")
    @ValueSource(booleans = {false, true})
    void roundTrip(boolean compressed) throws IOException {
        TrackSnapshot s = Snapshots.lifted(3, 8, 1);
        Path f = dir.resolve("t.npz");
        new NpzTrackWriter(compressed).write(s, CONFIG, f);

        try (NpzFile.Reader r = NpzFile.read(f)) {
            assertEquals(NpzTrackWriter.ARRAY_NAMES, r.introspect().stream().map(NpzEntry::getName).toList());
            for (String name : List.of("center", "outer", "inner", "tangent", "normal")) {
                NpyArray a = r.get(name, Integer.MAX_VALUE);
                assertArrayEquals(new int[] {3, 8, 2}, a.getShape(), name);
                assertArrayEquals(pick(s, name), a.asFloatArray(), name);
            }
            NpyArray arclen = r.get("arclen", Integer.MAX_VALUE);
            assertArrayEquals(new int[] {3, 8}, arclen.getShape());
            assertArrayEquals(s.arclen(), arclen.asFloatArray());
            NpyArray left = r.get("left_half_width", Integer.MAX_VALUE);
            NpyArray right = r.get("right_half_width", Integer.MAX_VALUE);
            assertArrayEquals(new int[] {3, 8}, left.getShape());
            assertArrayEquals(new int[] {3, 8}, right.getShape());
            assertArrayEquals(s.leftHalfWidth(), left.asFloatArray());
            assertArrayEquals(s.rightHalfWidth(), right.asFloatArray());
            for (String name : new String[] {"center_z", "outer_z", "inner_z", "bank", "arclen_3d"}) {
                assertArrayEquals(new int[] {3, 8}, r.get(name, Integer.MAX_VALUE).getShape(), name);
            }
            assertArrayEquals(s.centerZ(), r.get("center_z", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(s.outerZ(), r.get("outer_z", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(s.innerZ(), r.get("inner_z", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(s.bank(), r.get("bank", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(s.arclen3d(), r.get("arclen_3d", Integer.MAX_VALUE).asFloatArray());
            NpyArray t3 = r.get("tangent_3d", Integer.MAX_VALUE);
            assertArrayEquals(new int[] {3, 8, 3}, t3.getShape());
            assertArrayEquals(s.tangent3d(), t3.asFloatArray());
            assertArrayEquals(new int[] {3}, r.get("length_3d", Integer.MAX_VALUE).getShape());
            assertArrayEquals(s.length3d(), r.get("length_3d", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(new int[] {3}, r.get("length", Integer.MAX_VALUE).getShape());
            assertArrayEquals(s.length(), r.get("length", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(s.winding(), r.get("winding", Integer.MAX_VALUE).asFloatArray());
            assertArrayEquals(new boolean[] {true, false, true}, r.get("valid", Integer.MAX_VALUE).asBooleanArray());
            assertArrayEquals(new int[] {8, 7, 6}, r.get("count", Integer.MAX_VALUE).asIntArray());
            NpyArray config = r.get("config", Integer.MAX_VALUE);
            assertArrayEquals(new int[] {1}, config.getShape());
            assertArrayEquals(new String[] {CONFIG}, config.asStringArray());
        }
    }

    private static float[] pick(TrackSnapshot s, String name) {
        return switch (name) {
            case "center" -> s.center();
            case "outer" -> s.outer();
            case "inner" -> s.inner();
            case "tangent" -> s.tangent();
            default -> s.normal();
        };
    }

    /** numpy reads these headers without pickle: fixed dtypes only, never the object dtype '|O'. */
    @Test
    void headersUseNumpyDtypesThatNeedNoPickle() throws IOException {
        Path f = dir.resolve("t.npz");
        new NpzTrackWriter().write(Snapshots.circles(3, 8, 1), CONFIG, f);
        try (ZipFile zip = new ZipFile(f.toFile())) {
            assertHeader(zip, "center", "'descr':'<f4'", "'shape':(3,8,2,)");
            assertHeader(zip, "arclen", "'descr':'<f4'", "'shape':(3,8,)");
            assertHeader(zip, "length", "'descr':'<f4'", "'shape':(3,)");
            assertHeader(zip, "valid", "'descr':'|b1'", "'shape':(3,)");
            assertHeader(zip, "count", "'descr':'<i4'", "'shape':(3,)");
            assertHeader(zip, "config", "'descr':'|S" + CONFIG.length() + "'", "'shape':(1,)");
        }
    }

    private static void assertHeader(ZipFile zip, String name, String... parts) throws IOException {
        var entry = zip.getEntry(name + ".npy");
        assertTrue(entry != null, "entry " + name + ".npy");
        byte[] head = zip.getInputStream(entry).readNBytes(128);
        String raw = new String(head, StandardCharsets.ISO_8859_1);
        assertTrue(raw.startsWith("\u0093NUMPY"), name + ": " + raw);
        // The header is a Python dict literal; compare it without blanks ("(3,8,2, )" == "(3, 8, 2)").
        String header = raw.substring(0, raw.indexOf('}') + 1).replace(" ", "");
        for (String p : parts) {
            assertTrue(header.contains(p), name + " header lacks " + p + ": " + header.strip());
        }
        assertTrue(!header.contains("|O"), name + " must not need pickle");
    }

    @Test
    void nonAsciiConfigIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new NpzTrackWriter().write(Snapshots.circles(1, 4, -1), "{\"g\":\"\u00e9\"}", dir.resolve("x.npz")));
    }

    /** The first I/O error reaches the caller: a full device is not turned into a zip-format error. */
    @ParameterizedTest(name = "compressed = {0}")
    @ValueSource(booleans = {false, true})
    void aFullDeviceFailsWithItsOwnError(boolean compressed) {
        IOException e = assertThrows(IOException.class, () -> new NpzTrackWriter(compressed)
                .write(Snapshots.circles(64, 256, 1), CONFIG, null, Files.newOutputStream(Path.of("/dev/full"))));
        assertTrue(OutputTransaction.isNoSpace(e), e.toString());
    }

    @Test
    void anOriginIsStoredAsTwoDoubles() throws IOException {
        Path f = dir.resolve("o.npz");
        double[] origin = {612345.125, 3123456.0625};
        new NpzTrackWriter().write(Snapshots.circles(1, 8, 1), CONFIG, origin, f);
        try (NpzFile.Reader r = NpzFile.read(f)) {
            NpyArray a = r.get("origin", Integer.MAX_VALUE);
            assertArrayEquals(new int[] {2}, a.getShape());
            assertArrayEquals(origin, a.asDoubleArray());
        }
    }
}
