/**
 * OSGi glue for TrackGen, used only inside an OSGi framework (where this descriptor is ignored):
 * an extender that turns the {@code META-INF/services} entries of started bundles into OSGi
 * services, and trackers that keep a {@code GeneratorRegistry} and a {@code RuntimeRegistry} in
 * step with those services and publish both registries as services; Declarative Services
 * components that turn Configuration Admin configurations of {@code dev.trackgen.generator} into
 * {@code TrackGenerator} services, described by Metatype from the knob registry. Plugin bundles
 * need no OSGi code. The OSGi APIs are compile-time-only dependencies ({@code requires static}).
 */
module dev.trackgen.osgi {
    requires transitive dev.trackgen.registry;
    requires dev.trackgen.pipeline;
    requires static osgi.core;
    requires static org.osgi.service.component.annotations;
    requires static org.osgi.service.metatype;
    requires static org.osgi.service.log;

    exports dev.trackgen.osgi;
}
