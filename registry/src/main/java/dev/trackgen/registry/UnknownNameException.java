package dev.trackgen.registry;

import java.util.List;

/**
 * Thrown when a generator or runtime name is not registered. The message lists the names that
 * are, for example {@code unknown generator 'bezeir'; available: bezier, hull, polar}.
 */
public class UnknownNameException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final List<String> available;

    /**
     * @param kind      what was looked up ("generator", "runtime")
     * @param name      the unknown name
     * @param available the registered names, sorted
     */
    public UnknownNameException(String kind, String name, List<String> available) {
        super("unknown " + kind + " '" + name + "'; available: "
                + (available.isEmpty() ? "(none registered)" : String.join(", ", available)));
        this.name = name;
        this.available = List.copyOf(available);
    }

    /** @return the name that was not found */
    public String name() {
        return name;
    }

    /** @return the registered names at the time of the lookup */
    public List<String> available() {
        return available;
    }
}
