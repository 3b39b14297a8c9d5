package dev.trackgen.osgi.internal;

import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.osgi.TrackGenServices;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.BundleTracker;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.function.Consumer;

/**
 * The extender: for every {@linkplain Bundle#ACTIVE active} bundle, reads its own
 * {@code META-INF/services/dev.trackgen.api.generator.CenterlineGenerator} and
 * {@code .../dev.trackgen.api.runtime.RuntimeProvider} entries, loads each listed class with the
 * bundle's class loader, creates it (a public static {@code provider()} method, else the public
 * no-argument constructor, as {@link java.util.ServiceLoader} does) and registers it as an OSGi
 * service on the bundle's behalf. When the bundle stops, its services are unregistered. Plugin
 * bundles thus stay free of OSGi code: the jar that works on the module and class path works here.
 *
 * <p>A class that cannot be loaded, does not implement the interface (a bundle wired to another
 * copy of the api), or throws while being created is reported through the problem sink (the
 * registries' {@code problems()}), naming the bundle; the bundle's other providers still register.
 */
final class ServiceProviderExtender extends BundleTracker<List<ServiceRegistration<?>>> {
    private static final Class<?>[] SPIS = {CenterlineGenerator.class, RuntimeProvider.class};

    private final Consumer<String> generatorProblems;
    private final Consumer<String> runtimeProblems;

    ServiceProviderExtender(BundleContext context, Consumer<String> generatorProblems, Consumer<String> runtimeProblems) {
        super(context, Bundle.ACTIVE, null);
        this.generatorProblems = generatorProblems;
        this.runtimeProblems = runtimeProblems;
    }

    static String describe(Bundle bundle) {
        return "bundle " + bundle.getSymbolicName() + " " + bundle.getVersion();
    }

    @Override
    public List<ServiceRegistration<?>> addingBundle(Bundle bundle, BundleEvent event) {
        List<ServiceRegistration<?>> registrations = new ArrayList<>();
        for (Class<?> spi : SPIS) {
            URL entry = bundle.getEntry("META-INF/services/" + spi.getName());
            if (entry == null) {
                continue;
            }
            Consumer<String> problems = spi == CenterlineGenerator.class ? generatorProblems : runtimeProblems;
            List<String> classes;
            try {
                classes = read(entry);
            } catch (IOException e) {
                problems.accept(describe(bundle) + ": cannot read " + entry.getPath() + ": " + e.getMessage());
                continue;
            }
            for (String cn : classes) {
                ServiceRegistration<?> r = register(bundle, spi, cn, problems);
                if (r != null) {
                    registrations.add(r);
                }
            }
        }
        // Track every active bundle, even one without providers, so removal stays symmetric.
        return registrations;
    }

    private ServiceRegistration<?> register(Bundle bundle, Class<?> spi, String className, Consumer<String> problems) {
        String kind = spi == CenterlineGenerator.class ? "generator" : "runtime";
        String where = kind + " plugin " + className + " from " + describe(bundle);
        Object instance;
        try {
            Class<?> type = bundle.loadClass(className);
            if (!spi.isAssignableFrom(type)) {
                problems.accept(where + " was ignored: it does not implement " + spi.getName()
                        + " as seen by dev.trackgen.osgi (is the bundle wired to another copy of the api?)");
                return null;
            }
            instance = create(type);
        } catch (ClassNotFoundException e) {
            problems.accept(where + " could not be loaded: class not found");
            return null;
        } catch (InvocationTargetException e) {
            problems.accept(where + " failed to start: " + rootMessage(e.getCause()));
            return null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            problems.accept(where + " failed to start: " + rootMessage(e));
            return null;
        }
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(TrackGenServices.SOURCE, describe(bundle));
        props.put(TrackGenServices.EXTENDER, Boolean.TRUE);
        try {
            if (instance instanceof CenterlineGenerator g) {
                props.put(TrackGenServices.NAME, g.name());
                props.put(TrackGenServices.CAPTURABLE, g.capturable());
            } else if (instance instanceof RuntimeProvider p) {
                props.put(TrackGenServices.NAME, p.name());
            }
        } catch (RuntimeException | LinkageError e) {
            problems.accept(where + " failed to report its name: " + rootMessage(e));
            return null;
        }
        BundleContext bc = bundle.getBundleContext();
        if (bc == null) {
            return null; // stopped meanwhile
        }
        try {
            return bc.registerService(spi.getName(), instance, props);
        } catch (IllegalStateException stopped) {
            return null;
        }
    }

    private static Object create(Class<?> type) throws ReflectiveOperationException {
        for (Method m : type.getMethods()) {
            if (m.getName().equals("provider") && m.getParameterCount() == 0 && Modifier.isStatic(m.getModifiers())) {
                return m.invoke(null);
            }
        }
        return type.getConstructor().newInstance();
    }

    @Override
    public void modifiedBundle(Bundle bundle, BundleEvent event, List<ServiceRegistration<?>> registrations) {
    }

    @Override
    public void removedBundle(Bundle bundle, BundleEvent event, List<ServiceRegistration<?>> registrations) {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework unregisters a stopped bundle's services itself
            }
        }
        registrations.clear();
    }

    private static List<String> read(URL entry) throws IOException {
        List<String> out = new ArrayList<>();
        try (InputStream in = entry.openStream();
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int hash = line.indexOf('#');
                String cn = (hash >= 0 ? line.substring(0, hash) : line).strip();
                if (!cn.isEmpty() && !out.contains(cn)) {
                    out.add(cn);
                }
            }
        }
        return out;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + (t.getMessage() != null ? ": " + t.getMessage() : "");
    }
}
