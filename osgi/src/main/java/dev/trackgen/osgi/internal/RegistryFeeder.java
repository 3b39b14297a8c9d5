package dev.trackgen.osgi.internal;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.osgi.TrackGenServices;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Mirrors tracked generator or runtime services into a registry: registered when the service
 * appears, unregistered (and released) when it goes, so a {@code TrackGenerator} built afterwards
 * sees exactly the services present.
 *
 * @param <S> the service type
 */
final class RegistryFeeder<S> implements ServiceTrackerCustomizer<S, S> {
    private final BundleContext context;
    private final BiConsumer<S, String> register;
    private final Consumer<S> unregister;

    private RegistryFeeder(BundleContext context, BiConsumer<S, String> register, Consumer<S> unregister) {
        this.context = context;
        this.register = register;
        this.unregister = unregister;
    }

    static RegistryFeeder<CenterlineGenerator> generators(BundleContext context, GeneratorRegistry registry) {
        return new RegistryFeeder<>(context, registry::register, registry::unregister);
    }

    static RegistryFeeder<RuntimeProvider> runtimes(BundleContext context, RuntimeRegistry registry) {
        return new RegistryFeeder<>(context, registry::register, registry::unregister);
    }

    @Override
    public S addingService(ServiceReference<S> reference) {
        S service = context.getService(reference);
        if (service == null) {
            return null;
        }
        register.accept(service, source(reference));
        return service;
    }

    @Override
    public void modifiedService(ServiceReference<S> reference, S service) {
    }

    @Override
    public void removedService(ServiceReference<S> reference, S service) {
        try {
            unregister.accept(service);
        } finally {
            context.ungetService(reference);
        }
    }

    private static String source(ServiceReference<?> reference) {
        Object s = reference.getProperty(TrackGenServices.SOURCE);
        if (s instanceof String str && !str.isBlank()) {
            return str;
        }
        return reference.getBundle() != null ? ServiceProviderExtender.describe(reference.getBundle()) : "an OSGi service";
    }
}
