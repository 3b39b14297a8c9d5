package dev.trackgen.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Set;

/**
 * How the CLI ends on a problem: exactly one line {@code trackgen: error: ...} on the error
 * stream, a stack trace only with {@code --verbose}, and a non-zero exit code:
 * {@value #USAGE} for command-line syntax errors, {@value #FAILURE} for everything else.
 */
public final class ErrorHandler implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    /** Exit code of a run that failed. */
    public static final int FAILURE = 1;
    /** Exit code of a malformed command line. */
    public static final int USAGE = 2;

    private final CliContext context;

    /** @param context the invocation (its error stream and verbosity) */
    public ErrorHandler(CliContext context) {
        this.context = context;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        report(Failure.describe(ex, optionNames(commandLine)), ex);
        return FAILURE;
    }

    /**
     * @param error       an {@link Error} that escaped a command (picocli only handles exceptions)
     * @param commandLine the top-level command line, or {@code null} if it could not be built;
     *                    the advice names only options of the (sub)command it parsed
     * @return {@value #FAILURE}
     */
    public int handleError(Error error, CommandLine commandLine) {
        CommandLine.ParseResult parsed = commandLine != null ? commandLine.getParseResult() : null;
        CommandLine ran = commandLine;
        while (parsed != null && parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
            ran = parsed.commandSpec().commandLine();
        }
        report(Failure.describe(error, optionNames(ran)), error);
        return FAILURE;
    }

    /**
     * Ends a run whose results could not be written: standard output failed (a full disk,
     * {@code > /dev/full}, a closed pipe), which a print stream only records.
     *
     * @param out  the writer the command printed its results to (flushed here)
     * @param sink the stream below it; a {@link ResultStream} also tells why the write failed
     * @param code the command's exit code
     * @return {@code code} when the output was written or the run had already failed (its error
     *         line is the one line), else {@value #FAILURE} after one error line (none for a
     *         broken pipe: the reader stopped reading, as in {@code trackgen knobs | head})
     */
    public int checkOutput(PrintWriter out, PrintStream sink, int code) {
        if (!out.checkError() || code != 0) {
            return code;
        }
        IOException why = sink instanceof ResultStream r ? r.failure() : null;
        String reason = why != null && why.getMessage() != null ? why.getMessage() : "the write failed";
        if (isBrokenPipe(reason)) {
            // the reader stopped on purpose (`trackgen knobs | head`): no error line, as a tool killed by SIGPIPE
            return FAILURE;
        }
        report("cannot write the results to standard output (" + reason + "); they are lost",
                why != null ? why : new IOException(reason));
        return FAILURE;
    }

    private static boolean isBrokenPipe(String reason) {
        String r = reason.toLowerCase(java.util.Locale.ROOT);
        return r.contains("broken pipe") || r.contains("pipe is being closed");
    }

    private static Set<String> optionNames(CommandLine commandLine) {
        return commandLine == null ? Set.of() : commandLine.getCommandSpec().optionsMap().keySet();
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String help = "see '" + cmd.getCommandSpec().qualifiedName() + " --help'";
        String message = ex.getMessage() == null ? "invalid command line" : ex.getMessage().strip().replaceAll("\\s*\\R\\s*", "; ");
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !cmd.getSubcommands().isEmpty()
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")
                && (cmd.getParseResult() == null || !cmd.getParseResult().hasSubcommand())) {
            String word = u.getUnmatched().get(0);
            message = "unknown command '" + word + "'; commands: " + String.join(", ", cmd.getSubcommands().keySet());
            java.util.List<String> close = u.getSuggestions();
            if (!close.isEmpty()) {
                message += "; did you mean '" + close.get(0) + "'?";
            }
        }
        report(message + " (" + help + ")", ex);
        return USAGE;
    }

    private void report(String line, Throwable ex) {
        var err = context.console().err();
        err.println("trackgen: error: " + line);
        if (context.verbose()) {
            ex.printStackTrace(err);
        }
        err.flush();
    }
}
