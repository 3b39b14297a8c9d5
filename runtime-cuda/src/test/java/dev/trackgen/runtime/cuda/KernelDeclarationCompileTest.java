package dev.trackgen.runtime.cuda;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated module headers ({@code trackgen_<artifact>_kernels.h}, written by the
 * kernel-declaration processor) turn a CUDA body that disagrees with its Java declaration into a
 * compile error: real .cu files of api and pipeline, with one parameter of one entry point changed
 * the way a forgotten edit would leave it, are compiled with g++ (syntax only, host shim) as the
 * host harness compiles them, and must fail naming the entry point; unchanged they compile.
 */
class KernelDeclarationCompileTest {
    private static final Pattern INCLUDE = Pattern.compile("#include\\s+\"(trackgen_\\w+_kernels\\.h)\"");

    @TempDir
    Path tmp;

    /** Outcome of one g++ run. */
    private record Compile(int exit, String log) {
    }

    private Compile syntaxCheck(Path cu, String text) throws IOException, InterruptedException {
        Path root = HostHarness.root();
        Path unit = tmp.resolve(cu.getFileName().toString().replaceFirst("\\.cu$", "") + "_check.cpp");
        Files.writeString(unit, text);
        List<String> cmd = new ArrayList<>(List.of("g++", "-std=c++20", "-fsyntax-only", "-Wall",
                "-Wno-unused-function", "-I", cu.getParent().toString(), "-I",
                root.resolve("api/src/main/cuda").toString()));
        for (Path generated : HostHarness.generatedHeaderDirs()) {
            cmd.add("-I");
            cmd.add(generated.toString());
        }
        cmd.add(unit.toString());
        Path log = tmp.resolve("g++.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "g++ did not finish");
        return new Compile(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /**
     * @return {@code text} with {@code from} replaced by {@code to} in the parameter list of the
     *     definition of {@code entry} (which must contain {@code from} exactly once)
     */
    private static String mutate(String text, String entry, String from, String to) {
        Matcher m = Pattern.compile("extern\\s+\"C\"\\s+__global__\\s+void\\s+(?:TG_LAUNCH_BOUNDS\\([^)]*\\)\\s+)?"
                + entry + "\\s*\\(").matcher(text);
        assertTrue(m.find(), "no definition of " + entry);
        int close = text.indexOf(')', m.end());
        String params = text.substring(m.end(), close);
        assertEquals(1, params.split(Pattern.quote(from), -1).length - 1,
                entry + "'s parameters (" + params + ") should contain '" + from + "' once");
        return text.substring(0, m.end()) + params.replace(from, to) + text.substring(close);
    }

    private static Path cu(String module, String file) {
        return HostHarness.root().resolve(module).resolve("src/main/cuda").resolve(file);
    }

    private void assertRejected(Path cu, String entry, String from, String to) throws Exception {
        Compile c = syntaxCheck(cu, mutate(Files.readString(cu), entry, from, to));
        assertFalse(c.exit() == 0, entry + " with '" + to + "' for '" + from + "' compiled:\n" + c.log());
        assertTrue(c.log().contains("conflicting declaration of C function") && c.log().contains(entry), c.log());
    }

    @Test
    void theBodiesAsTheyAreCompile() throws Exception {
        for (Path cu : List.of(cu("api", "api.cu"), cu("pipeline", "pipeline.cu"))) {
            Compile c = syntaxCheck(cu, Files.readString(cu));
            assertEquals(0, c.exit(), cu + ":\n" + c.log());
        }
    }

    @Test
    void aBodyThatDropsConstFromAnInputFailsToCompile() throws Exception {
        assertRejected(cu("pipeline", "pipeline.cu"), "tg_frame", "const float2* center", "float2* center");
    }

    @Test
    void aBodyWithAParameterTheDeclarationLacksFailsToCompile() throws Exception {
        assertRejected(cu("pipeline", "pipeline.cu"), "tg_validity", "float relaxTol,", "float relaxTol, int extra,");
    }

    @Test
    void aBodyWithAnotherParameterTypeFailsToCompile() throws Exception {
        assertRejected(cu("api", "api.cu"), "tg_self_intersections", "int maxCount", "float maxCount");
    }

    @Test
    void everyCudaFileOfAModuleWithDeclarationsIncludesItsHeader() throws IOException {
        Path root = HostHarness.root();
        int checked = 0;
        for (Path generated : HostHarness.generatedHeaderDirs()) {
            Path module = generated.getParent().getParent().getParent();
            List<String> headers;
            try (Stream<Path> hs = Files.list(generated)) {
                headers = hs.map(h -> h.getFileName().toString()).filter(n -> n.endsWith("_kernels.h")).toList();
            }
            if (headers.isEmpty()) {
                continue;
            }
            assertEquals(1, headers.size(), generated + " holds one module header");
            boolean testBodies = generated.getParent().getFileName().toString().equals("test-classes");
            try (Stream<Path> cus = Files.list(module.resolve(testBodies ? "src/test/cuda" : "src/main/cuda"))) {
                for (Path cu : cus.filter(p -> p.toString().endsWith(".cu")).sorted().toList()) {
                    Matcher m = INCLUDE.matcher(Files.readString(cu));
                    List<String> included = new ArrayList<>();
                    while (m.find()) {
                        included.add(m.group(1));
                    }
                    assertTrue(included.contains(headers.get(0)),
                            root.relativize(cu) + " does not include its module's generated " + headers.get(0));
                    checked++;
                }
            }
        }
        assertTrue(checked >= 2, "api.cu and pipeline.cu at least");
    }
}
