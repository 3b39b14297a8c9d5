package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * The cost of {@link RacingLine#compute()} (racing line, its speed profile and the centerline's)
 * against {@link TrackGenerator#generate()} on the CPU runtime, alternated in one run.
 *
 * <p>{@code java -cp benchmarks.jar dev.trackgen.benchmarks.RacelineCost [E] [threads] [generator] [rounds]
 * [sweeps]}
 * (defaults 4096, 1, bezier, 5, {@code RacingLine.Builder.DEFAULT_SWEEPS}); pin with {@code taskset -c 1} for one thread. Prints the medians
 * of the rounds, per env per thread, and the racing line's share of a {@code generate()} call.
 */
public final class RacelineCost {
    private RacelineCost() {
    }

    /** @param args E, threads, generator, rounds, ADMM sweeps per linearization */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        String generator = args.length > 2 ? args[2] : "bezier";
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        int sweeps = args.length > 4 ? Integer.parseInt(args[4]) : RacingLine.Builder.DEFAULT_SWEEPS;
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig config = launcher.bind(TrackGenConfig.builder().generator(generator).numEnvs(envs).build());
        try (CpuRuntime runtime = new CpuRuntime(threads, false);
             TrackGenerator gen = launcher.builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(runtime)
                     .build()) {
            Track track = gen.generate();
            RacingLine line = RacingLine.builder(track).halfWidth(config.halfWidth()).sweeps(sweeps).build();
            line.compute();
            gen.generate();
            line.compute();
            double[] g = new double[rounds];
            double[] r = new double[rounds];
            for (int k = 0; k < rounds; k++) {
                long t0 = System.nanoTime();
                gen.generate();
                long t1 = System.nanoTime();
                line.compute();
                long t2 = System.nanoTime();
                g[k] = (t1 - t0) / 1e6;
                r[k] = (t2 - t1) / 1e6;
            }
            Arrays.sort(g);
            Arrays.sort(r);
            double gm = g[rounds / 2];
            double rm = r[rounds / 2];
            System.out.printf(Locale.ROOT, "%s E=%d threads=%d N_max=%d sweeps=%d: generate() %.1f ms (%.1f us/env/thread), "
                            + "racing line + speed profiles %.1f ms (%.1f us/env/thread), share %.1f%%%n",
                    generator, envs, threads, track.nMax(), sweeps, gm, 1000 * gm * threads / envs, rm, 1000 * rm * threads / envs,
                    100 * rm / gm);
        }
    }
}
