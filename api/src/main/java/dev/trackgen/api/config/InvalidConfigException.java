package dev.trackgen.api.config;

/**
 * Thrown when a configuration value is unknown, malformed or outside its allowed range.
 *
 * <p>The message is one line that names the knob, the offending value and what is allowed,
 * for example {@code half_width = -1.0 is outside the allowed range (0, +inf)}. It is an
 * {@link IllegalArgumentException}, so callers that only care about "bad argument" can catch
 * that instead.
 */
public class InvalidConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String knob;

    /**
     * @param knob    the knob the problem is about, or {@code null} for a problem that spans knobs
     * @param message the one-line description of the problem
     */
    public InvalidConfigException(String knob, String message) {
        super(message);
        this.knob = knob;
    }

    /** @return the name of the knob at fault, or {@code null} when the problem spans several knobs */
    public String knob() {
        return knob;
    }
}
