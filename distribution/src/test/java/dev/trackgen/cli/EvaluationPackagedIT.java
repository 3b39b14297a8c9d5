package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The evaluation commands of the packaged product ({@code metrics}, {@code bench}, {@code import})
 * in fresh JVMs on the module path and on the class path: the metrics module, and the
 * {@code jdk.management} module the bench needs, must resolve both ways.
 */
class EvaluationPackagedIT {
    private static final Path LIB = Path.of(System.getProperty("trackgen.dist.dir", "target/trackgen")).resolve("lib");
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    enum Launch {
        MODULE_PATH(List.of(JAVA, "-p", LIB.toString(), "-m", "dev.trackgen.cli/dev.trackgen.cli.Main")),
        CLASS_PATH(List.of(JAVA, "-cp", LIB + File.separator + "*", "dev.trackgen.cli.Main"));

        final List<String> command;

        Launch(List<String> command) {
            this.command = command;
        }
    }

    private JsonNode json(Launch launch, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.command);
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("TRACKGEN_RUNTIME");
        pb.environment().remove("JAVA_OPTS");
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        String o = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), () -> cmd + "\n" + o + readQuietly(err));
        return JSON.readTree(o);
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void metricsBenchAndImportRun(Launch launch) throws IOException, InterruptedException {
        JsonNode metrics = json(launch, "metrics", "--envs", "8", "--repeats", "0", "--format", "json", "-q");
        assertEquals("bezier", metrics.get("rows").get(0).get("generator").asText());

        JsonNode bench = json(launch, "bench", "--envs", "8", "--threads", "1", "--threads-envs", "8", "--repeats", "1",
                "--warmup", "8", "--budget", "2", "--format", "json", "-q");
        JsonNode row = bench.get("rows").get(0);
        assertTrue(row.get("bytes_per_call").isNumber(), "ThreadMXBean allocation is measurable: " + row);
        assertTrue(row.get("first_call_ms").asDouble() > 0 && row.get("ms_median").asDouble() > 0, row::toString);

        StringBuilder csv = new StringBuilder("# x_m,y_m,w_tr_right_m,w_tr_left_m\n");
        for (int i = 0; i < 64; i++) {
            double t = 2 * Math.PI * i / 64;
            csv.append(100 * Math.cos(t)).append(',').append(60 * Math.sin(t)).append(",5,5\n");
        }
        Path file = Files.writeString(dir.resolve("ellipse.csv"), csv);
        JsonNode imported = json(launch, "import", file.toString(), "--out", dir.resolve("e.npz").toString(), "--json",
                "-q");
        assertTrue(imported.get("valid").asBoolean(), imported.toString());
        assertTrue(Files.size(dir.resolve("e.npz")) > 0);
    }
}
