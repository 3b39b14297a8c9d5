package dev.trackgen.features;

import dev.trackgen.features.probe.KarafProbe;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The features in a real Apache Karaf (the minimal distribution from Maven Central, unpacked by
 * the build), driven as an operator drives it: {@code bin/client} for {@code feature:repo-add},
 * {@code feature:install} and {@code log:display}, {@code .cfg} files in {@code etc/} for the
 * configurations, and {@code deploy/} for the plugin bundle. Karaf resolves {@code mvn:} URLs
 * from the repository this module's build populated, and from nowhere else (no remote
 * repositories, an empty local repository). A probe bundle in {@code deploy/}
 * ({@link KarafProbe}) generates a batch on every TrackGenerator service that appears and logs
 * arrivals and departures. Prints the measured figures ({@code [measure]}).
 */
class KarafIT {
    private static final String VERSION = System.getProperty("trackgen.version");
    private static Path home;
    private static Path probeLog;
    private static int sshPort;
    private static Process karaf;

    @BeforeAll
    static void startKaraf() throws Exception {
        Path work = Path.of(required("trackgen.work"));
        home = work.resolve("karaf");
        deleteTree(work);
        copyTree(Path.of(required("trackgen.karaf.dist")), home);
        Path repository = Path.of(required("trackgen.repository"));
        assertTrue(Files.isRegularFile(repository.resolve("dev/trackgen/trackgen-features/" + VERSION
                + "/trackgen-features-" + VERSION + "-features.xml")), "the build put the features file in " + repository);
        Path settings = work.resolve("settings.xml");
        Files.writeString(settings, "<settings/>\n");
        Files.writeString(home.resolve("etc/org.ops4j.pax.url.mvn.cfg"), String.join("\n",
                "# KarafIT: resolve mvn: URLs from the repository the build populated, and from nowhere else",
                "org.ops4j.pax.url.mvn.settings=" + settings,
                "org.ops4j.pax.url.mvn.localRepository=" + work.resolve("empty-local-repository"),
                "org.ops4j.pax.url.mvn.useFallbackRepositories=false",
                "org.ops4j.pax.url.mvn.globalChecksumPolicy=ignore",
                "org.ops4j.pax.url.mvn.defaultRepositories=${karaf.home.uri}system@id=system.repository@snapshots",
                "org.ops4j.pax.url.mvn.repositories=" + repository.toUri() + "@id=trackgen@snapshots",
                ""));
        Files.writeString(home.resolve("etc/users.properties"), String.join("\n",
                "karaf = karaf,_g_:admingroup",
                "_g_\\:admingroup = group,admin,manager,viewer,systembundles,ssh", ""));
        try (ServerSocket s = new ServerSocket(0)) {
            sshPort = s.getLocalPort();
        }
        Path shell = home.resolve("etc/org.apache.karaf.shell.cfg");
        Files.writeString(shell, Files.readString(shell).replaceAll("(?m)^sshPort\\s*=.*$", "sshPort = " + sshPort));
        // the operator's configuration, there before TrackGen is installed
        cfg("probe", "num_envs = 64", "runtime = cpu", "threads = 1", "seed = 3");
        Files.copy(probeBundle(work), home.resolve("deploy/trackgen-probe.jar"));
        probeLog = home.resolve("data/trackgen-probe.log");

        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/karaf").toString(), "server")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("karaf-console.log").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("KARAF_OPTS", "-Xmx512m");
        karaf = pb.start();
        String up = client("bundle:list -s | grep -c Active");
        assertTrue(up.strip().matches("\\d+"), "Karaf answers: " + up);
    }

