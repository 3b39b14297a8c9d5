package dev.trackgen.benchmarks;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.GatesMode;
import dev.trackgen.course.gates.GateCollision;
import dev.trackgen.course.gates.GateOptions;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateCourseSnapshot;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The cost of the {@code gates} mode's {@code Course.step()} per agent: course-line localization
 * (warm), gate-plane progress and (optionally) frame or post collision, at {@code E} gate courses
 * of one generator, the agents flying along their course lines a little every step.
 *
 * <p>Usage: {@code taskset -c 1 java -cp benchmarks/target/benchmarks.jar
 * dev.trackgen.benchmarks.GateStepBench [envs=4096] [agents=1] [threads=1] [steps=300]
 * [collision=none|posts|frames] [generator=bezier]}; prints the median over the steps of the CPU
 * time of the runtime's threads per step divided by {@code E * A} (ns per agent per thread), and
 * the median wall time per agent.
 */
public final class GateStepBench {
    private GateStepBench() {
    }

    /**
     * @param args optional {@code envs agents threads steps collision generator}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int agents = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        int steps = args.length > 3 ? Integer.parseInt(args[3]) : 300;
        String collision = args.length > 4 ? args[4] : "none";
        String generator = args.length > 5 ? args[5] : "bezier";
        GateOptions.Builder ob = GateOptions.builder();
        if (collision.equals("posts")) {
            ob.collision(GateCollision.posts(0.01, 0.01));
        } else if (collision.equals("frames")) {
            ob.collision(GateCollision.frames(0.005, 0.01, 0.01));
        }
        GateConfig gc = GateConfig.builder().numEnvs(envs).generator(generator).build();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (CpuRuntime rt = new CpuRuntime(threads, false);
             Course c = Course.create(GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator(generator))
                     .runtime(rt).build(), CourseConfig.builder().mode(GatesMode.NAME).agents(agents)
                     .gates(ob.build()).build())) {
            c.bind(c.allocateFlightPoses());
            c.generate();
            GateCourseSnapshot h = c.gates().snapshot();
            float[] pos = ((HostF32Array) c.flightPoses().position()).data();
            long[] ids = RuntimeThreads.ids();
            double[] cpu = new double[steps];
            double[] wall = new double[steps];
            int warmup = 200;
            for (int k = -warmup; k < steps; k++) {
                for (int e = 0; e < envs; e++) { // each agent a little further along its line
                    int n = h.lineCount()[e];
                    for (int a = 0; a < agents; a++) {
                        int q = e * agents + a;
                        int i = n > 0 ? Math.floorMod(k + 200 + 3 * a, n) : 0;
                        int p = 3 * (e * h.lineMax() + i);
                        pos[3 * q] = n > 0 ? h.linePoints()[p] + 0.002f * a : Float.NaN;
                        pos[3 * q + 1] = n > 0 ? h.linePoints()[p + 1] : Float.NaN;
                        pos[3 * q + 2] = n > 0 ? h.linePoints()[p + 2] + 0.001f : Float.NaN;
                    }
                }
                long c0 = cpuNanos(mx, ids);
                long t0 = System.nanoTime();
                c.step();
                long t1 = System.nanoTime();
                long c1 = cpuNanos(mx, ids);
                if (k >= 0) {
                    wall[k] = (t1 - t0) / (double) (envs * agents);
                    cpu[k] = (c1 - c0) / (double) (envs * agents);
                }
            }
            Arrays.sort(cpu);
            Arrays.sort(wall);
            System.out.printf(Locale.ROOT, "gates step: generator=%s envs=%d agents=%d threads=%d collision=%s "
                    + "steps=%d: %.1f ns per agent (cpu, median; min %.1f), wall %.1f ns per agent%n", generator, envs,
                    agents, rt.threads(), collision, steps, cpu[steps / 2], cpu[0], wall[steps / 2]);
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
