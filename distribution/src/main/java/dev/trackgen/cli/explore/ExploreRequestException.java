package dev.trackgen.cli.explore;

/**
 * A request the explorer refuses, with the one-line message the page shows beside the control it
 * concerns and the HTTP status it is answered with.
 */
public final class ExploreRequestException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String control;
    private final int status;

    /**
     * @param status  HTTP status (400 for bad values, 503 when busy)
     * @param control the control the message belongs beside ({@code generator}, {@code envs}, {@code seed},
     *                a knob name), or {@code null} for the page as a whole
     * @param message one line, as the command line would print it after {@code trackgen: error:}
     */
    public ExploreRequestException(int status, String control, String message) {
        super(message);
        this.status = status;
        this.control = control;
    }

    /** @return the control the message belongs beside, or {@code null} */
    public String control() {
        return control;
    }

    /** @return the HTTP status */
    public int status() {
        return status;
    }
}
