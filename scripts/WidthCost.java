import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.config.WidthKnobs;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * The cost of per-point widths: warm generate() calls of the default bezier configuration at
 * constant width and with the curvature width profile, alternated on one CPU thread, and the
 * bytes per env the Track's two width rows add.
 *
 * <pre>taskset -c 1 java -cp "distribution/target/trackgen/lib/*" scripts/WidthCost.java [E] [calls]</pre>
 */
public final class WidthCost {
    private WidthCost() {
    }

    public static void main(String[] args) {
        int e = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig constant = TrackGenConfig.builder().generator(launcher.generator("bezier")).numEnvs(e).build();
        TrackGenConfig varying = constant.toBuilder().set(WidthKnobs.PROFILE, "curvature")
                .set(WidthKnobs.HALF_WIDTH_MIN, 0.07).set(WidthKnobs.HALF_WIDTH_MAX, 0.1).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator a = launcher.builder(constant).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build();
             TrackGenerator b = launcher.builder(varying).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            a.generate();
            b.generate();
            double[] ta = new double[calls];
            double[] tb = new double[calls];
            for (int k = 0; k < calls; k++) {
                long t0 = System.nanoTime();
                a.generate();
                long t1 = System.nanoTime();
                b.generate();
                long t2 = System.nanoTime();
                ta[k] = (t1 - t0) / 1e6;
                tb[k] = (t2 - t1) / 1e6;
            }
            Arrays.sort(ta);
            Arrays.sort(tb);
            double ma = ta[calls / 2];
            double mb = tb[calls / 2];
            int validA = a.track().snapshot().validCount();
            int validB = b.track().snapshot().validCount();
            System.out.printf(Locale.ROOT, "E = %d, 1 thread, median of %d warm calls: constant %.1f ms (valid %d), "
                    + "curvature profile %.1f ms (valid %d): %+.1f%%%n", e, calls, ma, validA, mb, validB,
                    100 * (mb / ma - 1));
            System.out.printf(Locale.ROOT, "width rows: 2 x 4 x N_max = %d bytes per env (N_max %d)%n",
                    8 * constant.nMax(), constant.nMax());
        }
    }
}
