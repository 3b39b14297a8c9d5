package dev.trackgen.cli.wiring;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The resources an invocation opened through the object graph (the compute runtime), closed in
 * reverse order when the command ends, whether it succeeded or not.
 */
public final class AppResources implements AutoCloseable {
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    /** Creates an empty set of resources (one per {@link Platform}, bound by {@link PlatformModule}). */
    public AppResources() {
    }

    /**
     * @param resource something to close at exit
     * @param <T>      its type
     * @return the same resource
     */
    public synchronized <T extends AutoCloseable> T register(T resource) {
        resources.push(resource);
        return resource;
    }

    /** Closes every registered resource, newest first; the first failure is rethrown after all were tried. */
    @Override
    public synchronized void close() {
        RuntimeException first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception e) {
                if (first == null) {
                    first = e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
