package dev.trackgen.testkit;

import dev.trackgen.registry.GeneratorRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The built-in generators keep the contract the kit checks for plugins (all but {@code repulsive},
 * which passes too but takes about 8 s; the generators module's own contract test covers it).
 */
class BuiltinGeneratorsContractTest {

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit"})
    void keepsTheGeneratorContract(String name) {
        GeneratorContract.of(GeneratorRegistry.discover().get(name)).check();
    }
}
