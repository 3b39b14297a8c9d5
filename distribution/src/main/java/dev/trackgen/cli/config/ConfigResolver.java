package dev.trackgen.cli.config;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;

import java.util.Map;
import java.util.function.Supplier;

/**
 * Resolves the {@link TrackGenConfig} of a run from its layers, later layers winning:
 * built-in defaults, then the config file, then {@code --set} arguments in order, then the
 * dedicated flags {@code --generator} and {@code --envs}. The {@code runtime} knob is set to the
 * {@link RuntimeChoice} made separately (see {@link RuntimeSelector}).
 *
 * <p>The generator is looked up first so that its plugin knobs are known before any value is
 * applied; the knobs of every other registered generator are known too, as built-in generators'
 * knobs always are. Every error is an {@link InvalidConfigException} (or the registry's unknown-name
 * exception) with a one-line message; values from the file are prefixed with the file name and
 * values from flags with the flag.
 */
public final class ConfigResolver {
    private final GeneratorRegistry generators;

    /** @param generators the registered generators (for the generator's own knobs) */
    public ConfigResolver(GeneratorRegistry generators) {
        this.generators = generators;
    }

    /**
     * @param document  the config file, possibly empty
     * @param overrides the command line
     * @param runtime   the runtime choice
     * @return the validated configuration
     * @throws InvalidConfigException naming the first bad value
     * @throws dev.trackgen.registry.UnknownNameException if the generator is not registered
     */
    public TrackGenConfig resolve(ConfigDocument document, CommandLineOverrides overrides, RuntimeChoice runtime) {
        CenterlineGenerator generator = generators.get(generatorName(document, overrides));
        TrackGenConfig.Builder b = TrackGenConfig.builder();
        String file = document.describe();
        within("generator '" + generator.name() + "'", () -> b.declare(generator.knobs()));
        // Every plugin's knobs are known, as every built-in generator's are, whichever generator runs.
        for (GeneratorEntry other : generators.entries()) {
            if (other.generator() != generator) {
                try {
                    b.declare(other.generator().knobs());
                } catch (RuntimeException clash) {
                    // a knob clashing with another definition: the plugin loader already reported it
                }
            }
        }
        for (Map.Entry<String, Object> e : document.values().entrySet()) {
            if (!e.getKey().equals(ConfigDocument.RUNTIME_KEY)) {
                within(file, () -> b.setValue(e.getKey(), e.getValue()));
            }
        }
        for (KnobAssignment a : overrides.sets()) {
            if (!a.knob().equals(ConfigDocument.RUNTIME_KEY)) {
                within("--set " + a, () -> b.set(a.knob(), a.value()));
            }
        }
        if (overrides.generator() != null) {
            within("--generator", () -> b.set(PipelineKnobs.GENERATOR.name(), overrides.generator()));
        }
        if (overrides.numEnvs() != null) {
            within("--envs " + overrides.numEnvs(), () -> b.numEnvs(overrides.numEnvs()));
        }
        within(runtime.origin(), () -> b.runtime(runtime.name()));
        return b.build();
    }

    private String generatorName(ConfigDocument document, CommandLineOverrides overrides) {
        String name = PipelineKnobs.GENERATOR.defaultValue();
        Object fromFile = document.values().get(PipelineKnobs.GENERATOR.name());
        if (fromFile != null) {
            name = within(document.describe(), () -> PipelineKnobs.GENERATOR.coerce(fromFile));
        }
        KnobAssignment set = overrides.lastSet(PipelineKnobs.GENERATOR.name());
        if (set != null) {
            name = within("--set " + set, () -> PipelineKnobs.GENERATOR.parse(set.value()));
        }
        if (overrides.generator() != null) {
            name = within("--generator", () -> PipelineKnobs.GENERATOR.parse(overrides.generator()));
        }
        return name;
    }

    private static void within(String where, Runnable step) {
        within(where, () -> {
            step.run();
            return null;
        });
    }

    private static <T> T within(String where, Supplier<T> step) {
        try {
            return step.get();
        } catch (InvalidConfigException e) {
            InvalidConfigException wrapped = new InvalidConfigException(e.knob(), where + ": " + e.getMessage());
            wrapped.initCause(e);
            throw wrapped;
        }
    }
}
