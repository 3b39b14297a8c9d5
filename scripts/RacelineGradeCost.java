import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.course.raceline.RacingLine;
import dev.trackgen.course.raceline.VehicleModel;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import java.util.Arrays;
/**
 * The cost of {@code RacingLine.Builder.grade}: on one elevated, banked bezier batch (random walk,
 * banking) on one CPU thread, alternates {@code compute()} of the plan-view line and of the
 * grade-aware one (same solver, both speed profiles lifted) and prints both medians and the median
 * of the per-round ratios.
 *
 * <pre>taskset -c 1 java -cp benchmarks/target/benchmarks.jar scripts/RacelineGradeCost.java [E] [rounds]</pre>
 */
public final class RacelineGradeCost {
    private RacelineGradeCost() {
    }

    static double med(double[] t) { double[] c = t.clone(); Arrays.sort(c); return c[c.length / 2]; }
    public static void main(String[] a) {
        int e = a.length > 0 ? Integer.parseInt(a[0]) : 1024;
        int rounds = a.length > 1 ? Integer.parseInt(a[1]) : 11;
        TrackGenLauncher l = TrackGenLauncher.discover();
        TrackGenConfig c = TrackGenConfig.builder().generator(l.generator("bezier")).numEnvs(e)
            .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
            .set(ElevationKnobs.MAX_STEP, 0.15).set(ElevationKnobs.BANK_SPEED, 1.5).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator g = l.builder(c).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            Track t = g.generate();
            VehicleModel m = VehicleModel.DEFAULT.withWorldScale(60);
            RacingLine p = RacingLine.builder(t).halfWidth(c.halfWidth()).vehicle(m).build();
            RacingLine q = RacingLine.builder(t).halfWidth(c.halfWidth()).vehicle(m).grade(true).build();
            for (int k = 0; k < 3; k++) { p.compute(); q.compute(); }
            double[] tp = new double[rounds], tq = new double[rounds], r = new double[rounds];
            for (int k = 0; k < rounds; k++) {
                long t0 = System.nanoTime(); p.compute(); long t1 = System.nanoTime(); q.compute(); long t2 = System.nanoTime();
                tp[k] = (t1 - t0) / 1e6; tq[k] = (t2 - t1) / 1e6; r[k] = tq[k] / tp[k];
            }
            System.out.printf("E=%d plan compute %.1f ms, grade compute %.1f ms, grade/plan median %.3f (min %.3f max %.3f)%n",
                e, med(tp), med(tq), med(r), Arrays.stream(r).min().getAsDouble(), Arrays.stream(r).max().getAsDouble());
        }
    }
}
