package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.output.PreviewRenderer;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpzFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code trackgen generate} in-process on the CPU runtime: outputs, summary and runtime precedence. */
class GenerateEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void jsonIsExactlyOneParseableLine() throws IOException {
        CliRun run = CliRun.run("generate", "--envs", "8", "--runtime", "cpu", "--json");
        assertEquals(0, run.code(), run::toString);
        assertTrue(run.out().endsWith("\n") || run.out().endsWith("\r\n"));
        assertEquals(1, run.out().split("\\R").length, run.out());
        JsonNode j = JSON.readTree(run.out());
        Iterator<String> names = j.fieldNames();
        assertEquals(List.of("generator", "runtime", "num_envs", "valid", "yield", "ms"),
                List.copyOf(iterate(names)));
        assertEquals("bezier", j.get("generator").asText());
        assertEquals("cpu", j.get("runtime").asText());
        assertEquals(8, j.get("num_envs").asInt());
        int valid = j.get("valid").asInt();
        assertTrue(valid >= 0 && valid <= 8);
        assertEquals(valid / 8.0, j.get("yield").asDouble(), 1e-12);
        assertTrue(j.get("ms").asDouble() > 0);
        assertTrue(run.errLines().stream().anyMatch(l -> l.startsWith("trackgen: generating 8 tracks ... done in")),
                "progress goes to stderr: " + run.err());
    }

    private static List<String> iterate(Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    @Test
    void quietSuppressesProgressAndTheHumanSummaryNamesEverything() {
        CliRun run = CliRun.run("generate", "--envs", "4", "--seed", "11", "--runtime", "cpu", "--quiet");
        assertEquals(0, run.code(), run::toString);
        assertEquals("", run.err());
        List<String> lines = run.outLines();
        assertTrue(lines.get(0).matches("generator +bezier +\\(.+\\)"), lines.get(0));
        assertTrue(lines.get(1).matches("runtime +cpu.* +\\(requested 'cpu' by --runtime\\)"), lines.get(1));
        assertTrue(lines.get(2).matches("envs +4 +\\(seed 11\\)"), lines.get(2));
        assertTrue(lines.get(3).matches("valid +\\d of 4 +\\(yield \\d+\\.\\d%\\)"), lines.get(3));
        assertTrue(lines.get(4).matches("generate +\\d+\\.\\d ms for one generate\\(\\) call \\(cold JVM, includes JIT warm-up\\)"), lines.get(4));
    }

    @Test
    void npzAndPreviewRoundTrip() throws IOException {
        int e = 36;
        Path npz = dir.resolve("tracks.npz");
        Path png = dir.resolve("tracks.png");
        CliRun run = CliRun.run("generate", "--generator", "bezier", "--envs", "" + e, "--seed", "0",
                "--set", "half_width=0.2", "--runtime", "cpu", "--out", npz.toString(), "--preview", png.toString(),
                "--json");
        assertEquals(0, run.code(), run::toString);
        int reportedValid = JSON.readTree(run.out()).get("valid").asInt();
        try (var listing = Files.list(dir)) {
            assertEquals(List.of("tracks.npz", "tracks.png"),
                    listing.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary files left");
        }

        try (NpzFile.Reader r = NpzFile.read(npz)) {
            Map<String, Object> config = JSON.readValue(r.get("config", Integer.MAX_VALUE).asStringArray()[0],
                    JSON.getTypeFactory().constructMapType(Map.class, String.class, Object.class));
            int nMax = (Integer) config.get("N_max");
            assertEquals(e, config.get("num_envs"));
            assertEquals(0.2, config.get("half_width"));
            assertEquals("cpu", config.get("runtime"));
            assertEquals("bezier", config.get("generator"));

            float[][] points = new float[5][];
            List<String> pointArrays = List.of("center", "outer", "inner", "tangent", "normal");
            for (int k = 0; k < 5; k++) {
                NpyArray a = r.get(pointArrays.get(k), Integer.MAX_VALUE);
                assertArrayEquals(new int[] {e, nMax, 2}, a.getShape(), pointArrays.get(k));
                points[k] = a.asFloatArray();
            }
            NpyArray arclenArray = r.get("arclen", Integer.MAX_VALUE);
            assertArrayEquals(new int[] {e, nMax}, arclenArray.getShape());
            float[] arclen = arclenArray.asFloatArray();
            float[] leftW = r.get("left_half_width", Integer.MAX_VALUE).asFloatArray();
            float[] rightW = r.get("right_half_width", Integer.MAX_VALUE).asFloatArray();
            float[] centerZ = r.get("center_z", Integer.MAX_VALUE).asFloatArray();
            float[] arclen3d = r.get("arclen_3d", Integer.MAX_VALUE).asFloatArray();
            float[] tangent3d = r.get("tangent_3d", Integer.MAX_VALUE).asFloatArray();
            assertEquals(3 * e * nMax, tangent3d.length);
            float[] length = r.get("length", Integer.MAX_VALUE).asFloatArray();
            float[] winding = r.get("winding", Integer.MAX_VALUE).asFloatArray();
            boolean[] valid = r.get("valid", Integer.MAX_VALUE).asBooleanArray();
            int[] count = r.get("count", Integer.MAX_VALUE).asIntArray();
            assertEquals(e, length.length);
            assertEquals(e, winding.length);
            assertEquals(e, valid.length);
            assertEquals(e, count.length);

            int validCount = 0;
            for (int env = 0; env < e; env++) {
                assertTrue(count[env] >= 0 && count[env] <= nMax, "count in [0, N_max]: " + count[env]);
                for (float[] p : points) {
                    for (int i = count[env]; i < nMax; i++) {
                        assertTrue(Float.isNaN(p[2 * (env * nMax + i)]) && Float.isNaN(p[2 * (env * nMax + i) + 1]),
                                "NaN padding past count, env " + env + " point " + i);
                    }
                }
                for (int i = count[env]; i < nMax; i++) {
                    assertTrue(Float.isNaN(arclen[env * nMax + i]), "arclen NaN past count");
                    assertTrue(Float.isNaN(leftW[env * nMax + i]) && Float.isNaN(rightW[env * nMax + i]),
                            "half-widths NaN past count");
                }
                for (int i = 0; i < count[env]; i++) {
                    assertEquals(0f, centerZ[env * nMax + i], "flat default height, env " + env);
                    assertEquals(arclen[env * nMax + i], arclen3d[env * nMax + i], "flat 3D arc length, env " + env);
                    assertEquals(0.2f, leftW[env * nMax + i], "constant left half-width, env " + env);
                    assertEquals(0.2f, rightW[env * nMax + i], "constant right half-width, env " + env);
                }
                if (valid[env]) {
                    validCount++;
                    assertTrue(count[env] >= 8, "a valid track has points: " + count[env]);
                    assertTrue(length[env] > 0, "a valid track has a length");
                    assertEquals(1f, Math.abs(winding[env]), "a valid track winds once");
                    for (float[] p : points) {
                        for (int i = 0; i < 2 * count[env]; i++) {
                            assertTrue(Float.isFinite(p[2 * env * nMax + i]), "finite real points, env " + env);
                        }
                    }
                    assertEquals(0f, arclen[env * nMax]);
                }
            }
            assertEquals(reportedValid, validCount, "the summary's valid count matches the archive");
        }

        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img);
        PreviewRenderer r = new PreviewRenderer();
        assertEquals(r.width(e), img.getWidth());
        assertEquals(r.height(e), img.getHeight());
        int background = PreviewRenderer.BACKGROUND.getRGB();
        long drawn = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                if (p != background && p != 0xFFFFFFFF) {
                    drawn++;
                }
            }
        }
        assertTrue(drawn > 0.05 * img.getWidth() * img.getHeight(), "tracks cover the image: " + drawn);
    }

    @Test
    void theConfigInTheArchiveReproducesTheRun() throws IOException {
        Path first = dir.resolve("first.npz");
        assertEquals(0, CliRun.run("generate", "--envs", "6", "--seed", "5", "--set", "relax_iters=30",
                "--runtime", "cpu", "--out", first.toString(), "-q").code());
        String json;
        try (NpzFile.Reader r = NpzFile.read(first)) {
            json = r.get("config", Integer.MAX_VALUE).asStringArray()[0];
        }
        Path config = Files.writeString(dir.resolve("config.json"), json);
        Path second = dir.resolve("second.npz");
        CliRun again = CliRun.run("generate", "--config", config.toString(), "--seed", "5", "--out", second.toString(), "-q");
        assertEquals(0, again.code(), again::toString);
        try (NpzFile.Reader a = NpzFile.read(first); NpzFile.Reader b = NpzFile.read(second)) {
            assertEquals(json, b.get("config", Integer.MAX_VALUE).asStringArray()[0]);
            assertArrayEquals(a.get("center", Integer.MAX_VALUE).asFloatArray(),
                    b.get("center", Integer.MAX_VALUE).asFloatArray(), "same config and seed, same tracks");
        }
    }

    @Test
    void runtimeFromSystemPropertyAndEnvironment() {
        CliRun fromProperty = CliRun.run(Settings.of(Map.of("trackgen.runtime", "quantum"), Map.of()),
                "generate", "--envs", "2");
        assertEquals(1, fromProperty.code());
        assertEquals(List.of("trackgen: error: system property trackgen.runtime: unknown runtime 'quantum'; "
                + "available: auto, cpu, cuda"), fromProperty.errLines());

        CliRun fromEnv = CliRun.run(Settings.of(Map.of(), Map.of("TRACKGEN_RUNTIME", "quantum")), "generate", "--envs", "2");
        assertEquals(List.of("trackgen: error: environment variable TRACKGEN_RUNTIME: unknown runtime 'quantum'; "
                + "available: auto, cpu, cuda"), fromEnv.errLines());

        CliRun propertyBeatsEnv = CliRun.run(Settings.of(Map.of("trackgen.runtime", "cpu"),
                Map.of("TRACKGEN_RUNTIME", "quantum")), "generate", "--envs", "2", "-q");
        assertEquals(0, propertyBeatsEnv.code(), propertyBeatsEnv::toString);
        assertTrue(propertyBeatsEnv.out().contains("(requested 'cpu' by system property trackgen.runtime)"));

        CliRun flagBeatsProperty = CliRun.run(Settings.of(Map.of("trackgen.runtime", "quantum"), Map.of()),
                "generate", "--envs", "2", "--runtime", "cpu", "-q");
        assertEquals(0, flagBeatsProperty.code(), flagBeatsProperty::toString);
    }

    @Test
    void configFileRuntimeBeatsSystemProperty() throws IOException {
        Path config = Files.writeString(dir.resolve("c.yaml"), "runtime: cpu\nnum_envs: 3\n");
        CliRun run = CliRun.run(Settings.of(Map.of("trackgen.runtime", "quantum"), Map.of()),
                "generate", "--config", config.toString(), "--json", "-q");
        assertEquals(0, run.code(), run::toString);
        assertEquals(3, JSON.readTree(run.out()).get("num_envs").asInt(), "num_envs from the file");
        assertFalse(run.out().contains("quantum"));
    }

    @Test
    void theRealSystemPropertyReachesTheCli() {
        String before = System.getProperty("trackgen.runtime");
        System.setProperty("trackgen.runtime", "quantum");
        try {
            CliRun run = CliRun.run(Settings.system(), "generate", "--envs", "2");
            assertEquals(1, run.code());
            assertTrue(run.err().contains("system property trackgen.runtime: unknown runtime 'quantum'"), run::toString);
        } finally {
            if (before == null) {
                System.clearProperty("trackgen.runtime");
            } else {
                System.setProperty("trackgen.runtime", before);
            }
        }
    }

    @Test
    void tracksTruncatedAtNMaxAreReportedWithTheFix() {
        CliRun run = CliRun.run("generate", "--envs", "4", "--runtime", "cpu", "--set", "N_max=40", "-q");
        assertEquals(0, run.code(), run::toString);
        assertEquals(List.of("trackgen: warning: 4 of 4 tracks needed more than N_max = 40 points and are invalid; "
                + "raise N_max (--set N_max=..., at most 65536) or the half_width (the spacing is auto: "
                + "0.6 * half_width = 0.0600000)"), run.errLines());
    }

    /** Counts that collapse or overflow end in a warning naming the cause, never a silent 0% yield. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "spacing=1e-9|needed more than N_max = 384 points and are invalid; raise N_max (--set N_max=..., at most "
                + "65536) or the spacing (now 1.00000e-09)",
        "half_width=1e-30,w_floor=0|needed more than N_max = 384 points and are invalid; raise N_max (--set N_max=..., at most "
                + "65536) or the half_width (the spacing is auto: 0.6 * half_width = 6.00000e-31)",
        "scale=1e30|have no usable centerline (its length is zero or beyond float32's range",
        "spacing=1e6|collapsed to fewer than 4 points at spacing 1.00000e+06 and are invalid; lower the spacing"})
    void everyCountCollapseIsReportedWithItsCause(String knob, String expected) throws IOException {
        Path out = dir.resolve("c.npz");
        List<String> args = new ArrayList<>(List.of("generate", "--envs", "6", "--runtime", "cpu", "-q",
                "--out", out.toString()));
        for (String k : knob.split(",")) {
            args.add("--set");
            args.add(k);
        }
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertEquals(0, run.code(), run::toString);
        assertEquals(1, run.errLines().size(), run::toString);
        assertTrue(run.errLines().get(0).startsWith("trackgen: warning: 6 of 6 tracks "), run::toString);
        assertTrue(run.errLines().get(0).contains(expected), run::toString);
        try (NpzFile.Reader r = NpzFile.read(out)) {
            for (boolean v : r.get("valid", Integer.MAX_VALUE).asBooleanArray()) {
                assertFalse(v, "no track of a collapsed batch is valid");
            }
            for (int c : r.get("count", Integer.MAX_VALUE).asIntArray()) {
                assertTrue(c >= 0 && c <= 384, "count " + c);
            }
        }
    }
}
