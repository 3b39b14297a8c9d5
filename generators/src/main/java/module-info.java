/**
 * The built-in centerline generator plugins. Each is a {@code CenterlineGenerator} provider found
 * at run time; nothing else in the product refers to them by class. Each declares its knobs,
 * sizing and cross-knob checks through the generator SPI, as a plugin does; the typed knobs are
 * exported ({@code dev.trackgen.generators.knobs}) for code that sets them by constant.
 */
module dev.trackgen.generators {
    requires transitive dev.trackgen.api;

    exports dev.trackgen.generators.knobs;

    provides dev.trackgen.api.generator.CenterlineGenerator with
            dev.trackgen.generators.bezier.BezierGenerator,
            dev.trackgen.generators.hull.HullGenerator,
            dev.trackgen.generators.polar.PolarGenerator,
            dev.trackgen.generators.voronoi.VoronoiGenerator,
            dev.trackgen.generators.checkpoint.CheckpointGenerator,
            dev.trackgen.generators.circuit.CircuitGenerator,
            dev.trackgen.generators.repulsive.RepulsiveGenerator;
}
