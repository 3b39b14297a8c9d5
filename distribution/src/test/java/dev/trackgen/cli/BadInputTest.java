package dev.trackgen.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kind of bad input ends with a non-zero exit, exactly one line on stderr naming the
 * problem (no stack trace), nothing on stdout, and no output file (not even a temporary one).
 */
class BadInputTest {
    @TempDir
    Path dir;

    private Set<String> inputs;

    @BeforeEach
    void inputs() throws IOException {
        Files.writeString(dir.resolve("malformed.yaml"), "half_width: [0.1, 0.2\nrelax_iters: 3\n");
        Files.writeString(dir.resolve("malformed.json"), "{\"half_width\": 0.1,}");
        Files.writeString(dir.resolve("unknown-knob.yaml"), "half_width: 0.1\nbogus_knob: 3\n");
        Files.writeString(dir.resolve("bad-value.json"), "{\"relax_tol\": 2}");
        Files.writeString(dir.resolve("wrong-type.yaml"), "relax_enable: 3\n");
        Files.writeString(dir.resolve("list.yaml"), "- half_width\n- 0.1\n");
        Files.writeString(dir.resolve("duplicate.yaml"), "half_width: 0.1\nhalf_width: 0.2\n");
        Files.writeString(dir.resolve("multi.yaml"), "half_width: 0.2\n---\nhalf_width: 0.3\n");
        Files.writeString(dir.resolve("nan.yaml"), "half_width: .nan\n");
        Files.writeString(dir.resolve("nan.json"), "{\"half_width\": NaN}");
        Files.writeString(dir.resolve("inf.json"), "{\"spacing\": Infinity}");
        Files.writeString(dir.resolve("bad-runtime.yaml"), "runtime: quantum\n");
        Files.writeString(dir.resolve("a-file"), "not a directory");
        Files.createDirectory(dir.resolve("a-directory"));
        inputs = listing();
    }

