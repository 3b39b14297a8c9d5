package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.cli.CliException;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;

/**
 * The explorer's embedded Jetty server: one connector on {@code host:port} (loopback unless told
 * otherwise), a bounded thread pool, and the handlers in this order: the {@link ExploreGuard}
 * (Host, Origin, Sec-Fetch-Site), Jetty's {@link SizeLimitHandler} (a declared or chunked body over
 * {@link ExploreLimits#maxBodyBytes} is refused with 413 before it is read), the
 * {@link ExploreHandler} and its single-worker {@link BatchQueue}. Jetty's own errors are JSON
 * ({@link JsonErrorHandler}). A random token is made per start; {@link #uri} carries it. {@link #close}
 * stops all of it (not the engine's runtime).
 */
public final class ExploreServer implements AutoCloseable {
    private final Server server;
    private final ServerConnector connector;
    private final BatchQueue queue;
    private final String host;
    private final String token;

    private ExploreServer(Server server, ServerConnector connector, BatchQueue queue, String host, String token) {
        this.server = server;
        this.connector = connector;
        this.queue = queue;
        this.host = host;
        this.token = token;
    }

    /**
     * Starts a server.
     *
     * @param engine the generator of batches
     * @param schema the knob catalog the page is built from
     * @param host   the address to listen on, e.g. {@code 127.0.0.1}
     * @param port   the port, 0 for any free one
     * @return the running server
     * @throws CliException with one line when the address cannot be bound
     */
    public static ExploreServer start(ExploreEngine engine, ObjectNode schema, String host, int port) {
        ExploreLimits limits = engine.limits();
        QueuedThreadPool pool = new QueuedThreadPool(limits.maxThreads(), 2);
        pool.setName("trackgen-explore-http");
        pool.setDaemon(true);
        Server server = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        BatchQueue queue = new BatchQueue(limits.maxPending());
        String token = ExploreGuard.newToken();
        ExploreGuard guard = new ExploreGuard(host, connector::getLocalPort, token, null);
        SizeLimitHandler sizeLimit = new SizeLimitHandler(limits.maxBodyBytes(), -1);
        sizeLimit.setHandler(new ExploreHandler(engine, queue, schema, guard));
        guard.setHandler(sizeLimit);
        server.setHandler(guard);
        server.setErrorHandler(new JsonErrorHandler(limits.maxBodyBytes()));
        server.setStopTimeout(2000);
        try {
            server.start();
        } catch (Exception e) {
            queue.close();
            try {
                server.stop();
            } catch (Exception ignored) {
                // the start failure is the one to report
            }
            Throwable cause = e instanceof IOException && e.getCause() instanceof BindException ? e.getCause() : e;
            if (cause instanceof BindException || e instanceof IOException) {
                throw new CliException("cannot listen on " + host + ":" + port + " (" + cause.getMessage()
                        + "); choose another port with --port N (0 = any free port)", e);
            }
            throw new CliException("the HTTP server did not start: " + e, e);
        }
        return new ExploreServer(server, connector, queue, host, token);
    }

    /** @return the port listened on (the chosen one when started with port 0) */
    public int port() {
        return connector.getLocalPort();
    }

    /**
     * @return the page's address without the token, e.g. {@code http://127.0.0.1:8642/}; on a
     *         wildcard address ({@code 0.0.0.0}, {@code ::}) the loopback one
     */
    public URI baseUri() {
        String h = host.strip();
        if (h.isEmpty() || h.equals("0.0.0.0") || h.equals("::") || h.equals("[::]")) {
            h = "127.0.0.1";
        }
        h = h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
        return URI.create("http://" + h + ":" + port() + "/");
    }

    /** @return the page's address with its token, what the command prints: {@code http://127.0.0.1:8642/?token=...} */
    public URI uri() {
        return baseUri().resolve("/?token=" + token);
    }

    /** @return this start's token, which {@code POST /api/batch} and {@code /api/npz} require in {@value ExploreGuard#TOKEN_HEADER} */
    public String token() {
        return token;
    }

    /** @return the generation queue (for tests: its waiting and stopped jobs) */
    BatchQueue queue() {
        return queue;
    }

    /** Blocks until the server stops. @throws InterruptedException if interrupted while waiting */
    public void join() throws InterruptedException {
        server.join();
    }

    /**
     * Stops the queue and the server. Under load the graceful phase of Jetty's stop (bounded by the
     * stop timeout) can run out while a batch or a client still holds a thread or a connection;
     * Jetty then closes what is left, stops anyway and reports the timeout. That is a stopped
     * server (the port is released), not a failure; any other failure is.
     *
     * @throws IllegalStateException if the server failed to stop for another reason, or its
     *                               connector is still open after the timeout
     */
    @Override
    public void close() {
        queue.close();
        try {
            server.stop();
        } catch (Exception e) {
            if (!(isTimeout(e) && !connector.isOpen() && !server.isRunning())) {
                throw new IllegalStateException("stopping the HTTP server failed: " + e.getMessage(), e);
            }
        }
    }

    /** Whether {@code e}, one of its causes or one of their suppressed exceptions is a timeout. */
    static boolean isTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.util.concurrent.TimeoutException) {
                return true;
            }
            for (Throwable s : t.getSuppressed()) {
                if (isTimeout(s)) {
                    return true;
                }
            }
        }
        return false;
    }
}
