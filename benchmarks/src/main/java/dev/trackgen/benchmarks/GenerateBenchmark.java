package dev.trackgen.benchmarks;

import dev.trackgen.api.Track;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;


/**
 * Warm time of one {@code TrackGenerator.generate()} call, end to end, on the CPU runtime.
 *
 * <p>Run with {@code java -jar benchmarks/target/benchmarks.jar GenerateBenchmark -prof gc} to get
 * {@code gc.alloc.rate.norm}, the bytes allocated per call. Parameters: the generator, the batch
 * size E, and the thread count (0 = every available processor); for example
 * {@code java -jar benchmarks/target/benchmarks.jar GenerateBenchmark -p generator=hull,polar -p envs=512 -p threads=0}.
 */
public class GenerateBenchmark extends CpuBenchmark {

    /**
     * Registered generator name. {@code repulsive} costs about a thousand times the others
     * (tens of seconds per call at E = 4096 on a few cores); select it with
     * {@code -p generator=repulsive -p envs=64} rather than with the whole grid.
     */
    @Param({"bezier", "hull", "polar", "voronoi", "checkpoint", "repulsive"})
    public String generator;

    /** Batch size E. */
    @Param({"512", "4096"})
    public int envs;

    /** Worker threads; 0 means every available processor. */
    @Param({"1", "0"})
    public int threads;

    private CpuRuntime runtime;
    private TrackGenerator gen;

    /** Builds the generator and runs it once. */
    @Setup(Level.Trial)
    public void setUp() {
        warnWithoutVectorModule();
        runtime = new CpuRuntime(threads, false);
        gen = CpuGenerators.open(generator, envs, runtime);
        gen.generate();
    }

    /** @return the track, so the call cannot be optimized away */
    @Benchmark
    public Track generate() {
        return gen.generate();
    }

    /** Releases the generator and its threads. */
    @TearDown(Level.Trial)
    public void tearDown() {
        gen.close();
        runtime.close();
    }
}