    private Set<String> listing() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> dir.relativize(p).toString()).collect(TreeSet::new, Set::add, Set::addAll);
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("--envs 0", List.of("--envs", "0"), 1,
                        "--envs 0: num_envs = 0 is outside the allowed range [1, 4194304]"),
                Arguments.of("negative --envs", List.of("--envs", "-5"), 1, "num_envs = -5 is outside"),
                Arguments.of("unknown generator", List.of("--generator", "bezeir"), 1,
                        "unknown generator 'bezeir'; available: bezier, checkpoint, circuit, hull, polar, repulsive, voronoi"),
                Arguments.of("value out of range", List.of("--set", "half_width=-1"), 1,
                        "--set half_width=-1: half_width = -1.0 is outside the allowed range (0, +inf)"),
                Arguments.of("half-width at the width floor", List.of("--set", "half_width=0.001"), 1,
                        "half_width = 0.001 is not above w_floor = 0.001, the validity gate's width floor: every track "
                                + "would be invalid; raise half_width or lower w_floor"),
                Arguments.of("width floor raised above the half-width", List.of("--set", "w_floor=0.5"), 1,
                        "half_width = 0.1 is not above w_floor = 0.5"),
                Arguments.of("malformed value", List.of("--set", "relax_iters=ten"), 1,
                        "--set relax_iters=ten: relax_iters = 'ten' is not a valid int"),
                Arguments.of("not one of the choices", List.of("--set", "relax_accel=warp"), 1,
                        "relax_accel = 'warp' is not one of"),
                Arguments.of("cross-knob relation", List.of("--set", "min_num_points=12", "--set", "max_num_points=10"), 1,
                        "max_num_points = 10 must be >= min_num_points = 12"),
                Arguments.of("unknown knob in --set", List.of("--set", "halfwidth=0.1"), 1,
                        "--set halfwidth=0.1: unknown knob 'halfwidth'; did you mean 'half_width'?"),
                Arguments.of("--set without =", List.of("--set", "half_width"), 1,
                        "--set expects knob=value, got 'half_width' (no '=')"),
                Arguments.of("missing config file", List.of("--config", "@/missing.yaml"), 1,
                        "missing.yaml' does not exist"),
                Arguments.of("config file is a directory", List.of("--config", "@/a-directory"), 1,
                        "a-directory' is a directory, not a file"),
                Arguments.of("malformed YAML", List.of("--config", "@/malformed.yaml"), 1,
                        "malformed.yaml' is not valid YAML: while parsing a flow sequence"),
                Arguments.of("malformed JSON", List.of("--config", "@/malformed.json"), 1,
                        "malformed.json' is not valid JSON: Unexpected character"),
                Arguments.of("unknown knob in the config file", List.of("--config", "@/unknown-knob.yaml"), 1,
                        "unknown-knob.yaml': unknown knob 'bogus_knob'"),
                Arguments.of("bad value in the config file", List.of("--config", "@/bad-value.json"), 1,
                        "bad-value.json': relax_tol = 2.0 is outside the allowed range [0, 1)"),
                Arguments.of("wrong type in the config file", List.of("--config", "@/wrong-type.yaml"), 1,
                        "wrong-type.yaml': relax_enable = 3 is not a valid bool"),
                Arguments.of("config file is a list", List.of("--config", "@/list.yaml"), 1,
                        "must be a mapping of knob names to values, but it holds a list"),
                Arguments.of("duplicate key in the config file", List.of("--config", "@/duplicate.yaml"), 1,
                        "found duplicate key half_width"),
                Arguments.of("multi-document YAML", List.of("--config", "@/multi.yaml"), 1,
                        "multi.yaml' holds 2 YAML documents (separated by '---')"),
                Arguments.of("YAML .nan", List.of("--config", "@/nan.yaml"), 1,
                        "nan.yaml': half_width = NaN is not a finite number (allowed: (0, +inf))"),
                Arguments.of("JSON NaN", List.of("--config", "@/nan.json"), 1,
                        "nan.json': half_width = NaN is not a finite number (allowed: (0, +inf))"),
                Arguments.of("JSON Infinity", List.of("--config", "@/inf.json"), 1,
                        "inf.json': spacing = Infinity is not a finite number"),
                Arguments.of("unknown runtime in the config file", List.of("--config", "@/bad-runtime.yaml"), 1,
                        "bad-runtime.yaml': unknown runtime 'quantum'; available: auto, cpu, cuda"),
                Arguments.of("unknown runtime", List.of("--runtime", "quantum"), 1,
                        "--runtime: unknown runtime 'quantum'; available: auto, cpu, cuda"),
                Arguments.of("negative --threads", List.of("--threads", "-2"), 1,
                        "--threads -2: is outside the allowed range [0, "),
                Arguments.of("too many --threads", List.of("--threads", "100000"), 1,
                        "--threads 100000: is outside the allowed range [0, "),
                Arguments.of("--out in a missing directory", List.of("--out", "@/no-such-dir/t.npz"), 1,
                        "no-such-dir' does not exist"),
                Arguments.of("--preview in a missing directory", List.of("--preview", "@/no-such-dir/t.png"), 1,
                        "no-such-dir' does not exist"),
                Arguments.of("--out below a file", List.of("--out", "@/a-file/t.npz"), 1, "a-file' is not a directory"),
                Arguments.of("--out is a directory", List.of("--out", "@/a-directory"), 1,
                        "a-directory: exists and is a directory, not a regular file"),
                Arguments.of("--out is a device", List.of("--out", "/dev/null"), 1,
                        "--out /dev/null: exists and is a character device, not a regular file"),
                Arguments.of("--preview is a device", List.of("--preview", "/dev/full"), 1,
                        "--preview /dev/full: exists and is a character device, not a regular file"),
                Arguments.of("--out in a read-only location", List.of("--out", "@unwritable/t.npz"), 1,
                        "cannot write in directory"),
                Arguments.of("--preview in a read-only location", List.of("--preview", "@unwritable/t.png"), 1,
                        "cannot write in directory"),
                // a picture name for the archive is refused first, so --out and --preview cannot name
                // one file (OutputTransactionTest covers two outputs on one path)
                Arguments.of("--out names a picture", List.of("--out", "@/t.png", "--preview", "@/t.png"), 1,
                        "t.png: writes a numpy .npz archive, not a picture"),
                Arguments.of("--out names a picture, upper case", List.of("--out", "@/q.JPG"), 1,
                        "q.JPG: writes a numpy .npz archive, not a picture"),
                Arguments.of("--preview names another format", List.of("--preview", "@/t.jpg"), 1,
                        "t.jpg: pictures are written as PNG; name the file *.png"),
                Arguments.of("malformed number", List.of("--envs", "lots"), 2,
                        "Invalid value for option '--envs': 'lots' is not an int (see 'trackgen generate --help')"),
                Arguments.of("unknown option", List.of("--evns", "4"), 2, "Unknown options: '--evns'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputEndsWithOneLineAndNoOutput(String name, List<String> caseArgs, int exitCode, String expected)
            throws IOException {
        Path unwritable = caseArgs.stream().anyMatch(a -> a.startsWith("@unwritable")) ? Unwritable.directory(dir) : null;
        inputs = listing();
        List<String> args = new ArrayList<>(List.of("generate"));
        // Valid outputs unless the case names its own, so "no file left behind" is meaningful.
        for (String[] option : new String[][] {{"--envs", "2"}, {"--out", dir.resolve("t.npz").toString()},
            {"--preview", dir.resolve("t.png").toString()}}) {
            if (!caseArgs.contains(option[0])) {
                args.addAll(List.of(option));
            }
        }
        for (String a : caseArgs) {
            if (a.startsWith("@unwritable")) {
                args.add(unwritable + a.substring("@unwritable".length()));
            } else if (a.startsWith("@/")) {
                args.add(dir.resolve(a.substring(2)).toString());
            } else {
                args.add(a);
            }
        }
        CliRun run = CliRun.run(args.toArray(String[]::new));

        assertEquals(exitCode, run.code(), run::toString);
        assertEquals(1, run.errLines().size(), () -> "exactly one stderr line\n" + run);
        String line = run.errLines().get(0);
        assertTrue(line.startsWith("trackgen: error: "), line);
        assertTrue(line.contains(expected), () -> "expected '" + expected + "' in: " + line);
        assertEquals("", run.out(), "stdout stays empty");
        assertEquals(inputs, listing(), "no output or temporary file is left behind");
    }

    @Test
    void verboseAddsTheStackTrace() {
        CliRun run = CliRun.run("generate", "--envs", "0", "--verbose");
        assertNotEquals(0, run.code());
        assertEquals("trackgen: error: --envs 0: num_envs = 0 is outside the allowed range [1, 4194304]",
                run.errLines().get(0));
        assertTrue(run.errLines().size() > 3, run::toString);
        assertTrue(run.err().contains("InvalidConfigException"), run::toString);
        assertTrue(run.err().contains("\tat dev.trackgen."), run::toString);
    }

    @Test
    void theLargestBatchNamedIsTheBindingOne() {
        // two buffer limits apply (the generator's point buffer, the separation cache): the message
        // names the lower, so a run one above it names the same number again
        CliRun huge = CliRun.run("generate", "--envs", "4000000");
        assertNotEquals(0, huge.code());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("num_envs can be at most (\\d+)").matcher(huge.err());
        assertTrue(m.find(), huge.err());
        long most = Long.parseLong(m.group(1));
        CliRun above = CliRun.run("generate", "--envs", String.valueOf(most + 1));
        assertNotEquals(0, above.code());
        assertTrue(above.err().contains("num_envs can be at most " + most), above.err());
    }

    @Test
    void aFailedRunLeavesAnExistingOutputAlone() throws IOException {
        Path out = dir.resolve("keep.npz");
        Files.writeString(out, "previous result");
        CliRun run = CliRun.run("generate", "--envs", "2", "--out", out.toString(), "--set", "half_width=0");
        assertNotEquals(0, run.code());
        assertEquals("previous result", Files.readString(out));
    }

    @Test
    void noCommandIsAUsageError() {
        CliRun run = CliRun.run();
        assertEquals(2, run.code());
        assertEquals(List.of("trackgen: error: missing command: choose one of generate, gates, generators, knobs, metrics, bench, import, check, explore, progress-figure "
                + "(see 'trackgen --help')"), run.errLines());
    }

    @Test
    void anUnknownKnobPrefixIsAnError() {
        CliRun run = CliRun.run("knobs", "zzz");
        assertEquals(1, run.code());
        assertEquals(List.of("trackgen: error: no knob name starts with 'zzz' (run 'trackgen knobs' for all of them)"),
                run.errLines());
    }
}
