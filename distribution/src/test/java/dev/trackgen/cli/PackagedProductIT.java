package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the packaged product ({@code target/trackgen/lib}) in fresh JVMs, once on the module path
 * ({@code java -p lib -m dev.trackgen.cli/dev.trackgen.cli.Main}) and once on the class path
 * ({@code java -cp 'lib/*' dev.trackgen.cli.Main}). ServiceLoader must find the bezier generator
 * and the cpu runtime either way: through {@code provides}/{@code uses} on the module path and
 * through {@code META-INF/services} on the class path. Also runs the repository's launcher.
 */
class PackagedProductIT {
    private static final Path DIST = Path.of(required("trackgen.dist.dir"));
    private static final Path LIB = DIST.resolve("lib");
    private static final Path REPO = Path.of(required("trackgen.repo.root")).toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            throw new IllegalStateException("system property " + property + " is not set (run through maven-failsafe)");
        }
        return v;
    }

    /** How the product is started. */
    enum Launch {
        MODULE_PATH {
            @Override
            List<String> command() {
                return List.of(JAVA, "-p", LIB.toString(), "-m", "dev.trackgen.cli/dev.trackgen.cli.Main");
            }
        },
        CLASS_PATH {
            @Override
            List<String> command() {
                return List.of(JAVA, "-cp", LIB + File.separator + "*", "dev.trackgen.cli.Main");
            }
        };

        abstract List<String> command();
    }

    record Result(int code, String out, String err) {
        List<String> errLines() {
            return Arrays.stream(err.split("\\R")).filter(l -> !l.isEmpty()).toList();
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private Result exec(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("TRACKGEN_RUNTIME");
        pb.environment().remove("JAVA_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private Result run(Launch launch, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.command());
        cmd.addAll(List.of(args));
        return exec(cmd, Map.of());
    }

    @Test
    void theFolderHoldsEveryRuntimeJarAndAPluginsFolder() throws IOException {
        List<String> jars;
        try (Stream<Path> s = Files.list(LIB)) {
            jars = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        for (String prefix : List.of("trackgen-api-", "trackgen-registry-", "trackgen-generators-",
                "trackgen-runtime-cpu-", "trackgen-pipeline-", "trackgen-distribution-", "picocli-", "guice-",
                "jakarta.inject-api-", "guava-", "jackson-databind-", "snakeyaml-",
                "npy-", "kotlin-stdlib-", "trackgen-export-", "jgltf-model-", "jgltf-model-builder-", "jgltf-impl-v2-")) {
            assertTrue(jars.stream().anyMatch(j -> j.startsWith(prefix) && j.endsWith(".jar")), prefix + " in " + jars);
        }
        assertTrue(jars.stream().noneMatch(j -> j.startsWith("junit")), "no test jars: " + jars);
        assertTrue(Files.isDirectory(DIST.resolve("plugins")));
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void generatorsFindsBezierAndTheCpuRuntime(Launch launch) throws Exception {
        Result r = run(launch, "generators");
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err(), r::toString);
        List<String> lines = Arrays.asList(r.out().split("\\R"));
        String bezier = lines.stream().filter(l -> l.startsWith("bezier ")).findFirst()
                .orElseThrow(() -> new AssertionError("bezier not listed:\n" + r));
        if (launch == Launch.MODULE_PATH) {
            assertTrue(bezier.matches("bezier +yes +(device|no PTX) +module dev\\.trackgen\\.generators \\(trackgen-generators-.+\\.jar\\) +\\S.*"),
                    "found as a named module: " + bezier);
        } else {
            assertTrue(bezier.matches("bezier +yes +(device|no PTX) +trackgen-generators-\\S+\\.jar +\\S.*"),
                    "found on the class path: " + bezier);
        }
        assertTrue(lines.stream().anyMatch(l -> l.matches("cpu +0 +available")), r::toString);
        assertFalse(r.out().contains("PROBLEMS"), r::toString);
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void generateWritesBothOutputsOnTheCpuRuntime(Launch launch) throws Exception {
        Result r = run(launch, "generate", "--generator", "bezier", "--envs", "16", "--seed", "3", "--runtime", "cpu",
                "--out", "t.npz", "--preview", "t.png", "--json");
        assertEquals(0, r.code(), r::toString);
        String[] lines = r.out().split("\\R");
        assertEquals(1, lines.length, r::toString);
        JsonNode j = JSON.readTree(lines[0]);
        assertEquals("cpu", j.get("runtime").asText());
        assertEquals(16, j.get("num_envs").asInt());
        assertTrue(Files.size(dir.resolve("t.npz")) > 16 * 384 * 2 * 4, "npz written");
        assertTrue(Files.size(dir.resolve("t.png")) > 1000, "png written");
        assertTrue(r.err().contains("trackgen: writing preview t.png ... done in"), r::toString);
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void exportWritesEveryFormatWithTheLibrariesOfTheProduct(Launch launch) throws Exception {
        Result r = run(launch, "generate", "--envs", "2", "--seed", "3", "--runtime", "cpu", "-q",
                "--export", "f1tenth,tum,deepracer,gltf,obj", "--out-dir", "sim", "--map-resolution", "0.1");
        assertEquals(0, r.code(), r::toString);
        JsonNode index = JSON.readTree(dir.resolve("sim/index.json").toFile());
        assertTrue(index.get("written").asInt() > 0, r::toString);
        for (JsonNode env : index.get("envs")) {
            for (JsonNode f : env.path("files")) {
                assertTrue(Files.size(dir.resolve("sim").resolve(f.asText())) > 0, f.asText());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void errorsAreOneLineWithoutAStackTrace(Launch launch) throws Exception {
        Result r = run(launch, "generate", "--envs", "0", "--out", "t.npz");
        assertEquals(1, r.code(), r::toString);
        assertEquals(List.of("trackgen: error: --envs 0: num_envs = 0 is outside the allowed range [1, 4194304]"),
                r.errLines());
        assertEquals("", r.out());
        assertFalse(Files.exists(dir.resolve("t.npz")));
    }

    @Test
    void theLauncherRunsTheBuiltProductOnTheModulePath() throws Exception {
        Path launcher = REPO.resolve("trackgen");
        assertTrue(Files.isExecutable(launcher), launcher + " is executable");
        Result version = exec(List.of(launcher.toString(), "--version"), Map.of());
        assertEquals(0, version.code(), version::toString);
        assertTrue(version.out().startsWith("trackgen "), version::toString);
        assertEquals("", version.err(), "already built: no build line");

        Result generators = exec(List.of(launcher.toString(), "generators"), Map.of());
        assertTrue(generators.out().contains("module dev.trackgen.generators"), generators::toString);

        Result property = exec(List.of(launcher.toString(), "generate", "--envs", "2"),
                Map.of("JAVA_OPTS", "-Dtrackgen.runtime=quantum", "TRACKGEN_RUNTIME", "cpu"));
        assertEquals(List.of("trackgen: error: system property trackgen.runtime: unknown runtime 'quantum'; "
                + "available: auto, cpu, cuda"), property.errLines(), property::toString);

        Result env = exec(List.of(launcher.toString(), "generate", "--envs", "2", "--json", "-q"),
                Map.of("TRACKGEN_RUNTIME", "cpu"));
        assertEquals(0, env.code(), env::toString);
        assertEquals("cpu", JSON.readTree(env.out()).get("runtime").asText());
    }
    @Test
    void theBuildsClassDataArchiveMapsOnThePackagedModulePathAndTheLauncherMapsIt() throws Exception {
        Path archive = DIST.resolve("trackgen.jsa");
        assertTrue(Files.size(archive) > 1 << 20, archive + " written by the build's training run");
        // -Xshare:on: the JVM stops with an error instead of ignoring an archive it cannot map
        Result mapped = exec(List.of(JAVA, "-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-p", LIB.toString(),
                "--add-modules", "ALL-MODULE-PATH", "-m", "dev.trackgen.cli/dev.trackgen.cli.Main", "generators"), Map.of());
        assertEquals(0, mapped.code(), mapped::toString);
        assertTrue(mapped.out().contains("module dev.trackgen.generators"), mapped::toString);

        Path launcher = REPO.resolve("trackgen");
        Result on = exec(List.of(launcher.toString(), "generators"), Map.of("JAVA_OPTS", "-Xlog:class+load"));
        assertEquals(0, on.code(), on::toString);
        assertTrue(on.out().contains("source: shared objects file (top)"), "classes from the archive");
        Result off = exec(List.of(launcher.toString(), "generators"),
                Map.of("JAVA_OPTS", "-Xlog:class+load", "TRACKGEN_CDS", "0"));
        assertEquals(0, off.code(), off::toString);
        assertFalse(off.out().contains("shared objects file (top)"), "TRACKGEN_CDS=0: no archive");
    }

    @Test
    void theLauncherRunsASmallOneShotGenerateOnC1Only() throws Exception {
        assertEquals(1, tieredStop("generate", "--envs", "4096"));
        assertEquals(1, tieredStop("generate", "--envs=8192", "--generator", "bezier"));
        assertEquals(4, tieredStop("generate", "--envs", "8193"));
        assertEquals(4, tieredStop("generate", "--envs", "64", "--generator", "circuit"));
        assertEquals(4, tieredStop("generate", "--envs", "64", "--config", "c.yaml"));
        assertEquals(4, tieredStop("generate"));
        assertEquals(4, tieredStop("metrics", "--envs", "64"));
        assertEquals(4, tieredStop(Map.of("TRACKGEN_JIT", "full"), "generate", "--envs", "64"));
        assertEquals(1, tieredStop(Map.of("TRACKGEN_JIT", "quick"), "bench", "--envs", "64"));
    }

    /** @return the JVM's TieredStopAtLevel under the launcher for these arguments (made to fail at once) */
    private int tieredStop(String... args) throws Exception {
        return tieredStop(Map.of(), args);
    }

    private int tieredStop(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(REPO.resolve("trackgen").toString()));
        cmd.addAll(List.of(args));
        cmd.add("--no-such-option");
        Map<String, String> all = new HashMap<>(env);
        all.put("JAVA_OPTS", "-XX:+PrintFlagsFinal");
        Result r = exec(cmd, all);
        assertEquals(2, r.code(), r::toString);
        Matcher m = Pattern.compile("\\bTieredStopAtLevel\\s+=\\s+(\\d+)").matcher(r.out());
        assertTrue(m.find(), r::toString);
        return Integer.parseInt(m.group(1));
    }
}
