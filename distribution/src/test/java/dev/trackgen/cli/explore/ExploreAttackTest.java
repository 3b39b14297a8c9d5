package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scripted attack on the explorer, against a server started in-process on a free port of
 * 127.0.0.1: what a page of another website (directly or through DNS rebinding) or a careless
 * script could send. Every case must be refused or cancelled within a second (not held until an
 * idle timeout), and the server must go on answering {@code /api/schema} in under a second.
 */
class ExploreAttackTest {
    /** Refused "at once": well under Jetty's 30 s idle timeout, generous for a loaded 2-core CI machine. */
    private static final long AT_ONCE_MS = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ComputeRuntime runtime;
    private static ExploreEngine engine;
    private static ExploreServer server;
    private static int port;
    private static String token;

    @BeforeAll
    static void start() throws IOException {
        GeneratorRegistry generators = GeneratorRegistry.discover();
        // one worker thread: a heavy batch takes one core, and the HTTP side keeps the other even on 2 cores
        runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults().withThreads(1));
        engine = new ExploreEngine(new TrackGenLauncher(generators, RuntimeRegistry.discover()), runtime,
                new RuntimeChoice("cpu", "--runtime"), ExploreLimits.withMaxEnvs(1024));
        ObjectNode defaults = JsonNodeFactory.instance.objectNode().put("generator", "bezier").put("envs", 16)
                .put("seed", 0);
        server = ExploreServer.start(engine, new KnobCatalog(generators).schema(TrackGenConfig.builder().numEnvs(16)
                .build(), defaults, engine.limits()), "127.0.0.1", 0);
        port = server.port();
        token = server.token();
        assertEquals(200, get("/api/schema", host()).status(), "warm-up");
    }

    @AfterAll
    static void stop() {
        server.close();
        engine.close();
        runtime.close();
    }

    @AfterEach
    void theServerStillAnswers() throws IOException {
        Raw schema = get("/api/schema", host());
        assertEquals(200, schema.status(), schema.body());
        assertTrue(schema.millis() < AT_ONCE_MS, "/api/schema took " + schema.millis() + " ms after the attack");
    }

    private static String host() {
        return "127.0.0.1:" + port;
    }

    private static Raw get(String path, String host, String... headers) throws IOException {
        return Raw.exchange(port, "GET " + path + " HTTP/1.1\r\nHost: " + host + headers(headers), null);
    }

    private static Raw request(String method, String path, String host, String body, String... headers)
            throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return Raw.exchange(port, method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: " + b.length
                + headers(headers), body);
    }

    private static String headers(String... headers) {
        StringBuilder s = new StringBuilder();
        for (String h : headers) {
            s.append("\r\n").append(h);
        }
        return s.toString();
    }

    private static String batch(String client, int envs, Map<String, String> knobs) {
        ObjectNode b = JSON.createObjectNode().put("client", client).put("seq", 1).put("generator", "bezier")
                .put("envs", envs).put("seed", 0);
        ObjectNode k = b.putObject("knobs");
        knobs.forEach(k::put);
        return b.toString();
    }

    private static final String LIGHT = batch("attacker", 8, Map.of());

    /** A refusal: the status, a JSON one-liner, in time. */
    private static JsonNode refused(Raw r, int status) throws IOException {
        assertEquals(status, r.status(), r.body());
        assertTrue(r.headers().getOrDefault("content-type", "").startsWith("application/json"), r.headers().toString());
        JsonNode n = JSON.readTree(r.body());
        String error = n.path("error").asText();
        assertFalse(error.isBlank(), r.body());
        assertFalse(error.contains("\n") || error.contains("com.fasterxml") || error.contains("org.eclipse")
                || error.contains("[Source"), error);
        assertTrue(r.millis() < AT_ONCE_MS, "refused after " + r.millis() + " ms: " + r.body());
        return n;
    }

    @Test
    void aForeignHostIsRefused421AsDnsRebindingWouldSendIt() throws IOException {
        for (String h : List.of("evil.example:" + port, "evil.example", "127.0.0.1.nip.io:" + port,
                "localhost.evil.example:" + port, "127.0.0.1:" + (port == 65535 ? 1 : port + 1), "[::2]:" + port)) {
            refused(get("/api/schema", h), 421);
            refused(get("/", h), 421);
            refused(request("POST", "/api/batch", h, LIGHT, "Content-Type: application/json",
                    ExploreGuard.TOKEN_HEADER + ": " + token), 421);
        }
        refused(Raw.exchange(port, "GET /api/schema HTTP/1.0", null), 421);
        for (String h : List.of("127.0.0.1:" + port, "localhost:" + port, "LOCALHOST:" + port)) {
            assertEquals(200, get("/api/schema", h).status(), h);
        }
    }

    @Test
    void aForeignOriginOrACrossSiteFetchIsRefused403() throws IOException {
        String[] work = {"Content-Type: application/json", ExploreGuard.TOKEN_HEADER + ": " + token};
        for (String origin : List.of("http://evil.example", "null", "http://localhost:" + port,
                "https://127.0.0.1:" + port, "http://127.0.0.1:" + (port + 1))) {
            JsonNode n = refused(request("POST", "/api/batch", host(), LIGHT, work[0], work[1], "Origin: " + origin), 403);
            assertTrue(n.path("error").asText().contains("Origin"), n.toString());
            refused(get("/api/schema", host(), "Origin: " + origin), 403);
        }
        for (String site : List.of("cross-site", "same-site")) {
            refused(request("POST", "/api/batch", host(), LIGHT, work[0], work[1], "Sec-Fetch-Site: " + site), 403);
            refused(get("/", host(), "Sec-Fetch-Site: " + site), 403);
        }
        Raw own = request("POST", "/api/batch", host(), LIGHT, work[0], work[1], "Origin: http://" + host(),
                "Sec-Fetch-Site: same-origin");
        assertEquals(200, own.status(), own.body());
    }

    @Test
    void thePageCannotBeFramedByAnotherSiteNorLeakItsTokenAsAReferer() throws IOException {
        Raw page = get("/?token=" + token, host());
        assertEquals(200, page.status());
        assertEquals("frame-ancestors 'none'", page.headers().get("content-security-policy"));
        assertEquals("no-referrer", page.headers().get("referrer-policy"));
        assertEquals("nosniff", page.headers().get("x-content-type-options"));
    }

    @Test
    void noTokenOrAWrongTokenIsRefused403() throws IOException {
        JsonNode none = refused(request("POST", "/api/batch", host(), LIGHT, "Content-Type: application/json"), 403);
        assertTrue(none.path("error").asText().contains("token"), none.toString());
        refused(request("POST", "/api/npz", host(), LIGHT, "Content-Type: application/json"), 403);
        refused(request("POST", "/api/batch", host(), LIGHT, "Content-Type: application/json",
                ExploreGuard.TOKEN_HEADER + ": " + token.substring(1) + "x"), 403);
        refused(request("POST", "/api/batch", host(), LIGHT, "Content-Type: application/json",
                ExploreGuard.TOKEN_HEADER + ": "), 403);
        assertTrue(server.uri().toString().endsWith("/?token=" + token), server.uri().toString());
        assertTrue(token.length() >= 40, token);
    }

    @Test
    void aTextPlainOrFormPostIsRefused415() throws IOException {
        for (String type : List.of("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x")) {
            refused(request("POST", "/api/batch", host(), LIGHT, "Content-Type: " + type,
                    ExploreGuard.TOKEN_HEADER + ": " + token), 415);
            // what a page of another site can send without a preflight: no token either
            refused(request("POST", "/api/batch", host(), LIGHT, "Content-Type: " + type), 403);
        }
        refused(request("POST", "/api/batch", host(), LIGHT, ExploreGuard.TOKEN_HEADER + ": " + token), 415);
    }

    @Test
    void anOversizeDeclaredOrChunkedBodyIsRefused413AtOnceAndThirteenDoNotStarveThePool() throws Exception {
        String head = "POST /api/batch HTTP/1.1\r\nHost: " + host() + "\r\nContent-Type: application/json\r\n"
                + ExploreGuard.TOKEN_HEADER + ": " + token;
        refused(Raw.exchange(port, head + "\r\nContent-Length: 1000000000000", null), 413);
        refused(Raw.exchange(port, head + "\r\nContent-Length: 65537", "{"), 413);
        ExecutorService pool = Executors.newFixedThreadPool(13);
        try {
            List<Future<Raw>> all = new ArrayList<>();
            for (int i = 0; i < 13; i++) {
                all.add(pool.submit(() -> Raw.exchange(port, head + "\r\nContent-Length: 1000000000000", "{\"a\":")));
            }
            for (Future<Raw> f : all) {
                assertEquals(413, f.get(30, TimeUnit.SECONDS).status());
            }
            Raw schema = get("/api/schema", host());
            assertTrue(schema.millis() < AT_ONCE_MS, "schema took " + schema.millis() + " ms");
        } finally {
            pool.shutdownNow();
        }
        String chunk = "a".repeat(8192);
        StringBuilder chunked = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            chunked.append(Integer.toHexString(chunk.length())).append("\r\n").append(chunk).append("\r\n");
        }
        JsonNode n = refused(Raw.exchange(port, head + "\r\nTransfer-Encoding: chunked", chunked.toString()), 413);
        assertEquals("request body larger than 65536 bytes", n.path("error").asText());
    }

    @Test
    void bodiesThatNeverComeHoldNoThreadSoTheServerGoesOnAnswering() throws Exception {
        String head = "POST /api/batch HTTP/1.1\r\nHost: " + host() + "\r\nContent-Type: application/json\r\n"
                + ExploreGuard.TOKEN_HEADER + ": " + token + "\r\nContent-Length: 1000\r\n\r\n{\"client\":";
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 24; i++) {
                Socket s = Raw.open(port);
                s.getOutputStream().write(head.getBytes(StandardCharsets.UTF_8));
                s.getOutputStream().flush();
                slow.add(s);
            }
            Thread.sleep(300);
            for (int i = 0; i < 3; i++) {
                Raw schema = get("/api/schema", host());
                assertEquals(200, schema.status());
                assertTrue(schema.millis() < AT_ONCE_MS, "with 24 bodies pending, schema took " + schema.millis() + " ms");
            }
            Raw batch = request("POST", "/api/batch", host(), LIGHT, "Content-Type: application/json",
                    ExploreGuard.TOKEN_HEADER + ": " + token);
            assertEquals(200, batch.status(), batch.body());
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void aBatchOverTheWorkBudgetIsRefusedBeforeItRunsNamingTheLimit() throws IOException {
        Raw r = request("POST", "/api/batch", host(), batch("greedy", 1024, Map.of("relax_iters", "100000")),
                "Content-Type: application/json", ExploreGuard.TOKEN_HEADER + ": " + token);
        String error = refused(r, 400).path("error").asText();
        assertTrue(error.contains("limit of " + ExploreLimits.DEFAULT_MAX_WORK) && error.contains("relax_iters"), error);
        Raw points = request("POST", "/api/batch", host(), batch("greedy", 1024, Map.of("N_max", "65536",
                "relax_enable", "false")), "Content-Type: application/json", ExploreGuard.TOKEN_HEADER + ": " + token);
        assertTrue(refused(points, 400).path("error").asText().contains("too many points"), points.body());
    }

    @Test
    void wrongMethodsGet405WithAllow() throws IOException {
        for (String path : List.of("/", "/api/schema", "/explore.js")) {
            for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS")) {
                Raw r = request(method, path, host(), "{}", "Content-Type: application/json",
                        ExploreGuard.TOKEN_HEADER + ": " + token);
                refused(r, 405);
                assertEquals("GET", r.headers().get("allow"), method + " " + path);
            }
        }
        for (String path : List.of("/api/batch", "/api/npz")) {
            Raw r = get(path, host());
            refused(r, 405);
            assertEquals("POST", r.headers().get("allow"));
        }
        refused(get("/nothing-here", host()), 404);
    }

    @Test
    void malformedUrisAndBodiesGetShortJsonErrors() throws IOException {
        for (String uri : List.of("/%zz", "/..%2f", "/%2e%2e/%2e%2e/etc/passwd", "/a/../../b", "/api/schema%00",
                "//api//../..%5c")) {
            Raw r = get(uri, host());
            assertTrue(r.status() == 400 || r.status() == 404, uri + ": " + r.status() + " " + r.body());
            refused(r, r.status());
        }
        // what Jetty refuses before any handler: a bad request line, a header without a colon, a huge header
        refused(Raw.exchange(port, "GET /api/schema HTTP/9.9\r\nHost: " + host(), null), 505);
        refused(Raw.exchange(port, "GET /api/schema HTTP/1.1\r\nHost: " + host() + "\r\nno colon here", null), 400);
        Raw huge = Raw.exchange(port, "GET /api/schema HTTP/1.1\r\nHost: " + host() + "\r\nX-Big: " + "a".repeat(20_000), null);
        assertTrue(huge.status() == 431 || huge.status() == 400, huge.status() + " " + huge.body());
        refused(huge, huge.status());
        String[] work = {"Content-Type: application/json", ExploreGuard.TOKEN_HEADER + ": " + token};
        JsonNode bad = refused(request("POST", "/api/batch", host(), "{not json", work), 400);
        assertEquals("the request body is not valid JSON (line 1, column 2)", bad.path("error").asText());
        // Jackson's own words would name its classes and limits (StreamReadConstraints, [Source: ...])
        String deep = refused(request("POST", "/api/batch", host(), "[".repeat(5000), work), 400).path("error").asText();
        assertTrue(deep.matches("the request body is not valid JSON \\(line 1, column \\d+\\)"), deep);
        refused(request("POST", "/api/batch", host(), "", work), 400);
        JsonNode field = refused(request("POST", "/api/batch", host(), "{\"generator\": 3}", work), 400);
        assertEquals("generator", field.path("control").asText());
    }

    @Test
    void anAbandonedJobIsCancelledAtOnceWhileWaitingAndAtItsNextCheckpointWhileRunning() throws Exception {
        BatchQueue queue = server.queue();
        long stoppedBefore = queue.stopped();
        String head = "POST /api/batch HTTP/1.1\r\nHost: " + host() + "\r\nContent-Type: application/json\r\n"
                + ExploreGuard.TOKEN_HEADER + ": " + token + "\r\nContent-Length: ";
        String heavy = batch("hog", 1024, Map.of("relax_iters", "2400"));
        try (Socket hog = Raw.open(port); Socket victim = Raw.open(port)) {
            hog.getOutputStream().write((head + heavy.length() + "\r\n\r\n" + heavy).getBytes(StandardCharsets.UTF_8));
            awaitTrue(() -> queue.running() == 1 && queue.waiting() == 0, 10_000, "the heavy job starts");
            String waiting = batch("victim", 1024, Map.of("relax_iters", "2400"));
            victim.getOutputStream().write((head + waiting.length() + "\r\n\r\n" + waiting)
                    .getBytes(StandardCharsets.UTF_8));
            awaitTrue(() -> queue.waiting() == 1, 10_000, "the second job waits");
            Raw schema = get("/api/schema", host());
            assertTrue(schema.millis() < AT_ONCE_MS, "schema during a heavy job took " + schema.millis() + " ms");
            victim.close();
            long t0 = System.nanoTime();
            awaitTrue(() -> queue.waiting() == 0, 5_000, "the abandoned waiting job is dropped");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < AT_ONCE_MS, "the waiting job was dropped " + ms + " ms after its client left");
            hog.close();
        }
        // the running job cannot be stopped inside the pipeline's call; it stops at the checkpoint after it
        awaitTrue(() -> queue.stopped() >= stoppedBefore + 2, 120_000, "both abandoned jobs are stopped");
    }

    @Test
    void aNewerRequestOfThePageSupersedesItsRunningOneAtOnce() throws Exception {
        BatchQueue queue = server.queue();
        long stoppedBefore = queue.stopped();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Raw> older = pool.submit(() -> request("POST", "/api/batch", host(),
                    batch("page", 1024, Map.of("relax_iters", "2400")), "Content-Type: application/json",
                    ExploreGuard.TOKEN_HEADER + ": " + token));
            awaitTrue(() -> queue.running() == 1 && queue.waiting() == 0, 10_000, "the older request runs");
            long t0 = System.nanoTime();
            Future<Raw> newer = pool.submit(() -> request("POST", "/api/batch", host(), batch("page", 8, Map.of()),
                    "Content-Type: application/json", ExploreGuard.TOKEN_HEADER + ": " + token));
            Raw old = older.get(60, TimeUnit.SECONDS);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(409, old.status(), old.body());
            assertTrue(JSON.readTree(old.body()).path("superseded").asBoolean(), old.body());
            assertTrue(ms < AT_ONCE_MS, "the superseded request was answered after " + ms + " ms");
            assertEquals(200, newer.get(120, TimeUnit.SECONDS).status());
            assertTrue(queue.stopped() > stoppedBefore, "the superseded job stopped at its checkpoint");
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitTrue(BooleanSupplier condition, long millis, String what) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "timed out: " + what);
            Thread.sleep(10);
        }
    }
}
