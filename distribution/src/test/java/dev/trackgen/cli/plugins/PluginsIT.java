package dev.trackgen.cli.plugins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Plugins with the packaged product, in fresh JVMs: a copy of the product folder whose
 * {@code plugins/} holds the example plugin, started on the module path (plugins in a child module
 * layer) and on the class path (plugins on a class loader); bad plugin jars on the module path;
 * and the repository's launcher with {@code TRACKGEN_PLUGINS}.
 */
class PluginsIT {
    private static final Path DIST = Path.of(System.getProperty("trackgen.dist.dir", "target/trackgen"));
    private static final Path REPO = Path.of(System.getProperty("trackgen.repo.root", "..")).toAbsolutePath().normalize();
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A copy of the packaged product with the example plugin dropped into its plugins/ folder. */
    private Path product;

    /** How the product is started. */
    enum Launch {
        MODULE_PATH, CLASS_PATH;

        List<String> command(Path product) {
            Path lib = product.resolve("lib");
            return this == MODULE_PATH
                    ? List.of(JAVA, "-p", lib.toString(), "-m", "dev.trackgen.cli/dev.trackgen.cli.Main")
                    : List.of(JAVA, "-cp", lib + File.separator + "*", "dev.trackgen.cli.Main");
        }
    }

    record Result(int code, String out, String err) {
        List<String> outLines() {
            return Arrays.stream(out.split("\\R")).filter(l -> !l.isEmpty()).toList();
        }

        List<String> errLines() {
            return Arrays.stream(err.split("\\R")).filter(l -> !l.isEmpty()).toList();
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    @BeforeEach
    void copyTheProduct() throws IOException {
        product = dir.resolve("trackgen");
        Path lib = Files.createDirectories(product.resolve("lib"));
        try (Stream<Path> jars = Files.list(DIST.resolve("lib"))) {
            for (Path j : jars.toList()) {
                Files.copy(j, lib.resolve(j.getFileName()));
            }
        }
        PluginJars.copyExample(product.resolve("plugins"));
    }

    private Result exec(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("TRACKGEN_RUNTIME");
        pb.environment().remove("TRACKGEN_PLUGINS");
        pb.environment().remove("JAVA_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private Result run(Launch launch, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(launch.command(product));
        cmd.addAll(List.of(args));
        return exec(cmd, Map.of());
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void generatorsFindsTheDroppedInPluginWithItsJar(Launch launch) throws Exception {
        Result r = run(launch, "generators");
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.err(), r::toString);
        String line = r.outLines().stream().filter(l -> l.startsWith("noisy_ellipse ")).findFirst()
                .orElseThrow(() -> new AssertionError("noisy_ellipse not listed:\n" + r));
        String jar = "plugin trackgen-example-noisy-ellipse\\S*\\.jar";
        if (launch == Launch.MODULE_PATH) {
            assertTrue(line.matches("noisy_ellipse +yes +host +" + jar + " \\(module dev\\.trackgen\\.examples\\.noisyellipse\\) +example plugin.*"),
                    "a module of the child layer: " + line);
        } else {
            assertTrue(line.matches("noisy_ellipse +yes +host +" + jar + " +example plugin.*"), "on a class loader: " + line);
        }
        assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith("bezier ")), r::toString);
        assertFalse(r.out().contains("PROBLEMS"), r::toString);
    }

    @ParameterizedTest
    @EnumSource(Launch.class)
    void generateRunsThePluginWithItsKnob(Launch launch) throws Exception {
        Path yaml = dir.resolve("noisy.yaml");
        Files.writeString(yaml, "ellipse_noise: 0.3\n");
        Result r = run(launch, "generate", "--generator", "noisy_ellipse", "--envs", "64", "--config", yaml.toString(),
                "--set", "ellipse_noise=0.25", "--out", "x.npz", "--preview", "x.png", "--json");
        assertEquals(0, r.code(), r::toString);
        JsonNode j = JSON.readTree(r.out());
        assertEquals("noisy_ellipse", j.get("generator").asText());
        assertEquals(64, j.get("num_envs").asInt());
        assertTrue(j.get("valid").asInt() >= 62, r::toString);
        assertTrue(Files.size(dir.resolve("x.npz")) > 64 * 384 * 2 * 4, "npz written");
        assertTrue(Files.size(dir.resolve("x.png")) > 1000, "png written");

        Result bad = run(launch, "generate", "--generator", "noisy_ellipse", "--set", "ellipse_noise=-0.1");
        assertEquals(List.of("trackgen: error: --set ellipse_noise=-0.1: ellipse_noise = -0.1 is outside the allowed "
                + "range [0, 0.5]"), bad.errLines(), bad::toString);
    }

