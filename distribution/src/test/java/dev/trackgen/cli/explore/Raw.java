package dev.trackgen.cli.explore;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1.1 exchange over a plain socket, for requests no HTTP client sends as written (a foreign
 * {@code Host}, a declared body that never comes, a malformed URI), with the time it took.
 *
 * @param status  the status code, or -1 when the server closed the connection without an answer
 * @param headers the response headers, names lower-case
 * @param body    the response body
 * @param millis  milliseconds from sending to the end of the answer
 */
record Raw(int status, Map<String, String> headers, String body, long millis) {

    /**
     * Sends {@code head} (request line and headers, {@code \r\n}-separated, without the final empty
     * line), then {@code body} if not null, and reads one answer.
     */
    static Raw exchange(int port, String head, String body) throws IOException {
        try (Socket s = open(port)) {
            long t0 = System.nanoTime();
            s.getOutputStream().write((head + "\r\n\r\n" + (body == null ? "" : body)).getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            return read(s.getInputStream(), t0);
        }
    }

    static Socket open(int port) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        s.setSoTimeout(60_000);
        return s;
    }

    static Raw read(InputStream in, long t0) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            last4 = (last4 << 8) | b;
            if (last4 == 0x0d0a0d0a) {
                break;
            }
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        if (text.isEmpty()) {
            return new Raw(-1, Map.of(), "", (System.nanoTime() - t0) / 1_000_000);
        }
        String[] lines = text.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int c = lines[i].indexOf(':');
            if (c > 0) {
                headers.put(lines[i].substring(0, c).strip().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).strip());
            }
        }
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else {
            body = in.readAllBytes();
        }
        return new Raw(status, headers, new String(body, StandardCharsets.UTF_8), (System.nanoTime() - t0) / 1_000_000);
    }
}
