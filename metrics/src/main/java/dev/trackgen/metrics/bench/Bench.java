package dev.trackgen.metrics.bench;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The user-facing throughput bench, for generators at several batch sizes and thread counts: per
 * case its warm-up (first-call time, calls until the per-call time is steady, see
 * {@link BenchSettings}) reported apart from its steady state (minimum, median and spread of the
 * wall time per {@code generate()} call, tracks per second, bytes allocated per steady call).
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
     * @param settings   warm-up limits, steadiness test, repeats and time budget
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

    /** A call counts as near the steady state when within this many percent of the steady median. */
    public static final int NEAR_PERCENT = 20;

    /**
     * Measures one case on a runtime: warm-up calls, each timed, until the steadiness test of
     * {@link BenchSettings} holds (or its call or time limit is reached), then the timed
     * steady-state calls, whose allocation alone is counted. An {@link OutOfMemoryError} while
     * building or running the batch is returned as a failed result rather than thrown.
     *
     * @param c          the case (its thread count is only a label here)
     * @param config     the configuration, {@code num_envs = c.envs()}
     * @param runtime    the runtime to run on (not closed)
     * @param generators the registered generators
     * @param settings   warm-up limits, steadiness test, repeats and budget
     * @return the result
     */
    public static BenchResult runCase(BenchCase c, TrackGenConfig config, ComputeRuntime runtime,
                                      TrackGenLauncher generators, BenchSettings settings) {
        System.gc();
        try (TrackGenerator gen = generators.builder(config).rng(PerEnvSeededRng.fromScalar(c.envs(), 0))
                .runtime(runtime).build()) {
            long budget = (long) (settings.budgetSeconds() * 1e9);
            double[] warm = new double[settings.maxWarmup()];
            int warmCalls = 0;
            boolean steady = false;
            long start = System.nanoTime();
            while (warmCalls < warm.length && (warmCalls == 0 || System.nanoTime() - start < budget)) {
                long t0 = System.nanoTime();
                gen.generate();
                warm[warmCalls++] = (System.nanoTime() - t0) / 1e6;
                if (isSteady(warm, warmCalls, settings.window(), settings.tolerance())) {
                    steady = true;
                    break;
                }
            }
            double[] timedMs = new double[settings.repeats()];
            com.sun.management.ThreadMXBean mx = threadBean();
            long[] ids = countedThreads();
            long before = allocated(mx, ids);
            int calls = 0;
            long timed = 0;
            while (calls < timedMs.length && (calls == 0 || timed < budget)) {
                long t0 = System.nanoTime();
                gen.generate();
                long dt = System.nanoTime() - t0;
                timed += dt;
                timedMs[calls++] = dt / 1e6;
            }
            long after = allocated(mx, ids);
            double bytes = before < 0 || after < 0 ? Double.NaN : (after - before) / (double) calls;
            double[] sorted = Arrays.copyOf(timedMs, calls);
            Arrays.sort(sorted);
            double median = median(sorted, 0, calls);
            double sum = 0;
            for (double v : sorted) {
                sum += v;
            }
            List<Double> warmList = new ArrayList<>(warmCalls);
            for (int i = 0; i < warmCalls; i++) {
                warmList.add(warm[i]);
            }
            int near = firstNear(warm, warmCalls, timedMs, calls, median * (1 + NEAR_PERCENT / 100.0));
            return new BenchResult(c, warmList, steady, near, calls, sorted[0], median, sum / calls,
                    sorted[calls - 1], bytes, ids.length, null);
        } catch (OutOfMemoryError e) {
            return BenchResult.failed(c, "out of memory; give Java more heap (JAVA_OPTS=-Xmx...) or lower E");
        }
    }

    /**
     * The steadiness test: with at least {@code 2 * window} calls timed, the median of the last
     * {@code window} calls differs from the median of the {@code window} calls before them by at
     * most {@code tolerance} times the latter.
     *
     * @param ms        call times, the first {@code n} filled
     * @param n         calls timed so far
     * @param window    calls per window
     * @param tolerance largest relative change
     * @return whether the per-call time is steady after call {@code n}
     */
    public static boolean isSteady(double[] ms, int n, int window, double tolerance) {
        if (n < 2 * window) {
            return false;
        }
        double[] a = Arrays.copyOfRange(ms, n - 2 * window, n - window);
        double[] b = Arrays.copyOfRange(ms, n - window, n);
        Arrays.sort(a);
        Arrays.sort(b);
        double prev = median(a, 0, window);
        double last = median(b, 0, window);
        return Math.abs(last - prev) <= tolerance * prev;
    }

    /** @return 1-based index of the first call at most {@code bound}, over warm-up then timed calls; 0 if none */
    private static int firstNear(double[] warm, int nw, double[] timed, int nt, double bound) {
        for (int i = 0; i < nw; i++) {
            if (warm[i] <= bound) {
                return i + 1;
            }
        }
        for (int i = 0; i < nt; i++) {
            if (timed[i] <= bound) {
                return nw + i + 1;
            }
        }
        return 0;
    }

    /** @return the median of the sorted range {@code [from, from + n)} */
    private static double median(double[] sorted, int from, int n) {
        int mid = from + n / 2;
        return n % 2 == 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
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
