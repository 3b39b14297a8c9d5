package dev.trackgen.cli.library;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigFileReader;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.ResolvedConfig;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.config.RuntimeSelector;
import dev.trackgen.cli.config.Settings;
import dev.trackgen.cli.output.ConfigJson;
import dev.trackgen.cli.output.NpzTrackWriter;
import dev.trackgen.cli.output.PreviewRenderer;
import dev.trackgen.cli.plugins.PluginJars;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.PluginFolder;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Everything the CLI's Guice module builds, built by hand: the examples of docs/library.md.
 * Library users need neither Guice nor the CLI; the last example follows the CLI's own plain
 * classes (config file, runtime precedence, writers; internal to the product, which exports
 * nothing) without its object graph.
 */
class HandWiringTest {
    @TempDir
    Path dir;

    /** docs/library.md, "The library alone": registries, a plugin folder, config, runtime, pipeline. */
    @Test
    void theLibraryAlone() throws Exception {
        Path pluginDir = dir.resolve("plugins");
        PluginJars.copyExample(pluginDir);

        // 1. The registries: what ServiceLoader finds on the class or module path...
        GeneratorRegistry generators = GeneratorRegistry.discover();
        RuntimeRegistry runtimes = RuntimeRegistry.discover();
        // ...plus a folder of plugin jars (a child module layer on the module path, a class loader on the class path).
        try (PluginFolder plugins = PluginFolder.load(pluginDir)) {
            plugins.addTo(generators);
            plugins.addTo(runtimes);
            plugins.problems().forEach(System.err::println);     // bad jars, each named
            generators.problems().forEach(System.err::println);  // plugins that failed to start, name clashes

            // 2. The configuration, bound to the chosen generator: its knobs, sizing and rules.
            CenterlineGenerator noisy = generators.get("noisy_ellipse");
            TrackGenConfig config = TrackGenConfig.builder()
                    .generator(noisy)
                    .numEnvs(256)
                    .set("ellipse_noise", "0.2")
                    .runtime("cpu")
                    .build();

            // 3. The runtime (owned by the caller here) and the pipeline.
            try (ComputeRuntime runtime = runtimes.create(config.runtime(), RuntimeOptions.defaults().withThreads(2));
                 TrackGenerator generator = TrackGenerator.builder(config)
                         .generator(noisy)
                         .rng(PerEnvSeededRng.fromScalar(256, 0))
                         .runtime(runtime)
                         .hostRuntime(new TrackGenLauncher(generators, runtimes)::hostRuntime)
                         .build()) {
                Track track = generator.generate();
                TrackSnapshot batch = track.snapshot();
                assertTrue(batch.validCount() >= 250, "yield " + batch.yield());
            }
        }
    }

    /** docs/library.md, "What the CLI does": the same steps as the {@code generate} path. */
    @Test
    void theCliPartsWithoutGuice() throws Exception {
        Path yaml = dir.resolve("run.yaml");
        Files.writeString(yaml, "generator: bezier\nnum_envs: 32\nhalf_width: 0.12\n");

        // PlatformModule, by hand:
        Settings settings = Settings.of(Map.of(), Map.of("TRACKGEN_RUNTIME", "cpu")); // or Settings.system()
        ConfigDocument document = new ConfigFileReader().read(yaml);
        CommandLineOverrides overrides = CommandLineOverrides.none();
        RuntimeChoice choice = new RuntimeSelector(settings).choose(overrides, document);
        GeneratorRegistry generators = GeneratorRegistry.discover();
        RuntimeRegistry runtimes = RuntimeRegistry.discover();
        ResolvedConfig resolved = new ConfigResolver(generators).resolve(document, overrides, choice);
        TrackGenConfig config = resolved.config();
        assertEquals(new RuntimeChoice("cpu", "environment variable TRACKGEN_RUNTIME"), choice);

        // GenerationJob's writers:
        NpzTrackWriter npz = new NpzTrackWriter(false);
        PreviewRenderer preview = new PreviewRenderer(PreviewRenderer.DEFAULT_MAX_TRACKS, PreviewRenderer.DEFAULT_CELL_SIZE);

        try (ComputeRuntime runtime = runtimes.create(choice.name(), RuntimeOptions.defaults());
             TrackGenerator generator = TrackGenerator.builder(config)
                     .generator(resolved.centerlineGenerator())
                     .rng(PerEnvSeededRng.fromScalar(config.numEnvs(), 7))
                     .runtime(runtime)
                     .build()) {
            TrackSnapshot batch = generator.generate().snapshot();
            npz.write(batch, ConfigJson.of(config.toBuilder().runtime(runtime.name()).build()), dir.resolve("t.npz"));
            preview.write(preview.render(batch, "bezier, seed 7"), dir.resolve("t.png"));
        }
        assertTrue(Files.size(dir.resolve("t.npz")) > 32 * 384 * 2 * 4);
        assertTrue(Files.size(dir.resolve("t.png")) > 1000);
        assertEquals(List.of(), generators.problems());
    }
}
