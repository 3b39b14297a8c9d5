package dev.trackgen.benchmarks;

import dev.trackgen.course.collision.OffRoadBackend;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;


/**
 * Warm time of one off-road query over {@code E * B} boxes (the original's workload: E = 8192,
 * B = 8) for both backends, and of one SDF bake, on the CPU runtime. ns per box per thread is
 * {@code ms/op * 1e6 * threads / (E * B)}; {@link CollisionPerCall} prints it directly with the
 * bake time and memory per env and the bytes allocated per query.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar CollisionBenchmark -p threads=1,2}
 */
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "--add-modules=jdk.incubator.vector"})
public class CollisionBenchmark extends CpuBenchmark {

    /** Off-road backend. */
    @Param({"segments", "sdf"})
    public String backend;

    /** Batch size E. */
    @Param({"8192"})
    public int envs;

    /** Boxes per env B. */
    @Param({"8"})
    public int boxes;

    /** Worker threads. */
    @Param({"1", "2"})
    public int threads;

    /** SDF grid side: 0 follows the road (the default), 128 the old fixed grid. */
    @Param({"0", "128"})
    public int resolution;

    private CollisionWorkload w;

    /** Generates the batch, places the boxes, binds the checker (and bakes). */
    @Setup(Level.Trial)
    public void setUp() {
        warnWithoutVectorModule();
        w = new CollisionWorkload("bezier", envs, boxes, threads, OffRoadBackend.parse(backend), resolution);
    }

    /** Releases the runtime. */
    @TearDown(Level.Trial)
    public void tearDown() {
        w.close();
    }

    /** @return one query */
    @Benchmark
    public Object query() {
        return w.checker.query();
    }

    /** One re-bake of every env's grid (nothing for segments). */
    @Benchmark
    public void bake() {
        w.checker.bake();
    }
}
