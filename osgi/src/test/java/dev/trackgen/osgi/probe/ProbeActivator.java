package dev.trackgen.osgi.probe;

import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.function.Function;

/**
 * A client bundle built by {@code FelixIT} from these test classes: it tracks the registries the
 * TrackGen OSGi glue publishes and offers a {@code Function<String, Object>} service (a JDK type,
 * so the test outside the framework can call it) that lists and generates through them, the way
 * any bundle that wants tracks would.
 */
public final class ProbeActivator implements BundleActivator {
    private ServiceTracker<GeneratorRegistry, GeneratorRegistry> generators;
    private ServiceTracker<RuntimeRegistry, RuntimeRegistry> runtimes;

    /** Created by the framework. */
    public ProbeActivator() {
    }

    @Override
    public void start(BundleContext context) {
        generators = new ServiceTracker<>(context, GeneratorRegistry.class, null);
        runtimes = new ServiceTracker<>(context, RuntimeRegistry.class, null);
        generators.open();
        runtimes.open();
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("trackgen.probe", "true");
        context.registerService(Function.class, new Probe(generators, runtimes), props);
        Dictionary<String, Object> config = new Hashtable<>();
        config.put("trackgen.probe", "config");
        context.registerService(Function.class, new ConfigProbe(context), config);
    }

    @Override
    public void stop(BundleContext context) {
        runtimes.close();
        generators.close();
    }
}
