package dev.trackgen.benchmarks;

import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.lang.management.ManagementFactory;

/**
 * Measures the bytes allocated per steady-state {@code generate()} call by the calling thread and
 * every CPU-runtime worker, with {@code com.sun.management.ThreadMXBean} (JMH's gc profiler also
 * counts the harness's own allocations).
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.AllocationPerCall
 * [envs=4096] [threads=0] [generator=bezier] [calls=20] [warmup=5]}; a slow generator such as
 * {@code repulsive} is better measured with fewer warm-up calls.
 */
public final class AllocationPerCall {
    private AllocationPerCall() {
    }

    /**
     * @param args optional {@code envs threads generator calls warmup}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        String generator = args.length > 2 ? args[2] : "bezier";
        int calls = args.length > 3 ? Integer.parseInt(args[3]) : 20;
        int warmup = args.length > 4 ? Integer.parseInt(args[4]) : 5;
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (CpuRuntime runtime = new CpuRuntime(threads, false);
             TrackGenerator gen = CpuGenerators.open(generator, envs, runtime)) {
            CpuGenerators.warmUp(gen, warmup);
            long[] ids = RuntimeThreads.ids();
            // a first read and a plain-loop sum keep the probe's own one-time allocations (stream
            // pipeline classes, about 11 KB) out of the measured window
            sum(mx.getThreadAllocatedBytes(ids));
            long before = sum(mx.getThreadAllocatedBytes(ids));
            long t0 = System.nanoTime();
            for (int k = 0; k < calls; k++) {
                gen.generate();
            }
            long t1 = System.nanoTime();
            long after = sum(mx.getThreadAllocatedBytes(ids));
            System.out.printf("generator=%s envs=%d threads=%d calls=%d: %.1f bytes/call over %d threads, %.1f ms/call%n",
                    generator, envs, runtime.threads(), calls, (after - before) / (double) calls, ids.length,
                    (t1 - t0) / 1e6 / calls);
        }
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }
}
