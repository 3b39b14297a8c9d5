package dev.trackgen.cli.command;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeProvider;
import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.CliException;
import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.KnobAssignment;
import dev.trackgen.cli.config.RuntimeChoice;
import dev.trackgen.cli.job.Progress;
import dev.trackgen.cli.wiring.Platform;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.TrackGenLauncher;

import java.util.ArrayList;
import java.util.List;

/**
 * What an evaluation command ({@code metrics}, {@code bench}, {@code import}, {@code check},
 * {@code explore}) works with: the {@link Platform} of the run (registries, the checked runtime
 * choice), the configuration layers resolved per generator and batch size with the same
 * precedence as {@code generate}, and progress lines. Closing it closes the runtimes it created.
 */
final class EvaluationSession implements AutoCloseable {
    private final Platform platform;
    private final EvaluationOptions options;
    private final Progress progress;

    EvaluationSession(CliContext context, EvaluationOptions options, int threads) {
        this.options = options;
        this.platform = Platform.open(context, options.config, options.overrides(null, null), threads);
        this.progress = new Progress(context.console().err(), !options.quiet);
    }

    GeneratorRegistry generators() {
        return platform.generators();
    }

    /** @return resolves generator names, with a host runtime for a generator the runtime cannot run */
    TrackGenLauncher launcher() {
        return platform.launcher();
    }

    Progress progress() {
        return progress;
    }

    /** @return the runtime choice, checked: the provider exists and is available here */
    RuntimeProvider provider() {
        return platform.provider();
    }

    RuntimeChoice runtimeChoice() {
        return platform.runtimeChoice();
    }

    /** @return the runtime of the session (created once, closed with it) */
    ComputeRuntime runtime() {
        return platform.runtime();
    }

    /**
     * @param threads worker threads
     * @return a new runtime of the chosen kind with that many threads (the caller closes it)
     */
    ComputeRuntime newRuntime(int threads) {
        return platform.newRuntime(threads);
    }

    /**
     * @param generator the generator, or {@code null} for the config's (else the default generator)
     * @param envs      the batch size, or {@code null} for the config's
     * @return the resolved configuration: defaults, then {@code --config}, then {@code --set}, then these
     */
    TrackGenConfig config(String generator, Integer envs) {
        return config(generator, envs, List.of());
    }

    /**
     * @param generator the generator, or {@code null} for the config's (else the default generator)
     * @param envs      the batch size, or {@code null} for the config's
     * @param last      values the command itself decides, applied after every {@code --set}
     * @return the resolved configuration: defaults, then {@code --config}, then {@code --set}, then
     *         {@code last}, then these
     */
    TrackGenConfig config(String generator, Integer envs, List<KnobAssignment> last) {
        CommandLineOverrides given = options.overrides(generator, envs);
        List<KnobAssignment> sets = new ArrayList<>(given.sets());
        sets.addAll(last);
        return platform.resolve(new CommandLineOverrides(given.generator(), given.numEnvs(), given.runtime(), sets))
                .config();
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
        platform.close();
    }
}
