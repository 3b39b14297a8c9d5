package dev.trackgen.benchmarks;

import dev.trackgen.course.collision.OffRoadBackend;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.course.collision.SdfLayout;

import java.lang.management.ManagementFactory;

/**
 * The collision figures in one run: per backend and thread count, warm ms per query over
 * {@code E * B} boxes, ns per box per thread (wall time times threads) and CPU ns per box (the
 * threads' CPU time, honest on a shared machine), bytes allocated per query (caller and workers,
 * {@code ThreadMXBean}), and for the SDF backend the bake time per env and the grid memory per env.
 * The SDF runs once per listed resolution: {@code 0} follows the road (the default sizing, its
 * grid side and cell printed), any other value is a fixed grid side.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.CollisionPerCall
 * [envs=8192] [boxes=8] [threads=1,2] [resolutions=0,128] [queries=20] [generator=bezier] [cellsPerHalfWidth=4]}
 */
public final class CollisionPerCall {
    private CollisionPerCall() {
    }

    /**
     * @param args optional {@code envs boxes threads resolutions queries generator cellsPerHalfWidth}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 8192;
        int boxes = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        String threadList = args.length > 2 ? args[2] : "1,2";
        String resList = args.length > 3 ? args[3] : "0,128";
        int queries = args.length > 4 ? Integer.parseInt(args[4]) : 20;
        String generator = args.length > 5 ? args[5] : "bezier";
        float cells = args.length > 6 ? Float.parseFloat(args[6]) : OffRoadOptions.DEFAULT_CELLS_PER_HALF_WIDTH;
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (String ts : threadList.split(",")) {
            int threads = Integer.parseInt(ts.strip());
            java.util.List<Object[]> runs = new java.util.ArrayList<>();
            runs.add(new Object[] {OffRoadBackend.SEGMENTS, 0});
            for (String rs : resList.split(",")) {
                runs.add(new Object[] {OffRoadBackend.SDF, Integer.parseInt(rs.strip())});
            }
            for (Object[] run : runs) {
                OffRoadBackend backend = (OffRoadBackend) run[0];
                int res = (Integer) run[1];
                try (CollisionWorkload w = new CollisionWorkload(generator, envs, boxes, threads,
                        OffRoadOptions.sdf().withBackend(backend).withSdfResolution(res).withSdfCellsPerHalfWidth(cells))) {
                    OffRoadChecker c = w.checker;
                    for (int i = 0; i < Math.max(3, queries / 4); i++) {
                        c.query();
                    }
                    long[] ids = RuntimeThreads.ids();
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
                    String grid = "";
                    if (backend == OffRoadBackend.SDF) {
                        SdfLayout l = c.sdfLayout();
                        grid = l.cellSize() > 0f
                                ? String.format(" (follow the road: %dx%d, cell %.4g = half-width %.4g / %s)",
                                l.resolution(), l.resolution(), l.cellSize(), l.halfWidth(),
                                c.options().sdfCellsPerHalfWidth())
                                : String.format(" (fixed %dx%d)", l.resolution(), l.resolution());
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
                                bakeMs, bakeMs * 1e3 * threads / envs, bakeCpuUs, l.bytesPerEnv(),
                                c.sdfBytes() / 1048576.0);
                    }
                    System.out.printf("%s%s %s E=%d B=%d threads=%d: %.3f ms/query, %.1f ns/box/thread (wall), "
                                    + "%.1f ns CPU/box, %.1f bytes/query%s%n", backend.id(), grid, generator, envs, boxes,
                            threads, ms,
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
