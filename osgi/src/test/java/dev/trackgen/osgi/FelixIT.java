package dev.trackgen.osgi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The product's bundles in an embedded Apache Felix framework ({@link FelixHarness}): api,
 * registry, pipeline, generators, runtime-cpu and this osgi glue, plus a client "probe" bundle made
 * from test classes and the example plugin bundle. Generates through the services, watches the plugin's generator
 * come and go with its bundle, and checks that after uninstall and refresh nothing keeps the old
 * plugin's class loader alive.
 */
class FelixIT {
    private static final String GENERATOR_SPI = "dev.trackgen.api.generator.CenterlineGenerator";
    private static final String PLUGIN_CLASS = "dev.trackgen.examples.noisyellipse.NoisyEllipseGenerator";

    @TempDir
    static Path dir;

    private static FelixHarness felix;
    private static BundleContext context;
    private static Function<String, Object> probe;

    @BeforeAll
    static void startFelix() throws Exception {
        felix = new FelixHarness(dir);
        context = felix.context;
        probe = felix.probe("true");
    }

    @AfterAll
    static void stopFelix() throws Exception {
        if (felix != null) {
            felix.close();
        }
    }

    private static Bundle install(Path jar) throws Exception {
        return felix.install(jar);
    }

    private static void refresh(Bundle bundle) throws InterruptedException {
        felix.refresh(bundle);
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(String what) {
        return (List<String>) probe.apply(what);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> generate(String generator, int envs) {
        return (Map<String, Object>) probe.apply("generate " + generator + " " + envs);
    }

    private static List<ServiceReference<?>> generatorServices(String name) throws Exception {
        ServiceReference<?>[] refs = context.getAllServiceReferences(GENERATOR_SPI, "(trackgen.name=" + name + ")");
        return refs == null ? List.of() : List.of(refs);
    }

    @Test
    void theProductsServicesGenerateAndAPluginBundleComesAndGoesWithoutLeaking() throws Exception {
        // The product alone: the built-in generator and runtime arrive as services and in the registries.
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "voronoi"), list("generators"));
        assertEquals(List.of("cpu"), list("runtimes"));
        assertEquals(List.of(), list("problems"));
        ServiceReference<?> bezier = generatorServices("bezier").get(0);
        assertEquals("dev.trackgen.generators", bezier.getBundle().getSymbolicName(), "registered on its bundle's behalf");
        assertEquals(Boolean.TRUE, bezier.getProperty("trackgen.capturable"));
        Map<String, Object> batch = generate("bezier", 32);
        assertNull(batch.get("error"), batch::toString);
        assertTrue((Integer) batch.get("valid") >= 31, batch::toString);

        // The example plugin bundle: installed and started, its generator is a service and generates.
        Path pluginJar = felix.pluginJar();
        Bundle plugin = install(pluginJar);
        plugin.start();
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "noisy_ellipse", "polar", "repulsive", "voronoi"), list("generators"));
        ServiceReference<?> noisy = generatorServices("noisy_ellipse").get(0);
        assertEquals("bundle dev.trackgen.examples.noisyellipse " + plugin.getVersion(), noisy.getProperty("trackgen.source"));
        assertEquals(plugin, noisy.getBundle());
        batch = generate("noisy_ellipse", 64);
        assertNull(batch.get("error"), batch::toString);
        assertTrue((Integer) batch.get("valid") >= 62, batch::toString);
        assertEquals("bundle dev.trackgen.examples.noisyellipse " + plugin.getVersion(), batch.get("source"));

        // Stopped: the service and the registry entry go, and a new TrackGenerator for it fails by name.
        plugin.stop();
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "voronoi"), list("generators"));
        assertEquals(List.of(), generatorServices("noisy_ellipse"));
        batch = generate("noisy_ellipse", 8);
        assertEquals("unknown generator 'noisy_ellipse'; available: bezier, checkpoint, circuit, hull, polar, repulsive, voronoi", batch.get("error"), batch::toString);
        assertEquals("dev.trackgen.registry.UnknownNameException", batch.get("type"));

        // Started again: back, and working.
        plugin.start();
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "noisy_ellipse", "polar", "repulsive", "voronoi"), list("generators"));
        batch = generate("noisy_ellipse", 16);
        assertNull(batch.get("error"), batch::toString);

        // Unloaded: after stop, uninstall and refresh, nothing holds the old plugin's classes.
        WeakReference<Class<?>> pluginClass = new WeakReference<>(plugin.loadClass(PLUGIN_CLASS));
        WeakReference<ClassLoader> pluginLoader = new WeakReference<>(pluginClass.get().getClassLoader());
        assertNotNull(pluginLoader.get());
        plugin.stop();
        plugin.uninstall();
        refresh(plugin);
        plugin = null;
        noisy = null;
        for (int i = 0; i < 50 && (pluginClass.get() != null || pluginLoader.get() != null); i++) {
            System.gc();
            byte[][] pressure = new byte[16][];
            for (int k = 0; k < pressure.length; k++) {
                pressure[k] = new byte[1 << 20];
            }
            Thread.sleep(50);
        }
        assertNull(pluginClass.get(), "the plugin's class was unloaded");
        assertNull(pluginLoader.get(), "the plugin's class loader was collected");
        assertFalse(list("generators").contains("noisy_ellipse"));
        batch = generate("bezier", 8);
        assertNull(batch.get("error"), "the rest keeps working: " + batch);

        // A fresh install of the same jar works again.
        Bundle again = install(pluginJar);
        again.start();
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "noisy_ellipse", "polar", "repulsive", "voronoi"), list("generators"));
        again.uninstall();
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "voronoi"), list("generators"));
    }
}
