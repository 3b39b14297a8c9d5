package dev.trackgen.cli.command;

import com.google.inject.Injector;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.ConfigDocument;
import dev.trackgen.cli.config.ConfigResolver;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.cli.wiring.AppResources;
import dev.trackgen.cli.wiring.EvaluationModule;
import dev.trackgen.registry.GeneratorRegistry;

import java.util.ArrayList;
import java.util.List;

/**
 * What an evaluation command ({@code metrics}, {@code bench}, {@code import}) works with: the
 * registries, the configuration layers (resolved per generator and batch size, with the same
 * precedence as {@code generate}), the checked runtime choice, and progress lines. Closing it
 * closes the runtimes it created.
 */
final class EvaluationSession implements AutoCloseable {
    private final Injector injector;
    private final EvaluationOptions options;
    private final AppResources resources;

    EvaluationSession(CliContext context, EvaluationOptions options, int threads) {
        this.options = options;
        this.injector = EvaluationModule.injector(context, options.quiet, options.config, options.overrides(null, null),
                threads);
        this.resources = injector.getInstance(AppResources.class);
    }

    GeneratorRegistry generators() {
        return injector.getInstance(GeneratorRegistry.class);
    }

    Progress progress() {
        return injector.getInstance(Progress.class);
    }

    /** @return the runtime choice, checked: the provider exists and is available here */
    RuntimeProvider provider() {
        return injector.getInstance(RuntimeProvider.class);
    }

    RuntimeChoice runtimeChoice() {
        return injector.getInstance(RuntimeChoice.class);
    }

    /** @return the runtime of the session (created once, closed with it) */
    ComputeRuntime runtime() {
        provider();
        return injector.getInstance(ComputeRuntime.class);
    }

    /**
     * @param threads worker threads
     * @return a new runtime of the chosen kind with that many threads (the caller closes it)
     */
    ComputeRuntime newRuntime(int threads) {
        return provider().create(injector.getInstance(RuntimeOptions.class).withThreads(threads));
    }

    /**
     * @param generator the generator, or {@code null} for the config's (else bezier)
     * @param envs      the batch size, or {@code null} for the config's
     * @return the resolved configuration: defaults, then {@code --config}, then {@code --set}, then these
     */
    TrackGenConfig config(String generator, Integer envs) {
        CommandLineOverrides overrides = options.overrides(generator, envs);
        return new ConfigResolver(generators()).resolve(injector.getInstance(ConfigDocument.class), overrides,
                runtimeChoice());
    }

    /**
     * @param spec {@code all} or comma-separated generator names
     * @return the generator names, each registered
     * @throws CliException if the list is empty
     * @throws dev.trackgen.registry.UnknownNameException for a name that is not registered
     */
    List<String> generatorNames(String spec) {
        GeneratorRegistry g = generators();
        if (spec.strip().equalsIgnoreCase("all")) {
            if (g.available().isEmpty()) {
                throw new CliException("--generator all: no generators are registered");
            }
            return g.available();
        }
        List<String> names = new ArrayList<>();
        for (String s : spec.split(",")) {
            String name = s.strip();
            if (name.isEmpty()) {
                throw new CliException("--generator '" + spec + "': empty generator name");
            }
            g.get(name);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    @Override
    public void close() {
        resources.close();
    }
}
