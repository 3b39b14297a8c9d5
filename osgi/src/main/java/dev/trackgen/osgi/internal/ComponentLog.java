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

    /** @param line one line, at info level */
    void info(String line) {
        LoggerFactory f = factory;
        if (f != null) {
            f.getLogger(owner).info(line);
        } else {
            System.err.println("INFO " + line);
        }
    }

    /** @param line one line, at warning level */
    void warn(String line) {
        LoggerFactory f = factory;
        if (f != null) {
            f.getLogger(owner).warn(line);
        } else {
            System.err.println("WARN " + line);
        }
    }

    /** @param line one line, at error level */
    void error(String line) {
        LoggerFactory f = factory;
        if (f != null) {
            f.getLogger(owner).error(line);
        } else {
            System.err.println("ERROR " + line);
        }
    }
}
