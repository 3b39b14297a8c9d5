package dev.trackgen.osgi;

import dev.trackgen.osgi.probe.ProbeActivator;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.wiring.FrameworkWiring;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An embedded Apache Felix with what an OSGi user's container has (Declarative Services,
 * Configuration Admin, Metatype, the log service), the product's bundles, this glue and the
 * probe bundle made from {@code dev.trackgen.osgi.probe}; the plugin bundle is left to the tests.
 */
final class FelixHarness implements AutoCloseable {
    /** The container's services, from Maven Central (Felix SCR, Configuration Admin, Metatype, Log). */
    static final List<String> SERVICES = List.of("org.osgi.util.function", "org.osgi.util.promise",
            "org.osgi.service.component", "org.apache.felix.log", "org.apache.felix.configadmin",
            "org.apache.felix.metatype", "org.apache.felix.scr");
    static final List<String> PRODUCT = List.of("trackgen-api", "trackgen-registry", "trackgen-pipeline",
            "trackgen-generators", "trackgen-runtime-cpu");

    final Framework framework;
    final BundleContext context;
    final Path bundles;
    private final Path dir;

    FelixHarness(Path dir) throws Exception {
        this.dir = dir;
        Map<String, String> config = new HashMap<>();
        config.put("org.osgi.framework.storage", dir.resolve("felix-cache").toString());
        config.put("org.osgi.framework.storage.clean", "onFirstInit");
        // no JVM-wide URL stream handler factory from an embedded framework
        config.put("felix.service.urlhandlers", "false");
        config.put("org.apache.felix.log.maxSize", "-1");
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new AssertionError("no OSGi framework on the test class path"));
        framework = factory.newFramework(config);
        framework.init();
        framework.start();
        context = framework.getBundleContext();
        bundles = Path.of(required("trackgen.it.bundles"));
        List<Bundle> installed = new ArrayList<>();
        for (String artifact : SERVICES) {
            installed.add(install(bundles.resolve(artifact + ".jar")));
        }
        for (String artifact : PRODUCT) {
            installed.add(install(bundles.resolve(artifact + ".jar")));
        }
        installed.add(install(Path.of(required("trackgen.osgi.bundle"))));
        installed.add(install(probeBundle()));
        for (Bundle b : installed) {
            b.start();
        }
        for (Bundle b : installed) {
            assertEquals(Bundle.ACTIVE, b.getState(), b.getSymbolicName() + " is active");
        }
    }

    static String required(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            throw new IllegalStateException("system property " + property + " is not set (run through maven-failsafe)");
        }
        return v;
    }

    Bundle install(Path jar) throws Exception {
        assertTrue(Files.isRegularFile(jar), jar + " exists");
        return context.installBundle(jar.toUri().toString());
    }

    /** @return the plugin example's jar */
    Path pluginJar() {
        return bundles.resolve("trackgen-example-noisy-ellipse.jar");
    }

    /**
     * @param kind the probe's {@code trackgen.probe} property ({@code true}, {@code config})
     * @return the probe service
     */
    @SuppressWarnings("unchecked")
    Function<String, Object> probe(String kind) throws Exception {
        ServiceReference<?>[] refs = context.getServiceReferences(Function.class.getName(), "(trackgen.probe=" + kind + ")");
        assertNotNull(refs, "the probe service is registered");
        return (Function<String, Object>) context.getService(refs[0]);
    }

    /** The probe: the classes of {@code dev.trackgen.osgi.probe} in a bundle of their own. */
    private Path probeBundle() throws IOException, URISyntaxException {
        Path classes = Path.of(ProbeActivator.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path pkg = classes.resolve("dev/trackgen/osgi/probe");
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "dev.trackgen.osgi.probe");
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Activator", ProbeActivator.class.getName());
        a.putValue("Import-Package", "dev.trackgen.api,dev.trackgen.api.config,dev.trackgen.api.generator,"
                + "dev.trackgen.api.runtime,dev.trackgen.registry,dev.trackgen.pipeline,dev.trackgen.osgi,"
                + "org.osgi.framework,org.osgi.util.tracker,org.osgi.service.cm,org.osgi.service.log,"
                + "org.osgi.service.metatype");
        Path jar = dir.resolve("probe.jar");
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream jos = new JarOutputStream(os, mf);
             Stream<Path> files = Files.list(pkg)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                jos.putNextEntry(new JarEntry("dev/trackgen/osgi/probe/" + f.getFileName()));
                jos.write(Files.readAllBytes(f));
                jos.closeEntry();
            }
        }
        return jar;
    }

    void refresh(Bundle bundle) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        framework.adapt(FrameworkWiring.class).refreshBundles(List.of(bundle), event -> {
            if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                done.countDown();
            }
        });
        assertTrue(done.await(30, TimeUnit.SECONDS), "refresh finished");
    }

    @Override
    public void close() throws Exception {
        framework.stop();
        framework.waitForStop(30_000);
    }
}
