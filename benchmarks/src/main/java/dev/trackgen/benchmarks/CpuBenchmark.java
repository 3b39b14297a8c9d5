package dev.trackgen.benchmarks;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The JMH settings the CPU-runtime benchmarks share, inherited by each (JMH reads these class
 * annotations from a superclass; a benchmark that needs other times or another heap overrides
 * that one annotation): one benchmark-wide state, average milliseconds per call, 3 warm-up and
 * 5 measured iterations of 3 s, one fork with a 4 GB heap and the incubating Vector API.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--add-modules=jdk.incubator.vector"})
public abstract class CpuBenchmark {
    /** For subclasses. */
    protected CpuBenchmark() {
    }

    /**
     * Prints a warning on standard error (JMH shows a fork's) when this JVM has no
     * {@code jdk.incubator.vector} module, so that the relaxation runs its scalar bead update
     * instead of the SIMD one. It happens silently when JMH's command-line {@code -jvmArgsAppend}
     * is given, since that replaces the fork options of {@link Fork} (module and heap included):
     * the bezier relax stage at E = 512 then takes about 55 ms instead of 40.
     */
    protected static void warnWithoutVectorModule() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            System.err.println("benchmarks: warning: no jdk.incubator.vector module in this JVM, the relaxation runs its "
                    + "scalar bead update; a command-line -jvmArgsAppend replaces the fork's options, so add "
                    + "--add-modules=jdk.incubator.vector (and -Xmx4g) to it");
        }
    }
}
