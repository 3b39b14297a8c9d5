package dev.trackgen.cli.plugins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.cli.CliRun;
import dev.trackgen.cli.config.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plugin folder in-process, on the class path (so plugins are loaded on a class loader of
 * their own): the example plugin found from {@code --plugins} and {@code TRACKGEN_PLUGINS},
 * its knob set with {@code --set} and in a config file, and bad plugins reported by jar while the
 * other generators keep working. The module-path side runs in {@code PluginsIT}.
 */
class PluginsCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Settings NO_ENV = Settings.of(Map.of(), Map.of());

    @TempDir
    Path dir;

    private Path exampleFolder() {
        Path plugins = dir.resolve("plugins");
        PluginJars.copyExample(plugins);
        return plugins;
    }

    private Path badFolder() throws Exception {
        Path p = Files.createDirectories(dir.resolve("bad-plugins"));
        PluginJars.copyExample(p);
        PluginJars.generatorJar(p.resolve("boom.jar"), "org.example.boom.Boom", "boom",
                "public Boom() { throw new IllegalStateException(\"no licence found\"); }");
        PluginJars.generatorJar(p.resolve("clash.jar"), "org.example.clash.Clash", "bezier", "");
        PluginJars.jar(p.resolve("notaplugin.jar"), Map.of("org.example.lib.Util",
                "package org.example.lib; public class Util { }"), Map.of());
        Files.writeString(p.resolve("broken.jar"), "this is not a zip file");
        return p;
    }

    @Test
    void generatorsListsThePluginWithItsJarAndCapturableFlag() {
        CliRun run = CliRun.run("--plugins", exampleFolder().toString(), "generators");
        assertEquals(0, run.code(), run::toString);
        assertEquals("", run.err(), run::toString);
        String line = run.outLines().stream().filter(l -> l.startsWith("noisy_ellipse ")).findFirst()
                .orElseThrow(() -> new AssertionError(run.toString()));
        assertTrue(line.matches("noisy_ellipse +yes +host +plugin trackgen-example-noisy-ellipse\\S*\\.jar +example plugin: .*"),
                line);
        assertTrue(run.outLines().stream().anyMatch(l -> l.startsWith("bezier ")), run::toString);
        assertFalse(run.out().contains("PROBLEMS"), run::toString);
    }

    @Test
    void theFolderCanComeFromTheEnvironmentAndTheOptionWins() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Settings env = Settings.of(Map.of(), Map.of("TRACKGEN_PLUGINS", exampleFolder().toString()));
        assertTrue(CliRun.run(env, "generators").out().contains("noisy_ellipse"));
        assertFalse(CliRun.run(env, "--plugins", empty.toString(), "generators").out().contains("noisy_ellipse"));
        assertFalse(CliRun.run(NO_ENV, "generators").out().contains("noisy_ellipse"), "no folder, no plugin");
        // the global option may also follow the command
        assertTrue(CliRun.run(NO_ENV, "generators", "--plugins", exampleFolder().toString()).out()
                .contains("noisy_ellipse"));
    }

    @Test
    void generateRunsThePluginAndItsKnobFromSetAndConfigFile() throws Exception {
        String plugins = exampleFolder().toString();
        CliRun plain = CliRun.run("--plugins", plugins, "generate", "--generator", "noisy_ellipse", "--envs", "16",
                "--runtime", "cpu", "--json", "-q", "--out", dir.resolve("a.npz").toString());
        assertEquals(0, plain.code(), plain::toString);
        JsonNode j = JSON.readTree(plain.out());
        assertEquals("noisy_ellipse", j.get("generator").asText());
        assertTrue(j.get("valid").asInt() >= 15, plain::toString);

        CliRun set = CliRun.run("--plugins", plugins, "generate", "--generator", "noisy_ellipse", "--envs", "16",
                "--set", "ellipse_noise=0.3", "--runtime", "cpu", "--json", "-q", "--out", dir.resolve("b.npz").toString());
        assertEquals(0, set.code(), set::toString);

        Path yaml = dir.resolve("run.yaml");
        Files.writeString(yaml, "generator: noisy_ellipse\nnum_envs: 16\nellipse_noise: 0.3\nruntime: cpu\n");
        CliRun file = CliRun.run("--plugins", plugins, "generate", "--config", yaml.toString(), "--json", "-q",
                "--out", dir.resolve("c.npz").toString());
        assertEquals(0, file.code(), file::toString);
        assertEquals(entry(dir.resolve("b.npz"), "center.npy"), entry(dir.resolve("c.npz"), "center.npy"),
                "--set and the file agree");
        assertNotEquals(entry(dir.resolve("a.npz"), "center.npy"), entry(dir.resolve("b.npz"), "center.npy"),
                "the knob changes the tracks");
    }

    /** @return the bytes of one archive entry, as a string for easy comparison (zip headers carry times) */
    private static String entry(Path npz, String name) throws Exception {
        try (ZipFile zip = new ZipFile(npz.toFile())) {
            ZipEntry e = zip.getEntry(name);
            assertNotNull(e, name + " in " + npz);
            try (var in = zip.getInputStream(e)) {
                return java.util.HexFormat.of().formatHex(in.readAllBytes());
            }
        }
    }

    @Test
    void pluginKnobErrorsReadLikeBuiltInOnes() throws Exception {
        String plugins = exampleFolder().toString();
        CliRun range = CliRun.run("--plugins", plugins, "generate", "--generator", "noisy_ellipse",
                "--set", "ellipse_noise=0.9");
        assertEquals(1, range.code(), range::toString);
        assertEquals(List.of("trackgen: error: --set ellipse_noise=0.9: ellipse_noise = 0.9 is outside the allowed "
                + "range [0, 0.5]"), range.errLines());
        CliRun builtIn = CliRun.run("generate", "--set", "half_width=-1");
        assertEquals(List.of("trackgen: error: --set half_width=-1: half_width = -1.0 is outside the allowed "
                + "range (0, +inf)"), builtIn.errLines(), "the same shape for a built-in knob");

        Path yaml = dir.resolve("typo.yaml");
        Files.writeString(yaml, "generator: noisy_ellipse\nelipse_noise: 0.2\n");
        CliRun typo = CliRun.run("--plugins", plugins, "generate", "--config", yaml.toString());
        assertEquals(List.of("trackgen: error: config file '" + yaml + "': unknown knob 'elipse_noise'; did you mean "
                + "'ellipse_noise'? (`trackgen knobs` lists them all)"), typo.errLines());

        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "generator: noisy_ellipse\nellipse_noise: [1, 2]\n");
        CliRun type = CliRun.run("--plugins", plugins, "generate", "--config", bad.toString());
        assertEquals(List.of("trackgen: error: config file '" + bad + "': ellipse_noise = [1, 2] is not a valid float "
                + "(allowed: finite numbers in [0, 0.5])"), type.errLines());
    }

    @Test
    void knobsListsThePluginKnob() {
        CliRun run = CliRun.run("--plugins", exampleFolder().toString(), "knobs", "ellipse");
        assertEquals(0, run.code(), run::toString);
        assertTrue(run.outLines().get(1).matches("ellipse_noise +float +0\\.15 +finite numbers in \\[0, 0\\.5\\] +Radial noise.*"
                + "\\[generator noisy_ellipse\\]"), run::toString);
    }

    @Test
    void badPluginsAreNamedByJarAndTheOthersKeepWorking() throws Exception {
        String plugins = badFolder().toString();
        CliRun list = CliRun.run("--plugins", plugins, "generators");
        assertEquals(0, list.code(), list::toString);
        assertEquals("", list.err(), "generators lists the problems itself: " + list);
        String out = list.out();
        assertTrue(out.contains("noisy_ellipse"), out);
        assertTrue(list.outLines().stream().anyMatch(l -> l.matches("bezier +yes +(device|no PTX) +\\S*generators\\S* .*")),
                "the built-in keeps its name: " + out);
        int problems = out.indexOf("PROBLEMS");
        assertTrue(problems > 0, out);
        String section = out.substring(problems);
        assertTrue(section.contains("  plugin jar broken.jar cannot be read (ZipException: zip END header not found); ignored"),
                section);
        assertTrue(section.contains("  plugin jar notaplugin.jar is not a TrackGen plugin: it provides no "
                + CenterlineGenerator.class.getName()), section);
        assertTrue(section.contains("  generator plugin org.example.boom.Boom from plugin boom.jar failed to start: "
                + "IllegalStateException: no licence found"), section);
        assertTrue(section.matches("(?s).*  generator 'bezier' from plugin clash\\.jar was ignored: the name is taken by "
                + "\\S*generators.*"), section);

        CliRun gen = CliRun.run("--plugins", plugins, "generate", "--envs", "4", "--runtime", "cpu", "--json", "-q");
        assertEquals(0, gen.code(), gen::toString);
        assertEquals("bezier", JSON.readTree(gen.out()).get("generator").asText());
        List<String> warnings = gen.errLines();
        assertEquals(4, warnings.size(), gen::toString);
        assertTrue(warnings.stream().allMatch(l -> l.startsWith("trackgen: warning: ")), gen::toString);
        assertTrue(warnings.stream().anyMatch(l -> l.contains("boom.jar")), gen::toString);

        CliRun boom = CliRun.run("--plugins", plugins, "generate", "--generator", "boom", "-q");
        assertEquals(1, boom.code(), boom::toString);
        assertEquals("trackgen: error: unknown generator 'boom'; available: bezier, checkpoint, circuit, hull, noisy_ellipse, polar, repulsive, voronoi",
                boom.errorLines().get(0), boom::toString);
    }

    /**
     * Two plugins with one generator name: the jar first in file-name order wins (the same on the
     * module path, see PluginsIT and the registry's PluginOrderTest), `generators` shows it as the
     * source, and every command warns naming the winner and the loser's jar. A name that is not
     * one word is refused naming the plugin.
     */
    @Test
    void aDuplicateNameGoesToTheFirstJarByFileNameAndTheLoserIsNamed() throws Exception {
        Path p = Files.createDirectories(dir.resolve("dup-plugins"));
        PluginJars.generatorJar(p.resolve("zz-late.jar"), "org.example.late.Late", "twin", "");
        PluginJars.generatorJar(p.resolve("aa-early.jar"), "org.example.early.Early", "twin", "");
        PluginJars.generatorJar(p.resolve("spaced.jar"), "org.example.spaced.Spaced", "my gen", "");
        String clash = "generator 'twin' from plugin zz-late.jar was ignored: the name is taken by plugin aa-early.jar"
                + " (built-in generators come first, then plugin jars in file-name order)";
        String spaced = "generator plugin org.example.spaced.Spaced from plugin spaced.jar has an unusable name "
                + "'my gen' (a space): a generator name is one word: no spaces, tabs or other control characters, "
                + "no slashes, no commas; ignored";

        CliRun list = CliRun.run("--plugins", p.toString(), "generators");
        assertEquals(0, list.code(), list::toString);
        assertTrue(list.outLines().stream().anyMatch(l -> l.matches("twin +.* plugin aa-early\\.jar( .*)?")), list::toString);
        String section = list.out().substring(list.out().indexOf("PROBLEMS"));
        assertTrue(section.contains("  " + clash), section);
        assertTrue(section.contains("  " + spaced), section);

        CliRun knobs = CliRun.run("--plugins", p.toString(), "knobs", "half_width");
        assertEquals(0, knobs.code(), knobs::toString);
        assertEquals(List.of("trackgen: warning: " + spaced, "trackgen: warning: " + clash), knobs.errLines());
    }

    @Test
    void aMissingFolderNamedByTheUserIsAnError() {
        Path missing = dir.resolve("nope");
        CliRun run = CliRun.run("--plugins", missing.toString(), "generators");
        assertEquals(1, run.code(), run::toString);
        assertEquals(List.of("trackgen: error: --plugins " + missing + ": plugin folder '" + missing
                + "' does not exist"), run.errLines());
        CliRun env = CliRun.run(Settings.of(Map.of(), Map.of("TRACKGEN_PLUGINS", missing.toString())), "knobs");
        assertEquals(List.of("trackgen: error: environment variable TRACKGEN_PLUGINS: plugin folder '" + missing
                + "' does not exist"), env.errLines());
    }

    @Test
    void anUnknownRuntimeListsTheAvailableOnesWhereverItWasNamed() throws Exception {
        Path plugins = dir.resolve("runtime-plugins");
        PluginJars.runtimeJar(Files.createDirectories(plugins).resolve("quantum.jar"), "org.example.q.Qpu", "qpu");
        String tail = ": unknown runtime 'tpu'; available: auto, cpu, cuda, qpu";
        CliRun flag = CliRun.run("--plugins", plugins.toString(), "generate", "--runtime", "tpu");
        assertEquals(List.of("trackgen: error: --runtime" + tail), flag.errLines());
        CliRun property = CliRun.run(Settings.of(Map.of("trackgen.runtime", "tpu"), Map.of()),
                "--plugins", plugins.toString(), "generate");
        assertEquals(List.of("trackgen: error: system property trackgen.runtime" + tail), property.errLines());
        CliRun env = CliRun.run(Settings.of(Map.of(), Map.of("TRACKGEN_RUNTIME", "tpu")),
                "--plugins", plugins.toString(), "generate");
        assertEquals(List.of("trackgen: error: environment variable TRACKGEN_RUNTIME" + tail), env.errLines());
        CliRun unavailable = CliRun.run("--plugins", plugins.toString(), "generate", "--runtime", "qpu");
        assertEquals(List.of("trackgen: error: runtime 'qpu' (chosen by --runtime) is unavailable: needs a quantum "
                + "computer"), unavailable.errLines());
        CliRun list = CliRun.run("--plugins", plugins.toString(), "generators");
        assertTrue(list.outLines().stream().anyMatch(l -> l.matches("qpu +-1 +unavailable: needs a quantum computer")),
                list::toString);
    }
}
