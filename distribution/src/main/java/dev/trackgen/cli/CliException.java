package dev.trackgen.cli;

/**
 * A problem with the user's input or environment (a bad flag, an unreadable file, an unwritable
 * output path) whose one-line message is all the user needs to see; the CLI prints it without a
 * stack trace and exits non-zero.
 */
public class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the problem and the offending value */
    public CliException(String message) {
        super(message);
    }

    /**
     * @param message one line naming the problem and the offending value
     * @param cause   the underlying failure, shown with {@code --verbose}
     */
    public CliException(String message, Throwable cause) {
        super(message, cause);
    }
}
