package dev.trackgen.osgi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;

import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Configured {@code TrackGenerator} services in a real Apache Felix with Felix SCR, Configuration
 * Admin, Metatype and Log ({@link FelixHarness}): a factory configuration becomes a service that
 * generates; an edit replaces it (a call in progress completes on the old one); an invalid one
 * logs one line naming the property and registers nothing; a configuration naming a plugin waits
 * for its bundle; and 100 edits and 100 plugin install/uninstall cycles leak no class loader and
 * no worker thread (the figures are printed for the release notes).
 */
class FelixConfigurationIT {
    private static final String PID = GeneratorConfiguration.FACTORY_PID + "~";
    private static final String PLUGIN_CLASS = "dev.trackgen.examples.noisyellipse.NoisyEllipseGenerator";

    @TempDir
    static Path dir;

    private static FelixHarness felix;
    private static Function<String, Object> probe;

    @BeforeAll
    static void startFelix() throws Exception {
        felix = new FelixHarness(dir);
        probe = felix.probe("config");
    }

    @AfterAll
    static void stopFelix() throws Exception {
        if (felix != null) {
            felix.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> services() {
        return (List<Map<String, Object>>) probe.apply("services");
    }

    private static Map<String, Object> service(String name) {
        for (Map<String, Object> s : services()) {
            if ((PID + name).equals(s.get(GeneratorConfiguration.PID))) {
                return s;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> generate(String name) {
        return (Map<String, Object>) probe.apply("generate " + name);
    }

    @SuppressWarnings("unchecked")
    private static List<String> log() {
        return (List<String>) probe.apply("log");
    }

    private static List<String> logFor(String name) {
        List<String> out = new ArrayList<>();
        for (String line : log()) {
            if (line.contains("configuration " + PID + name + " ")) {
                out.add(line);
            }
        }
        return out;
    }

    /** Polls (Configuration Admin and SCR work asynchronously): true once the condition holds, false after 30 s. */
    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 3000; i++) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(10);
        }
        return condition.getAsBoolean();
    }

    private static Map<String, Object> awaitService(String name, String property, Object value) throws InterruptedException {
        assertTrue(eventually(() -> {
            Map<String, Object> s = service(name);
            return s != null && (property == null || value.equals(s.get(property)));
        }), () -> "a TrackGenerator service for " + name + " with " + property + "=" + value + "; services: "
                + services() + "; log: " + logFor(name));
        return service(name);
    }

    @Test
    void aConfigurationBecomesAServiceAndAnEditReplacesItAfterTheCallInProgress() throws Exception {
        probe.apply("put a num_envs=32;runtime=cpu;threads=1;seed=7");
        Map<String, Object> s = awaitService("a", null, null);
        assertEquals("bezier", s.get("generator"), s::toString);
        assertEquals("cpu", s.get("runtime"));
        assertEquals(32, s.get("num_envs"));
        assertEquals(7, s.get("seed"));
        assertEquals("1", s.get("threads"), "the configured properties are service properties");
        Map<String, Object> batch = generate("a");
        assertNull(batch.get("error"), batch::toString);
        assertEquals(32, batch.get("envs"));
        assertTrue((Integer) batch.get("valid") >= 31, batch::toString);

        // A consumer generating on another thread while the runtime and a knob are edited.
        assertEquals("started", probe.apply("hammer a"));
        Object oldId = s.get("service.id");
        long edited = System.nanoTime();
        probe.apply("put a num_envs=32;runtime=cpu;threads=2;relax_tol=0.05;seed=7");
        Map<String, Object> replaced = awaitService("a", "relax_tol", "0.05");
        double ms = (System.nanoTime() - edited) / 1e6;
        assertFalse(oldId.equals(replaced.get("service.id")), "a new service replaced the old one");
        assertEquals(1, services().stream().filter(x -> (PID + "a").equals(x.get(GeneratorConfiguration.PID))).count(),
                "the old service is unregistered");
        @SuppressWarnings("unchecked")
        Map<String, Object> hammered = (Map<String, Object>) probe.apply("hammered");
        assertNull(hammered.get("error"), "no call failed mid-flight: " + hammered);
        assertTrue((Integer) hammered.get("calls") >= 1, hammered::toString);
        assertTrue((Integer) hammered.get("lastValid") >= 31, "the last call on the old generator completed: " + hammered);
        assertTrue(String.valueOf(hammered.get("closed")).contains("closed"), hammered::toString);
        batch = generate("a");
        assertEquals(0.05, batch.get("relax_tol"), batch::toString);
        assertTrue((Integer) batch.get("valid") >= 31, batch::toString);
        System.out.printf("[measure] Felix: configuration edit to service replaced: %.1f ms%n", ms);

        probe.apply("delete a");
        assertTrue(eventually(() -> service("a") == null), "deleting the configuration unregisters the service");
    }

    @Test
    void anInvalidConfigurationLogsOneLineNamingThePropertyAndRegistersNothing() throws Exception {
        probe.apply("put bad num_envs=8;relax_tol=5");
        probe.apply("put typo num_envs=8;relax_tolerance=0.1");
        probe.apply("put gpu num_envs=8;runtime=cuda");
        assertTrue(eventually(() -> !logFor("bad").isEmpty() && !logFor("typo").isEmpty() && !logFor("gpu").isEmpty()),
                () -> "lines for the three configurations: " + log());
        Thread.sleep(200); // time for a second, unwanted line
        List<String> bad = logFor("bad");
        assertEquals(1, bad.size(), bad::toString);
        assertTrue(bad.get(0).startsWith("ERROR "), bad::toString);
        assertTrue(bad.get(0).contains("property 'relax_tol'"), bad::toString);
        List<String> typo = logFor("typo");
        assertEquals(1, typo.size(), typo::toString);
        assertTrue(typo.get(0).contains("property 'relax_tolerance'") && typo.get(0).contains("relax_tol"), typo::toString);
        List<String> gpu = logFor("gpu");
        assertEquals(1, gpu.size(), gpu::toString);
        assertTrue(gpu.get(0).startsWith("WARN ") && gpu.get(0).contains("waits for runtime 'cuda'"), gpu::toString);
        assertNull(service("bad"));
        assertNull(service("typo"));
        assertNull(service("gpu"));

        // Fixed by an edit: registered.
        probe.apply("put bad num_envs=8;relax_tol=0.05");
        awaitService("bad", "relax_tol", "0.05");
        for (String name : List.of("bad", "typo", "gpu")) {
            probe.apply("delete " + name);
        }
        assertTrue(eventually(() -> service("bad") == null));
    }

    @Test
    void metatypeDescribesEveryKnobWithItsDefaultAndRange() throws Exception {
        @SuppressWarnings("unchecked")
        List<String> attributes = (List<String>) probe.apply("metatype");
        // id|type|default|validate("-1e9")
        assertTrue(attributes.contains("num_envs|3|1|" + invalid(attributes, "num_envs")), attributes::toString);
        assertTrue(attributes.stream().anyMatch(a -> a.startsWith("relax_tol|7|0.02|") && !a.endsWith("|")), attributes::toString);
        assertTrue(attributes.stream().anyMatch(a -> a.startsWith("seed|3|0|") && a.endsWith("|")), "any int is a seed");
        assertTrue(attributes.stream().anyMatch(a -> a.startsWith("threads|3|0|")), attributes::toString);
        assertTrue(attributes.stream().anyMatch(a -> a.startsWith("generator|1|auto|")), attributes::toString);
        long bezierKnobs = attributes.size() - dev.trackgen.api.config.PipelineKnobs.all().size() - 2;
        assertTrue(bezierKnobs > 0, "the built-in generators' knobs are described too: " + attributes);
    }

    private static String invalid(List<String> attributes, String id) {
        for (String a : attributes) {
            if (a.startsWith(id + "|")) {
                String v = a.substring(a.lastIndexOf('|') + 1);
                assertFalse(v.isEmpty(), "-1e9 is refused for " + id);
                return v;
            }
        }
        throw new AssertionError("no attribute " + id + " in " + attributes);
    }

    @Test
    void aConfigurationNamingAPluginWaitsForItsBundleAndGoesWithIt() throws Exception {
        probe.apply("put noisy generator=noisy_ellipse;num_envs=16;runtime=cpu;threads=1");
        assertTrue(eventually(() -> !logFor("noisy").isEmpty()));
        assertTrue(logFor("noisy").get(0).startsWith("WARN ") && logFor("noisy").get(0).contains("waits for generator 'noisy_ellipse'"),
                logFor("noisy")::toString);
        assertNull(service("noisy"));

        Bundle plugin = felix.install(felix.pluginJar());
        plugin.start();
        awaitService("noisy", "generator", "noisy_ellipse");
        Map<String, Object> batch = generate("noisy");
        assertTrue((Integer) batch.get("valid") >= 15, batch::toString);
        WeakReference<ClassLoader> loader = new WeakReference<>(plugin.loadClass(PLUGIN_CLASS).getClassLoader());

        plugin.uninstall();
        assertTrue(eventually(() -> service("noisy") == null), "uninstalling the plugin unregisters the service");
        felix.refresh(plugin);
        plugin = null;
        assertTrue(collected(List.of(loader)) == 0, "the plugin's class loader was collected");
        probe.apply("delete noisy");
    }

    @Test
    void hundredEditsAndHundredPluginCyclesLeakNoClassLoaderAndNoThread() throws Exception {
        probe.apply("put stress num_envs=16;runtime=cpu;threads=1;relax_tol=0.02");
        awaitService("stress", "relax_tol", "0.02");
        settle();
        int threadsBefore = workerThreads();
        long heapBefore = heapUsed();
        long t0 = System.nanoTime();
        for (int i = 1; i <= 100; i++) {
            String tol = "0.0" + (i % 2 == 0 ? "2" : "3") + String.format("%03d", i);
            probe.apply("put stress num_envs=16;runtime=cpu;threads=" + (1 + i % 2) + ";relax_tol=" + tol);
            awaitService("stress", "relax_tol", tol);
        }
        double editMs = (System.nanoTime() - t0) / 1e6 / 100;
        assertTrue((Integer) generate("stress").get("valid") >= 15);
        settle();
        int threadsAfterEdits = workerThreads();
        long heapAfterEdits = heapUsed();

        probe.apply("put cycle generator=noisy_ellipse;num_envs=8;runtime=cpu;threads=1");
        List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
        long t1 = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            Bundle plugin = felix.install(felix.pluginJar());
            plugin.start();
            awaitService("cycle", "generator", "noisy_ellipse");
            loaders.add(new WeakReference<>(plugin.loadClass(PLUGIN_CLASS).getClassLoader()));
            plugin.uninstall();
            felix.refresh(plugin);
            assertTrue(eventually(() -> service("cycle") == null));
        }
        double cycleMs = (System.nanoTime() - t1) / 1e6 / 100;
        int alive = collected(loaders);
        settle();
        int threadsAfterCycles = workerThreads();
        long heapAfterCycles = heapUsed();
        System.out.printf("[measure] Felix: 100 configuration edits (%.1f ms each): cpu worker threads %d -> %d, "
                        + "heap used %.1f MiB -> %.1f MiB%n", editMs, threadsBefore, threadsAfterEdits,
                heapBefore / 1048576.0, heapAfterEdits / 1048576.0);
        System.out.printf("[measure] Felix: 100 plugin install/uninstall cycles (%.1f ms each): plugin class loaders "
                        + "alive %d of 100, cpu worker threads %d, heap used %.1f MiB%n", cycleMs, alive,
                threadsAfterCycles, heapAfterCycles / 1048576.0);
        assertEquals(0, alive, "every uninstalled plugin's class loader was collected");
        assertEquals(threadsBefore, threadsAfterEdits, "replaced generators' worker threads ended");
        assertEquals(threadsBefore, threadsAfterCycles, "withdrawn generators' worker threads ended");
        assertTrue(heapAfterCycles < heapBefore + (64L << 20), "heap stays within 64 MiB of where it was");
        probe.apply("delete stress");
        probe.apply("delete cycle");
    }

    private static long heapUsed() {
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    /** Worker threads of cpu runtimes, alive. */
    private static int workerThreads() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith("trackgen-cpu-worker")) {
                n++;
            }
        }
        return n;
    }

    /** Collects garbage and lets closed pools' threads end. */
    private static void settle() throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(40);
        }
    }

    /** @return how many of the loaders are still alive after garbage collection (with memory pressure) */
    private static int collected(List<WeakReference<ClassLoader>> loaders) throws InterruptedException {
        for (int i = 0; i < 50 && loaders.stream().anyMatch(r -> r.get() != null); i++) {
            System.gc();
            byte[][] pressure = new byte[16][];
            for (int k = 0; k < pressure.length; k++) {
                pressure[k] = new byte[1 << 20];
            }
            Thread.sleep(50);
        }
        return (int) loaders.stream().filter(r -> r.get() != null).count();
    }
}
