package dev.trackgen.benchmarks;

import dev.trackgen.registry.GeneratorRegistry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.util.List;

/**
 * Runs the stage benchmarks and the end-to-end benchmark for every registered generator (plugins
 * on the class path included), at E = 512 and 4096 unless told otherwise: JMH's own options, with
 * the {@code generator} parameter filled from the registry when {@code -p generator=...} is not
 * given and the benchmarks defaulting to {@code StageBenchmark|GenerateBenchmark}.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.PerGenerator -wi 2 -i 3 -f 1}
 */
public final class PerGenerator {
    private PerGenerator() {
    }

    /**
     * @param args JMH command-line options
     * @throws RunnerException           if a benchmark fails
     * @throws CommandLineOptionException if the options are malformed
     */
    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        CommandLineOptions cli = new CommandLineOptions(args);
        ChainedOptionsBuilder b = new OptionsBuilder().parent(cli);
        if (cli.getIncludes().isEmpty()) {
            b.include("StageBenchmark|GenerateBenchmark");
        }
        if (!cli.getParameter("generator").hasValue()) {
            List<String> names = GeneratorRegistry.discover().available();
            b.param("generator", names.toArray(String[]::new));
        }
        new Runner(b.build()).run();
    }
}
