package dev.trackgen.features.probe;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A consumer bundle that {@code KarafIT} drops into Karaf's {@code deploy/} before Karaf starts:
 * it tracks {@code TrackGenerator} services (by class name, so it resolves before TrackGen is
 * installed), generates one batch on each as it arrives and appends one line per arrival and
 * departure to {@code ${karaf.data}/trackgen-probe.log}:
 * {@code ADDED <epoch ms> pid=... generator=... runtime=... relax_tol=... valid=N envs=E} and
 * {@code REMOVED <epoch ms> pid=...}.
 */
public final class KarafProbe implements BundleActivator, ServiceTrackerCustomizer<Object, Object> {
    private ServiceTracker<Object, Object> tracker;
    private BundleContext context;

    /** Created by the framework. */
    public KarafProbe() {
    }

    @Override
    public void start(BundleContext bundleContext) throws InvalidSyntaxException {
        context = bundleContext;
        Filter f = context.createFilter("(objectClass=dev.trackgen.pipeline.TrackGenerator)");
        tracker = new ServiceTracker<>(context, f, this);
        tracker.open(true);
    }

    @Override
    public void stop(BundleContext bundleContext) {
        tracker.close();
    }

    @Override
    public Object addingService(ServiceReference<Object> reference) {
        Object generator = context.getService(reference);
        String result;
        try {
            Object track = generator.getClass().getMethod("generate").invoke(generator);
            Object snapshot = track.getClass().getMethod("snapshot").invoke(track);
            Object valid = snapshot.getClass().getMethod("validCount").invoke(snapshot);
            Object envs = snapshot.getClass().getMethod("numEnvs").invoke(snapshot);
            result = "valid=" + valid + " envs=" + envs;
        } catch (ReflectiveOperationException | RuntimeException e) {
            result = "error=" + e;
        }
        write("ADDED " + System.currentTimeMillis() + " " + describe(reference) + " " + result);
        return generator;
    }

    @Override
    public void modifiedService(ServiceReference<Object> reference, Object service) {
    }

    @Override
    public void removedService(ServiceReference<Object> reference, Object service) {
        write("REMOVED " + System.currentTimeMillis() + " " + describe(reference));
        context.ungetService(reference);
    }

    private static String describe(ServiceReference<Object> r) {
        return "pid=" + r.getProperty("trackgen.pid") + " generator=" + r.getProperty("generator") + " runtime="
                + r.getProperty("runtime") + " num_envs=" + r.getProperty("num_envs") + " threads="
                + r.getProperty("threads") + " relax_tol=" + r.getProperty("relax_tol");
    }

    private static synchronized void write(String line) {
        Path log = Path.of(System.getProperty("karaf.data"), "trackgen-probe.log");
        try {
            Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
