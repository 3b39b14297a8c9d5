/**
 * An example TrackGen plugin on the simple generator SPI: the {@code s_bend} generator.
 * A module on the module path, a class-path plugin (its {@code META-INF/services} entry) and an
 * OSGi bundle at once, like {@code examples/noisy-ellipse}.
 */
module dev.trackgen.examples.sbend {
    requires dev.trackgen.api;

    provides dev.trackgen.api.generator.CenterlineGenerator with dev.trackgen.examples.sbend.SBendGenerator;
}
