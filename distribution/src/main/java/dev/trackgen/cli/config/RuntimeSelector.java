package dev.trackgen.cli.config;

/**
 * Decides which runtime a run uses. The first of these that is set wins:
 * <ol>
 *   <li>the {@code --runtime} flag, then {@code --set runtime=...};</li>
 *   <li>the config file's {@code runtime} key;</li>
 *   <li>the system property {@value #PROPERTY};</li>
 *   <li>the environment variable {@value #ENV};</li>
 *   <li>{@value #DEFAULT}.</li>
 * </ol>
 * Blank values count as unset. The name is not checked here: the runtime registry does that
 * when the runtime is created, listing the registered names.
 */
public final class RuntimeSelector {
    /** System property naming the runtime. */
    public static final String PROPERTY = "trackgen.runtime";
    /** Environment variable naming the runtime. */
    public static final String ENV = "TRACKGEN_RUNTIME";
    /** The runtime used when nothing names one. */
    public static final String DEFAULT = "auto";

    private final Settings settings;

    /** @param settings where system properties and environment variables are read */
    public RuntimeSelector(Settings settings) {
        this.settings = settings;
    }

    /**
     * @param overrides the command line
     * @param document  the config file (its {@code runtime} key, if any)
     * @return the choice and its origin
     * @throws dev.trackgen.cli.CliException if the config file's {@code runtime} is not a name
     */
    public RuntimeChoice choose(CommandLineOverrides overrides, ConfigDocument document) {
        if (isSet(overrides.runtime())) {
            return new RuntimeChoice(overrides.runtime().strip(), "--runtime");
        }
        KnobAssignment set = overrides.lastSet(ConfigDocument.RUNTIME_KEY);
        if (set != null && isSet(set.value())) {
            return new RuntimeChoice(set.value().strip(), "--set " + set);
        }
        String fromFile = document.runtime();
        if (isSet(fromFile)) {
            return new RuntimeChoice(fromFile, document.describe());
        }
        String property = settings.property(PROPERTY);
        if (isSet(property)) {
            return new RuntimeChoice(property.strip(), "system property " + PROPERTY);
        }
        String env = settings.env(ENV);
        if (isSet(env)) {
            return new RuntimeChoice(env.strip(), "environment variable " + ENV);
        }
        return new RuntimeChoice(DEFAULT, "default");
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
