package dev.trackgen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.cli.plugins.PluginJars;
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
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code trackgen metrics}, {@code bench} and {@code import} in-process on the CPU runtime. */
class EvaluationCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void metricsPrintsOneRowPerRegisteredGenerator() {
        CliRun run = CliRun.run("metrics", "--envs", "16", "--repeats", "1", "--warmup", "0", "--runtime", "cpu");
        assertEquals(0, run.code(), run::toString);
        List<String> lines = run.outLines();
        assertTrue(lines.get(0).matches("GENERATOR +E +YIELD .*"), lines.get(0));
        assertEquals(8, lines.size(), "header + one row per built-in generator\n" + run.out());
        assertTrue(lines.get(1).matches("bezier +16 .*"), lines.get(1));
        assertTrue(lines.get(6).matches("repulsive +16 .*"), lines.get(6));
        assertTrue(run.errLines().stream().anyMatch(l -> l.startsWith("trackgen: bezier: 16 tracks, metrics")), run.err());
    }

    @Test
    void metricsIncludesPluginGeneratorsAndItsGateCatchesNearCircles() throws IOException {
        Path plugins = dir.resolve("plugins");
        PluginJars.copyExample(plugins);
        CliRun run = CliRun.run("--plugins", plugins.toString(), "metrics", "--envs", "32", "--repeats", "0",
                "--format", "csv", "-q");
        assertEquals(0, run.code(), run::toString);
        List<String> rows = run.outLines();
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "noisy_ellipse", "polar", "repulsive", "voronoi"), rows.subList(1, rows.size()).stream()
                .map(l -> l.substring(0, l.indexOf(','))).toList());
        // the example plugin draws noisy ellipses: median compactness ~0.95, the "no silent circles" gate fails
        String[] ellipse = rows.get(5).split(",", -1);
        assertEquals("false", ellipse[10], rows.get(5));
        assertEquals("true", rows.get(1).split(",", -1)[10], rows.get(1));
    }

    @Test
    void metricsFormatsAndAReferenceRow() throws IOException {
        Path ref = Files.createDirectory(dir.resolve("ref"));
        Circuits.tum(ref.resolve("a.csv"), Circuits.stadium(300, 60), 6, 5);
        Circuits.tum(ref.resolve("b.csv"), Circuits.stadium(500, 40), 4, 4);
        Files.writeString(ref.resolve("notes.txt"), "not a circuit");
        CliRun json = CliRun.run("metrics", "--generator", "bezier", "--envs", "8", "--seed", "3", "--repeats", "0",
                "--format", "json", "--reference", ref.toString(), "-q");
        assertEquals(0, json.code(), json::toString);
        assertEquals("", json.err());
        JsonNode doc = JSON.readTree(json.out());
        assertEquals(8, doc.get("num_envs").asInt());
        assertEquals(3, doc.get("seed").asInt());
        JsonNode rows = doc.get("rows");
        assertEquals(2, rows.size());
        assertEquals("bezier", rows.get(0).get("generator").asText());
        assertTrue(rows.get(0).get("gen_ms_per_call").isNull(), "not timed with --repeats 0");
        JsonNode r = rows.get(1);
        assertEquals("reference", r.get("generator").asText());
        assertEquals(2, r.get("tracks").asInt());
        assertEquals(1.0, r.get("yield").asDouble());
        assertEquals(0.0, r.get("mean_chicanes").asDouble(), "stadiums are convex");
        // the original's key for the median compactness, and this project's former key as an alias
        // (two tracks: their median is their mean)
        assertEquals(r.get("mean_compactness").asDouble(), r.get("compactness_p50").asDouble(), 1e-12, r::toString);
        assertEquals(r.get("compactness_p50").asDouble(), r.get("median_compactness").asDouble());
        // scaled to half_width 0.1: a 300 m + 2 pi 60 m stadium of half-width 5.5 m is 12.3 units long
        double expected = ((2 * 300 + 2 * Math.PI * 60) / 5.5 + (2 * 500 + 2 * Math.PI * 40) / 4) * 0.1 / 2;
        assertEquals(expected, r.get("mean_length").asDouble(), 0.01 * expected);

        CliRun csv = CliRun.run("metrics", "--envs", "8", "--repeats", "0", "--format", "csv", "-q");
        assertEquals(0, csv.code(), csv::toString);
        assertTrue(csv.outLines().get(0).startsWith("generator,tracks,yield,pre_relax_self_intersection_rate,"));
        assertEquals(21, csv.outLines().get(1).split(",", -1).length);
        assertTrue(csv.outLines().get(0).contains(",half_width_min,half_width_mean,half_width_max,half_width_left_mean,"
                + "half_width_right_mean,"), csv.outLines().get(0));
        assertTrue(csv.outLines().get(0).contains(",mean_compactness,compactness_p50,"), csv.outLines().get(0));
        CliRun md = CliRun.run("metrics", "--envs", "8", "--repeats", "0", "--format", "markdown", "-q");
        assertTrue(md.outLines().get(0).startsWith("| generator | E | yield |"), md.out());
        assertTrue(md.outLines().get(1).startsWith("|---|"), md.out());
    }

    @Test
    void metricsErrorsAreOneLine() throws IOException {
        CliRun unknown = CliRun.run("metrics", "--generator", "bezier,nope", "--envs", "8");
        assertEquals(1, unknown.code());
        assertEquals(List.of("trackgen: error: unknown generator 'nope'; available: bezier, checkpoint, circuit, hull, polar, repulsive, voronoi"), unknown.errLines());
        Path empty = Files.createDirectory(dir.resolve("empty"));
        CliRun noRef = CliRun.run("metrics", "--envs", "8", "--reference", empty.toString());
        assertEquals(1, noRef.code());
        assertEquals(List.of("trackgen: error: --reference " + empty + ": no .csv circuit files in the folder"),
                noRef.errLines());
        assertEquals("", noRef.out());
        CliRun format = CliRun.run("metrics", "--format", "xml");
        assertEquals(2, format.code());
        assertEquals(1, format.errLines().size(), format::toString);
    }

    @Test
    void benchPrintsATableAndWritesAChart() throws IOException {
        Path png = dir.resolve("bench.png");
        CliRun run = CliRun.run("bench", "--envs", "8,16", "--threads", "1,2", "--threads-envs", "16", "--warmup", "1",
                "--repeats", "2", "--chart", png.toString(), "--runtime", "cpu");
        assertEquals(0, run.code(), run::toString);
        List<String> lines = run.outLines();
        assertTrue(lines.get(0).startsWith("GENERATOR  E   THREADS  FIRST MS  WARMUP  STEADY  NEAR  CALLS  MIN"), run.out());
        assertEquals(List.of("bezier     16  1", "bezier     8   2", "bezier     16  2"),
                lines.subList(1, 4).stream().map(l -> l.substring(0, 16)).toList());
        assertTrue(lines.get(4).startsWith("machine: " + Runtime.getRuntime().availableProcessors() + " processors"));
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img);
        assertEquals(1100, img.getWidth());

        CliRun json = CliRun.run("bench", "--envs", "8", "--threads", "all", "--threads-envs", "8", "--repeats", "2",
                "--warmup", "12", "--window", "2", "--tolerance", "50", "--format", "json", "-q");
        assertEquals(0, json.code(), json::toString);
        JsonNode doc = JSON.readTree(json.out());
        JsonNode row = doc.get("rows").get(0);
        assertEquals(Runtime.getRuntime().availableProcessors(), row.get("threads").asInt());
        // warm-up, reported apart: the first call, every warm-up call, whether the test was met
        int warm = row.get("warmup_calls").asInt();
        assertTrue(warm >= 1 && warm <= 12, row::toString);
        assertEquals(warm, row.get("warmup_ms").size());
        assertEquals(row.get("warmup_ms").get(0).asDouble(), row.get("first_call_ms").asDouble());
        assertTrue(row.get("steady").isBoolean(), row::toString);
        // steady state: the timed calls alone
        assertEquals(2, row.get("calls").asInt());
        assertTrue(row.get("ms_min").asDouble() <= row.get("ms_median").asDouble(), row::toString);
        assertTrue(row.get("spread").asDouble() >= 0, row::toString);
        assertTrue(row.get("tracks_per_second").asDouble() > 0);
        assertTrue(row.get("bytes_per_call").asDouble() >= 0);
    }

    @Test
    void benchRejectsBadOptions() {
        CliRun threads = CliRun.run("bench", "--threads", "1,many");
        assertEquals(List.of("trackgen: error: --threads 'many': expected a thread count or 'all'"), threads.errLines());
        CliRun zero = CliRun.run("bench", "--envs", "0");
        assertEquals(List.of("trackgen: error: --envs 0: batch sizes must be >= 1"), zero.errLines());
        CliRun budget = CliRun.run("bench", "--budget", "0");
        assertEquals(1, budget.code());
        assertTrue(budget.errLines().get(0).contains("the budget > 0"), budget::toString);
        CliRun tolerance = CliRun.run("bench", "--tolerance", "0");
        assertEquals(1, tolerance.code());
        assertTrue(tolerance.errLines().get(0).contains("the tolerance in (0, 100] percent"), tolerance::toString);
    }

    @Test
    void importWritesTheTrackAndReportsValidityAndDisplacement() throws IOException {
        Path csv = Circuits.tum(dir.resolve("oval.csv"), Circuits.stadium(400, 60), 6, 4);
        Path npz = dir.resolve("oval.npz");
        Path png = dir.resolve("oval.png");
        CliRun run = CliRun.run("import", csv.toString(), "--out", npz.toString(), "--preview", png.toString());
        assertEquals(0, run.code(), run::toString);
        List<String> out = run.outLines();
        assertTrue(out.get(0).startsWith("circuit    oval.csv  ("), run.out());
        assertTrue(out.get(1).startsWith("half-width 5.000 m  (mean of (w_tr_right_m + w_tr_left_m) / 2"), run.out());
        assertEquals("valid      yes", out.get(3));
        assertTrue(out.get(5).startsWith("moved      mean "), run.out());
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            assertArrayEquals(new boolean[] {true}, r.get("valid", Integer.MAX_VALUE).asBooleanArray());
            int count = r.get("count", Integer.MAX_VALUE).asIntArray()[0];
            double perimeter = 2 * 400 + 2 * Math.PI * 60;
            assertEquals(Math.floor(perimeter / 3.0) + 1, count, 1);
            assertEquals(3, r.get("center", Integer.MAX_VALUE).getShape().length);
        }
        assertNotNull(ImageIO.read(png.toFile()));

        Path xy = Circuits.xy(dir.resolve("oval-xy.csv"), Circuits.stadium(400, 60));
        CliRun j = CliRun.run("import", xy.toString(), "--half-width", "4", "--spacing", "2", "--json", "-q");
        assertEquals(0, j.code(), j::toString);
        JsonNode doc = JSON.readTree(j.out());
        assertEquals(4.0, doc.get("half_width").asDouble());
        assertEquals("--half-width", doc.get("half_width_rule").asText());
        assertEquals(2.0, doc.get("spacing").asDouble());
        assertTrue(doc.get("valid").asBoolean());
        assertTrue(Math.abs(doc.get("length_change").asDouble()) < 0.01);
        assertTrue(doc.get("offset_mean").asDouble() < 0.4, "less than 10% of the half-width");
        assertFalse(Files.exists(dir.resolve("oval-xy.npz")));
    }

    @Test
    void importReportsATrackThatFailsTheValidityGate() throws IOException {
        // 12 m radius hairpins are tighter than a 15 m half-width road allows. With the file's own
        // widths the import keeps the file's centerline (no relaxation): invalid, the reason names
        // the point. At one constant half-width (--half-width) relaxation pushes it open, valid;
        // without relaxation nothing opens it
        Path csv = Circuits.tum(dir.resolve("tight.csv"), Circuits.stadium(300, 12), 15, 15);
        CliRun faithful = CliRun.run("import", csv.toString(), "-q");
        assertEquals(0, faithful.code(), faithful::toString);
        assertTrue(faithful.outLines().get(3).matches("valid      no  \\(curvature radius 11\\.9\\d* at point \\d+ .*"),
                faithful::toString);
        CliRun relaxed = CliRun.run("import", csv.toString(), "--half-width", "15", "-q");
        assertEquals("valid      yes", relaxed.outLines().get(3), relaxed::toString);
        CliRun run = CliRun.run("import", csv.toString(), "--half-width", "15", "--set", "relax_enable=false", "-q");
        assertEquals(0, run.code(), run::toString);
        assertTrue(run.outLines().get(3).startsWith("valid      no  (curvature radius 11.7"), run.out());
    }

    @Test
    void benchThreadsZeroMeansAllCoresAsInGenerate() throws IOException {
        CliRun json = CliRun.run("bench", "--envs", "8", "--threads", "0", "--threads-envs", "8", "--repeats", "1",
                "--warmup", "1", "--format", "json", "-q", "--runtime", "cpu");
        assertEquals(0, json.code(), json::toString);
        JsonNode rows = JSON.readTree(json.out()).get("rows");
        assertEquals(Runtime.getRuntime().availableProcessors(), rows.get(rows.size() - 1).get("threads").asInt());
    }

    @ParameterizedTest(name = "{0} --threads {1}")
    @CsvSource({"generate,100000", "metrics,100000", "bench,100000", "import,100000", "generate,-1", "bench,-1",
        "import,2147483647"})
    void everyCommandBoundsItsThreadsWithOneLine(String command, int threads) throws IOException {
        Path csv = Circuits.tum(dir.resolve("oval.csv"), Circuits.stadium(400, 60), 6, 4);
        List<String> args = new ArrayList<>(List.of(command));
        if (command.equals("import")) {
            args.add(csv.toString());
        }
        args.addAll(List.of("--threads", Integer.toString(threads)));
        CliRun run = CliRun.run(args.toArray(String[]::new));
        assertEquals(1, run.code(), run::toString);
        int max = RuntimeOptions.maxThreads();
        assertEquals(List.of("trackgen: error: --threads " + threads + ": is outside the allowed range [0, " + max
                + "] (0 = one per processor; at most " + RuntimeOptions.MAX_THREADS_PER_PROCESSOR
                + " per available processor, " + Runtime.getRuntime().availableProcessors() + " here)"), run.errLines());
    }

    /**
     * A 50,000-row centerline in UTM-like coordinates: imports (the self-crossing check is not
     * all pairs), keeps its borders at the half-width, and reports the origin that takes the
     * npz's local coordinates back to the file's.
     */
    @Test
    void importOfALargeUtmCircuitKeepsItsBordersAndReportsTheOrigin() throws IOException {
        int n = 50_000;
        List<double[]> pts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            double r = 800 + 120 * Math.sin(3 * a);
            pts.add(new double[] {612_345.5 + r * Math.cos(a), 3_123_456.25 + r * Math.sin(a)});
        }
        Path csv = Circuits.tum(dir.resolve("utm.csv"), pts, 6.96, 6.96);
        Path npz = dir.resolve("utm.npz");
        CliRun run = CliRun.run("import", csv.toString(), "--out", npz.toString(), "--json", "-q");
        assertEquals(0, run.code(), run::toString);
        JsonNode doc = JSON.readTree(run.out());
        assertTrue(doc.get("valid").asBoolean(), run::toString);
        double ox = doc.get("origin").get(0).asDouble();
        double oy = doc.get("origin").get(1).asDouble();
        assertEquals(612_345.5, ox, 1.0);
        assertEquals(3_123_456.25, oy, 1.0);
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            assertArrayEquals(new double[] {ox, oy}, r.get("origin", Integer.MAX_VALUE).asDoubleArray());
            int count = r.get("count", Integer.MAX_VALUE).asIntArray()[0];
            float[] center = r.get("center", Integer.MAX_VALUE).asFloatArray();
            float[] outer = r.get("outer", Integer.MAX_VALUE).asFloatArray();
            float[] inner = r.get("inner", Integer.MAX_VALUE).asFloatArray();
            for (int i = 0; i < count; i++) {
                for (float[] b : new float[][] {outer, inner}) {
                    double d = Math.hypot(b[2 * i] - center[2 * i], b[2 * i + 1] - center[2 * i + 1]);
                    assertEquals(6.96, d, 1e-3, "border point " + i);
                }
                // origin + local point lies on the file's loop (radius 800 +- 120 about the centre)
                double wx = ox + center[2 * i] - 612_345.5;
                double wy = oy + center[2 * i + 1] - 3_123_456.25;
                double rr = Math.hypot(wx, wy);
                assertTrue(rr > 679 && rr < 921, "point " + i + " at radius " + rr);
            }
        }
    }
}
