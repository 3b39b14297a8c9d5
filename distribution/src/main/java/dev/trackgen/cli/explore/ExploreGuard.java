package dev.trackgen.cli.explore;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;

/**
 * The explorer's request policy, what local servers that browsers can reach must check (as Jupyter
 * and the language-server and debug-adapter servers do), applied in front of every handler:
 * <ol>
 *   <li>{@code Host} (421 otherwise): one of {@code 127.0.0.1}, {@code localhost}, {@code [::1]} or
 *       the address given to {@code --host}, with the server's port. On a wildcard address
 *       ({@code 0.0.0.0}, {@code ::}) any IP literal is taken as well, never another name: a
 *       DNS-rebinding page reaches the server under a name of its own, which this refuses.</li>
 *   <li>{@code Sec-Fetch-Site} (403): {@code cross-site} and {@code same-site} are refused (a page of
 *       another site or of another local port).</li>
 *   <li>{@code Origin} (403): when present it must be the server's own origin, {@code http://} and
 *       the request's {@code Host}.</li>
 * </ol>
 * and, for the endpoints that run work ({@link #checkToken}, {@link #checkJson}): the per-start
 * random token in the {@value #TOKEN_HEADER} header (403), and {@code Content-Type:
 * application/json} (415), which a form or a {@code text/plain} fetch of another page cannot send
 * without a CORS preflight that this server never grants.
 */
public final class ExploreGuard extends Handler.Wrapper {
    /** The request header that carries the token. */
    public static final String TOKEN_HEADER = "X-TrackGen-Token";

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]");
    private static final Set<String> WILDCARD = Set.of("0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0", "");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("\\[[0-9a-f:.]+\\]");

    private final String token;
    private final Set<String> names;
    private final boolean wildcard;
    private final IntSupplier port;

    /**
     * @param host    the address the server listens on, as given to {@code --host}
     * @param port    the port it listens on (read per request: known once started)
     * @param token   the token the work endpoints require
     * @param handler the handler the accepted requests go to
     */
    public ExploreGuard(String host, IntSupplier port, String token, Handler handler) {
        super(handler);
        String h = host.strip().toLowerCase(Locale.ROOT);
        this.wildcard = WILDCARD.contains(h);
        Set<String> n = new LinkedHashSet<>(LOOPBACK);
        if (!wildcard) {
            n.add(h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h);
        }
        this.names = Set.copyOf(n);
        this.port = port;
        this.token = token;
    }

    /**
     * The headers every answer carries, refusals and errors included: no framing by other sites
     * (which could click the page's buttons), no Referer carrying the tokened URL away, no content
     * sniffing.
     *
     * @param response an answer being made
     */
    static void protect(Response response) {
        response.getHeaders().put("Content-Security-Policy", "frame-ancestors 'none'");
        response.getHeaders().put("Referrer-Policy", "no-referrer");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
    }

    /** @return a new random token: 32 bytes of {@link SecureRandom}, base64url without padding */
    public static String newToken() {
        byte[] b = new byte[32];
        new SecureRandom().nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** @return the token the work endpoints require */
    public String token() {
        return token;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        protect(response);
        try {
            checkSource(request);
        } catch (ExploreRequestException refused) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
            ExploreErrors.send(response, callback, refused.status(), null, refused.getMessage());
            return true;
        }
        return super.handle(request, response, callback);
    }

    /**
     * Checks {@code Host}, {@code Sec-Fetch-Site} and {@code Origin}.
     *
     * @param request a request
     * @throws ExploreRequestException (421 or 403) naming the header that failed
     */
    public void checkSource(Request request) {
        String host = request.getHeaders().get(HttpHeader.HOST);
        if (host == null || !hostAllowed(host.strip().toLowerCase(Locale.ROOT))) {
            throw new ExploreRequestException(421, null, "refused: Host " + (host == null ? "(missing)" : "'" + host + "'")
                    + " is not this explorer's address; open the URL that trackgen explore printed");
        }
        String site = request.getHeaders().get("Sec-Fetch-Site");
        if (site != null && (site.equalsIgnoreCase("cross-site") || site.equalsIgnoreCase("same-site"))) {
            throw new ExploreRequestException(403, null, "refused: a request from another site (Sec-Fetch-Site: "
                    + site + ")");
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null && !origin.strip().equalsIgnoreCase("http://" + host.strip())) {
            throw new ExploreRequestException(403, null, "refused: a request from another origin (Origin: " + origin + ")");
        }
    }

    private boolean hostAllowed(String host) {
        String name = host;
        int p = 80;
        int colon = host.lastIndexOf(':');
        if (colon > host.lastIndexOf(']')) {
            name = host.substring(0, colon);
            try {
                p = Integer.parseInt(host.substring(colon + 1));
            } catch (NumberFormatException e) {
                return false;
            }
        }
        if (p != port.getAsInt()) {
            return false;
        }
        return names.contains(name) || wildcard && (IPV4.matcher(name).matches() || IPV6.matcher(name).matches());
    }

    /**
     * @param request a request to an endpoint that runs work
     * @throws ExploreRequestException (403) when the {@value #TOKEN_HEADER} header is missing or wrong
     */
    public void checkToken(Request request) {
        String given = request.getHeaders().get(TOKEN_HEADER);
        if (given == null || given.isEmpty()) {
            throw new ExploreRequestException(403, null, "refused: no token (header " + TOKEN_HEADER
                    + "); open the URL with ?token= that trackgen explore printed");
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8))) {
            throw new ExploreRequestException(403, null, "refused: wrong token (header " + TOKEN_HEADER
                    + "); open the URL with ?token= that this run of trackgen explore printed");
        }
    }

    /**
     * @param request a request that carries a body
     * @throws ExploreRequestException (415) unless its {@code Content-Type} is {@code application/json}
     */
    public static void checkJson(Request request) {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        String media = type == null ? "" : type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        if (!media.equals("application/json")) {
            throw new ExploreRequestException(415, null, "refused: the body must be sent as Content-Type: "
                    + "application/json, not " + (type == null ? "(none)" : type));
        }
    }
}
