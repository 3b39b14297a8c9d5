package dev.trackgen.benchmarks;

import dev.trackgen.course.collision.OffRoadBackend;
import dev.trackgen.course.collision.OffRoadChecker;

import java.lang.management.ManagementFactory;

/**
 * The collision figures in one run: per backend and thread count, warm ms per query over
 * {@code E * B} boxes, ns per box per thread (wall time times threads) and CPU ns per box (the
 * threads' CPU time, honest on a shared machine), bytes allocated per query (caller and workers,
 * {@code ThreadMXBean}), and for the SDF backend the bake time per env and the grid memory per env.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.CollisionPerCall
 * [envs=8192] [boxes=8] [threads=1,2] [resolution=128] [queries=20] [generator=bezier]}
 */
public final class CollisionPerCall {
    private CollisionPerCall() {
    }

    /**
     * @param args optional {@code envs boxes threads resolution queries generator}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 8192;
        int boxes = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        String threadList = args.length > 2 ? args[2] : "1,2";
        int res = args.length > 3 ? Integer.parseInt(args[3]) : 128;
        int queries = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        String generator = args.length > 5 ? args[5] : "bezier";
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (String ts : threadList.split(",")) {
            int threads = Integer.parseInt(ts.strip());
            for (OffRoadBackend backend : OffRoadBackend.values()) {
                try (CollisionWorkload w = new CollisionWorkload(generator, envs, boxes, threads, backend, res)) {
                    OffRoadChecker c = w.checker;
                    for (int i = 0; i < Math.max(3, queries / 4); i++) {
                        c.query();
                    }
                    long[] ids = Thread.getAllStackTraces().keySet().stream()
                            .filter(t -> t.getName().startsWith("trackgen-cpu-worker") || t == Thread.currentThread())
                            .mapToLong(Thread::getId).toArray();
                    sum(mx.getThreadAllocatedBytes(ids));
                    long before = sum(mx.getThreadAllocatedBytes(ids));
                    long cpu0 = cpu(mx, ids);
                    long t0 = System.nanoTime();
                    for (int i = 0; i < queries; i++) {
                        c.query();
                    }
                    long t1 = System.nanoTime();
                    long cpu1 = cpu(mx, ids);
                    long after = sum(mx.getThreadAllocatedBytes(ids));
                    double ms = (t1 - t0) / 1e6 / queries;
                    double nsPerBoxThread = ms * 1e6 * threads / ((double) envs * boxes);
                    double cpuNsPerBox = (cpu1 - cpu0) / (double) queries / ((double) envs * boxes);
                    String bake = "";
                    if (backend == OffRoadBackend.SDF) {
                        c.bake();
                        int bakes = 3;
                        long bc0 = cpu(mx, ids);
                        long b0 = System.nanoTime();
                        for (int i = 0; i < bakes; i++) {
                            c.bake();
                        }
                        double bakeMs = (System.nanoTime() - b0) / 1e6 / bakes;
                        double bakeCpuUs = (cpu(mx, ids) - bc0) / 1e3 / bakes / envs;
                        bake = String.format(", bake %.1f ms (%.1f us wall per env per thread, %.1f us CPU per env), "
                                        + "%d bytes per env (%.1f MiB)",
                                bakeMs, bakeMs * 1e3 * threads / envs, bakeCpuUs, OffRoadChecker.bytesPerEnv(res),
                                c.sdfBytes() / 1048576.0);
                    }
                    System.out.printf("%s E=%d B=%d threads=%d res=%d: %.3f ms/query, %.1f ns/box/thread (wall), "
                                    + "%.1f ns CPU/box, %.1f bytes/query%s%n", backend.id(), envs, boxes, threads, res, ms,
                            nsPerBoxThread, cpuNsPerBox,
                            (after - before) / (double) queries, bake);
                }
            }
        }
    }

    /** CPU time of the caller and the workers: on a shared machine, the time the threads really ran. */
    private static long cpu(com.sun.management.ThreadMXBean mx, long[] ids) {
        long s = 0;
        for (long id : ids) {
            s += mx.getThreadCpuTime(id);
        }
        return s;
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            s += v;
        }
        return s;
    }
}
