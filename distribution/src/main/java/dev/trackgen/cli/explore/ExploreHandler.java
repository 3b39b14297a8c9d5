package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.cli.Failure;
import dev.trackgen.cli.output.ConfigJson;
import dev.trackgen.cli.output.NpzTrackWriter;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The explorer's HTTP API and page, on Jetty's core handler API:
 * <ul>
 *   <li>{@code GET /}: the page; {@code GET /explore.js}, {@code GET /explore.css}: its script and style;</li>
 *   <li>{@code GET /api/schema}: the knob catalog ({@link KnobCatalog#schema});</li>
 *   <li>{@code POST /api/batch}: a {@link BatchRequest} body; answers {@link BatchJson} (200), a
 *       one-line message and the control it concerns (400), {@code superseded} (409) or busy (503);</li>
 *   <li>{@code POST /api/npz}: the same body; answers the batch as an {@code .npz} archive
 *       ({@link NpzTrackWriter}).</li>
 * </ul>
 * Every failure becomes a JSON {@code {"error": ..., "control": ...}} answer: nothing a request
 * does can stop the server.
 */
public final class ExploreHandler extends Handler.Abstract {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ExploreEngine engine;
    private final BatchQueue queue;
    private final ObjectNode schema;

    /**
     * @param engine the configuration resolver and generator
     * @param queue  the single generation worker
     * @param schema the knob catalog served at {@code /api/schema}
     */
    public ExploreHandler(ExploreEngine engine, BatchQueue queue, ObjectNode schema) {
        this.engine = engine;
        this.queue = queue;
        this.schema = schema;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        try {
            route(request, response, callback);
        } catch (ExploreRequestException e) {
            error(response, callback, e.status(), e.control(), e.getMessage());
        } catch (Throwable t) {
            error(response, callback, 500, null, Failure.describe(t));
        }
        return true;
    }

    private void route(Request request, Response response, Callback callback) throws IOException {
        String path = Request.getPathInContext(request);
        String method = request.getMethod();
        switch (path) {
            case "/", "/index.html" -> resource(response, callback, "index.html", "text/html; charset=utf-8");
            case "/explore.js" -> resource(response, callback, "explore.js", "text/javascript; charset=utf-8");
            case "/explore.css" -> resource(response, callback, "explore.css", "text/css; charset=utf-8");
            case "/api/schema" -> send(response, callback, 200, "application/json; charset=utf-8",
                    JSON.writeValueAsBytes(schema));
            case "/api/batch" -> {
                requirePost(method);
                BatchRequest r = BatchRequest.parse(body(request));
                TrackGenConfig cfg = engine.resolve(r);
                Batch batch = await(queue.submit(key(r), () -> engine.generate(cfg, r.seed())));
                if (batch == null) {
                    superseded(response, callback, r);
                    return;
                }
                send(response, callback, 200, "application/json; charset=utf-8",
                        JSON.writeValueAsBytes(BatchJson.of(r, batch, engine.limits().maxShown())));
            }
            case "/api/npz" -> {
                requirePost(method);
                BatchRequest r = BatchRequest.parse(body(request));
                TrackGenConfig cfg = engine.resolve(r);
                byte[] npz = await(queue.submit(key(r) + "#npz", () -> npz(engine.generate(cfg, r.seed()))));
                if (npz == null) {
                    superseded(response, callback, r);
                    return;
                }
                response.getHeaders().put(HttpHeader.CONTENT_DISPOSITION,
                        "attachment; filename=\"tracks-" + cfg.generator() + "-seed" + r.seed() + ".npz\"");
                send(response, callback, 200, "application/octet-stream", npz);
            }
            default -> throw new ExploreRequestException(404, null, "no such page: " + path);
        }
    }

    private static String key(BatchRequest r) {
        return r.client().isEmpty() ? "anonymous" : r.client();
    }

    private static byte[] npz(Batch batch) {
        try {
            Path tmp = Files.createTempFile("trackgen-explore", ".npz");
            try {
                new NpzTrackWriter().write(batch.snapshot(), ConfigJson.of(batch.config()), tmp);
                return Files.readAllBytes(tmp);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing the npz failed: " + e.getMessage(), e);
        }
    }

    /** @return the job's result, or {@code null} when a newer request of the same page replaced it */
    private static <T> T await(java.util.concurrent.CompletableFuture<T> job) {
        try {
            return job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExploreRequestException(503, null, "interrupted while waiting for the batch");
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BatchQueue.SupersededException) {
                return null;
            }
            if (cause instanceof ExploreRequestException x) {
                throw x;
            }
            throw new ExploreRequestException(Failure.isUserProblem(Failure.unwrap(cause)) ? 400 : 500, null,
                    Failure.describe(cause));
        }
    }

    private static void requirePost(String method) {
        if (!"POST".equals(method)) {
            throw new ExploreRequestException(405, null, "use POST with a JSON body");
        }
    }

    private JsonNode body(Request request) throws IOException {
        int limit = engine.limits().maxBodyBytes();
        byte[] bytes;
        try (InputStream in = Request.asInputStream(request)) {
            bytes = in.readNBytes(limit + 1);
        }
        if (bytes.length > limit) {
            throw new ExploreRequestException(413, null, "request body larger than " + limit + " bytes");
        }
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            throw new ExploreRequestException(400, null, "the request body is not JSON: "
                    + Failure.describe(e).split(" at \\[")[0]);
        }
    }

    private void superseded(Response response, Callback callback, BatchRequest r) {
        ObjectNode n = JSON.createObjectNode();
        n.put("seq", r.seq());
        n.put("superseded", true);
        n.put("error", "superseded by a newer request of the same page");
        send(response, callback, 409, "application/json; charset=utf-8", bytes(n));
    }

    private static void resource(Response response, Callback callback, String name, String type) throws IOException {
        try (InputStream in = ExploreHandler.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new ExploreRequestException(500, null, "the page resource " + name + " is missing from the jar");
            }
            send(response, callback, 200, type, in.readAllBytes());
        }
    }

    private static void error(Response response, Callback callback, int status, String control, String message) {
        ObjectNode n = JSON.createObjectNode();
        n.put("error", message);
        if (control != null) {
            n.put("control", control);
        }
        send(response, callback, status, "application/json; charset=utf-8", bytes(n));
    }

    private static byte[] bytes(JsonNode n) {
        try {
            return JSON.writeValueAsBytes(n);
        } catch (IOException e) {
            return "{\"error\":\"internal error\"}".getBytes(StandardCharsets.UTF_8);
        }
    }

    private static void send(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
