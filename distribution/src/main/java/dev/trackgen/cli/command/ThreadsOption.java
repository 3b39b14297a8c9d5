package dev.trackgen.cli.command;

import picocli.CommandLine.Option;

/** The {@code --threads} option of the commands that run one runtime ({@code generate}, {@code import}, ...). */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "CPU worker threads; 0 = one per processor (default).")
    int threads;

    /**
     * @return the value, checked by {@link ThreadCount}
     * @throws dev.trackgen.cli.CliException one line naming the allowed range if it is outside it
     */
    int checked() {
        ThreadCount.check("--threads", threads);
        return threads;
    }
}
