package dev.trackgen.metrics.bench;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The user-facing throughput bench: warm wall time per {@code generate()} call, tracks per
 * second and bytes allocated per call, for generators at several batch sizes and thread counts.
 *
 * <p>Allocation is read from {@code com.sun.management.ThreadMXBean} over the calling thread and
 * the CPU runtime's worker threads (named {@value #WORKER_PREFIX}...), as the benchmarks module's
 * {@code AllocationPerCall} does; JMH's gc profiler would also count the harness.
 */
public final class Bench {
    /** Name prefix of the CPU runtime's worker threads. */
    public static final String WORKER_PREFIX = "trackgen-cpu-worker";

    private Bench() {
    }

    /**
     * The cases of a bench, deduplicated and ordered by thread count, generator and batch size.
     * Without {@code grid}: every batch size at the largest thread count (scaling with E), and
     * every thread count at {@code threadSweepEnvs} (scaling with threads). With {@code grid}:
     * every combination.
     *
     * @param generators      generator names
     * @param envs            batch sizes
     * @param threads         resolved thread counts ({@code >= 1})
     * @param threadSweepEnvs the batch size of the thread sweep
     * @param grid            whether to run every combination
     * @return the cases
     */
    public static List<BenchCase> cases(List<String> generators, List<Integer> envs, List<Integer> threads,
                                        int threadSweepEnvs, boolean grid) {
        Set<BenchCase> out = new LinkedHashSet<>();
        int maxThreads = threads.stream().mapToInt(Integer::intValue).max().orElseThrow();
        for (String g : generators) {
            for (int t : threads) {
                for (int e : envs) {
                    if (grid || t == maxThreads) {
                        out.add(new BenchCase(g, e, t));
                    }
                }
                if (!grid) {
                    out.add(new BenchCase(g, threadSweepEnvs, t));
                }
            }
        }
        List<BenchCase> list = new ArrayList<>(out);
        list.sort(Comparator.comparingInt(BenchCase::threads).thenComparing(c -> generators.indexOf(c.generator()))
                .thenComparingInt(BenchCase::envs));
        return list;
    }

    /**
     * Runs cases, one runtime per thread count (created by {@code runtimes}, closed after its cases).
     *
     * @param cases      what to measure, as from {@link #cases}
     * @param configFor  the configuration of a generator at a batch size
     * @param runtimes   creates a runtime with a given number of threads
     * @param generators the registered generators
     * @param settings   warm-up, repeats and time budget
     * @param progress   told about each case before it runs (for progress lines)
     * @param done       told about each result as soon as it exists
     * @return one result per case, in order
     */
    public static List<BenchResult> run(List<BenchCase> cases, ConfigFactory configFor,
                                        IntFunction<ComputeRuntime> runtimes, TrackGenLauncher generators,
                                        BenchSettings settings, Consumer<BenchCase> progress,
                                        Consumer<BenchResult> done) {
        List<BenchResult> results = new ArrayList<>();
        int i = 0;
        while (i < cases.size()) {
            int threads = cases.get(i).threads();
            try (ComputeRuntime runtime = runtimes.apply(threads)) {
                for (; i < cases.size() && cases.get(i).threads() == threads; i++) {
                    BenchCase c = cases.get(i);
                    progress.accept(c);
                    BenchResult r = runCase(c, configFor.config(c.generator(), c.envs()), runtime, generators, settings);
                    results.add(r);
                    done.accept(r);
                }
            }
        }
        return results;
    }

    /** Makes the configuration of one case. */
    @FunctionalInterface
    public interface ConfigFactory {
        /**
         * @param generator generator name
         * @param envs      batch size
         * @return the configuration
         */
        TrackGenConfig config(String generator, int envs);
    }

    /**
     * Measures one case on a runtime. An {@link OutOfMemoryError} while building or running the
     * batch is returned as a failed result rather than thrown.
     *
     * @param c          the case (its thread count is only a label here)
     * @param config     the configuration, {@code num_envs = c.envs()}
     * @param runtime    the runtime to run on (not closed)
     * @param generators the registered generators
     * @param settings   warm-up, repeats and budget
     * @return the result
     */
    public static BenchResult runCase(BenchCase c, TrackGenConfig config, ComputeRuntime runtime,
                                      TrackGenLauncher generators, BenchSettings settings) {
        System.gc();
        try (TrackGenerator gen = generators.builder(config).rng(PerEnvSeededRng.fromScalar(c.envs(), 0))
                .runtime(runtime).build()) {
            long budget = (long) (settings.budgetSeconds() * 1e9);
            long start = System.nanoTime();
            for (int k = 0; k < settings.warmup() && (k == 0 || System.nanoTime() - start < budget); k++) {
                gen.generate();
            }
            com.sun.management.ThreadMXBean mx = threadBean();
            long[] ids = countedThreads();
            long before = allocated(mx, ids);
            double min = Double.POSITIVE_INFINITY;
            double max = 0;
            double sum = 0;
            int calls = 0;
            long timed = 0;
            while (calls < settings.repeats() && (calls == 0 || timed < budget)) {
                long t0 = System.nanoTime();
                gen.generate();
                long dt = System.nanoTime() - t0;
                timed += dt;
                double ms = dt / 1e6;
                min = Math.min(min, ms);
                max = Math.max(max, ms);
                sum += ms;
                calls++;
            }
            long after = allocated(mx, ids);
            double bytes = before < 0 || after < 0 ? Double.NaN : (after - before) / (double) calls;
            return new BenchResult(c, calls, sum / calls, min, max, bytes, ids.length, null);
        } catch (OutOfMemoryError e) {
            return BenchResult.failed(c, "out of memory; give Java more heap (JAVA_OPTS=-Xmx...) or lower E");
        }
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean mx
                && mx.isThreadAllocatedMemorySupported()) {
            if (!mx.isThreadAllocatedMemoryEnabled()) {
                mx.setThreadAllocatedMemoryEnabled(true);
            }
            return mx;
        }
        return null;
    }

    /** @return ids of the calling thread and every live CPU-runtime worker */
    static long[] countedThreads() {
        Thread self = Thread.currentThread();
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t == self || t.getName().startsWith(WORKER_PREFIX))
                .mapToLong(Thread::getId).toArray();
    }

    private static long allocated(com.sun.management.ThreadMXBean mx, long[] ids) {
        if (mx == null) {
            return -1;
        }
        long sum = 0;
        for (long b : mx.getThreadAllocatedBytes(ids)) {
            if (b < 0) {
                return -1;
            }
            sum += b;
        }
        return sum;
    }
}
