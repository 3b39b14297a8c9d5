package dev.trackgen.runtime.cuda;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.registry.RuntimeRegistry;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The GPU benchmark run by scripts/gpu-check.sh: per registered capturable generator, at
 * E = 4096 and E = 65536, the first call (warm-up, capture, first replay) and the warm
 * milliseconds per call (median, min, mean of 30 calls after 5, 10 at E = 65536), plus the
 * relaxation's share (E = 4096 with relaxation off); the non-capturable repulsive generator, which
 * runs eagerly on the GPU and costs about a thousand times more, at E = 256 over 3 calls; one CPU
 * call for scale. The original implementation measured 10.1 ms per call for bezier at E = 4096 on
 * an RTX 5000 Ada.
 *
 * <p>Usage: {@code GpuBenchmark <report.md>}
 */
public final class GpuBenchmark {
    private GpuBenchmark() {
    }

    record Row(String generator, int envs, String variant, double firstMs, double medianMs, double minMs,
               double meanMs, double yield) {
    }

    static Row measure(ComputeRuntime rt, String generator, int envs, String variant, TrackGenConfig c, int calls) {
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(rt)
                .build()) {
            long t0 = System.nanoTime();
            gen.generate();
            double first = (System.nanoTime() - t0) / 1e6;
            for (int i = 0; i < Math.min(5, calls); i++) {
                gen.generate();
            }
            double[] ms = new double[calls];
            for (int i = 0; i < calls; i++) {
                long s = System.nanoTime();
                gen.generate();
                ms[i] = (System.nanoTime() - s) / 1e6;
            }
            Arrays.sort(ms);
            TrackSnapshot snap = gen.track().snapshot();
            int valid = 0;
            for (int v : snap.valid()) {
                valid += v;
            }
            return new Row(generator, envs, variant, first, ms[calls / 2], ms[0], Arrays.stream(ms).average().orElse(0),
                    valid / (double) envs);
        }
    }

    /** Eager launches on CUDA, each followed by a synchronize, timed per kernel name. */
    static final class TimingRuntime extends EagerRuntime {
        private final CudaRuntime rt;
        final java.util.Map<String, Double> ms = new java.util.LinkedHashMap<>();

        TimingRuntime(CudaRuntime rt) {
            super(rt);
            this.rt = rt;
        }

        @Override
        public void launch(dev.trackgen.api.runtime.Kernel k, int dim, dev.trackgen.api.runtime.KernelArgs a) {
            rt.synchronize();
            long t = System.nanoTime();
            rt.launch(k, dim, a);
            rt.synchronize();
            ms.merge(k.name(), (System.nanoTime() - t) / 1e6, Double::sum);
        }
    }

    /**
     * Per-kernel milliseconds of one eager call (every launch synchronized), to see where a call's
     * time goes; the sum exceeds a replayed call's time by the launch and sync overheads.
     */
    static java.util.Map<String, Double> kernelBreakdown(CudaRuntime rt, TrackGenConfig c) {
        TimingRuntime timer = new TimingRuntime(rt);
        try (TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(c.numEnvs(), 0))
                .runtime(timer).build()) {
            gen.generate();
            timer.ms.clear();
            gen.generate();
        }
        return timer.ms;
    }

    /**
     * @param args the report path
     * @throws IOException if the report cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path report = Path.of(args.length > 0 ? args[0] : "benchmark.md");
        try (CudaRuntime rt = (CudaRuntime) RuntimeRegistry.discover().create("cuda", RuntimeOptions.defaults())) {
            report(rt, Plan.DEFAULT, report);
        }
    }

    /**
     * What to measure.
     *
     * @param sizes          batch sizes of the capturable generators
     * @param calls          warm calls timed per row (at most 10 above E = 10000)
     * @param small          the batch size of the relax-off, per-kernel and CPU rows
     * @param slowEnvs       the batch size of non-capturable generators (repulsive)
     * @param slowCalls      warm calls timed for them
     * @param slowConfig     adjusts their configuration (the default one in the real benchmark)
     */
    record Plan(int[] sizes, int calls, int small, int slowEnvs, int slowCalls,
                java.util.function.UnaryOperator<TrackGenConfig.Builder> slowConfig) {
        /** E = 4096 and 65536, 30 calls (10 at E = 65536); repulsive at E = 256, 3 calls, its default configuration. */
        static final Plan DEFAULT = new Plan(new int[] {4096, 65536}, 30, 4096, 256, 3, b -> b);
    }

    /**
     * Measures on {@code rt} and writes the report.
     *
     * @param rt       the CUDA runtime
     * @param plan     batch sizes and calls
     * @param report   where the markdown goes
     * @return the report text
     * @throws IOException if the report cannot be written
     */
    static String report(CudaRuntime rt, Plan plan, Path report) throws IOException {
        List<Row> rows = new ArrayList<>();
        String device = rt.describe();
        int small = plan.small();
        System.out.println("device: " + device);
        GeneratorRegistry generators = GeneratorRegistry.discover();
        for (String g : generators.available()) {
            if (!generators.get(g).capturable()) {
                int envs = plan.slowEnvs();
                TrackGenConfig c = plan.slowConfig().apply(TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).generator(g)
                        .runtime("cuda")).build();
                Row r = measure(rt, g, envs, "eager, not captured", c, plan.slowCalls());
                rows.add(r);
                System.out.println(r);
                continue;
            }
            for (int envs : plan.sizes()) {
                TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(envs).generator(g).runtime("cuda").build();
                Row r = measure(rt, g, envs, "default", c, envs > 10000 ? Math.min(10, plan.calls()) : plan.calls());
                rows.add(r);
                System.out.println(r);
            }
            TrackGenConfig off = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(small).generator(g).runtime("cuda")
                    .set(PipelineKnobs.RELAX_ENABLE, false).build();
            Row r = measure(rt, g, small, "relax off", off, plan.calls());
            rows.add(r);
            System.out.println(r);
        }
        java.util.Map<String, Double> breakdown = kernelBreakdown(rt,
                TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(small).runtime("cuda").build());
        System.out.println(breakdown);
        try (CpuRuntime cpu = CpuRuntime.allCores()) {
            TrackGenConfig c = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(small).runtime("cpu").build();
            Row r = measure(cpu, "bezier", small, "cpu " + cpu.threads() + " threads", c, 3);
            rows.add(r);
            System.out.println(r);
        }
        StringBuilder b = new StringBuilder("# GPU benchmark\n\n").append(device).append("\n\n")
                .append("| generator | E | variant | first call ms | warm median ms | min ms | mean ms | yield |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            b.append(String.format("| %s | %d | %s | %.1f | %.3f | %.3f | %.3f | %.4f |%n", r.generator(), r.envs(),
                    r.variant(), r.firstMs(), r.medianMs(), r.minMs(), r.meanMs(), r.yield()));
        }
        b.append("\nPer kernel, bezier E = ").append(small)
                .append(", one eager call with a synchronize after every launch (ms):\n\n| kernel | ms |\n|---|---|\n");
        breakdown.forEach((k, v) -> b.append(String.format("| %s | %.3f |%n", k, v)));
        b.append("\nReference: the original (Python/Warp) took 10.1 ms per call for bezier at E = 4096 on an RTX 5000 Ada;"
                + " the goal is 5x faster on an H200 (about 2 ms).\n");
        Files.createDirectories(report.toAbsolutePath().getParent());
        Files.writeString(report, b.toString());
        System.out.print(b);
        return b.toString();
    }
}
