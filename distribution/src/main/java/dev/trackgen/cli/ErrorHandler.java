package dev.trackgen.cli;

import picocli.CommandLine;

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
        report(Failure.describe(ex), ex);
        return FAILURE;
    }

    /**
     * @param error an {@link Error} that escaped a command (picocli only handles exceptions)
     * @return {@value #FAILURE}
     */
    public int handleError(Error error) {
        report(Failure.describe(error), error);
        return FAILURE;
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