    @AfterAll
    static void stopKaraf() throws Exception {
        if (karaf == null) {
            return;
        }
        List<ProcessHandle> started = new ArrayList<>(karaf.descendants().toList());
        karaf.destroy();
        started.forEach(ProcessHandle::destroy);
        if (!karaf.waitFor(30, TimeUnit.SECONDS)) {
            karaf.destroyForcibly();
        }
        for (ProcessHandle p : started) {
            p.onExit().get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anOperatorInstallsTheFeatureConfiguresSwapsAndPlugsIn() throws Exception {
        // 1. Install in three commands (the first was unpacking Karaf).
        client("feature:repo-add mvn:dev.trackgen/trackgen-features/" + VERSION + "/xml/features");
        long installing = System.currentTimeMillis();
        String out = client("feature:install trackgen");
        String first = awaitProbe(l -> l.startsWith("ADDED ") && l.contains("pid=dev.trackgen.generator~probe "));
        long firstBatch = stamp(first);
        assertTrue(first.contains("generator=bezier runtime=cpu num_envs=64"), first);
        assertTrue(valid(first) >= 63, "a valid batch: " + first + " (feature:install said: " + out + ")");
        System.out.printf("[measure] Karaf: feature:install trackgen to the first valid batch: %d ms%n", firstBatch - installing);
        String features = client("feature:list -i");
        assertTrue(features.contains("trackgen-core") && features.contains("trackgen-cpu"), features);
        String meta = client("config:meta dev.trackgen.generator");
        assertTrue(meta.contains("num_envs") && meta.contains("relax_tol") && meta.contains("polar_num_knots"),
                "Metatype describes the knobs: " + meta);

        // 2. Edit the configuration (runtime setting and a knob): the service is replaced.
        int before = lines().size();
        long edited = System.currentTimeMillis();
        cfg("probe", "num_envs = 64", "runtime = cpu", "threads = 2", "seed = 3", "relax_tol = 0.05");
        String replaced = awaitProbe(before, l -> l.startsWith("ADDED ") && l.contains("~probe ") && l.contains("relax_tol=0.05"));
        List<String> after = lines().subList(before, lines().size());
        assertTrue(after.stream().anyMatch(l -> l.startsWith("REMOVED ") && l.contains("~probe ")
                && stamp(l) <= stamp(replaced)), "the old service was unregistered first: " + after);
        assertTrue(replaced.contains("threads=2") && valid(replaced) >= 63, replaced);
        System.out.printf("[measure] Karaf: configuration edit (.cfg written) to the service replaced: %d ms%n",
                stamp(replaced) - edited);

        // 3. An invalid configuration: one line in the log naming the property, and no service.
        cfg("bad", "num_envs = 8", "relax_tol = 5");
        String badLine = awaitLog("dev.trackgen.generator~bad ");
        Thread.sleep(1500);
        List<String> bad = logLines("dev.trackgen.generator~bad ");
        assertEquals(1, bad.size(), bad::toString);
        assertTrue(badLine.contains("ERROR") && badLine.contains("property 'relax_tol'"), badLine);
        assertTrue(lines().stream().noneMatch(l -> l.contains("~bad ")), "no service for the invalid configuration");

        // 4. The cuda runtime without a GPU: one line naming the runtime, and no service.
        client("feature:install trackgen-cuda");
        cfg("gpu", "num_envs = 8", "runtime = cuda");
        String gpuLine = awaitLog("dev.trackgen.generator~gpu ");
        assertTrue(gpuLine.contains("property 'runtime'"), gpuLine);
        assertTrue(lines().stream().noneMatch(l -> l.contains("~gpu ")), "no service for cuda without a GPU");

        // 5. A configuration naming a plugin waits for it; the plugin bundle in deploy/ comes and goes.
        cfg("noisy", "generator = noisy_ellipse", "num_envs = 16", "runtime = cpu", "threads = 1");
        String waitLine = awaitLog("dev.trackgen.generator~noisy ");
        assertTrue(waitLine.contains("waits for generator 'noisy_ellipse'"), waitLine);
        Path plugin = Path.of(required("trackgen.repository")).resolve("dev/trackgen/trackgen-example-noisy-ellipse/"
                + VERSION + "/trackgen-example-noisy-ellipse-" + VERSION + ".jar");
        int cycles = 5;
        for (int i = 0; i < cycles; i++) {
            int mark = lines().size();
            Files.copy(plugin, home.resolve("deploy/noisy-ellipse.jar"), StandardCopyOption.REPLACE_EXISTING);
            String added = awaitProbe(mark, l -> l.startsWith("ADDED ") && l.contains("~noisy "));
            assertTrue(added.contains("generator=noisy_ellipse") && valid(added) >= 15, added);
            mark = lines().size();
            Files.delete(home.resolve("deploy/noisy-ellipse.jar"));
            awaitProbe(mark, l -> l.startsWith("REMOVED ") && l.contains("~noisy "));
        }
        String bundles = client("bundle:list -s");
        assertTrue(!bundles.contains("dev.trackgen.examples.noisyellipse"), "the plugin is gone: " + bundles);

        // 6. The same plugin from a feature: the waiting configuration activates, and goes with it.
        int mark = lines().size();
        client("feature:install trackgen-examples");
        String fromFeature = awaitProbe(mark, l -> l.startsWith("ADDED ") && l.contains("~noisy "));
        assertTrue(valid(fromFeature) >= 15, fromFeature);
        mark = lines().size();
        client("feature:uninstall trackgen-examples");
        awaitProbe(mark, l -> l.startsWith("REMOVED ") && l.contains("~noisy "));
        System.out.printf("[measure] Karaf: %d plugin deploy/undeploy cycles, the configured service followed each%n", cycles);

        // 7. The operator's shell shows the lines of steps 3 to 5.
        shellShows(badLine, gpuLine, waitLine);
    }

    private static void cfg(String name, String... lines) throws IOException {
        Path tmp = home.resolve("cfg.tmp");
        Files.writeString(tmp, String.join("\n", lines) + "\n");
        Files.move(tmp, home.resolve("etc/dev.trackgen.generator-" + name + ".cfg"), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    private static long stamp(String line) {
        return Long.parseLong(line.split(" ")[1]);
    }

    private static int valid(String line) {
        for (String w : line.split(" ")) {
            if (w.startsWith("valid=")) {
                return Integer.parseInt(w.substring(6));
            }
        }
        throw new AssertionError("no batch in " + line);
    }

    private static List<String> lines() throws IOException {
        return Files.exists(probeLog) ? Files.readAllLines(probeLog) : List.of();
    }

    private static String awaitProbe(Predicate<String> match) throws Exception {
        return awaitProbe(0, match);
    }

    /** Polls the probe's log (up to 90 s) for a line after the first {@code from}. */
    private static String awaitProbe(int from, Predicate<String> match) throws Exception {
        for (int i = 0; i < 900; i++) {
            List<String> all = lines();
            for (String l : all.subList(Math.min(from, all.size()), all.size())) {
                if (match.test(l)) {
                    return l;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the probe saw no such line; it saw " + lines() + "; log: " + logLines("dev.trackgen"));
    }

    /**
     * Polls Karaf's log file ({@code data/log/karaf.log}, written by pax-logging's file appender from
     * the same events {@code log:display} shows) up to 90 s for a line containing the text.
     *
     * <p>The poll reads the file, not {@code log:display}: each {@code log:display} updates the
     * {@code org.ops4j.pax.logging} configuration twice (it lowers {@code org.apache.sshd} to ERROR
     * while printing and restores it, KARAF-5559), and Felix FileInstall writes each update back to
     * {@code etc/org.ops4j.pax.logging.cfg}. On loaded runs its own directory scan then read that file
     * mid-write, found no properties and pushed an empty configuration: pax-logging fell back to its
     * defaults, karaf.log stopped and {@code log:display} answered "Unrecognized configuration" from
     * then on (the configuration's revision 4, on the first poll). The test calls {@code log:display}
     * once, at the end ({@link #shellShows}).
     */
    private static String awaitLog(String text) throws Exception {
        for (int i = 0; i < 360; i++) {
            List<String> found = logLines(text);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            Thread.sleep(250);
        }
        String logging = Files.readString(home.resolve("etc/org.ops4j.pax.logging.cfg"));
        throw new AssertionError("no log line with " + text + " in data/log/karaf.log"
                + (logging.contains("log4j2.rootLogger.level") ? "" : "; etc/org.ops4j.pax.logging.cfg lost its properties")
                + "; Karaf's threads at that moment: " + threadDump());
    }

    /**
     * The operator's shell shows each line: one {@code log:display} (see {@link #awaitLog} for why only one).
     *
     * @param lines lines found in karaf.log, each checked by its message (after the last {@code " | "})
     */
    private static void shellShows(String... lines) throws Exception {
        String shown = client("log:display");
        for (String line : lines) {
            String message = line.substring(line.lastIndexOf(" | ") + 3);
            assertTrue(shown.contains(message), () -> "log:display shows " + message + "; it showed:\n" + shown);
        }
    }

    /**
     * For a wait that timed out: Karaf's thread dump ({@code jcmd PID Thread.print}) written to
     * {@code data/log/threads.txt} beside karaf.log, so a stuck Configuration Admin or SCR thread
     * can be read after the run.
     */
    private static String threadDump() {
        Path out = home.resolve("data/log/threads.txt");
        try {
            String pid = Files.readString(home.resolve("karaf.pid")).trim();
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process p = new ProcessBuilder(jcmd.toString(), pid, "Thread.print").redirectErrorStream(true)
                    .redirectOutput(out.toFile()).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return out.toString();
        } catch (IOException | InterruptedException e) {
            return "not taken (" + e + ")";
        }
    }

    /** @return the lines of data/log/karaf.log containing the text */
    private static List<String> logLines(String text) throws IOException {
        Path file = home.resolve("data/log/karaf.log");
        return Files.exists(file) ? grep(Files.readString(file), text) : List.of();
    }

    private static List<String> grep(String text, String what) {
        return text.lines().filter(l -> l.contains(what)).toList();
    }

    /** Runs one shell command through Karaf's own client (ssh), retrying until Karaf is up. */
    private static String client(String command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/client").toString(), "-a", String.valueOf(sshPort),
                "-u", "karaf", "-p", "karaf", "-r", "60", "-d", "2", command)
                .directory(home.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .replaceAll("(?m)^retrying \\(attempt \\d+\\) \\.\\.\\.\\R", "");
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "client returned");
        assertEquals(0, p.exitValue(), () -> command + " failed: " + out);
        return out;
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            throw new IllegalStateException("system property " + property + " is not set (run through maven-failsafe)");
        }
        return v;
    }

    private static Path probeBundle(Path work) throws IOException, URISyntaxException {
        Path classes = Path.of(KarafProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path pkg = classes.resolve("dev/trackgen/features/probe");
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "dev.trackgen.features.probe");
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Activator", KarafProbe.class.getName());
        a.putValue("Import-Package", "org.osgi.framework,org.osgi.util.tracker");
        Path jar = work.resolve("trackgen-probe.jar");
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream jos = new JarOutputStream(os, mf);
             Stream<Path> files = Files.list(pkg)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                jos.putNextEntry(new JarEntry("dev/trackgen/features/probe/" + f.getFileName()));
                jos.write(Files.readAllBytes(f));
                jos.closeEntry();
            }
        }
        return jar;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
