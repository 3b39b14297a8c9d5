package dev.trackgen.cli;

import dev.trackgen.cli.config.Settings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A result that cannot be written to standard output (a full disk, {@code > /dev/full}) ends
 * every command with one {@code trackgen: error:} line and exit 1, never exit 0 with the result
 * lost. The stream is {@code /dev/full} where it exists (Linux), else one that fails every write
 * the same way.
 */
class StandardOutputTest {
    private static final Path DEV_FULL = Path.of("/dev/full");

    private record Result(int code, List<String> errLines) {
    }

    private static OutputStream full() throws IOException {
        if (Files.exists(DEV_FULL)) {
            return new FileOutputStream(DEV_FULL.toFile());
        }
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
    }

    private static Result run(PrintStream out, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(out, e, Settings.of(Map.of(), Map.of()), args);
        }
        out.close();
        List<String> lines = Arrays.stream(err.toString(StandardCharsets.UTF_8).split("\\R"))
                .filter(l -> !l.isEmpty()).toList();
        return new Result(code, lines);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"knobs", "generators", "generate --envs 2 --runtime cpu --json -q", "--version",
        "generate --help"})
    void aFailedWriteToStandardOutputIsAnError(String command) throws IOException {
        Result r = run(ResultStream.over(full(), StandardCharsets.UTF_8), command.split(" "));
        assertEquals(1, r.code(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        assertEquals("trackgen: error: cannot write the results to standard output (No space left on device); "
                + "they are lost", r.errLines().get(0));
    }

    @Test
    void anyPrintStreamThatFailsIsCaughtToo() throws IOException {
        Result r = run(new PrintStream(full(), true, StandardCharsets.UTF_8), "knobs", "half");
        assertEquals(1, r.code(), r::toString);
        assertEquals(List.of("trackgen: error: cannot write the results to standard output (the write failed); "
                + "they are lost"), r.errLines());
    }

    /** {@code trackgen knobs | head}: the reader stopped on purpose; exit 1 as for SIGPIPE, but no error line. */
    @Test
    void aBrokenPipeEndsQuietlyWithANonZeroExit() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        Result r = run(ResultStream.over(closed, StandardCharsets.UTF_8), "knobs");
        assertEquals(1, r.code(), r::toString);
        assertEquals(List.of(), r.errLines());
    }

    @Test
    void aRunThatAlreadyFailedKeepsItsOneErrorLine() throws IOException {
        Result r = run(ResultStream.over(full(), StandardCharsets.UTF_8), "generate", "--envs", "0");
        assertEquals(1, r.code(), r::toString);
        assertEquals(1, r.errLines().size(), r::toString);
        assertTrue(r.errLines().get(0).contains("--envs 0: num_envs = 0 is outside"), r::toString);
    }

    @Test
    void aWorkingStreamStillSucceeds() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Result r = run(ResultStream.over(bytes, StandardCharsets.UTF_8), "knobs", "half_width");
        assertEquals(0, r.code(), r::toString);
        assertEquals(List.of(), r.errLines());
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("half_width"));
    }
}
