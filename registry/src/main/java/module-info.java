/**
 * Generator and runtime registries: plugins found by ServiceLoader on the module path and the
 * class path, or registered by an OSGi service tracker; and the one place that resolves them by
 * name for the pipeline ({@code TrackGenLauncher}).
 */
module dev.trackgen.registry {
    requires transitive dev.trackgen.api;
    requires transitive dev.trackgen.pipeline;

    exports dev.trackgen.registry;

    uses dev.trackgen.api.generator.CenterlineGenerator;
    uses dev.trackgen.api.runtime.RuntimeProvider;
}
