package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.inflate.Inflation;
import dev.trackgen.pipeline.relax.XpbdRelaxation;
import dev.trackgen.pipeline.resample.ConstantSpacingResample;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;


/**
 * Warm time of each pipeline stage on its own, on the CPU runtime: the generator, the
 * constant-spacing resample, the XPBD relaxation and the inflation with the validity gate, each
 * bound exactly as {@code TrackGenerator} binds them and fed by one full run at setup. The
 * end-to-end call is {@link GenerateBenchmark}; {@link PerGenerator} runs both for every
 * registered generator.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar StageBenchmark -p generator=bezier -p envs=512,4096}
 */
public class StageBenchmark extends CpuBenchmark {

    /** Registered generator name. */
    @Param({"bezier"})
    public String generator;

    /** Batch size E. */
    @Param({"512", "4096"})
    public int envs;

    /** Worker threads; 0 means every available processor. */
    @Param({"0"})
    public int threads;

    private CpuRuntime runtime;
    private CenterlineGenerator gen;
    private GeneratorScratch scratch;
    private TrackGenConfig config;
    private I32Array seeds;
    private Vec2Array generated;
    private I32Array flags;
    private Track track;
    private LaunchPlan resample;
    private LaunchPlan relax;
    private LaunchPlan inflate;

    /** Binds the stages and runs them once, so every stage has real input. */
    @Setup(Level.Trial)
    public void setUp() {
        warnWithoutVectorModule();
        GeneratorRegistry registry = GeneratorRegistry.discover();
        gen = registry.get(generator);
        config = TrackGenConfig.builder().generator(gen).numEnvs(envs).build();
        runtime = new CpuRuntime(threads, false);
        int n = config.numPoints();
        int nMax = config.nMax();
        seeds = runtime.allocI32(envs);
        runtime.upload(PerEnvSeededRng.fromScalar(envs, 0).seeds(), seeds);
        generated = runtime.allocVec2(envs * n);
        flags = runtime.allocI32(envs);
        track = Track.allocate(runtime, envs, nMax);
        Vec2Array spaced = runtime.allocVec2(envs * nMax);
        Vec2Array relaxed = runtime.allocVec2(envs * nMax);
        scratch = gen.allocateScratch(runtime, config);
        resample = new ConstantSpacingResample(runtime, envs, n, (float) config.spacing(), nMax, generated, spaced,
                track.count(), flags).plan();
        relax = new XpbdRelaxation(runtime, config, spaced, track.count(), relaxed).plan();
        inflate = new Inflation(runtime, config, relaxed, flags, track).plan();
        generate();
        resample();
        relax();
        inflate();
    }

    /** @return the generated centerlines */
    @Benchmark
    public Vec2Array generate() {
        gen.generate(runtime, seeds, config, generated, flags, scratch);
        runtime.synchronize();
        return generated;
    }

    /** @return the point counts */
    @Benchmark
    public I32Array resample() {
        resample.enqueue(runtime);
        runtime.synchronize();
        return track.count();
    }

    /** @return the track (relaxed centerlines live in the stage's buffer) */
    @Benchmark
    public Track relax() {
        relax.enqueue(runtime);
        runtime.synchronize();
        return track;
    }

    /** @return the inflated track */
    @Benchmark
    public Track inflate() {
        inflate.enqueue(runtime);
        runtime.synchronize();
        return track;
    }

    /** Releases the worker threads. */
    @TearDown(Level.Trial)
    public void tearDown() {
        runtime.close();
    }
}
