package dev.trackgen.cli;

import dev.trackgen.cli.config.Settings;

import java.nio.file.Path;

/**
 * What every command of one invocation shares: the console, the process settings, and whether
 * {@code --verbose} asked for stack traces.
 */
public final class CliContext {
    private final Console console;
    private final Settings settings;
    private volatile boolean verbose;
    private volatile Path plugins;

    /**
     * @param console  the output and error streams
     * @param settings system properties and environment
     */
    public CliContext(Console console, Settings settings) {
        this.console = console;
        this.settings = settings;
    }

    /** @return the output and error streams */
    public Console console() {
        return console;
    }

    /** @return system properties and environment */
    public Settings settings() {
        return settings;
    }

    /** @return whether errors should be followed by their stack trace */
    public boolean verbose() {
        return verbose;
    }

    /** @param verbose whether errors should be followed by their stack trace */
    public void verbose(boolean verbose) {
        this.verbose = verbose;
    }

    /** @return the folder named by the global {@code --plugins} option, or {@code null} */
    public Path plugins() {
        return plugins;
    }

    /** @param plugins the folder named by the global {@code --plugins} option */
    public void plugins(Path plugins) {
        this.plugins = plugins;
    }
}
