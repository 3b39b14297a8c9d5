/**
 * Evaluation of TrackGen batches, outside the generation path: per-batch quality metrics with the
 * original implementation's definitions (AntoineRichard/TrackGen, benchmarks/track_metrics.py; {@code dev.trackgen.metrics}), real circuits read from
 * CSV and brought through the pipeline ({@code dev.trackgen.metrics.circuit}), and the throughput
 * bench ({@code dev.trackgen.metrics.bench}). Names no generator and no runtime: both come from
 * the caller or the registries.
 */
module dev.trackgen.metrics {
    requires transitive dev.trackgen.pipeline;
    requires transitive dev.trackgen.registry;
    // com.sun.management.ThreadMXBean: bytes allocated per thread, for the bench
    requires jdk.management;

    exports dev.trackgen.metrics;
    exports dev.trackgen.metrics.circuit;
    exports dev.trackgen.metrics.bench to dev.trackgen.cli;
    exports dev.trackgen.metrics.audit to dev.trackgen.cli;
}
