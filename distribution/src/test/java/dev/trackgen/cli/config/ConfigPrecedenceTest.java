package dev.trackgen.cli.config;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.UnknownNameException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Knob precedence: built-in defaults < config file < --set (in order) < --generator/--envs. */
class ConfigPrecedenceTest {
    private static final RuntimeChoice AUTO = new RuntimeChoice("auto", "default");

    @TempDir
    Path dir;

    /** {@link ConfigResolver#resolve}, keeping the configuration (the generator it found is checked once below). */
    private interface Resolve {
        TrackGenConfig resolve(ConfigDocument document, CommandLineOverrides overrides, RuntimeChoice runtime);
    }

    private Resolve resolver;
    private final ConfigFileReader reader = new ConfigFileReader();

    @BeforeEach
    void setUp() {
        GeneratorRegistry registry = GeneratorRegistry.discover();
        registry.register(new FakeGenerator(), "test");
        ConfigResolver r = new ConfigResolver(registry);
        resolver = (d, o, rt) -> {
            ResolvedConfig resolved = r.resolve(d, o, rt);
            assertEquals(resolved.generator().name(), resolved.config().generator(), "the generator looked up once");
            return resolved.config();
        };
    }

    private ConfigDocument yaml(String text) throws IOException {
        Path f = dir.resolve("config.yaml");
        Files.writeString(f, text);
        return reader.read(f);
    }

    private static CommandLineOverrides sets(String... assignments) {
        return new CommandLineOverrides(null, null, null,
                List.of(assignments).stream().map(KnobAssignment::parse).toList());
    }

    @Test
    void builtInDefaultsWhenNothingIsGiven() {
        TrackGenConfig c = resolver.resolve(ConfigDocument.empty(), CommandLineOverrides.none(), AUTO);
        java.util.Map<String, Object> expected = TrackGenConfig.builder().declare(BuiltinKnobs.all()).generator("bezier")
                .build().asMap();
        expected.put("wave_amp", 0.25); // the registered plugin's knob, at its default
        assertEquals(expected, c.asMap());
        assertEquals("bezier", c.generator());
        assertEquals(1, c.numEnvs());
        assertEquals(0.1, c.halfWidth());
    }

    @Test
    void configFileOverridesDefaults() throws IOException {
        TrackGenConfig c = resolver.resolve(yaml("half_width: 0.15\nnum_envs: 8\nrelax_iters: 70\n"),
                CommandLineOverrides.none(), AUTO);
        assertEquals(0.15, c.halfWidth());
        assertEquals(8, c.numEnvs());
        assertEquals(70, c.get("relax_iters"));
        assertEquals(384, c.nMax(), "knobs the file does not name keep their defaults");
    }

    @Test
    void setOverridesTheConfigFileAndTheLastSetWins() throws IOException {
        TrackGenConfig c = resolver.resolve(yaml("half_width: 0.15\nrelax_iters: 70\n"),
                sets("half_width=0.12", "relax_iters=30", "relax_iters=40"), AUTO);
        assertEquals(0.12, c.halfWidth());
        assertEquals(40, c.get("relax_iters"));
    }

    @Test
    void dedicatedFlagsOverrideSetAndFile() throws IOException {
        CommandLineOverrides o = new CommandLineOverrides("bezier", 16, null,
                List.of(KnobAssignment.parse("num_envs=4"), KnobAssignment.parse("generator=wavy")));
        TrackGenConfig c = resolver.resolve(yaml("num_envs: 8\ngenerator: wavy\n"), o, AUTO);
        assertEquals(16, c.numEnvs());
        assertEquals("bezier", c.generator());
    }

    @Test
    void jsonFilesWorkLikeYaml() throws IOException {
        Path f = dir.resolve("config.json");
        Files.writeString(f, "{\"half_width\": 0.2, \"spacing\": 0.1, \"rad_range\": [0.1, 0.3]}");
        TrackGenConfig c = resolver.resolve(reader.read(f), CommandLineOverrides.none(), AUTO);
        assertEquals(0.2, c.halfWidth());
        assertEquals(0.1, c.spacing());
        assertEquals(List.of(0.1, 0.3), c.asMap().get("rad_range"));
    }

