package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.course.grid.StartGrid;
import dev.trackgen.course.localize.TrackLocalizer;
import dev.trackgen.course.progress.Checkpoints;
import dev.trackgen.course.progress.ProgressTracker;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * Nanoseconds per query per thread of the course module's per-step calls on the CPU runtime: cold
 * and warm localization ({@code TrackLocalizer.query()}) and a progress update
 * ({@code ProgressTracker.update()}), for A agents per env on T threads, on one bezier batch.
 * Each figure is the CPU time all threads of the runtime spent per call, divided by the
 * {@code E * A} queries (that is, wall time per call times {@code T / (E * A)} on an idle machine,
 * and robust to other processes sharing the cores), the median of 15 timed rounds after a warm-up;
 * the wall figure {@code wall * T / (E * A)} is printed beside it. Agents sit on the road within a
 * half-width of the centerline (a warm query's cost does not depend on how far the agent moved
 * inside its window).
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.CourseBench
 * [envs=4096] [agents=1,4] [threads=1,2] [generator=bezier]}.
 */
public final class CourseBench {
    private CourseBench() {
    }

    /**
     * @param args optional {@code envs agents-list threads-list generator}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int[] agentsList = args.length > 1 ? parse(args[1]) : new int[] {1, 4};
        int[] threadsList = args.length > 2 ? parse(args[2]) : new int[] {1, 2};
        String generator = args.length > 3 ? args[3] : "bezier";
        TrackGenConfig config = TrackGenConfig.builder().generator(generator).numEnvs(envs).build();
        TrackSnapshot host;
        try (CpuRuntime rt = CpuRuntime.allCores();
             TrackGenerator gen = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(rt)
                     .build()) {
            host = gen.generate().snapshot();
        }
        System.out.printf(Locale.ROOT, "# %s, E = %d, N_max = %d, mean points %.0f, checkpoint spacing 5 * half_width%n",
                generator, envs, host.nMax(), Arrays.stream(host.count()).average().orElse(0));
        System.out.println("ns per query per thread, CPU time (wall time in parentheses)");
        System.out.println("| agents | threads | cold localize | warm localize (W = 4, default) | warm localize (W = 8) | progress update |");
        System.out.println("|---|---|---|---|---|---|");
        for (int agents : agentsList) {
            for (int threads : threadsList) {
                try (CpuRuntime rt = new CpuRuntime(threads, false)) {
                    Track t = copy(host, rt);
                    HostVec2Array pos = new HostVec2Array(envs * agents);
                    Random rnd = new Random(1);
                    for (int q = 0; q < envs * agents; q++) {
                        int e = q / agents;
                        int n = Math.max(1, host.count(e));
                        int i = e * host.nMax() + rnd.nextInt(n);
                        double hw = config.halfWidth();
                        pos.data()[2 * q] = (float) (host.center()[2 * i] + hw * (rnd.nextDouble() - 0.5));
                        pos.data()[2 * q + 1] = (float) (host.center()[2 * i + 1] + hw * (rnd.nextDouble() - 0.5));
                    }
                    TrackLocalizer cold = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(config.halfWidth())
                            .cold().build();
                    TrackLocalizer warm = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(config.halfWidth())
                            .build();
                    TrackLocalizer warm8 = TrackLocalizer.builder(t, pos).agents(agents).halfWidth(config.halfWidth())
                            .warmWindow(8).build();
                    StartGrid grid = StartGrid.builder(t).halfWidth(config.halfWidth()).build().compute();
                    Checkpoints cps = Checkpoints.builder(t).spacing(5 * config.halfWidth()).startAt(grid).build()
                            .compute();
                    ProgressTracker tracker = ProgressTracker.create(cps, pos, agents);
                    double q = (double) envs * agents;
                    double[] c = time(cold::query, 3);
                    double[] w = time(warm::query, 40);
                    double[] w8 = time(warm8::query, 40);
                    double[] p = time(tracker::update, 40);
                    System.out.printf(Locale.ROOT, "| %d | %d | %.0f (%.0f) | %.1f (%.1f) | %.1f (%.1f) | %.1f (%.1f) |%n",
                            agents, threads, c[0] / q, c[1] * threads / q, w[0] / q, w[1] * threads / q, w8[0] / q,
                            w8[1] * threads / q, p[0] / q, p[1] * threads / q);
                }
            }
        }
    }

    /**
     * @return the median CPU nanoseconds (all threads) and wall nanoseconds of one call, over 15
     *     rounds of {@code calls} calls after a warm-up
     */
    private static double[] time(Runnable r, int calls) {
        for (int i = 0; i < 20 * calls; i++) {
            r.run();
        }
        double[] cpu = new double[15];
        double[] wall = new double[15];
        for (int k = 0; k < cpu.length; k++) {
            long c0 = cpuNanos();
            long t0 = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                r.run();
            }
            wall[k] = (System.nanoTime() - t0) / (double) calls;
            cpu[k] = (cpuNanos() - c0) / (double) calls;
        }
        Arrays.sort(cpu);
        Arrays.sort(wall);
        return new double[] {cpu[cpu.length / 2], wall[wall.length / 2]};
    }

    /** @return CPU nanoseconds used so far by every live thread of the JVM (the runtime's workers included) */
    private static long cpuNanos() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long id : mx.getAllThreadIds()) {
            long t = mx.getThreadCpuTime(id);
            if (t > 0) {
                sum += t;
            }
        }
        return sum;
    }

    private static int[] parse(String list) {
        return Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static Track copy(TrackSnapshot h, CpuRuntime rt) {
        return Track.fromSnapshot(rt, h);
    }
}
