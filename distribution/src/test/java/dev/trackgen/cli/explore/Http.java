package dev.trackgen.cli.explore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal HTTP client for the explorer tests (java.base only: the tests are compiled into the CLI
 * module, which does not read java.net.http).
 *
 * @param status  the HTTP status
 * @param body    the response body
 * @param headers the response headers (first value of each, names lower-case)
 */
record Http(int status, byte[] body, Map<String, String> headers) {

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    static Http get(URI uri) throws IOException {
        return exchange(uri, "GET", null, null, Map.of());
    }

    /** A JSON POST carrying the server's token, as the page sends it. */
    static Http post(URI uri, String token, String body) throws IOException {
        return exchange(uri, "POST", "application/json", body.getBytes(StandardCharsets.UTF_8),
                Map.of(ExploreGuard.TOKEN_HEADER, token));
    }

    /**
     * @param uri         where to
     * @param method      the method
     * @param contentType the body's type, or {@code null} for none
     * @param body        the body, or {@code null}
     * @param headers     more request headers
     */
    static Http exchange(URI uri, String method, String contentType, byte[] body, Map<String, String> headers)
            throws IOException {
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        c.setRequestMethod(method);
        c.setConnectTimeout(30_000);
        c.setReadTimeout(120_000);
        headers.forEach(c::setRequestProperty);
        if (contentType != null) {
            c.setRequestProperty("Content-Type", contentType);
        }
        if (body != null) {
            c.setDoOutput(true);
            try (OutputStream o = c.getOutputStream()) {
                o.write(body);
            } catch (IOException refused) {
                // the server may answer (413) before reading the whole body
            }
        }
        int status = c.getResponseCode();
        Map<String, String> got = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> h : c.getHeaderFields().entrySet()) {
            if (h.getKey() != null && !h.getValue().isEmpty()) {
                got.put(h.getKey().toLowerCase(java.util.Locale.ROOT), h.getValue().get(0));
            }
        }
        try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
            return new Http(status, in == null ? new byte[0] : in.readAllBytes(), got);
        } finally {
            c.disconnect();
        }
    }
}
