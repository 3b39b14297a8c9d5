package dev.trackgen.cli.explore;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;

/**
 * Jetty's error handling, answering in the explorer's JSON ({@link ExploreErrors}) instead of HTML:
 * for requests Jetty refuses before any handler sees them (a malformed or ambiguous URI, a bad
 * request line or header), for an oversize body refused by the size limit, and for anything a
 * handler throws. Messages are one short line, without stack traces or class names.
 */
public final class JsonErrorHandler extends ErrorHandler {
    private final int maxBodyBytes;

    /** @param maxBodyBytes the body limit, named in the message of a 413 */
    public JsonErrorHandler(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
        setShowStacks(false);
        setShowCauses(false);
    }

    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, ExploreErrors.JSON_TYPE);
        response.write(true, ByteBuffer.wrap(ExploreErrors.body(message(code, message), null)), callback);
    }

    /**
     * @param code    the status
     * @param message Jetty's reason, or {@code null}
     * @return the one line the explorer answers
     */
    String message(int code, String message) {
        if (code == HttpStatus.PAYLOAD_TOO_LARGE_413) {
            return "request body larger than " + maxBodyBytes + " bytes";
        }
        String reason = HttpStatus.getMessage(code);
        if (message == null || message.isBlank() || message.equalsIgnoreCase(reason)) {
            return code == HttpStatus.BAD_REQUEST_400 ? "bad request: malformed request line, URI or header"
                    : reason.toLowerCase(java.util.Locale.ROOT);
        }
        return reason.toLowerCase(java.util.Locale.ROOT) + ": " + message;
    }
}
