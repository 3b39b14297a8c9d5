package dev.trackgen.registry;

import dev.trackgen.registry.testjars.PluginJars;

import dev.trackgen.api.generator.CenterlineGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plugin folders on a class loader of their own (these tests run on the class path, where
 * {@link PluginFolder.Mode#forThisRuntime()} is {@code CLASS_LOADER}); the module-layer mode is
 * exercised end to end by the distribution's packaged-product tests on the module path.
 */
class PluginFolderTest {
    @TempDir
    Path dir;

    private Path plugins() throws Exception {
        return Files.createDirectories(dir.resolve("plugins"));
    }

    @Test
    void onTheClassPathTheFolderIsLoadedOnAClassLoader() {
        assertEquals(PluginFolder.Mode.CLASS_LOADER, PluginFolder.Mode.forThisRuntime());
    }

    @Test
    void aGoodPluginIsRegisteredWithItsJarAsSource() throws Exception {
        Path p = plugins();
        PluginJars.generatorJar(p.resolve("tiny-1.0.jar"), "org.example.tiny.Tiny", "tiny", "");
        GeneratorRegistry generators = GeneratorRegistry.discover();
        try (PluginFolder folder = PluginFolder.load(p, PluginFolder.Mode.CLASS_LOADER)) {
            folder.addTo(generators);
            assertEquals(List.of(p.resolve("tiny-1.0.jar")), folder.jars());
            assertEquals(List.of(), folder.problems());
            assertEquals(List.of(), generators.problems());
            assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "tiny", "voronoi"), generators.available());
            assertEquals("plugin tiny-1.0.jar", generators.entry("tiny").source());
            CenterlineGenerator tiny = generators.get("tiny");
            assertNotSame(getClass().getClassLoader(), tiny.getClass().getClassLoader());
            // the application's own generators are not registered a second time from the folder
            assertTrue(generators.entry("bezier").source().contains("generators"));
        }
    }

    @Test
    void badPluginsAreReportedByJarAndTheOthersKeepWorking() throws Exception {
        Path p = plugins();
        PluginJars.generatorJar(p.resolve("good.jar"), "org.example.good.Good", "good", "");
        PluginJars.generatorJar(p.resolve("boom.jar"), "org.example.boom.Boom", "boom",
                "public Boom() { throw new IllegalStateException(\"no licence found\"); }");
        PluginJars.generatorJar(p.resolve("clash.jar"), "org.example.clash.Clash", "bezier", "");
        PluginJars.jar(p.resolve("library.jar"), Map.of("org.example.lib.Util",
                "package org.example.lib; public class Util { }"), Map.of());
        Files.writeString(p.resolve("broken.jar"), "this is not a zip file");
        PluginJars.jar(p.resolve("missing.jar"), Map.of(),
                Map.of(CenterlineGenerator.class.getName(), List.of("org.example.missing.Gone")));

        GeneratorRegistry generators = GeneratorRegistry.discover();
        RuntimeRegistry runtimes = RuntimeRegistry.discover();
        try (PluginFolder folder = PluginFolder.load(p, PluginFolder.Mode.CLASS_LOADER)) {
            folder.addTo(generators);
            folder.addTo(runtimes);
            assertEquals(List.of("bezier", "checkpoint", "circuit", "good", "hull", "polar", "repulsive", "voronoi"), generators.available());
            assertTrue(generators.entry("bezier").source().contains("generators"),
                    "the built-in keeps its name: " + generators.entry("bezier").source());
            String all = String.join("\n", folder.problems()) + "\n" + String.join("\n", generators.problems());
            assertTrue(all.contains("plugin jar broken.jar cannot be read"), all);
            assertTrue(all.contains("plugin jar library.jar is not a TrackGen plugin"), all);
            assertTrue(all.contains("generator plugin org.example.boom.Boom from plugin boom.jar failed to start: "
                    + "IllegalStateException: no licence found"), all);
            assertTrue(all.contains("generator 'bezier' from plugin clash.jar was ignored: the name is taken by"), all);
            assertTrue(all.contains("plugin missing.jar could not be loaded"), all);
            assertEquals(List.of("cpu"), runtimes.available());
        }
    }

    @Test
    void aPluginKnobThatReusesABuiltInNameDifferentlyIsRefused() throws Exception {
        Path p = plugins();
        PluginJars.generatorJar(p.resolve("knobby.jar"), "org.example.knobby.Knobby", "knobby",
                "public List<dev.trackgen.api.config.Knob<?>> knobs() { return List.of(dev.trackgen.api.config.Knob"
                        + ".ofInt(\"half_width\", 3, dev.trackgen.api.config.Range.atLeast(1), \"clash\")); }");
        GeneratorRegistry generators = GeneratorRegistry.discover();
        try (PluginFolder folder = PluginFolder.load(p, PluginFolder.Mode.CLASS_LOADER)) {
            folder.addTo(generators);
        }
        assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "voronoi"), generators.available());
        assertEquals(List.of("generator 'knobby' from plugin knobby.jar was ignored: its knobs are unusable: knob "
                + "'half_width' is declared twice with different definitions (a plugin knob may not reuse a built-in "
                + "name)"), generators.problems());
    }

    @Test
    void aMissingFolderIsAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PluginFolder.load(dir.resolve("nope")));
        assertEquals("plugin folder '" + dir.resolve("nope") + "' does not exist", e.getMessage());
    }

    @Test
    void anEmptyFolderLoadsNothing() throws Exception {
        try (PluginFolder folder = PluginFolder.load(plugins())) {
            GeneratorRegistry generators = GeneratorRegistry.discover();
            folder.addTo(generators);
            assertEquals(List.of("bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "voronoi"), generators.available());
            assertEquals(List.of(), folder.problems());
        }
    }
}
