package dev.trackgen.cli;

import dev.trackgen.cli.config.Settings;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Runs the CLI in-process with captured streams; test support. */
public record CliRun(int code, String out, String err) {

    /** Runs with no system properties or environment variables visible. */
    public static CliRun run(String... args) {
        return run(Settings.of(Map.of(), Map.of()), args);
    }

    /** Runs with the given settings. */
    public static CliRun run(Settings settings, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(o, e, settings, args);
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** @return the non-empty lines of standard output */
    public List<String> outLines() {
        return Arrays.stream(out.split("\\R")).filter(l -> !l.isEmpty()).toList();
    }

    /** @return the non-empty lines of the error stream */
    public List<String> errLines() {
        return Arrays.stream(err.split("\\R")).filter(l -> !l.isEmpty()).toList();
    }

    /** @return the error lines that are not progress lines */
    public List<String> errorLines() {
        return errLines().stream().filter(l -> l.startsWith("trackgen: error:")).toList();
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
