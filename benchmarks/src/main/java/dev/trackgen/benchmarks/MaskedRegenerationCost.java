package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The cost of {@link TrackGenerator#generate(I32Array)} (or of {@link Course#regenerate(I32Array)},
 * which also refreshes the masked envs' start grid, checkpoints, speed profile and, with
 * {@code course-sdf}, their SDF, and respawns their agents) against a full {@code generate()} call,
 * measured in one run: rounds of one full call and one masked call per masked fraction, in turn,
 * after warm-up; each masked call reseeds and regenerates a fresh random subset of envs. Prints
 * the median milliseconds of each and the ratio to the full call.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar dev.trackgen.benchmarks.MaskedRegenerationCost
 * [envs=4096] [threads=1] [generator=bezier] [rounds=7] [fractions=0.01,0.1,1] [target=generator|course|course-sdf]}; pin it
 * ({@code taskset -c 1}) to judge per-thread cost.
 */
public final class MaskedRegenerationCost {
    private MaskedRegenerationCost() {
    }

    /**
     * @param args optional {@code envs threads generator rounds fractions target}
     */
    public static void main(String[] args) {
        int envs = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        String generator = args.length > 2 ? args[2] : "bezier";
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 7;
        double[] fractions = Arrays.stream((args.length > 4 ? args[4] : "0.01,0.1,1").split(","))
                .mapToDouble(Double::parseDouble).toArray();
        String target = args.length > 5 ? args[5] : "generator";
        if (!List.of("generator", "course", "course-sdf").contains(target)) {
            throw new IllegalArgumentException("target must be generator, course or course-sdf, got " + target);
        }
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig config = launcher.bind(TrackGenConfig.builder().generator(generator).numEnvs(envs).build());
        try (CpuRuntime runtime = new CpuRuntime(threads, false);
             TrackGenerator gen = launcher.builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(runtime)
                     .build();
             Course course = target.equals("generator") ? null : Course.create(gen, target.equals("course-sdf")
                     ? CourseConfig.builder().offRoad(OffRoadOptions.sdf()).build() : CourseConfig.defaults())) {
            if (course != null) {
                course.bind(course.allocatePoses());
            }
            I32Array mask = runtime.allocI32(envs);
            int[] flags = new int[envs];
            int[] ids = new int[envs];
            int[] seeds = new int[envs];
            Random r = new Random(1);
            int next = envs;
            long[] full = new long[rounds];
            long[][] masked = new long[fractions.length][rounds];
            for (int round = -2; round < rounds; round++) {
                long t0 = System.nanoTime();
                if (course == null) {
                    gen.generate();
                } else {
                    course.generate();
                }
                long t1 = System.nanoTime();
                if (round >= 0) {
                    full[round] = t1 - t0;
                }
                for (int f = 0; f < fractions.length; f++) {
                    int k = Math.max(1, (int) Math.round(fractions[f] * envs));
                    Arrays.fill(flags, 0);
                    int picked = 0;
                    while (picked < k) {
                        int e = r.nextInt(envs);
                        if (flags[e] == 0) {
                            flags[e] = 1;
                            ids[picked] = e;
                            seeds[picked] = next++;
                            picked++;
                        }
                    }
                    gen.rng().reseed(Arrays.copyOf(ids, k), Arrays.copyOf(seeds, k));
                    runtime.upload(flags, mask);
                    long m0 = System.nanoTime();
                    if (course == null) {
                        gen.generate(mask);
                    } else {
                        course.regenerate(mask);
                    }
                    long m1 = System.nanoTime();
                    if (round >= 0) {
                        masked[f][round] = m1 - m0;
                    }
                }
            }
            double fullMs = median(full) / 1e6;
            System.out.printf("generator=%s envs=%d threads=%d rounds=%d target=%s%n", generator, envs, runtime.threads(),
                    rounds, target);
            System.out.printf("  full generate()        %9.2f ms%n", fullMs);
            for (int f = 0; f < fractions.length; f++) {
                double ms = median(masked[f]) / 1e6;
                System.out.printf("  %s %5.1f%%  %9.2f ms  (%.2f%% of a full call)%n",
                        course == null ? "generate(mask)  " : "regenerate(mask)", 100 * fractions[f], ms,
                        100 * ms / fullMs);
            }
        }
    }

    private static double median(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }
}
