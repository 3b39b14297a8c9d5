package dev.trackgen.cli.config;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Runtime precedence: --runtime, --set runtime, config file, system property, environment, auto. */
class RuntimeSelectorTest {
    private static final ConfigDocument FILE_SAYS_CUDA =
            new ConfigDocument(Optional.of(Path.of("run.yaml")), Map.of("runtime", "cuda"));

    private static RuntimeChoice choose(CommandLineOverrides o, ConfigDocument doc, Map<String, String> props,
                                        Map<String, String> env) {
        return new RuntimeSelector(Settings.of(props, env)).choose(o, doc);
    }

    private static CommandLineOverrides flag(String runtime) {
        return new CommandLineOverrides(null, null, runtime, List.of());
    }

    @Test
    void autoWhenNothingNamesOne() {
        assertEquals(new RuntimeChoice("auto", "default"),
                choose(CommandLineOverrides.none(), ConfigDocument.empty(), Map.of(), Map.of()));
    }

    @Test
    void environmentVariable() {
        assertEquals(new RuntimeChoice("cpu", "environment variable TRACKGEN_RUNTIME"),
                choose(CommandLineOverrides.none(), ConfigDocument.empty(), Map.of(), Map.of("TRACKGEN_RUNTIME", "cpu")));
    }

    @Test
    void systemPropertyBeatsEnvironment() {
        assertEquals(new RuntimeChoice("cuda", "system property trackgen.runtime"),
                choose(CommandLineOverrides.none(), ConfigDocument.empty(), Map.of("trackgen.runtime", "cuda"),
                        Map.of("TRACKGEN_RUNTIME", "cpu")));
    }

    @Test
    void configFileBeatsSystemProperty() {
        assertEquals(new RuntimeChoice("cuda", "config file 'run.yaml'"),
                choose(CommandLineOverrides.none(), FILE_SAYS_CUDA, Map.of("trackgen.runtime", "cpu"),
                        Map.of("TRACKGEN_RUNTIME", "cpu")));
    }

    @Test
    void setBeatsConfigFile() {
        CommandLineOverrides o = new CommandLineOverrides(null, null, null,
                List.of(KnobAssignment.parse("runtime=auto"), KnobAssignment.parse("runtime=cpu")));
        assertEquals(new RuntimeChoice("cpu", "--set runtime=cpu"),
                choose(o, FILE_SAYS_CUDA, Map.of("trackgen.runtime", "cuda"), Map.of()));
    }

    @Test
    void runtimeFlagBeatsEverything() {
        CommandLineOverrides o = new CommandLineOverrides(null, null, "cpu", List.of(KnobAssignment.parse("runtime=cuda")));
        assertEquals(new RuntimeChoice("cpu", "--runtime"),
                choose(o, FILE_SAYS_CUDA, Map.of("trackgen.runtime", "cuda"), Map.of("TRACKGEN_RUNTIME", "cuda")));
    }

    @Test
    void blankValuesCountAsUnset() {
        assertEquals(new RuntimeChoice("cpu", "environment variable TRACKGEN_RUNTIME"),
                choose(flag("  "), ConfigDocument.empty(), Map.of("trackgen.runtime", ""),
                        Map.of("TRACKGEN_RUNTIME", " cpu ")));
    }

    @Test
    void theRealSystemPropertyIsRead() {
        String before = System.getProperty(RuntimeSelector.PROPERTY);
        System.setProperty(RuntimeSelector.PROPERTY, "cpu");
        try {
            assertEquals(new RuntimeChoice("cpu", "system property trackgen.runtime"),
                    new RuntimeSelector(Settings.system()).choose(CommandLineOverrides.none(), ConfigDocument.empty()));
        } finally {
            if (before == null) {
                System.clearProperty(RuntimeSelector.PROPERTY);
            } else {
                System.setProperty(RuntimeSelector.PROPERTY, before);
            }
        }
    }
}
