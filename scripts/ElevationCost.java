import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.pipeline.inflate.Elevation;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * The cost of the elevation and banking stage against the rest of a generate() call: warm calls
 * of the default bezier configuration with a random-walk profile, banking and the grade bound on
 * one CPU thread, then the stage's own launch (tg_elevation, bound to the same Track) alone, at
 * that configuration and at the flat default (which every call now runs too), the same number of
 * warm calls at the flat default, and the bytes per env the Track's elevation rows add.
 *
 * <pre>taskset -c 1 java -cp "distribution/target/trackgen/lib/*" scripts/ElevationCost.java [E] [calls]</pre>
 * (or {@code -cp benchmarks/target/benchmarks.jar}, which holds the same modules)
 */
public final class ElevationCost {
    private ElevationCost() {
    }

    private static double median(double[] t) {
        double[] c = t.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    private static double stageMs(CpuRuntime rt, LaunchPlan plan, int reps) {
        double[] t = new double[reps];
        for (int k = 0; k < reps + 3; k++) {
            long t0 = System.nanoTime();
            plan.enqueue(rt);
            rt.synchronize();
            if (k >= 3) {
                t[k - 3] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return median(t);
    }

    public static void main(String[] args) {
        int e = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig flat = TrackGenConfig.builder().generator(launcher.generator("bezier")).numEnvs(e).build();
        TrackGenConfig lifted = flat.toBuilder().set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK)
                .set(ElevationKnobs.MAX, 0.3).set(ElevationKnobs.MAX_STEP, 0.15).set(ElevationKnobs.VALID_GRADE, 0.2)
                .set(ElevationKnobs.BANK_SPEED, 1.5).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator g = launcher.builder(lifted).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            g.generate();
            double[] whole = new double[calls];
            for (int k = 0; k < calls; k++) {
                long t0 = System.nanoTime();
                g.generate();
                whole[k] = (System.nanoTime() - t0) / 1e6;
            }
            int valid = g.track().snapshot().validCount();
            I32Array seeds = rt.allocI32(e);
            int[] s = new int[e];
            for (int i = 0; i < e; i++) {
                s[i] = i;
            }
            rt.upload(s, seeds);
            double liftedMs = stageMs(rt, new Elevation(rt, lifted, seeds, g.track()).plan(), 15);
            double flatMs = stageMs(rt, new Elevation(rt, flat, seeds, g.track()).plan(), 15);
            double call = median(whole);
            double flatCall;
            try (TrackGenerator f = launcher.builder(flat).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
                f.generate();
                double[] t = new double[calls];
                for (int k = 0; k < calls; k++) {
                    long t0 = System.nanoTime();
                    f.generate();
                    t[k] = (System.nanoTime() - t0) / 1e6;
                }
                flatCall = median(t);
            }
            System.out.printf(Locale.ROOT, "E = %d, 1 thread: generate() median of %d warm calls %.1f ms (valid %d)%n",
                    e, calls, call, valid);
            System.out.printf(Locale.ROOT, "elevation stage alone, random_walk + banking + grade bound: %.2f ms "
                    + "(%.2f us per track, %.2f%% of the call)%n", liftedMs, 1e3 * liftedMs / e, 100 * liftedMs / call);
            System.out.printf(Locale.ROOT, "elevation stage alone, flat default: %.2f ms (%.2f us per track, %.2f%% of "
                    + "the call above, %.2f%% of a flat default call, %.1f ms)%n", flatMs, 1e3 * flatMs / e,
                    100 * flatMs / call, 100 * flatMs / flatCall, flatCall);
            int nMax = flat.nMax();
            int knots = flat.get(ElevationKnobs.CONTROL_POINTS);
            System.out.printf(Locale.ROOT, "elevation rows: (5 + 3) x 4 x N_max + 4 = %d bytes per env (N_max %d), "
                    + "knot scratch 2 x 4 x %d = %d bytes per env%n", 32 * nMax + 4, nMax, knots, 8 * knots);
        }
    }
}
