package dev.trackgen.cli.config;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Where the CLI reads process-wide settings: Java system properties and environment variables.
 * An interface so tests can supply an environment without touching the real one.
 */
public interface Settings {

    /**
     * @param name a system property name
     * @return its value, or {@code null} when unset
     */
    String property(String name);

    /**
     * @param name an environment variable name
     * @return its value, or {@code null} when unset
     */
    String env(String name);

    /** @return the settings of this process ({@link System#getProperty}, {@link System#getenv}) */
    static Settings system() {
        return lookingUp(System::getProperty, System::getenv);
    }

    /**
     * @param properties system properties to report
     * @param env        environment variables to report
     * @return fixed settings, for tests and embedding
     */
    static Settings of(Map<String, String> properties, Map<String, String> env) {
        return lookingUp(Map.copyOf(properties)::get, Map.copyOf(env)::get);
    }

    private static Settings lookingUp(UnaryOperator<String> properties, UnaryOperator<String> env) {
        return new Settings() {
            @Override
            public String property(String name) {
                return properties.apply(name);
            }

            @Override
            public String env(String name) {
                return env.apply(name);
            }
        };
    }
}
