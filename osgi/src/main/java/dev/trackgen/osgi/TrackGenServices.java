package dev.trackgen.osgi;

/**
 * The OSGi services the {@code dev.trackgen.osgi} bundle publishes and the properties they carry.
 *
 * <ul>
 *   <li>every {@code CenterlineGenerator} and {@code RuntimeProvider} listed in the
 *       {@code META-INF/services} of a started bundle, registered on behalf of that bundle (so it
 *       disappears when the bundle stops), with {@link #NAME}, {@link #SOURCE} and, for generators,
 *       {@link #CAPTURABLE};</li>
 *   <li>one {@code dev.trackgen.registry.GeneratorRegistry} and one
 *       {@code dev.trackgen.registry.RuntimeRegistry}, kept in step with those services (and with
 *       generator and runtime services other bundles register themselves, for example through
 *       Declarative Services), ready for {@code new TrackGenLauncher(generators, runtimes).builder(config)}.</li>
 *   <li>for every Configuration Admin configuration of the factory PID
 *       {@link GeneratorConfiguration#FACTORY_PID}, one
 *       {@code dev.trackgen.pipeline.TrackGenerator} service, bundle-scoped (each consuming bundle
 *       gets a generator of its own), carrying {@link GeneratorConfiguration#PID}, {@code generator}, {@code runtime}
 *       (as resolved), {@code num_envs}, {@code seed} and every knob the configuration sets (a
 *       configuration's property names are knob names, plus {@code seed} and {@code threads}); a Metatype
 *       description of that factory PID lists every knob of the pipeline and of the generators
 *       present.</li>
 * </ul>
 */
public final class TrackGenServices {
    /** Service property: the generator or runtime name ({@code String}). */
    public static final String NAME = "trackgen.name";
    /** Service property: where the plugin came from, {@code bundle <symbolic name> <version>} ({@code String}). */
    public static final String SOURCE = "trackgen.source";
    /** Service property of generators: whether it obeys the capture contract ({@code Boolean}). */
    public static final String CAPTURABLE = "trackgen.capturable";
    /** Service property set on the services the extender registers ({@code Boolean.TRUE}). */
    public static final String EXTENDER = "trackgen.extender";

    private TrackGenServices() {
    }
}
