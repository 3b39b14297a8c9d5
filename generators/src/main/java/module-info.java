/**
 * The built-in centerline generator plugins. Each is a {@code CenterlineGenerator} provider found
 * at run time; nothing else in the product refers to them by class.
 */
module dev.trackgen.generators {
    requires dev.trackgen.api;

    provides dev.trackgen.api.generator.CenterlineGenerator with
            dev.trackgen.generators.bezier.BezierGenerator,
            dev.trackgen.generators.hull.HullGenerator,
            dev.trackgen.generators.polar.PolarGenerator,
            dev.trackgen.generators.voronoi.VoronoiGenerator,
            dev.trackgen.generators.checkpoint.CheckpointGenerator,
            dev.trackgen.generators.circuit.CircuitGenerator,
            dev.trackgen.generators.repulsive.RepulsiveGenerator;
}
