package dev.trackgen.benchmarks;

import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * CPU time per steady-state {@code generate()} call: the CPU time of the calling thread and every
 * CPU-runtime worker ({@link ThreadMXBean#getThreadCpuTime}), which, unlike wall time, does not
 * count the time other processes hold the processor; on a shared, loaded machine it is the
 * steadier figure to compare two builds by (cache and SMT contention still show in it).
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.CpuTimePerCall
 * [envs=512] [generator=bezier] [calls=10] [warmup=5] [threads=1]}; prints the median and the
 * minimum over the calls, in CPU milliseconds, and the median wall time. The class only uses the
 * public facade, so it can run against an older build's jar put after it on the class path.
 */
public final class CpuTimePerCall {
    private CpuTimePerCall() {
    }

    /**
     * @param args optional {@code envs generator calls warmup threads}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 512;
        String generator = args.length > 1 ? args[1] : "bezier";
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int warmup = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (CpuRuntime runtime = new CpuRuntime(threads, false);
             TrackGenerator gen = CpuGenerators.open(generator, envs, runtime)) {
            CpuGenerators.warmUp(gen, warmup);
            long[] ids = RuntimeThreads.ids();
            double[] cpu = new double[calls];
            double[] wall = new double[calls];
            for (int k = 0; k < calls; k++) {
                long c0 = cpuNanos(mx, ids);
                long t0 = System.nanoTime();
                gen.generate();
                wall[k] = (System.nanoTime() - t0) / 1e6;
                cpu[k] = (cpuNanos(mx, ids) - c0) / 1e6;
            }
            Arrays.sort(cpu);
            Arrays.sort(wall);
            System.out.printf(Locale.ROOT, "generator=%s envs=%d threads=%d calls=%d: cpu ms/call median %.1f min %.1f, "
                    + "wall ms/call median %.1f%n", generator, envs, runtime.threads(), calls, cpu[calls / 2], cpu[0],
                    wall[calls / 2]);
        }
    }

    private static long cpuNanos(ThreadMXBean mx, long[] ids) {
        long s = 0;
        for (long id : ids) {
            s += Math.max(0, mx.getThreadCpuTime(id));
        }
        return s;
    }
}
