package dev.trackgen.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed centerline files end {@code trackgen import} with a non-zero exit, exactly one line on
 * stderr naming the row or the problem (no stack trace), nothing on stdout, and no output file.
 */
class ImportBadInputTest {
    private static final String TUM = "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";

    @TempDir
    Path dir;

    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("few.csv"), TUM + "0,0,1,1\n10,0,1,1\n10,10,1,1\n");
        Files.writeString(dir.resolve("nan.csv"), TUM + "0,0,1,1\n10,0,1,1\nnan,10,1,1\n0,10,1,1\n");
        Files.writeString(dir.resolve("dup.csv"), TUM + "0,0,1,1\n10,0,1,1\n10,0,1,1\n10,10,1,1\n0,10,1,1\n");
        StringBuilder open = new StringBuilder(TUM);
        for (int i = 0; i <= 20; i++) {
            open.append(i * 5).append(",0,1,1\n");
        }
        for (int i = 1; i <= 20; i++) {
            open.append("100,").append(i * 5).append(",1,1\n");
        }
        Files.writeString(dir.resolve("open.csv"), open);
        Files.writeString(dir.resolve("text.csv"), TUM + "0,0,1,1\n10,0,1,1\nten,10,1,1\n0,10,1,1\n");
        Files.writeString(dir.resolve("cross.csv"), TUM + "0,0,1,1\n20,20,1,1\n20,0,1,1\n0,20,1,1\n");
        Files.writeString(dir.resolve("columns.csv"), TUM + "0,0,1,1\n10,0\n");
        Files.writeString(dir.resolve("xy.csv"), "0,0\n10,0\n10,10\n0,10\n");
        Files.writeString(dir.resolve("good.csv"), TUM + "0,0,1,1\n10,0,1,1\n10,10,1,1\n0,10,1,1\n");
        byte[] binary = (TUM + "0,0,1,1\n").getBytes(StandardCharsets.US_ASCII);
        Files.write(dir.resolve("binary.csv"), Arrays.copyOf(binary, binary.length + 100));
        Files.write(dir.resolve("utf16.csv"), (TUM + "0,0,1,1\n10,0,1,1\n10,10,1,1\n0,10,1,1\n")
                .getBytes(StandardCharsets.UTF_16LE));
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("huge.csv").toFile(), "rw")) {
            f.setLength(2L << 30); // 2 GiB, sparse: nothing is written
        }
    }

    private Set<String> listing() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> dir.relativize(p).toString()).collect(TreeSet::new, Set::add, Set::addAll);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("fewer than 4 points", List.of("few.csv"),
                        "few.csv: only 3 distinct points; a closed centerline needs at least 4"),
                Arguments.of("NaN", List.of("nan.csv"),
                        "nan.csv: line 4: column 1 (x_m) is nan; coordinates and widths must be finite numbers"),
                Arguments.of("duplicate consecutive points", List.of("dup.csv"),
                        "dup.csv: lines 3 and 4 repeat the same point (10, 0); remove the duplicate"),
                Arguments.of("open polyline", List.of("open.csv"),
                        "open.csv: the centerline is open: its last point (line 42) is 141.4 from its first (line 2)"),
                Arguments.of("non-numeric row", List.of("text.csv"),
                        "text.csv: line 4: column 1 (x_m): 'ten' is not a number"),
                Arguments.of("self-crossing", List.of("cross.csv"),
                        "cross.csv: the centerline crosses itself: the edge from line 2 to line 3 crosses the edge "
                                + "from line 4 to line 5; a self-crossing centerline is invalid and is not repaired"),
                Arguments.of("ragged rows", List.of("columns.csv"), "columns.csv: line 3: 2 columns, but line 2 has 4"),
                Arguments.of("x,y without a half-width", List.of("xy.csv"),
                        "xy.csv: the file has x,y rows without widths; give the road half-width with --half-width W"),
                Arguments.of("missing file", List.of("missing.csv"), "missing.csv: no such file"),
                Arguments.of("a binary file", List.of("binary.csv"),
                        "binary.csv: not a text (UTF-8) CSV file: byte 43 is NUL (a binary file, or UTF-16 text)"),
                Arguments.of("UTF-16 without a byte-order mark", List.of("utf16.csv"),
                        "utf16.csv: not a text (UTF-8) CSV file: byte 1 is NUL"),
                Arguments.of("a 2 GiB sparse file", List.of("huge.csv"),
                        "huge.csv: 2147483648 bytes, more than the 64 MiB a centerline file may have"),
                Arguments.of("bad half-width", List.of("good.csv", "--half-width", "-1"),
                        "--half-width -1.0: must be a positive number"),
                Arguments.of("bad spacing", List.of("good.csv", "--spacing", "0"),
                        "--spacing 0.0: spacing = 0.0 is outside the allowed range (0, +inf)"),
                Arguments.of("too fine a spacing", List.of("good.csv", "--spacing", "0.0001"),
                        "use a larger spacing"),
                Arguments.of("an extent float32 cannot hold", List.of("xy.csv", "--half-width", "1e-6", "--spacing", "4",
                                "--set", "w_floor=0"),
                        "xy.csv: the centerline extends 5 from its centre, where float32 resolves only 0.0000004768"),
                Arguments.of("a half-width at the validity gate's w_floor", List.of("xy.csv", "--half-width", "0.001"),
                        "xy.csv: the half-width 0.001 (--half-width): half_width = 0.001 is not above w_floor = 0.001, "
                                + "the validity gate's width floor: every track would be invalid; give a larger --half-width or lower w_floor"),
                Arguments.of("file widths below a raised w_floor", List.of("good.csv", "--set", "w_floor=2"),
                        "good.csv: the half-width 1.0 (mean of (w_tr_right_m + w_tr_left_m) / 2 over 4 rows): "
                                + "half_width = 1.0 is not above w_floor = 2.0"),
                Arguments.of("a raised w_floor below the file's widths is fine up to the gate",
                        List.of("good.csv", "--set", "w_floor=0.5", "--spacing", "0.0001"), "use a larger spacing"),
                Arguments.of("--set half_width, which import takes from the file", List.of("good.csv", "--set",
                        "half_width=0.5"), "--set half_width=0.5: import takes the half-width from the file (its width "
                        + "columns) or from --half-width W; use --half-width 0.5"),
                Arguments.of("--set num_envs", List.of("good.csv", "--set", "num_envs=4"),
                        "--set num_envs=4: import makes one track (num_envs = 1)"),
                Arguments.of("--set N_max", List.of("good.csv", "--set", "N_max=100"),
                        "--set N_max=100: import sizes N_max from the loop's length and the spacing"),
                Arguments.of("too many threads", List.of("good.csv", "--threads", "100000"),
                        "--threads 100000: is outside the allowed range [0, "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void malformedInputEndsWithOneLineAndNoOutput(String name, List<String> caseArgs, String expected)
            throws IOException {
        Set<String> before = listing();
        List<String> args = new ArrayList<>(List.of("import", dir.resolve(caseArgs.get(0)).toString(),
                "--out", dir.resolve("t.npz").toString(), "--preview", dir.resolve("t.png").toString()));
        args.addAll(caseArgs.subList(1, caseArgs.size()));
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertEquals(1, run.code(), run::toString);
        assertEquals(1, run.errLines().size(), () -> "exactly one stderr line\n" + run);
        String line = run.errLines().get(0);
        assertTrue(line.startsWith("trackgen: error: "), line);
        assertTrue(line.contains(expected), () -> "expected '" + expected + "' in: " + line);
        assertEquals("", run.out(), "stdout stays empty");
        assertEquals(before, listing(), "no output or temporary file is left behind");
    }

    /** A device that never ends is read with a cap and refused at once by its first bytes. */
    @Test
    void anEndlessDeviceIsRefusedAtOnce() {
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> CliRun.run("import", "/dev/zero",
                "--half-width", "1"));
        assertEquals(1, run.code(), run::toString);
        assertEquals(List.of("trackgen: error: /dev/zero: not a text (UTF-8) CSV file: byte 0 is NUL (a binary file, "
                + "or UTF-16 text)"), run.errLines());
    }

    @Test
    void aPictureNameForTheArchiveIsRefusedBeforeTheCenterlineIsRead() throws IOException {
        Set<String> before = listing();
        Path png = dir.resolve("track.png");
        CliRun run = CliRun.run("import", dir.resolve("missing.csv").toString(), "--out", png.toString());
        assertEquals(1, run.code(), run::toString);
        assertEquals(List.of("trackgen: error: --out " + png + ": writes a numpy .npz archive, not a picture; "
                + "name it *.npz, and ask for a picture with --preview FILE.png"), run.errLines());
        assertEquals(before, listing(), "nothing is written");
    }

    @Test
    void aSpecialOutputIsRefusedBeforeTheCenterlineIsRead() throws IOException {
        CliRun run = CliRun.run("import", dir.resolve("missing.csv").toString(), "--out", "/dev/null");
        assertEquals(1, run.code(), run::toString);
        assertEquals(List.of("trackgen: error: --out /dev/null: exists and is a character device, not a regular file; "
                + "name a new or regular file"), run.errLines());
        assertFalse(Files.isRegularFile(Path.of("/dev/null")), "/dev/null is still a device");
    }
}
