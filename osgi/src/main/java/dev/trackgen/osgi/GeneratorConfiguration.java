package dev.trackgen.osgi;

/**
 * The names of the configured {@code TrackGenerator} services: each Configuration Admin
 * configuration of {@link #FACTORY_PID} becomes one bundle-scoped
 * {@code dev.trackgen.pipeline.TrackGenerator} service carrying {@link #PID}. A configuration's
 * property names are knob names (see {@code docs/osgi.md}, or the Metatype description of the
 * factory PID), plus {@code seed} and {@code threads}.
 */
public final class GeneratorConfiguration {
    /**
     * The factory PID whose configurations become {@code TrackGenerator} services (Karaf:
     * {@code etc/dev.trackgen.generator-NAME.cfg}).
     */
    public static final String FACTORY_PID = "dev.trackgen.generator";

    /**
     * Service property of a {@code TrackGenerator}: the PID of the configuration it was made from
     * ({@code dev.trackgen.generator~NAME}), to select one, for example
     * {@code @Reference(target = "(trackgen.pid=dev.trackgen.generator~training)")}.
     */
    public static final String PID = "trackgen.pid";

    private GeneratorConfiguration() {
    }
}
