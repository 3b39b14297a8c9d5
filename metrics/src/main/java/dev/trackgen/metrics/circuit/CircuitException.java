package dev.trackgen.metrics.circuit;

/**
 * A centerline file that cannot be imported: malformed rows, too few points, repeated points, an
 * open polyline, or a self-crossing loop. The message is one line naming the file and the row
 * (file line number) or the problem, ready to show to a user.
 */
public class CircuitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the file and the problem */
    public CircuitException(String message) {
        super(message);
    }

    /**
     * @param message one line naming the file and the problem
     * @param cause   the underlying failure
     */
    public CircuitException(String message, Throwable cause) {
        super(message, cause);
    }
}
