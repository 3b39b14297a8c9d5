package dev.trackgen.registry;

import dev.trackgen.registry.testjars.PluginJars;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Which plugin wins a generator name, and which names are refused. The winner is the same
 * whichever way the folder is loaded (both modes run here, in-process: plain jars become automatic
 * modules of a child layer in {@link PluginFolder.Mode#MODULE_LAYER}): the built-in generators
 * first, then the plugin jars in file-name order; every loser gets one line naming itself and the
 * winner.
 */
class PluginOrderTest {
    /** Not in file-name order on purpose: the order the jars are written in must not matter. */
    private static final List<String> JARS = List.of("zeta", "kappa", "omega", "alpha", "mu", "beta", "sigma", "delta");

    @TempDir
    Path dir;

    private Path clashingPlugins() throws Exception {
        Path p = Files.createDirectories(dir.resolve("plugins"));
        for (String jar : JARS) {
            String cls = Character.toUpperCase(jar.charAt(0)) + jar.substring(1);
            PluginJars.generatorJar(p.resolve(jar + ".jar"), "org.example." + jar + "." + cls, "dup", "");
        }
        return p;
    }

    @ParameterizedTest
    @EnumSource(PluginFolder.Mode.class)
    void theFirstJarInFileNameOrderWinsADuplicateName(PluginFolder.Mode mode) throws Exception {
        Path p = clashingPlugins();
        GeneratorRegistry generators = GeneratorRegistry.discover();
        try (PluginFolder folder = PluginFolder.load(p, mode)) {
            folder.addTo(generators);
            assertEquals(List.of(), folder.problems());
            String winner = generators.entry("dup").source();
            assertEquals(mode == PluginFolder.Mode.MODULE_LAYER ? "plugin alpha.jar (module alpha)" : "plugin alpha.jar",
                    winner);
            List<String> expected = new ArrayList<>();
            for (String jar : JARS.stream().sorted().skip(1).toList()) {
                expected.add("generator 'dup' from plugin " + jar + ".jar"
                        + (mode == PluginFolder.Mode.MODULE_LAYER ? " (module " + jar + ")" : "")
                        + " was ignored: the name is taken by " + winner
                        + " (built-in generators come first, then plugin jars in file-name order)");
            }
            assertEquals(expected, generators.problems());
        }
    }

    @ParameterizedTest
    @EnumSource(PluginFolder.Mode.class)
    void aPluginCannotTakeABuiltInName(PluginFolder.Mode mode) throws Exception {
        Path p = Files.createDirectories(dir.resolve("plugins"));
        PluginJars.generatorJar(p.resolve("clash.jar"), "org.example.clash.Clash", "bezier", "");
        GeneratorRegistry generators = GeneratorRegistry.discover();
        try (PluginFolder folder = PluginFolder.load(p, mode)) {
            folder.addTo(generators);
        }
        String builtIn = generators.entry("bezier").source();
        assertFalse(builtIn.startsWith("plugin"), builtIn);
        assertEquals(1, generators.problems().size(), generators.problems()::toString);
        assertEquals("the name is taken by " + builtIn
                        + " (built-in generators come first, then plugin jars in file-name order)",
                generators.problems().get(0).replaceFirst("^.* was ignored: ", ""));
    }

    @Test
    void namesWithSpacesTabsSlashesOrCommasAreRefusedNamingThePlugin() throws Exception {
        Path p = Files.createDirectories(dir.resolve("plugins"));
        PluginJars.generatorJar(p.resolve("a.jar"), "org.example.a.Spaced", "two words", "");
        PluginJars.generatorJar(p.resolve("b.jar"), "org.example.b.Tabbed", "tab\\tname", "");
        PluginJars.generatorJar(p.resolve("c.jar"), "org.example.c.Slashed", "a/b", "");
        PluginJars.generatorJar(p.resolve("d.jar"), "org.example.d.Empty", "", "");
        PluginJars.generatorJar(p.resolve("e.jar"), "org.example.e.Listed", "x,y", "");
        PluginJars.generatorJar(p.resolve("f.jar"), "org.example.f.Good", "good-name_2", "");
        GeneratorRegistry generators = GeneratorRegistry.discover();
        try (PluginFolder folder = PluginFolder.load(p, PluginFolder.Mode.CLASS_LOADER)) {
            folder.addTo(generators);
        }
        String rule = ": a generator name is one word: no spaces, tabs or other control characters, no slashes,"
                + " no commas; ignored";
        assertEquals(List.of(
                "generator plugin org.example.a.Spaced from plugin a.jar has an unusable name 'two words' (a space)" + rule,
                "generator plugin org.example.b.Tabbed from plugin b.jar has an unusable name 'tab\\tname' (a tab)" + rule,
                "generator plugin org.example.c.Slashed from plugin c.jar has an unusable name 'a/b' (a slash)" + rule,
                "generator plugin org.example.d.Empty from plugin d.jar has no name; ignored",
                "generator plugin org.example.e.Listed from plugin e.jar has an unusable name 'x,y' (a comma)" + rule),
                generators.problems());
        assertEquals("plugin f.jar", generators.entry("good-name_2").source());
    }
}
