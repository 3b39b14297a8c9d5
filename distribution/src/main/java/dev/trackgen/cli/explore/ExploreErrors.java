package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The one shape of every error the explorer answers, whoever emits it (the guard, the API, Jetty's
 * error handling): {@code {"error": "one line", "control": "knob"}} as {@code application/json}.
 */
public final class ExploreErrors {
    /** The content type of every JSON answer. */
    public static final String JSON_TYPE = "application/json; charset=utf-8";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ExploreErrors() {
    }

    /**
     * @param message the one-line message (line breaks become {@code "; "})
     * @param control the control it concerns, or {@code null}
     * @return the JSON body
     */
    public static byte[] body(String message, String control) {
        ObjectNode n = JSON.createObjectNode();
        n.put("error", message == null ? "error" : message.strip().replaceAll("\\s*\\R\\s*", "; "));
        if (control != null) {
            n.put("control", control);
        }
        try {
            return JSON.writeValueAsBytes(n);
        } catch (java.io.IOException e) {
            return "{\"error\":\"internal error\"}".getBytes(StandardCharsets.UTF_8);
        }
    }

    /**
     * Writes an error answer and completes the callback.
     *
     * @param response the response (its other headers are kept)
     * @param callback completed when written
     * @param status   the HTTP status
     * @param control  the control the message concerns, or {@code null}
     * @param message  one line
     */
    public static void send(Response response, Callback callback, int status, String control, String message) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON_TYPE);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        ExploreGuard.protect(response); // again: Jetty's error handling may have reset the headers
        response.write(true, ByteBuffer.wrap(body(message, control)), callback);
    }
}
