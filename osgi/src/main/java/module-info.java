/**
 * OSGi glue for TrackGen, used only inside an OSGi framework (where this descriptor is ignored):
 * an extender that turns the {@code META-INF/services} entries of started bundles into OSGi
 * services, and trackers that keep a {@code GeneratorRegistry} and a {@code RuntimeRegistry} in
 * step with those services and publish both registries as services. Plugin bundles need no OSGi
 * code. The OSGi API is a compile-time-only dependency ({@code requires static}).
 */
module dev.trackgen.osgi {
    requires transitive dev.trackgen.registry;
    requires static osgi.core;

    exports dev.trackgen.osgi;
}
