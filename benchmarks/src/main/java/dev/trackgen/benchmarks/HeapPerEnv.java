package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.ForwardingRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Heap per env of a default-config batch, per generator: the heap a constructed
 * {@link TrackGenerator} keeps reachable after one {@code generate()} call, divided by {@code E}.
 *
 * <p>Two figures per generator: <b>retained</b>, the used heap after a full GC with the generator
 * open minus the used heap after a full GC before it was built (everything: runtime arrays, the
 * {@code Track}, snapshots' host arrays, per-worker scratch), and <b>arrays</b>, the bytes of the
 * runtime arrays the pipeline and the generator allocated (counted at {@code alloc*}, 4 bytes per
 * float or int, 8 per pair). With {@code --by-site}, the arrays figure is split by the class that
 * asked for them.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.HeapPerEnv
 * [envs=4096] [generator=all|NAME[,NAME]] [--by-site]}; one CPU worker thread. Run it with a heap
 * large enough for the batch (the default heap is, at E = 4096).
 */
public final class HeapPerEnv {
    private HeapPerEnv() {
    }

    /**
     * @param args optional {@code envs generators --by-site}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        String which = args.length > 1 ? args[1] : "all";
        boolean bySite = List.of(args).contains("--by-site");
        GeneratorRegistry registry = GeneratorRegistry.discover();
        List<String> names = "all".equals(which) ? registry.available() : List.of(which.split(","));
        System.out.printf(Locale.ROOT, "%-10s %6s %11s %14s %12s%n", "generator", "E", "capturable",
                "retained KB/env", "arrays KB/env");
        for (String name : names) {
            CenterlineGenerator g = registry.get(name);
            TrackGenConfig config = TrackGenConfig.builder().generator(g).numEnvs(envs).build();
            MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
            try (CpuRuntime cpu = new CpuRuntime(1, false)) {
                long before = usedAfterGc(mem);
                Counting runtime = new Counting(cpu);
                try (TrackGenerator gen = TrackGenerator.builder(config).generator(g).rng(PerEnvSeededRng.fromScalar(envs, 0))
                        .runtime(runtime).build()) {
                    gen.generate();
                    long after = usedAfterGc(mem);
                    System.out.printf(Locale.ROOT, "%-10s %6d %11s %14.1f %12.1f%n", name, envs, g.capturable(),
                            (after - before) / 1024.0 / envs, runtime.total / 1024.0 / envs);
                    if (bySite) {
                        runtime.bySite.forEach((site, bytes) -> System.out.printf(Locale.ROOT,
                                "    %-60s %8.1f KB/env%n", site, bytes / 1024.0 / envs));
                    }
                }
            }
        }
    }

    private static long usedAfterGc(MemoryMXBean mem) {
        for (int k = 0; k < 3; k++) {
            System.gc();
        }
        return mem.getHeapMemoryUsage().getUsed();
    }

    /** Counts the bytes of every array allocated through it, by the first caller outside the runtime. */
    private static final class Counting extends ForwardingRuntime {
        long total;
        final Map<String, Long> bySite = new TreeMap<>();

        Counting(CpuRuntime delegate) {
            super(delegate);
        }

        private void count(long bytes) {
            total += bytes;
            String site = StackWalker.getInstance().walk(s -> s
                    .filter(f -> !f.getClassName().startsWith("dev.trackgen.benchmarks."))
                    .findFirst().map(f -> f.getClassName() + "." + f.getMethodName()).orElse("?"));
            bySite.merge(site, bytes, Long::sum);
        }

        @Override
        public F32Array allocF32(int length) {
            count(4L * length);
            return super.allocF32(length);
        }

        @Override
        public I32Array allocI32(int length) {
            count(4L * length);
            return super.allocI32(length);
        }

        @Override
        public Vec2Array allocVec2(int length) {
            count(8L * length);
            return super.allocVec2(length);
        }
    }
}
