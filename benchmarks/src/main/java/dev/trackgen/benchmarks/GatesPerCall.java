package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * Gate courses against tracks of the same plan-view generator, measured in one run: after warm-up,
 * rounds of one {@code GateGenerator.generate()} call and one {@code TrackGenerator.generate()}
 * call in turn (so a load change on the machine hits both alike), at the gate defaults. Prints the
 * median milliseconds of each, gate courses and tracks per second, and the gate stages' share (the
 * difference of the medians).
 *
 * <p>Usage: {@code taskset -c 1 java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.GatesPerCall
 * [envs=4096] [threads=1] [generators=bezier,hull,polar,voronoi,checkpoint] [rounds=5] [knob=value,...]} (gate knobs).
 */
public final class GatesPerCall {
    private GatesPerCall() {
    }

    /**
     * @param args optional {@code envs threads generators rounds knobs}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        String[] generators = (args.length > 2 ? args[2] : "bezier,hull,polar,voronoi,checkpoint").split(",");
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        String[] knobs = args.length > 4 ? args[4].split(",") : new String[0];
        System.out.printf(Locale.ROOT, "E = %d, %d thread(s), %d rounds, median ms per call%n", envs, threads, rounds);
        System.out.printf(Locale.ROOT, "%-11s %10s %10s %12s %12s %10s%n", "generator", "gates ms", "tracks ms",
                "courses/s", "tracks/s", "stages ms");
        for (String name : generators) {
            GateConfig.Builder b = GateConfig.builder().numEnvs(envs).generator(name);
            for (String k : knobs) {
                int eq = k.indexOf('=');
                b.set(k.substring(0, eq), k.substring(eq + 1));
            }
            GateConfig c = b.build();
            try (CpuRuntime rt = new CpuRuntime(threads, false);
                 TrackGenerator tracks = CpuGenerators.open(name, envs, rt);
                 GateGenerator gates = GateGenerator.builder(c).generator(GeneratorRegistry.discover().get(name))
                         .runtime(rt).rng(PerEnvSeededRng.fromScalar(envs, 0)).build()) {
                for (int w = 0; w < 2; w++) {
                    gates.generate();
                    tracks.generate();
                }
                double[] g = new double[rounds];
                double[] t = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    long t0 = System.nanoTime();
                    gates.generate();
                    long t1 = System.nanoTime();
                    tracks.generate();
                    long t2 = System.nanoTime();
                    g[r] = (t1 - t0) / 1e6;
                    t[r] = (t2 - t1) / 1e6;
                }
                double gm = median(g);
                double tm = median(t);
                System.out.printf(Locale.ROOT, "%-11s %10.1f %10.1f %12.0f %12.0f %10.1f%n", name, gm, tm,
                        envs / (gm / 1e3), envs / (tm / 1e3), gm - tm);
            }
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
