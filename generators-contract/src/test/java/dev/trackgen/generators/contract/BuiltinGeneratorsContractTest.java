package dev.trackgen.generators.contract;

import dev.trackgen.generators.bezier.BezierGenerator;
import dev.trackgen.generators.checkpoint.CheckpointGenerator;
import dev.trackgen.generators.circuit.CircuitGenerator;
import dev.trackgen.generators.hull.HullGenerator;
import dev.trackgen.generators.polar.PolarGenerator;
import dev.trackgen.generators.repulsive.RepulsiveGenerator;
import dev.trackgen.generators.voronoi.VoronoiGenerator;
import dev.trackgen.testkit.GeneratorContract;
import org.junit.jupiter.api.Test;

/**
 * Every built-in generator keeps the contract the test kit checks for plugins, in the one line a
 * plugin's own test writes. The yield check runs on 16 environments (8 for repulsive, which also
 * runs at a lower resolution and fewer growth stages, as in the generators module's own tests).
 */
class BuiltinGeneratorsContractTest {

    @Test
    void bezier() {
        GeneratorContract.of(new BezierGenerator()).envs(16).check();
    }

    @Test
    void polar() {
        GeneratorContract.of(new PolarGenerator()).envs(16).check();
    }

    @Test
    void hull() {
        GeneratorContract.of(new HullGenerator()).envs(16).check();
    }

    @Test
    void checkpoint() {
        GeneratorContract.of(new CheckpointGenerator()).envs(16).check();
    }

    @Test
    void voronoi() {
        GeneratorContract.of(new VoronoiGenerator()).envs(16).check();
    }

    @Test
    void circuit() {
        GeneratorContract.of(new CircuitGenerator()).envs(16).check();
    }

    @Test
    void repulsive() {
        GeneratorContract.of(new RepulsiveGenerator()).envs(8).with("num_points", "64")
                .with("repulsive_stages", "16,32,64").with("repulsive_grow_mult_min", "2").with("repulsive_grow_mult_max", "2.5")
                .with("repulsive_settle_iters", "16").check();
    }
}