    @Test
    void theRuntimeKnobFollowsTheRuntimeChoiceNotTheFile() throws IOException {
        TrackGenConfig c = resolver.resolve(yaml("runtime: cuda\n"), CommandLineOverrides.none(),
                new RuntimeChoice("cpu", "--runtime"));
        assertEquals("cpu", c.runtime());
    }

    @Test
    void theChosenGeneratorsPluginKnobsCanBeSetFromFileAndFlags() throws IOException {
        TrackGenConfig fromFile = resolver.resolve(yaml("generator: wavy\nwave_amp: 0.5\n"),
                CommandLineOverrides.none(), AUTO);
        assertEquals(0.5, fromFile.get(FakeGenerator.WAVE_AMP));
        TrackGenConfig fromSet = resolver.resolve(ConfigDocument.empty(),
                new CommandLineOverrides("wavy", null, null, List.of(KnobAssignment.parse("wave_amp=0.75"))), AUTO);
        assertEquals(0.75, fromSet.get(FakeGenerator.WAVE_AMP));
    }

    @Test
    void pluginKnobsAreKnownWhicheverGeneratorRuns() {
        // like a built-in generator's knobs, a plugin's knobs can be set while another generator runs
        TrackGenConfig c = resolver.resolve(ConfigDocument.empty(), sets("wave_amp=0.5"), AUTO);
        assertEquals("bezier", c.generator());
        assertEquals(0.5, c.get(FakeGenerator.WAVE_AMP));
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> resolver.resolve(
                ConfigDocument.empty(), sets("wave_amp=7"), AUTO));
        assertTrue(e.getMessage().startsWith("--set wave_amp=7: wave_amp = 7.0 is outside the allowed range"),
                e.getMessage());
    }

    @Test
    void errorsNameWhereTheBadValueCameFrom() throws IOException {
        ConfigDocument doc = yaml("relax_tol: 2\n");
        InvalidConfigException file = assertThrows(InvalidConfigException.class,
                () -> resolver.resolve(doc, CommandLineOverrides.none(), AUTO));
        assertTrue(file.getMessage().startsWith("config file '" + dir.resolve("config.yaml") + "': relax_tol = 2.0"),
                file.getMessage());
        InvalidConfigException set = assertThrows(InvalidConfigException.class,
                () -> resolver.resolve(ConfigDocument.empty(), sets("half_width=abc"), AUTO));
        assertTrue(set.getMessage().startsWith("--set half_width=abc: half_width = 'abc' is not a valid float"),
                set.getMessage());
        InvalidConfigException envs = assertThrows(InvalidConfigException.class,
                () -> resolver.resolve(ConfigDocument.empty(), new CommandLineOverrides(null, 0, null, List.of()), AUTO));
        assertEquals("--envs 0: num_envs = 0 is outside the allowed range [1, 4194304]", envs.getMessage());
    }

    @Test
    void anUnknownGeneratorListsTheAvailableOnes() {
        UnknownNameException e = assertThrows(UnknownNameException.class, () -> resolver.resolve(
                ConfigDocument.empty(), new CommandLineOverrides("bezeir", null, null, List.of()), AUTO));
        assertEquals("unknown generator 'bezeir'; available: bezier, checkpoint, circuit, hull, polar, repulsive, voronoi, wavy", e.getMessage());
    }

    @Test
    void crossKnobChecksRunOnTheMergedLayers() throws IOException {
        InvalidConfigException e = assertThrows(InvalidConfigException.class, () -> resolver.resolve(
                yaml("min_num_points: 12\n"), sets("max_num_points=10"), AUTO));
        assertEquals("max_num_points = 10 must be >= min_num_points = 12", e.getMessage());
    }
}
