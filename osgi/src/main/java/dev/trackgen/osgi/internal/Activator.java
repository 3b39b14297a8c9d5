package dev.trackgen.osgi.internal;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.osgi.TrackGenServices;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

import java.util.Dictionary;
import java.util.Hashtable;

/**
 * Starts the TrackGen OSGi glue: the {@link ServiceProviderExtender} and two service trackers
 * that feed a {@link GeneratorRegistry} and a {@link RuntimeRegistry}, then publishes both
 * registries as services. Stopping closes everything in reverse order.
 */
public final class Activator implements BundleActivator {
    private ServiceTracker<CenterlineGenerator, CenterlineGenerator> generatorTracker;
    private ServiceTracker<RuntimeProvider, RuntimeProvider> runtimeTracker;
    private ServiceProviderExtender extender;
    private ServiceRegistration<GeneratorRegistry> generatorRegistration;
    private ServiceRegistration<RuntimeRegistry> runtimeRegistration;

    /** Creates the activator (the framework calls this). */
    public Activator() {
    }

    @Override
    public void start(BundleContext context) {
        GeneratorRegistry generators = new GeneratorRegistry();
        RuntimeRegistry runtimes = new RuntimeRegistry();
        generatorTracker = new ServiceTracker<>(context, CenterlineGenerator.class,
                RegistryFeeder.generators(context, generators));
        runtimeTracker = new ServiceTracker<>(context, RuntimeProvider.class, RegistryFeeder.runtimes(context, runtimes));
        generatorTracker.open();
        runtimeTracker.open();
        extender = new ServiceProviderExtender(context, generators::report, runtimes::report);
        extender.open();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(TrackGenServices.SOURCE, ServiceProviderExtender.describe(context.getBundle()));
        generatorRegistration = context.registerService(GeneratorRegistry.class, generators, props);
        runtimeRegistration = context.registerService(RuntimeRegistry.class, runtimes, props);
    }

    @Override
    public void stop(BundleContext context) {
        unregister(runtimeRegistration);
        unregister(generatorRegistration);
        if (extender != null) {
            extender.close();
        }
        if (runtimeTracker != null) {
            runtimeTracker.close();
        }
        if (generatorTracker != null) {
            generatorTracker.close();
        }
    }

    private static void unregister(ServiceRegistration<?> registration) {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // unregistered by the framework
            }
        }
    }
}
