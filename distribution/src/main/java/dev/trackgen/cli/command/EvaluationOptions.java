package dev.trackgen.cli.command;

import dev.trackgen.cli.config.CommandLineOverrides;
import dev.trackgen.cli.config.KnobAssignment;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The configuration options shared by {@code generate}, {@code metrics}, {@code bench} and {@code import}. */
final class EvaluationOptions {
    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML or JSON file: a flat mapping of knob names to values (may include 'runtime').")
    Path config;

    @Option(names = "--set", paramLabel = "KNOB=VALUE",
            description = "Set one knob (repeatable; see 'trackgen knobs'); overrides the config file.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--runtime", paramLabel = "NAME", description = "cpu, cuda or auto.")
    String runtime;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    /**
     * @param generator the generator, or {@code null} for the config's
     * @param envs      the batch size, or {@code null} for the config's
     * @return the command-line layer of the configuration
     */
    CommandLineOverrides overrides(String generator, Integer envs) {
        List<KnobAssignment> assignments = new ArrayList<>();
        for (String s : sets) {
            assignments.add(KnobAssignment.parse(s));
        }
        return new CommandLineOverrides(generator, envs, runtime, assignments);
    }
}
