package dev.trackgen.osgi.internal;

/**
 * A configuration property of {@code dev.trackgen.generator} that cannot be used: its message is
 * the one line logged for the configuration, and it names the property.
 */
final class InvalidPropertyException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String property;

    /**
     * @param property the configuration property at fault
     * @param message  what is wrong with it, for an operator
     */
    InvalidPropertyException(String property, String message) {
        super("property '" + property + "': " + message);
        this.property = property;
    }

    /** @return the configuration property at fault */
    String property() {
        return property;
    }
}
