package dev.trackgen.cli.explore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A minimal HTTP client for the explorer tests (java.base only: the tests are compiled into the CLI
 * module, which does not read java.net.http).
 *
 * @param status the HTTP status
 * @param body   the response body
 */
record Http(int status, byte[] body) {

    String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    static Http get(URI uri) throws IOException {
        return exchange(uri, "GET", null);
    }

    static Http post(URI uri, String body) throws IOException {
        return exchange(uri, "POST", body.getBytes(StandardCharsets.UTF_8));
    }

    private static Http exchange(URI uri, String method, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
        c.setRequestMethod(method);
        c.setConnectTimeout(30_000);
        c.setReadTimeout(120_000);
        if (body != null) {
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/json");
            try (OutputStream o = c.getOutputStream()) {
                o.write(body);
            } catch (IOException refused) {
                // the server may answer (413) before reading the whole body
            }
        }
        int status = c.getResponseCode();
        try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
            return new Http(status, in == null ? new byte[0] : in.readAllBytes());
        } finally {
            c.disconnect();
        }
    }
}
