package dev.trackgen.benchmarks;

import dev.trackgen.registry.GeneratorRegistry;

/**
 * Prints the registered generators whose {@code generate} is capturable, comma-separated, for
 * scripts that bench "every capturable generator" ({@code scripts/bench-vs.sh}).
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.CapturableGenerators}
 */
public final class CapturableGenerators {
    private CapturableGenerators() {
    }

    /** @param args none */
    public static void main(String[] args) {
        GeneratorRegistry registry = GeneratorRegistry.discover();
        System.out.println(String.join(",", registry.available().stream()
                .filter(name -> registry.get(name).capturable()).toList()));
    }
}
