package dev.trackgen.metrics;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.LockScope;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;


/**
 * Per-batch metrics of a generator, as the original implementation's
 * benchmarks/compare_generators.py (AntoineRichard/TrackGen) computes them: one {@code generate()} call, then the quality
 * metrics from its raw, constant-spacing, relaxed and final centerlines, then the warm time of
 * further calls.
 *
 * <pre>{@code
 * try (CpuRuntime rt = CpuRuntime.allCores()) {
 *     TrackGenConfig config = TrackGenConfig.builder().numEnvs(512).build();   // generator auto
 *     MetricsRow row = BatchMetrics.run(config, rt, TrackGenLauncher.discover(), 0, 2, 5);
 * }
 * }</pre>
 */
public final class BatchMetrics {
    /** Compactness above which a track counts as degenerate, near circular (original: 0.90). */
    public static final double DEGENERATE_COMPACTNESS = 0.90;
    /** The shape-variety gate: the median compactness must stay below this (original test_shape_variety: 0.85). */
    public static final double SHAPE_VARIETY_MAX_MEDIAN = 0.85;

    private BatchMetrics() {
    }

    /**
     * Generates one batch, measures it, then times warm calls.
     *
     * @param config     the configuration (generator, {@code num_envs}, knobs)
     * @param runtime    the runtime to run on (not closed here)
     * @param generators resolves the configuration's generator (and a host runtime for one the runtime cannot run)
     * @param seed       base seed: env {@code e} is seeded with {@code seed + e}
     * @param warmup     untimed calls after the measured one
     * @param repeats    timed calls; 0 leaves {@code msPerCall} NaN
     * @return the generator's row
     */
    public static MetricsRow run(TrackGenConfig config, ComputeRuntime runtime, TrackGenLauncher generators, int seed,
                                 int warmup, int repeats) {
        try (TrackGenerator gen = generators.builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(runtime).build()) {
            gen.generate();
            MetricsRow row = measure(gen);
            return repeats > 0 ? row.withMsPerCall(msPerCall(gen, warmup, repeats)) : row;
        }
    }

    /**
     * @param gen     a generator
     * @param warmup  untimed calls first
     * @param repeats timed calls, {@code >= 1}
     * @return the mean wall time of the timed calls, milliseconds
     */
    public static double msPerCall(TrackGenerator gen, int warmup, int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, got " + repeats);
        }
        for (int k = 0; k < warmup; k++) {
            gen.generate();
        }
        long t0 = System.nanoTime();
        for (int k = 0; k < repeats; k++) {
            gen.generate();
        }
        return (System.nanoTime() - t0) / 1e6 / repeats;
    }

    /**
     * Measures the batch of the generator's last call.
     *
     * @param gen a generator that has run at least once
     * @return its row, named after the generator (timing NaN)
     */
    public static MetricsRow measure(TrackGenerator gen) {
        MetricsAccumulator acc = new MetricsAccumulator();
        addBatch(acc, gen.runtime(), gen.intermediates(), gen.track(), gen.config().numPoints());
        return acc.result(gen.config().generator());
    }

    /**
     * Adds the batch of a pipeline's last call, env by env.
     *
     * @param acc      where to add
     * @param pipeline a pipeline that has run at least once
     */
    public static void addBatch(MetricsAccumulator acc, CenterlinePipeline pipeline) {
        addBatch(acc, pipeline.runtime(), pipeline.intermediates(), pipeline.track(), pipeline.pointsPerCenterline());
    }

    private static void addBatch(MetricsAccumulator acc, ComputeRuntime runtime, TrackGenerator.Intermediates mid,
                                 Track track, int rawPoints) {
        int e = track.numEnvs();
        int nMax = track.nMax();
        float[] raw = new float[2 * e * rawPoints];
        float[] spaced = new float[2 * e * nMax];
        float[] relaxed = new float[2 * e * nMax];
        TrackSnapshot s = new TrackSnapshot(e, nMax);
        LockScope lock = new LockScope(runtime.executionLock());
        try (LockScope held = lock.acquire()) {
            runtime.download(mid.generated(), raw);
            runtime.download(mid.spaced(), spaced);
            runtime.download(mid.relaxed(), relaxed);
        }
        track.snapshotInto(s);
        for (int env = 0; env < e; env++) {
            acc.add(raw, env * rawPoints, rawPoints, spaced, relaxed, s.center(), env * nMax, s.count(env), s.isValid(env));
            acc.addWidths(s.leftHalfWidth(), s.rightHalfWidth(), env * nMax, s.count(env), s.isValid(env));
        }
    }
}
