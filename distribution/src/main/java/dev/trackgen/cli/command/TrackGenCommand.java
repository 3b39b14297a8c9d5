package dev.trackgen.cli.command;

import dev.trackgen.cli.CliContext;
import dev.trackgen.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.nio.file.Path;

/** The {@code trackgen} command: holds the subcommands and the options they share. */
@Command(name = "trackgen",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Generates batches of closed-loop race tracks (centerline and borders) for reinforcement learning.",
        footer = {"", "Run 'trackgen COMMAND --help' for the options of a command."})
public final class TrackGenCommand implements Runnable {
    private final CliContext context;

    @Spec
    CommandLine.Model.CommandSpec spec;

    private TrackGenCommand(CliContext context) {
        this.context = context;
    }

    /**
     * @param context the invocation
     * @return the command line with every subcommand
     */
    public static CommandLine commandLine(CliContext context) {
        CommandLine cl = new CommandLine(new TrackGenCommand(context));
        cl.addSubcommand("generate", new GenerateCommand(context));
        cl.addSubcommand("gates", new GatesCommand(context));
        cl.addSubcommand("generators", new GeneratorsCommand(context));
        cl.addSubcommand("knobs", new KnobsCommand(context));
        cl.addSubcommand("metrics", new MetricsCommand(context));
        cl.addSubcommand("bench", new BenchCommand(context));
        cl.addSubcommand("import", new ImportCommand(context));
        cl.addSubcommand("check", new CheckCommand(context));
        cl.addSubcommand("explore", new ExploreCommand(context));
        cl.addSubcommand("progress-figure", new ProgressFigureCommand(context));
        return cl;
    }

    /** @param verbose whether to print stack traces on errors (inherited by every subcommand) */
    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "On errors, also print the stack trace.")
    void setVerbose(boolean verbose) {
        context.verbose(verbose);
    }

    /** @param plugins the plugin folder (inherited by every subcommand) */
    @Option(names = "--plugins", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Load plugin jars from DIR (default: $TRACKGEN_PLUGINS, else the product's plugins/ folder).")
    void setPlugins(Path plugins) {
        context.plugins(plugins);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
    }
}
