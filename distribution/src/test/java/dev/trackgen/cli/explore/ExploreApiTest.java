package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.cli.CliRun;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.jetbrains.bio.npy.NpzFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The explorer's HTTP API against a real server on a free loopback port: the knob catalog, batches,
 * the CLI's messages for bad requests, the config export reproducing a batch through
 * {@code trackgen generate}, the npz download, and concurrent pages.
 */
class ExploreApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ComputeRuntime runtime;
    private static ExploreEngine engine;
    private static ExploreServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        GeneratorRegistry generators = GeneratorRegistry.discover();
        runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults().withThreads(2));
        engine = new ExploreEngine(new TrackGenLauncher(generators, RuntimeRegistry.discover()), runtime, new RuntimeChoice("cpu", "--runtime"),
                ExploreLimits.withMaxEnvs(256));
        ObjectNode defaults = JsonNodeFactory.instance.objectNode().put("generator", "bezier").put("envs", 16)
                .put("seed", 0);
        TrackGenConfig base = TrackGenConfig.builder().numEnvs(16).build();
        server = ExploreServer.start(engine, new KnobCatalog(generators).schema(base, defaults, engine.limits()),
                "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
        engine.close();
        runtime.close();
    }

    private static ObjectNode request(String client, String generator, int envs, int seed, Map<String, String> knobs) {
        ObjectNode b = JSON.createObjectNode().put("client", client).put("seq", 1).put("generator", generator)
                .put("envs", envs).put("seed", seed);
        ObjectNode k = b.putObject("knobs");
        knobs.forEach(k::put);
        return b;
    }

    private static Http post(String path, String body) throws IOException {
        return Http.post(server.uri().resolve(path), server.token(), body);
    }

    private static JsonNode postJson(String path, JsonNode body, int expectedStatus) throws Exception {
        Http r = post(path, JSON.writeValueAsString(body));
        String text = r.text();
        assertEquals(expectedStatus, r.status(), text);
        return JSON.readTree(text);
    }

    private static Http get(String path) throws IOException {
        return Http.get(server.uri().resolve(path));
    }

    @Test
    void servesThePageAndAKnobCatalogOfEveryGeneratorAndEveryBuiltinKnob() throws Exception {
        Http page = get("/");
        assertEquals(200, page.status());
        assertTrue(page.text().contains("explore.js"), page.text());
        assertEquals(200, get("/explore.js").status());
        JsonNode schema = JSON.readTree(get("/api/schema").text());
        Set<String> shown = new HashSet<>(KnobCatalog.DEDICATED);
        schema.path("groups").forEach(g -> g.forEach(k -> shown.add(k.path("name").asText())));
        List<String> names = new ArrayList<>();
        schema.path("generators").forEach(g -> names.add(g.path("name").asText()));
        assertEquals(GeneratorRegistry.discover().available(), names);
        for (String g : names) {
            assertTrue(schema.path("generatorKnobs").has(g), g);
            schema.path("generatorKnobs").path(g).forEach(k -> shown.add(k.path("name").asText()));
        }
        for (Knob<?> k : BuiltinKnobs.all()) {
            assertTrue(shown.contains(k.name()), "knob " + k.name() + " has no control on the page");
        }
        JsonNode halfWidth = schema.path("groups").path("pipeline").get(0);
        assertEquals("half_width", halfWidth.path("name").asText());
        assertEquals("float", halfWidth.path("type").asText());
        assertEquals(0.0, halfWidth.path("min").asDouble());
        assertFalse(halfWidth.has("max"), "an unbounded knob has no max");
        assertTrue(halfWidth.path("description").asText().contains("half-width"));
        JsonNode accel = find(schema.path("groups").path("relaxation"), "relax_accel");
        assertEquals(List.of("chebyshev", "none"), JSON.convertValue(accel.path("choices"), List.class));
    }

    @Test
    void pluginGeneratorsGetTheirOwnKnobs() {
        for (GeneratorEntry e : GeneratorRegistry.discover().entries()) {
            List<Knob<?>> knobs = KnobCatalog.generatorKnobs(e);
            assertFalse(knobs.isEmpty(), e.name());
            assertTrue(knobs.containsAll(e.generator().knobs()), e.name());
        }
    }

    private static JsonNode find(JsonNode knobs, String name) {
        for (JsonNode k : knobs) {
            if (k.path("name").asText().equals(name)) {
                return k;
            }
        }
        throw new AssertionError("no knob " + name + " in " + knobs);
    }

    @Test
    void aBatchCarriesEveryTrackTheMetricsAndAConfigThatReproducesItThroughGenerate() throws Exception {
        JsonNode b = postJson("/api/batch", request("t1", "bezier", 24, 7, Map.of("scale", "1.3", "relax_iters", "40")), 200);
        assertEquals(24, b.path("valid").size());
        assertEquals(24, b.path("length").size());
        assertEquals(24, b.path("shown").size(), "every track of a batch under the drawing cap is drawable");
        assertEquals(b.path("count").get(0).asInt() * 2, b.path("shown").get(0).size());
        JsonNode m = b.path("metrics");
        assertTrue(m.path("yield").asDouble() > 0.5, m.toString());
        assertTrue(m.path("meanCompactness").asDouble() > 0 && m.path("meanCompactness").asDouble() < 1, m.toString());
        assertTrue(m.path("msPerCall").asDouble() > 0, m.toString());
        assertTrue(m.path("meanLength").asDouble() > 1.3 * 3, "scale 1.3 makes long tracks: " + m);

        Path config = dir.resolve("explore.yaml");
        Files.writeString(config, b.path("export").path("yaml").asText());
        Path npz = dir.resolve("tracks.npz");
        CliRun run = CliRun.run("generate", "--config", config.toString(), "--seed", "7", "--out", npz.toString(), "-q");
        assertEquals(0, run.code(), run.toString());
        assertEquals(b.path("digest").asText(), digestOf(npz), "the copied config must reproduce the batch");

        Path jsonConfig = dir.resolve("explore.json");
        Files.writeString(jsonConfig, b.path("export").path("json").asText());
        Path npz2 = dir.resolve("tracks2.npz");
        List<String> args = new ArrayList<>(List.of(b.path("export").path("command").asText()
                .replace("./trackgen ", "").replace(" --out tracks.npz --preview tracks.png", "").split(" ")));
        args.addAll(List.of("--out", npz2.toString(), "-q"));
        CliRun viaCommand = CliRun.run(args.toArray(String[]::new));
        assertEquals(0, viaCommand.code(), viaCommand.toString());
        assertEquals(b.path("digest").asText(), digestOf(npz2), "the copied command must reproduce the batch");
        CliRun viaJson = CliRun.run("generate", "--config", jsonConfig.toString(), "--seed", "7", "-q");
        assertEquals(0, viaJson.code(), viaJson.toString());
    }

    /** A width profile: the batch carries both borders of every drawn track, at the local widths. */
    @Test
    void aBatchOfVaryingWidthCarriesTheBorders() throws Exception {
        JsonNode b = postJson("/api/batch", request("w1", "bezier", 6, 3, Map.of("width_profile", "curvature",
                "half_width_min", "0.07", "half_width_max", "0.13")), 200);
        assertEquals(6, b.path("borders").size());
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int env = 0; env < 6; env++) {
            JsonNode center = b.path("shown").get(env);
            JsonNode outer = b.path("borders").get(env).get(0);
            JsonNode inner = b.path("borders").get(env).get(1);
            assertEquals(center.size(), outer.size());
            assertEquals(center.size(), inner.size());
            for (int k = 0; b.path("valid").get(env).asBoolean() && k < center.size(); k += 2) {
                double w = Math.hypot(outer.get(k).asDouble() - inner.get(k).asDouble(),
                        outer.get(k + 1).asDouble() - inner.get(k + 1).asDouble()) / 2;
                lo = Math.min(lo, w);
                hi = Math.max(hi, w);
            }
        }
        assertTrue(lo >= 0.07 - 1e-3 && hi <= 0.13 + 1e-3 && hi > 1.3 * lo, "half-widths " + lo + " to " + hi);
        JsonNode constant = postJson("/api/batch", request("w2", "bezier", 4, 3, Map.of()), 200);
        assertTrue(constant.path("borders").isMissingNode(), "a constant width sends no borders");
    }

    static String digestOf(Path npz) {
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            float[] center = r.get("center", Integer.MAX_VALUE).asFloatArray();
            boolean[] valid = r.get("valid", Integer.MAX_VALUE).asBooleanArray();
            int[] count = r.get("count", Integer.MAX_VALUE).asIntArray();
            int[] flags = new int[valid.length];
            for (int i = 0; i < valid.length; i++) {
                flags[i] = valid[i] ? 1 : 0;
            }
            return BatchJson.digest(center, flags, count);
        }
    }

    /**
     * The racing-line layer: {@code "raceline": true} adds each shown track's line (as many points
     * as its centerline, inside the drawing's range) and speeds with their range; without it the
     * answer has no racing line; a non-boolean is refused naming the field.
     */
    @Test
    void theRacelineLayerSendsEachShownTracksLineAndSpeeds() throws Exception {
        JsonNode plain = postJson("/api/batch", request("rl", "bezier", 8, 4, Map.of()), 200);
        assertFalse(plain.has("raceline"));
        ObjectNode ask = request("rl", "bezier", 8, 4, Map.of());
        ask.put("raceline", true);
        JsonNode b = postJson("/api/batch", ask, 200);
        assertEquals(plain.path("digest"), b.path("digest"), "the same tracks");
        JsonNode r = b.path("raceline");
        assertEquals(b.path("shown").size(), r.path("shown").size());
        double lo = r.path("speedMin").asDouble();
        double hi = r.path("speedMax").asDouble();
        assertTrue(lo > 0 && hi > lo, "speed range " + lo + " .. " + hi);
        int checked = 0;
        for (int env = 0; env < r.path("shown").size(); env++) {
            if (!b.path("valid").get(env).asBoolean()) {
                continue;
            }
            JsonNode pts = r.path("shown").get(env);
            JsonNode center = b.path("shown").get(env);
            assertEquals(center.size(), pts.size(), "one line point per centerline point");
            assertEquals(pts.size() / 2, r.path("speed").get(env).size());
            double hw = b.path("halfWidth").asDouble();
            for (int i = 0; i < pts.size(); i += 2) {
                double d = Math.hypot(pts.get(i).asDouble() - center.get(i).asDouble(),
                        pts.get(i + 1).asDouble() - center.get(i + 1).asDouble());
                assertTrue(d <= hw + 1e-3, "env " + env + " point " + i / 2 + ": " + d + " from the centerline");
                double v = r.path("speed").get(env).get(i / 2).asDouble();
                assertTrue(v >= lo && v <= hi, "speed " + v + " in range");
            }
            checked++;
        }
        assertTrue(checked > 0);
        ObjectNode bad = request("rl", "bezier", 8, 4, Map.of());
        bad.put("raceline", "yes");
        JsonNode err = postJson("/api/batch", bad, 400);
        assertTrue(err.toString().contains("raceline must be true or false"), err.toString());
    }

    @Test
    void theNpzDownloadIsTheBatch() throws Exception {
        ObjectNode req = request("t2", "polar", 12, 3, Map.of());
        JsonNode b = postJson("/api/batch", req, 200);
        Http r = post("/api/npz", JSON.writeValueAsString(req));
        assertEquals(200, r.status());
        Path npz = dir.resolve("download.npz");
        Files.write(npz, r.body());
        assertEquals(b.path("digest").asText(), digestOf(npz));
    }

    @Test
    void badRequestsGetTheCommandLinesOneLineMessagesAndTheServerGoesOn() throws Exception {
        JsonNode bad = postJson("/api/batch", request("t3", "bezier", 8, 0, Map.of("half_width", "-1")), 400);
        CliRun cli = CliRun.run("generate", "--envs", "8", "--set", "half_width=-1");
        assertEquals(List.of("trackgen: error: " + bad.path("error").asText()), cli.errorLines());
        assertEquals("half_width", bad.path("control").asText());

        JsonNode unknown = postJson("/api/batch", request("t3", "bezier", 8, 0, Map.of("no_such_knob", "1")), 400);
        CliRun cliUnknown = CliRun.run("generate", "--set", "no_such_knob=1");
        assertEquals(List.of("trackgen: error: " + unknown.path("error").asText()), cliUnknown.errorLines());

        JsonNode gen = postJson("/api/batch", request("t3", "nope", 8, 0, Map.of()), 400);
        assertEquals("generator", gen.path("control").asText());
        assertEquals(List.of("trackgen: error: " + gen.path("error").asText()),
                CliRun.run("generate", "--generator", "nope").errorLines());

        JsonNode zero = postJson("/api/batch", request("t3", "bezier", 0, 0, Map.of()), 400);
        assertEquals("envs", zero.path("control").asText());
        assertEquals(List.of("trackgen: error: " + zero.path("error").asText()),
                CliRun.run("generate", "--envs", "0").errorLines());

        JsonNode huge = postJson("/api/batch", request("t3", "bezier", 1_000_000, 0, Map.of()), 400);
        assertEquals("envs", huge.path("control").asText());
        assertTrue(huge.path("error").asText().contains("at most 256"), huge.toString());

        ObjectNode seed = request("t3", "bezier", 8, 0, Map.of()).put("seed", "x");
        assertTrue(postJson("/api/batch", seed, 400).path("error").asText().contains("'x' is not an int"));
        assertEquals(400, post("/api/batch", "{not json").status());
        assertEquals(413, post("/api/batch", "{\"x\":\"" + "a".repeat(70_000) + "\"}").status());
        assertEquals(405, get("/api/batch").status());
        assertEquals(404, get("/nothing-here").status());
        for (JsonNode n : List.of(bad, unknown, gen, zero, huge)) {
            assertFalse(n.path("error").asText().contains("\n"), n.toString());
        }
        postJson("/api/batch", request("t3", "bezier", 8, 0, Map.of("half_width", "0.11")), 200);
    }

    @Test
    void twoPagesAtOnceEachGetTheBatchTheyAskedFor() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<String[]>> jobs = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (String client : List.of("left", "right")) {
                    String scale = client.equals("left") ? "0.8" : "1.4";
                    int seed = client.equals("left") ? 100 + round : 500 + round;
                    ObjectNode req = request(client + round, "hull", 8, seed, Map.of("scale", scale));
                    jobs.add(() -> {
                        JsonNode b = postJson("/api/batch", req, 200);
                        return new String[] {JSON.writeValueAsString(req), b.path("digest").asText(),
                            b.path("seed").asText(), b.path("export").path("yaml").asText()};
                    });
                }
            }
            List<String[]> answers = new ArrayList<>();
            for (Future<String[]> f : pool.invokeAll(jobs)) {
                answers.add(f.get());
            }
            Set<String> digests = new HashSet<>();
            for (String[] a : answers) {
                JsonNode req = JSON.readTree(a[0]);
                assertEquals(req.path("seed").asText(), a[2]);
                assertTrue(a[3].contains("scale: " + req.path("knobs").path("scale").asText()), a[3]);
                // the same request alone, afterwards, gives the same batch
                assertEquals(a[1], postJson("/api/batch", req, 200).path("digest").asText());
                digests.add(a[1]);
            }
            assertEquals(answers.size(), digests.size(), "different requests, different batches");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theCommandRefusesBadOptionsAndATakenPortWithOneLine() throws Exception {
        CliRun tooMany = CliRun.run("explore", "--envs", "5000", "--runtime", "cpu");
        assertEquals(1, tooMany.code());
        assertEquals(List.of("trackgen: error: --envs 5000: larger than --max-envs 1024"), tooMany.errorLines());
        CliRun port = CliRun.run("explore", "--port", "70000");
        assertEquals(List.of("trackgen: error: --port 70000: must be between 0 and 65535"), port.errorLines());
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CliRun busy = CliRun.run("explore", "--port", Integer.toString(taken.getLocalPort()), "--runtime", "cpu", "-q");
            assertEquals(1, busy.code(), busy.toString());
            assertEquals(1, busy.errorLines().size(), busy.toString());
            assertTrue(busy.errorLines().get(0).startsWith("trackgen: error: cannot listen on 127.0.0.1:"
                    + taken.getLocalPort()), busy.toString());
        }
    }

    @Test
    void everyInvalidTrackAndOnlyThoseComeWithAReason() throws Exception {
        JsonNode truncated = postJson("/api/batch", request("t5", "bezier", 16, 0, Map.of("N_max", "40")), 200);
        JsonNode wide = postJson("/api/batch", request("t5", "bezier", 16, 0, Map.of("half_width", "0.3")), 200);
        int invalid = 0;
        for (JsonNode b : List.of(truncated, wide)) {
            for (int e = 0; e < 16; e++) {
                boolean valid = b.path("valid").get(e).asBoolean();
                assertEquals(!valid, b.path("reasons").has(Integer.toString(e)), "env " + e + ": " + b.path("reasons"));
                invalid += valid ? 0 : 1;
            }
        }
        assertTrue(truncated.path("reasons").path("0").asText().contains("N_max = 40"), truncated.path("reasons").toString());
        assertTrue(wide.path("reasons").size() > 0, "half_width 0.3 fails some tracks");
        wide.path("reasons").forEach(r -> assertFalse(r.asText().isBlank()));
        assertTrue(invalid > 16, "most of these tracks are invalid: " + invalid);
    }

    @Test
    void theGatesViewGetsTheCoursesOfTrackGatesWithTheirBarsLineAndKnobs() throws Exception {
        assertTrue(get("/").text().contains("id=\"view-gates\"") && get("/").text().contains("id=\"group-gates\""),
                "the page has the Gates view's switch and knob group");
        assertTrue(get("/explore.js").text().contains("'api/gates'"), "the page asks /api/gates in the Gates view");
        JsonNode schema = JSON.readTree(get("/api/schema").text());
        List<String> gateKnobs = new ArrayList<>();
        schema.path("gateKnobs").forEach(k -> gateKnobs.add(k.path("name").asText()));
        assertTrue(gateKnobs.containsAll(List.of("max_gates", "gate_width", "z_profile", "stack_clearance")), gateKnobs.toString());
        assertEquals(List.of("flat", "uniform", "random_walk", "noise"),
                JSON.convertValue(find(schema.path("gateKnobs"), "z_profile").path("choices"), List.class));

        ObjectNode body = request("g1", "polar", 6, 3, Map.of("half_width", "0.12"));
        body.putObject("gates").put("max_gates", 8).put("min_gates", 5).put("z_profile", "random_walk")
                .put("z_min", "0").put("z_max", "2").put("z_base", "1").put("z_max_step", "0.4");
        JsonNode g = postJson("/api/gates", body, 200);
        assertEquals(6, g.path("envs").asInt());
        assertEquals("random_walk", g.path("gates").path("z_profile").asText());
        // the same courses as the command line's
        Path npz = dir.resolve("g.npz");
        CliRun run = CliRun.run("gates", "--generator", "polar", "--envs", "6", "--seed", "3", "--runtime", "cpu",
                "--set", "half_width=0.12", "--set", "max_gates=8", "--set", "min_gates=5", "--set", "z_profile=random_walk",
                "--set", "z_min=0", "--set", "z_max=2", "--set", "z_base=1", "--set", "z_max_step=0.4", "--out", npz.toString(), "-q");
        assertEquals(0, run.code(), run::toString);
        try (NpzFile.Reader r = NpzFile.read(npz)) {
            int[] count = r.get("count", 1 << 20).asIntArray();
            int[] valid = r.get("valid", 1 << 20).asIntArray();
            float[] pos = r.get("position", 1 << 20).asFloatArray();
            float[] left = r.get("left", 1 << 20).asFloatArray();
            int[] lineCount = r.get("line_count", 1 << 20).asIntArray();
            for (int e = 0; e < 6; e++) {
                JsonNode c = g.path("courses").get(e);
                assertEquals(count[e], c.path("count").asInt());
                assertEquals(valid[e] != 0, c.path("valid").asBoolean());
                assertEquals(count[e], c.path("gates").size());
                assertEquals(lineCount[e], c.path("line").size());
                for (int k = 0; k < count[e]; k++) {
                    JsonNode gate = c.path("gates").get(k);
                    int f = e * 8 + k;
                    assertEquals(pos[3 * f], gate.get(0).asDouble(), 1e-5);
                    assertEquals(pos[3 * f + 2], gate.get(2).asDouble(), 1e-5, "altitude for the elevation strip");
                    assertEquals(left[3 * f + 1], gate.get(4).asDouble(), 1e-5, "bar end");
                    assertTrue(gate.get(2).asDouble() >= -1e-6 && gate.get(2).asDouble() <= 2 + 1e-6);
                }
            }
        }
        ObjectNode bad = request("g2", "polar", 2, 0, Map.of());
        bad.putObject("gates").put("gate_ordering", "zigzag");
        JsonNode err = postJson("/api/gates", bad, 400);
        assertEquals("gates.gate_ordering", err.path("control").asText(), err.toString());
        assertTrue(err.path("error").asText().contains("gate_ordering = zigzag"), err.toString());
        ObjectNode track = request("g3", "polar", 2, 0, Map.of("half_width", "-1"));
        assertEquals("half_width", postJson("/api/gates", track, 400).path("control").asText());
    }

    @Test
    void closingAServerWhileAClientHoldsAConnectionReleasesThePort() throws Exception {
        ObjectNode defaults = JsonNodeFactory.instance.objectNode().put("generator", "bezier").put("envs", 1).put("seed", 0);
        ExploreServer second = ExploreServer.start(engine, new KnobCatalog(GeneratorRegistry.discover())
                .schema(TrackGenConfig.defaults(), defaults, engine.limits()), "127.0.0.1", 0);
        int port = second.port();
        try (java.net.Socket held = Raw.open(port)) {
            held.getOutputStream().write("POST /api/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            held.getOutputStream().flush();
            Thread.sleep(100);
            second.close(); // a half-sent request holds its connection: the stop must still succeed
        }
        assertTrue(ExploreServer.isTimeout(new RuntimeException("stop", new java.util.concurrent.TimeoutException())));
        RuntimeException suppressed = new RuntimeException("stop");
        suppressed.addSuppressed(new java.util.concurrent.TimeoutException("graceful"));
        assertTrue(ExploreServer.isTimeout(suppressed));
        assertFalse(ExploreServer.isTimeout(new IllegalStateException("other")));
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 2000);
            throw new AssertionError("the port is still open after close()");
        } catch (java.net.ConnectException expected) {
            // released
        }
    }
}
