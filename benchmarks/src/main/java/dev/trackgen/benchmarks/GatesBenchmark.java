package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourse;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Warm time of one {@code GateGenerator.generate()} call at the gate defaults (docs/gates.md)
 * against one {@code TrackGenerator.generate()} call of the same plan-view generator and batch,
 * on the CPU runtime: gate courses per second = {@code envs / time}.
 *
 * <p>Short by default (1 warm-up and 3 measured iterations of 2 s): one thread,
 * {@code taskset -c 1 java -jar benchmarks/target/benchmarks.jar GatesBenchmark -prof gc} gives the
 * per-thread rates and {@code gc.alloc.rate.norm}, the bytes per call.
 */
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public class GatesBenchmark extends CpuBenchmark {
    /** The plan view's generator. */
    @Param({"bezier", "hull", "polar", "voronoi", "checkpoint"})
    public String generator;

    /** Batch size E. */
    @Param({"4096"})
    public int envs;

    /** Worker threads; 0 means every available processor. */
    @Param({"1"})
    public int threads;

    private CpuRuntime runtime;
    private TrackGenerator tracks;
    private GateGenerator gates;

    /** Builds both generators and runs each once. */
    @Setup(Level.Trial)
    public void setUp() {
        runtime = new CpuRuntime(threads, false);
        tracks = CpuGenerators.open(generator, envs, runtime);
        tracks.generate();
        GateConfig c = GateConfig.builder().numEnvs(envs).generator(generator).build();
        gates = GateGenerator.builder(c).generator(GeneratorRegistry.discover().get(generator)).runtime(runtime)
                .rng(PerEnvSeededRng.fromScalar(envs, 0)).build();
        gates.generate();
    }

    /** @return the gate courses, so the call cannot be optimized away */
    @Benchmark
    public GateCourse gateCourses() {
        return gates.generate();
    }

    /** @return the tracks of the same generator, for comparison */
    @Benchmark
    public Track tracks() {
        return tracks.generate();
    }

    /** Releases the generators and the runtime. */
    @TearDown(Level.Trial)
    public void tearDown() {
        gates.close();
        tracks.close();
        runtime.close();
    }
}
