import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.pipeline.HeightfieldBaker;
import dev.trackgen.pipeline.HeightfieldOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * The heightfield bake's cost per env on one CPU thread (bezier default, random-walk profile with
 * banking), at the default HeightfieldOptions (R = 128) or the resolution given, and its bytes per env.
 *
 * <pre>taskset -c 1 java -cp "CLASSPATH" scripts/HeightfieldCost.java [E] [R] [reps]</pre>
 */
public final class HeightfieldCost {
    private HeightfieldCost() {
    }

    public static void main(String[] args) {
        int e = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int res = args.length > 1 ? Integer.parseInt(args[1]) : HeightfieldOptions.DEFAULTS.resolution();
        int reps = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig c = TrackGenConfig.builder().generator(launcher.generator("bezier")).numEnvs(e)
                .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                .set(ElevationKnobs.MAX_STEP, 0.15).set(ElevationKnobs.BANK_SPEED, 1.5).build();
        HeightfieldOptions o = HeightfieldOptions.builder().resolution(res).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator g = launcher.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            Track t = g.generate();
            long t0 = System.nanoTime();
            g.generate();
            double gen = (System.nanoTime() - t0) / 1e6;
            HeightfieldBaker b = new HeightfieldBaker(t, o);
            double[] ms = new double[reps];
            for (int k = 0; k < reps + 2; k++) {
                long s = System.nanoTime();
                b.bake();
                rt.synchronize();
                if (k >= 2) {
                    ms[k - 2] = (System.nanoTime() - s) / 1e6;
                }
            }
            Arrays.sort(ms);
            double med = ms[reps / 2];
            long bytes = 8L * res * res + 12;
            System.out.printf(Locale.ROOT, "E=%d R=%d: bake %.1f ms per call (median of %d) = %.3f ms per env; "
                            + "generate() %.1f ms = %.3f ms per env; %d bytes per env (%.1f KiB)%n",
                    e, res, med, reps, med / e, gen, gen / e, bytes, bytes / 1024.0);
        }
    }
}
