package dev.trackgen.cli.explore;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.Failure;
import dev.trackgen.cli.output.ConfigJson;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.gates.GateConfig;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The explorer's HTTP API and page, on Jetty's core handler API:
 * <ul>
 *   <li>{@code GET /}: the page; {@code GET /explore.js}, {@code GET /explore.css}: its script and style;</li>
 *   <li>{@code GET /api/schema}: the knob catalog ({@link KnobCatalog#schema});</li>
 *   <li>{@code POST /api/batch}: a {@link BatchRequest} body; answers {@link BatchJson} (200), a
 *       one-line message and the control it concerns (400), {@code superseded} (409) or busy (503);</li>
 *   <li>{@code POST /api/npz}: the same body; answers the batch as an {@code .npz} archive
 *       ({@link NpzTrackWriter});</li>
 *   <li>{@code POST /api/gates}: a {@link GateRequest} body (the Gates view); answers {@link GateJson} (200)
 *       or the errors of {@code /api/batch}.</li>
 * </ul>
 * Another method gets 405 with an {@code Allow} header. The two POST endpoints require the token
 * and a JSON body ({@link ExploreGuard#checkToken}, {@link ExploreGuard#checkJson}). While a
 * request waits for its batch, its connection is watched: when the client closes it, the job is
 * cancelled ({@link BatchQueue}). Every failure becomes a JSON {@code {"error": ..., "control": ...}}
 * answer: nothing a request does can stop the server.
 */
public final class ExploreHandler extends Handler.Abstract {
    /** Duplicate keys are an error, not "the last one wins". */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final long WATCH_MILLIS = 50;

    /** One path of the server: the one method it answers, and whether it runs work. */
    private record Route(String method, boolean work) {
    }

    private static final Map<String, Route> ROUTES = Map.of(
            "/", new Route("GET", false),
            "/index.html", new Route("GET", false),
            "/explore.js", new Route("GET", false),
            "/explore.css", new Route("GET", false),
            "/api/schema", new Route("GET", false),
            "/api/batch", new Route("POST", true),
            "/api/npz", new Route("POST", true),
            "/api/gates", new Route("POST", true));

    private final ExploreEngine engine;
    private final BatchQueue queue;
    private final ObjectNode schema;
    private final ExploreGuard guard;
    private final AtomicLong anonymous = new AtomicLong();

    /**
     * @param engine the configuration resolver and generator
     * @param queue  the single generation worker
     * @param schema the knob catalog served at {@code /api/schema}
     * @param guard  the request policy, whose token the work endpoints require
     */
    public ExploreHandler(ExploreEngine engine, BatchQueue queue, ObjectNode schema, ExploreGuard guard) {
        this.engine = engine;
        this.queue = queue;
        this.schema = schema;
        this.guard = guard;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        try {
            route(request, response, callback);
        } catch (ExploreRequestException e) {
            ExploreErrors.send(response, callback, e.status(), e.control(), e.getMessage());
        } catch (Throwable t) {
            ExploreErrors.send(response, callback, 500, null, Failure.describe(t));
        }
        return true;
    }

    private void route(Request request, Response response, Callback callback) throws IOException {
        String path = Request.getPathInContext(request);
        Route route = ROUTES.get(path);
        if (route == null) {
            throw new ExploreRequestException(404, null, "no such page: " + path);
        }
        if (!route.method().equals(request.getMethod())) {
            response.getHeaders().put(HttpHeader.ALLOW, route.method());
            throw new ExploreRequestException(405, null, path + " answers " + route.method() + " only"
                    + (route.work() ? ", with a JSON body" : ""));
        }
        if (route.work()) {
            guard.checkToken(request);
            ExploreGuard.checkJson(request);
        }
        switch (path) {
            case "/", "/index.html" -> resource(response, callback, "index.html", "text/html; charset=utf-8");
            case "/explore.js" -> resource(response, callback, "explore.js", "text/javascript; charset=utf-8");
            case "/explore.css" -> resource(response, callback, "explore.css", "text/css; charset=utf-8");
            case "/api/schema" -> send(response, callback, 200, ExploreErrors.JSON_TYPE, JSON.writeValueAsBytes(schema));
            case "/api/batch", "/api/npz", "/api/gates" ->
                // the body is read without holding a thread (a body that trickles in, or never comes,
                // costs none until the idle timeout), then the work is done on a pool thread
                Content.Source.asByteArrayAsync(request, engine.limits().maxBodyBytes() + 1).whenCompleteAsync(
                        (bytes, failure) -> {
                            try {
                                work(path, request, response, callback, body(bytes, failure));
                            } catch (ExploreRequestException e) {
                                ExploreErrors.send(response, callback, e.status(), e.control(), e.getMessage());
                            } catch (Throwable t) {
                                ExploreErrors.send(response, callback, 500, null, Failure.describe(t));
                            }
                        }, request.getComponents().getExecutor());
            default -> throw new ExploreRequestException(404, null, "no such page: " + path);
        }
    }

    private void work(String path, Request request, Response response, Callback callback, JsonNode body)
            throws IOException {
        switch (path) {
            case "/api/batch" -> {
                BatchRequest r = BatchRequest.parse(body);
                TrackGenConfig cfg = engine.resolve(r);
                byte[] answer = await(request, response, queue.submit(key(r), c -> released(() -> {
                    Batch batch = engine.generate(cfg, r.seed(), c, r.raceline());
                    c.check();
                    ObjectNode json = BatchJson.of(r, batch, engine.limits().maxShown());
                    json.put("work", ExploreEngine.work(cfg));
                    json.put("maxWork", engine.limits().maxWork());
                    return JSON.writeValueAsBytes(json);
                })));
                if (answer == null) {
                    superseded(response, callback, r);
                    return;
                }
                send(response, callback, 200, ExploreErrors.JSON_TYPE, answer);
            }
            case "/api/npz" -> {
                BatchRequest r = BatchRequest.parse(body);
                TrackGenConfig cfg = engine.resolve(r);
                byte[] npz = await(request, response, queue.submit(key(r) + "#npz", c -> released(() -> {
                    Batch batch = engine.generate(cfg, r.seed(), c);
                    c.check();
                    return npz(batch);
                })));
                if (npz == null) {
                    superseded(response, callback, r);
                    return;
                }
                response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION,
                        "attachment; filename=\"tracks-" + cfg.generator() + "-seed" + r.seed() + ".npz\"");
                send(response, callback, 200, "application/octet-stream", npz);
            }
            case "/api/gates" -> {
                GateRequest r = GateRequest.parse(body);
                GateConfig gc = r.config(engine.resolve(r.batch()));
                byte[] answer = await(request, response, queue.submit(key(r.batch()) + "#gates", c -> released(() -> {
                    ExploreEngine.GateResult g = engine.generateGates(gc, c);
                    c.check();
                    return JSON.writeValueAsBytes(GateJson.of(r, gc, g.snapshot(), g.millis(), engine.limits().maxShown()));
                })));
                if (answer == null) {
                    superseded(response, callback, r.batch());
                    return;
                }
                send(response, callback, 200, ExploreErrors.JSON_TYPE, answer);
            }
            default -> throw new ExploreRequestException(404, null, "no such page: " + path);
        }
    }

    /** The answer of a batch, built on the worker. */
    @FunctionalInterface
    private interface Answer {
        byte[] build() throws IOException;
    }

    /**
     * Builds an answer on the worker; when that fails with an {@link Error} (out of memory while
     * serializing, say), drops the engine's kept pipeline so that nothing of the batch stays reachable.
     */
    private byte[] released(Answer answer) {
        try {
            return answer.build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Error e) {
            engine.release();
            throw e;
        }
    }

    /** A request without a client id is a page of its own: nothing supersedes it. */
    private String key(BatchRequest r) {
        return r.client().isEmpty() ? "anonymous#" + anonymous.incrementAndGet() : "page:" + r.client();
    }

    private static byte[] npz(Batch batch) throws IOException {
        Path tmp = Files.createTempFile("trackgen-explore", ".npz");
        try {
            new NpzTrackWriter().write(batch.snapshot(), ConfigJson.of(batch.config()), tmp);
            return Files.readAllBytes(tmp);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Waits for a job while watching the client's connection: when the client has closed it, the job
     * is cancelled (dropped if still waiting, stopped at its next checkpoint if running).
     *
     * @return the job's result, or {@code null} when a newer request of the same page replaced it
     */
    private static <T> T await(Request request, Response response, CompletableFuture<T> job) {
        EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
        try {
            while (true) {
                try {
                    return job.get(WATCH_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException stillRunning) {
                    if (clientGone(endPoint, response)) {
                        job.cancel(false);
                        throw new ExploreRequestException(499, null, "cancelled: the client closed the connection");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            job.cancel(false);
            throw new ExploreRequestException(503, null, "interrupted while waiting for the batch");
        } catch (CancellationException e) {
            throw new ExploreRequestException(499, null, "cancelled");
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BatchQueue.SupersededException) {
                return null;
            }
            if (cause instanceof ExploreRequestException x) {
                throw x;
            }
            if (cause instanceof UncheckedIOException u) {
                cause = u.getCause();
            }
            throw new ExploreRequestException(Failure.isUserProblem(Failure.unwrap(cause)) ? 400 : 500, null,
                    Failure.describe(cause));
        }
    }

    /**
     * Whether the client closed its connection. The request was read whole and the connection is
     * not read while the request is handled (HTTP/1.1 has no request on it until this one is
     * answered), so one byte is read without blocking: end of stream means the client is gone. A
     * byte that did arrive belongs to a request sent before this answer; it cannot be given back,
     * so the connection is closed after the answer.
     */
    private static boolean clientGone(EndPoint endPoint, Response response) {
        if (!endPoint.isOpen() || endPoint.isInputShutdown()) {
            return true;
        }
        try {
            ByteBuffer probe = BufferUtil.allocate(1);
            int n = endPoint.fill(probe);
            if (n > 0) {
                response.getHeaders().put(HttpHeader.CONNECTION, "close");
            }
            return n < 0;
        } catch (IOException e) {
            return true;
        }
    }

    private JsonNode body(byte[] bytes, Throwable failure) throws IOException {
        int limit = engine.limits().maxBodyBytes();
        if (failure != null) {
            Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
            if (t instanceof HttpException h && h.getCode() == 413
                    || String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("too large")) {
                throw new ExploreRequestException(413, null, "request body larger than " + limit + " bytes");
            }
            if (t instanceof TimeoutException) {
                throw new ExploreRequestException(408, null, "the request body did not arrive in time");
            }
            throw new ExploreRequestException(400, null, "the request body could not be read");
        }
        if (bytes.length > limit) {
            throw new ExploreRequestException(413, null, "request body larger than " + limit + " bytes");
        }
        if (bytes.length == 0) {
            throw new ExploreRequestException(400, null, "the request body is empty; send a JSON object");
        }
        // the position only: Jackson's own message names its classes and limits
        try (com.fasterxml.jackson.core.JsonParser parser = JSON.createParser(bytes)) {
            try {
                JsonNode tree = JSON.readTree(parser);
                if (parser.nextToken() != null) {
                    throw new ExploreRequestException(400, null, "the request body is not valid JSON: more after the "
                            + "object (line " + parser.currentLocation().getLineNr() + ", column "
                            + parser.currentLocation().getColumnNr() + ")");
                }
                return tree;
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
                throw new ExploreRequestException(400, null, "the request body is not valid JSON (line "
                        + at.getLineNr() + ", column " + at.getColumnNr() + ")");
            }
        }
    }

    private static void superseded(Response response, Callback callback, BatchRequest r) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("seq", r.seq());
        n.put("superseded", true);
        n.put("error", "superseded by a newer request of the same page");
        send(response, callback, 409, ExploreErrors.JSON_TYPE, JSON.writeValueAsBytes(n));
    }

    private static void resource(Response response, Callback callback, String name, String type) throws IOException {
        try (InputStream in = ExploreHandler.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new ExploreRequestException(500, null, "the page resource " + name + " is missing from the jar");
            }
            send(response, callback, 200, type, in.readAllBytes());
        }
    }

    private static void send(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(body), callback); // the guard set the protective headers
    }
}
