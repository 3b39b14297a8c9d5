package dev.trackgen.cli;

import com.google.inject.CreationException;
import com.google.inject.ProvisionException;
import com.google.inject.spi.Message;
import dev.trackgen.api.config.InvalidConfigException;
import dev.trackgen.api.runtime.RuntimeUnavailableException;
import dev.trackgen.registry.UnknownNameException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Turns an exception that ended a command into the one line the user sees. Problems with the
 * input (bad values, unknown names, unusable files or runtimes) are shown as their own message;
 * anything else is reported as an internal error. Guice's wrappers are looked through.
 */
public final class Failure {
    /** Options that size a command's memory, named by the out-of-memory advice where the command has them. */
    private static final List<String> SIZE_OPTIONS = List.of("--envs", "--max-envs");

    private Failure() {
    }

    /**
     * @param t what was thrown
     * @return the exception that describes the problem, with Guice's wrappers removed
     */
    public static Throwable unwrap(Throwable t) {
        Throwable cur = t;
        for (int depth = 0; depth < 16; depth++) {
            Throwable next = null;
            if (cur instanceof ProvisionException p) {
                next = firstCause(p.getErrorMessages());
            } else if (cur instanceof CreationException c) {
                next = firstCause(c.getErrorMessages());
            }
            if (next == null) {
                return cur;
            }
            cur = next;
        }
        return cur;
    }

    private static Throwable firstCause(Iterable<Message> messages) {
        for (Message m : messages) {
            if (m.getCause() != null) {
                return m.getCause();
            }
        }
        return null;
    }

    /**
     * @param t what was thrown (possibly wrapped by Guice)
     * @return one line, without a line break, naming the problem; advice names no option
     */
    public static String describe(Throwable t) {
        return describe(t, Set.of());
    }

    /**
     * @param t       what was thrown (possibly wrapped by Guice)
     * @param options the option names of the command that ran: advice (what to lower on running
     *                out of memory) names only options among them
     * @return one line, without a line break, naming the problem
     */
    public static String describe(Throwable t, Collection<String> options) {
        Throwable cause = unwrap(t);
        String message = cause.getMessage();
        if (isUserProblem(cause) && message != null && !message.isBlank()) {
            return oneLine(message);
        }
        if (cause instanceof OutOfMemoryError) {
            List<String> lower = new ArrayList<>();
            for (String o : SIZE_OPTIONS) {
                if (options.contains(o)) {
                    lower.add(o);
                }
            }
            return "out of memory (" + oneLine(String.valueOf(message)) + "); "
                    + (lower.isEmpty() ? "" : "lower " + String.join(" or ", lower) + " or ")
                    + "give Java more heap, e.g. JAVA_OPTS=-Xmx16g";
        }
        return "internal error: " + cause.getClass().getName() + (message != null ? ": " + oneLine(message) : "")
                + " (run with --verbose for the stack trace)";
    }

    /**
     * @param cause an unwrapped exception
     * @return whether it is about the user's input or environment rather than a bug
     */
    public static boolean isUserProblem(Throwable cause) {
        return cause instanceof CliException
                || cause instanceof InvalidConfigException
                || cause instanceof UnknownNameException
                || cause instanceof RuntimeUnavailableException
                || cause instanceof IOException
                || cause instanceof UncheckedIOException;
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
