package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.trackgen.cli.CliException;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;

/**
 * The explorer's embedded Jetty server: one connector on {@code host:port} (loopback unless told
 * otherwise), a bounded thread pool, the {@link ExploreHandler} and the single-worker
 * {@link BatchQueue}. {@link #close} stops all of it (not the engine's runtime).
 */
public final class ExploreServer implements AutoCloseable {
    private final Server server;
    private final ServerConnector connector;
    private final BatchQueue queue;
    private final String host;

    private ExploreServer(Server server, ServerConnector connector, BatchQueue queue, String host) {
        this.server = server;
        this.connector = connector;
        this.queue = queue;
        this.host = host;
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
        ServerConnector connector = new ServerConnector(server, 1, 1);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        BatchQueue queue = new BatchQueue(limits.maxPending());
        server.setHandler(new ExploreHandler(engine, queue, schema));
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
        return new ExploreServer(server, connector, queue, host);
    }

    /** @return the port listened on (the chosen one when started with port 0) */
    public int port() {
        return connector.getLocalPort();
    }

    /** @return the page's address, e.g. {@code http://127.0.0.1:8642/} */
    public URI uri() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return URI.create("http://" + h + ":" + port() + "/");
    }

    /** Blocks until the server stops. @throws InterruptedException if interrupted while waiting */
    public void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() {
        queue.close();
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the HTTP server failed: " + e.getMessage(), e);
        }
    }
}
