package dev.trackgen.cli.config;

import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.registry.GeneratorEntry;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;

import java.util.Map;
import java.util.function.Supplier;

/**
 * Resolves the {@link TrackGenConfig} of a run from its layers, later layers winning:
 * built-in defaults, then the config file, then {@code --set} arguments in order, then the
 * dedicated flags {@code --generator} and {@code --envs}. The {@code runtime} knob is set to the
 * {@link RuntimeChoice} made separately (see {@link RuntimeSelector}).
 *
 * <p>The generator is looked up first, once ({@code auto} is
 * {@value TrackGenLauncher#DEFAULT_GENERATOR}), so that its knobs are known before any value is
 * applied; the knobs of every other registered generator are known too (a config file may carry
 * them all), declared in registration order, so the recorded configuration lists them in the same
 * order whichever generator runs. The configuration is then bound to the generator: its sizing and
 * cross-knob rules apply, as in the pipeline. Every error is an {@link InvalidConfigException} (or the registry's unknown-name
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
     * @return the validated configuration and its generator
     * @throws InvalidConfigException naming the first bad value
     * @throws dev.trackgen.registry.UnknownNameException if the generator is not registered
     */
    public ResolvedConfig resolve(ConfigDocument document, CommandLineOverrides overrides, RuntimeChoice runtime) {
        String name = generatorName(document, overrides);
        GeneratorEntry entry = generators.entry(name.equals(PipelineKnobs.GENERATOR.defaultValue())
                ? TrackGenLauncher.DEFAULT_GENERATOR : name);
        CenterlineGenerator generator = entry.generator();
        TrackGenConfig.Builder b = TrackGenConfig.builder();
        String file = document.describe();
        for (GeneratorEntry g : generators.inRegistrationOrder()) {
            if (g == entry) {
                within("generator '" + generator.name() + "'", () -> b.declare(generator.knobs()));
            } else {
                try {
                    b.declare(g.generator().knobs());
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
        b.generator(generator);
        return new ResolvedConfig(b.build(), entry);
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
