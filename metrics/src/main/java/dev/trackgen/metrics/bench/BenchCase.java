package dev.trackgen.metrics.bench;

/**
 * One measurement of the bench: a generator at a batch size on a thread count.
 *
 * @param generator the registered generator name
 * @param envs      batch size E
 * @param threads   CPU worker threads (already resolved: never 0)
 */
public record BenchCase(String generator, int envs, int threads) {
}
