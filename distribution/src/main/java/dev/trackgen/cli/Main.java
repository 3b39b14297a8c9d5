package dev.trackgen.cli;

import dev.trackgen.cli.command.TrackGenCommand;
import dev.trackgen.cli.config.Settings;
import picocli.CommandLine;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The {@code trackgen} entry point. {@link #main} exits with the command's status;
 * {@link #run} does the same work without exiting, for tests and embedding.
 */
public final class Main {
    private Main() {
    }

    /**
     * @param args the command line
     */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // Results go through a stream that remembers why a write failed (System.out forgets it).
        ResultStream out = ResultStream.over(new FileOutputStream(FileDescriptor.out), Charset.defaultCharset());
        int code = run(out, System.err, Settings.system(), args);
        System.exit(code);
    }

    /**
     * Runs one command. A result that could not be written to {@code out} (checked with
     * {@link PrintStream#checkError()} after the command, for every command alike) ends a run
     * that otherwise succeeded with one error line and {@value ErrorHandler#FAILURE}.
     *
     * @param out      where results go
     * @param err      where progress and errors go
     * @param settings system properties and environment to consult
     * @param args     the command line
     * @return the exit status: 0 on success, non-zero on any problem
     */
    public static int run(PrintStream out, PrintStream err, Settings settings, String... args) {
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        CliContext context = new CliContext(new Console(o, e), settings);
        ErrorHandler errors = new ErrorHandler(context);
        CommandLine cl = null;
        try {
            int code;
            try {
                cl = commandLine(context);
                code = cl.execute(args);
            } catch (Error error) {
                // picocli hands only Exceptions to the execution exception handler; Errors
                // (out of memory, a missing class) come through here and end the same way.
                code = errors.handleError(error, cl);
            }
            return errors.checkOutput(o, out, code);
        } finally {
            o.flush();
            e.flush();
        }
    }

    /**
     * @param context the invocation
     * @return the configured picocli command line of {@code trackgen}
     */
    public static CommandLine commandLine(CliContext context) {
        ErrorHandler errors = new ErrorHandler(context);
        CommandLine cl = TrackGenCommand.commandLine(context);
        cl.setOut(context.console().out());
        cl.setErr(context.console().err());
        cl.setExecutionExceptionHandler(errors);
        cl.setParameterExceptionHandler(errors);
        return cl;
    }
}
