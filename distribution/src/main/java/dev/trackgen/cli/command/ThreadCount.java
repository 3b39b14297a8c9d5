package dev.trackgen.cli.command;

import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.cli.CliException;

/**
 * The one rule for every command's {@code --threads}: 0 means one worker per processor, and at
 * most {@link RuntimeOptions#maxThreads()} (a multiple of the processors) are allowed.
 */
final class ThreadCount {
    private ThreadCount() {
    }

    /**
     * @param flag    the option, for the message
     * @param threads the value given
     * @throws CliException one line naming the allowed range if the value is outside it
     */
    static void check(String flag, int threads) {
        String problem = RuntimeOptions.checkThreads(threads);
        if (problem != null) {
            throw new CliException(flag + " " + threads + ": " + problem);
        }
    }
}
