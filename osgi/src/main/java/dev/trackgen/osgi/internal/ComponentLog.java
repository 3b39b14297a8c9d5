package dev.trackgen.osgi.internal;

import org.osgi.service.log.LoggerFactory;

/**
 * Where the components' lines go: the OSGi log service when one is bound (Karaf's
 * {@code log:display}, the Felix web console's log), else standard error, so a line is never lost
 * in a framework without a log service.
 */
final class ComponentLog {
    private final Class<?> owner;
    private volatile LoggerFactory factory;

    /** @param owner the class the lines are logged for (the logger name) */
    ComponentLog(Class<?> owner) {
        this.owner = owner;
    }

    void bind(LoggerFactory f) {
        factory = f;
    }

    void unbind(LoggerFactory f) {
        if (factory == f) {
            factory = null;
        }
    }

    /**
     * @param level {@code info}, {@code warn} or {@code error}
     * @param line  one line
     */
    void log(String level, String line) {
        LoggerFactory f = factory;
        if (f == null) {
            System.err.println(level.toUpperCase(java.util.Locale.ROOT) + " " + line);
            return;
        }
        org.osgi.service.log.Logger logger = f.getLogger(owner);
        switch (level) {
            case "info" -> logger.info(line);
            case "warn" -> logger.warn(line);
            default -> logger.error(line);
        }
    }
}