    @Test
    void badPluginsOnTheModulePathAreNamedAndTheOthersKeepWorking() throws Exception {
        Path p = product.resolve("plugins");
        PluginJars.generatorJar(p.resolve("boom.jar"), "org.example.boom.Boom", "boom",
                "public Boom() { throw new IllegalStateException(\"no licence found\"); }");
        PluginJars.generatorJar(p.resolve("clash.jar"), "org.example.clash.Clash", "bezier", "");
        PluginJars.jar(p.resolve("notaplugin.jar"), Map.of("org.example.lib.Util",
                "package org.example.lib; public class Util { }"), Map.of());
        Files.writeString(p.resolve("broken.jar"), "this is not a zip file");
        // module-path only troubles: a provider class missing from its jar, and a second copy of a product module
        PluginJars.jar(p.resolve("missing.jar"), Map.of(),
                Map.of("dev.trackgen.api.generator.CenterlineGenerator", List.of("org.example.missing.Gone")));
        try (Stream<Path> lib = Files.list(product.resolve("lib"))) {
            Path api = lib.filter(j -> j.getFileName().toString().startsWith("trackgen-generators-")).findFirst()
                    .orElseThrow();
            Files.copy(api, p.resolve("copy-of-generators.jar"));
        }

        Result list = run(Launch.MODULE_PATH, "generators");
        assertEquals(0, list.code(), list::toString);
        String out = list.out();
        assertTrue(list.outLines().stream().anyMatch(l -> l.matches("bezier +yes +(device|no PTX) +module dev\\.trackgen\\.generators .*")),
                out);
        assertTrue(out.contains("noisy_ellipse"), out);
        String section = out.substring(out.indexOf("PROBLEMS"));
        for (String expected : List.of(
                "plugin jar broken.jar cannot be read",
                "plugin jar notaplugin.jar is not a TrackGen plugin",
                "generator plugin org.example.boom.Boom from plugin boom.jar (module boom) failed to start: "
                        + "IllegalStateException: no licence found",
                "generator 'bezier' from plugin clash.jar (module clash) was ignored: the name is taken by module "
                        + "dev.trackgen.generators",
                "plugin jar missing.jar cannot be loaded as a module",
                "plugin jar copy-of-generators.jar holds module dev.trackgen.generators, which the application "
                        + "already has; ignored")) {
            assertTrue(section.contains(expected), expected + " in\n" + section);
        }

        Result gen = run(Launch.MODULE_PATH, "generate", "--generator", "noisy_ellipse", "--envs", "8", "--json", "-q");
        assertEquals(0, gen.code(), gen::toString);
        assertEquals("noisy_ellipse", JSON.readTree(gen.out()).get("generator").asText());
        assertTrue(gen.errLines().size() >= 6 && gen.errLines().stream().allMatch(l -> l.startsWith("trackgen: warning: ")),
                gen::toString);
    }

    @Test
    void theLauncherLoadsPluginsFromTrackgenPlugins() throws Exception {
        Path launcher = REPO.resolve("trackgen");
        Map<String, String> env = Map.of("TRACKGEN_PLUGINS", product.resolve("plugins").toString());
        Result list = exec(List.of(launcher.toString(), "generators"), env);
        assertEquals(0, list.code(), list::toString);
        assertTrue(list.out().contains("(module dev.trackgen.examples.noisyellipse)"), list::toString);
        Result gen = exec(List.of(launcher.toString(), "generate", "--generator", "noisy_ellipse", "--envs", "4",
                "--json", "-q"), env);
        assertEquals(0, gen.code(), gen::toString);
        try (Stream<Path> own = Files.list(DIST.resolve("plugins"))) {
            if (own.anyMatch(f -> f.toString().endsWith(".jar"))) {
                return; // someone dropped plugins into the product itself: the rest does not apply
            }
        }
        Result without = exec(List.of(launcher.toString(), "generate", "--generator", "noisy_ellipse"), Map.of());
        assertEquals(1, without.code(), without::toString);
        assertTrue(without.errLines().get(0).startsWith("trackgen: error: unknown generator 'noisy_ellipse'; available: "
                + "bezier"), without::toString);
    }
}
