package dev.trackgen.osgi.internal;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceFactory;
import org.osgi.framework.ServiceRegistration;

/**
 * The bundle-scoped {@code TrackGenerator} service of one configuration: every consuming bundle
 * gets a generator of its own (its own persistent {@code Track}, RNG and runtime), because a
 * {@code TrackGenerator} rewrites its one {@code Track} on every call and a shared one would let
 * one consumer overwrite another's batch.
 *
 * <p>The first generator is built when the factory is made, so a configuration the launcher
 * refuses (a runtime that cannot start here) fails before anything is registered; it is handed to
 * the first consumer. A consumer's generator is closed when the framework releases it (the
 * consumer ungets the service, stops, or the service is unregistered). {@code close()} takes the
 * runtime's execution lock, so a {@code generate()} in progress on another thread completes on the
 * old generator first; later calls on it throw {@code IllegalStateException}.
 */
final class TrackGeneratorFactory implements ServiceFactory<TrackGenerator> {
    private final TrackGenLauncher launcher;
    private final GeneratorSettings settings;
    private final String runtimeName;
    private TrackGenerator first;

    /**
     * @param launcher the launcher over the generator and runtimes present
     * @param settings the configuration, validated
     * @throws RuntimeException what the launcher throws building the first generator
     *         ({@code UnknownNameException}, {@code RuntimeUnavailableException}, ...)
     */
    TrackGeneratorFactory(TrackGenLauncher launcher, GeneratorSettings settings) {
        this.launcher = launcher;
        this.settings = settings;
        this.first = build();
        this.runtimeName = first.runtime().name();
    }

    /** @return the name of the runtime the generators run on ({@code auto} resolved) */
    String runtimeName() {
        return runtimeName;
    }

    private TrackGenerator build() {
        return launcher.withOptions(settings.options()).builder(settings.config())
                .rng(PerEnvSeededRng.fromScalar(settings.config().numEnvs(), settings.seed()))
                .build();
    }

    @Override
    public synchronized TrackGenerator getService(Bundle bundle, ServiceRegistration<TrackGenerator> registration) {
        TrackGenerator handed = first;
        if (handed != null) {
            first = null;
            return handed;
        }
        return build();
    }

    @Override
    public void ungetService(Bundle bundle, ServiceRegistration<TrackGenerator> registration, TrackGenerator service) {
        service.close();
    }

    /** Closes what no consumer holds any more: the first generator if it was never handed out. */
    void closeUnused() {
        TrackGenerator unused;
        synchronized (this) {
            unused = first;
            first = null;
        }
        if (unused != null) {
            unused.close();
        }
    }
}
