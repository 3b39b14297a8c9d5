import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.AltitudeProfile;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.pipeline.inflate.ElevationKernel;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * The elevation stage's flat shortcut against its general step, alternated in one process on one
 * thread: the default bezier batch at the flat default, the stage's launch (tg_elevation) bound as
 * Elevation binds it, once with profile code FLAT (the shortcut: step 4 copies the plan arc length
 * and tangent) and once with a code the profile treats as flat but the shortcut does not take
 * (the general step 4: the same heights and, on a level road, the same bits). Prints each side's
 * median, the median of the per-round ratios general / shortcut, the share of a warm flat
 * generate() call, and whether every output array came out the same.
 *
 * <pre>taskset -c 1 java -cp benchmarks/target/benchmarks.jar scripts/ElevationFlatCost.java [E] [rounds]</pre>
 */
public final class ElevationFlatCost {
    private ElevationFlatCost() {
    }

    private static double median(double[] t) {
        double[] c = t.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    private static LaunchPlan plan(CpuRuntime rt, TrackGenConfig config, I32Array seeds, Track track, int profile) {
        int e = config.numEnvs();
        int knots = config.get(ElevationKnobs.CONTROL_POINTS);
        F32Array knotS = rt.allocF32(e * knots);
        F32Array knotZ = rt.allocF32(e * knots);
        return LaunchPlan.builder().launch(e, ElevationKernel.INSTANCE.args()
                .center(track.center()).normal(track.normal()).tangent(track.tangent())
                .left(track.leftHalfWidth()).right(track.rightHalfWidth()).outer(track.outer())
                .arclen(track.arclen()).length(track.length()).count(track.count()).seeds(seeds)
                .nMax(config.nMax()).profile(profile)
                .zBase(config.get(ElevationKnobs.BASE).floatValue()).zMin(config.get(ElevationKnobs.MIN).floatValue())
                .zMax(config.get(ElevationKnobs.MAX).floatValue())
                .zMaxStep(config.get(ElevationKnobs.MAX_STEP).floatValue())
                .zNoiseAmp(config.get(ElevationKnobs.NOISE_AMPLITUDE).floatValue())
                .zHarmonics(config.get(ElevationKnobs.NOISE_HARMONICS)).knots(knots)
                .validGrade(config.get(ElevationKnobs.VALID_GRADE).floatValue())
                .bankK(0.0f).bankMax((float) Math.toRadians(config.get(ElevationKnobs.BANK_MAX))).bankWindow(0)
                .knotS(knotS).knotZ(knotZ).centerZ(track.centerZ()).outerZ(track.outerZ()).innerZ(track.innerZ())
                .bank(track.bank()).arclen3d(track.arclen3d()).length3d(track.length3d())
                .tangent3d(track.tangent3d()).valid(track.valid())).build();
    }

    private static double once(CpuRuntime rt, LaunchPlan p) {
        long t0 = System.nanoTime();
        p.enqueue(rt);
        rt.synchronize();
        return (System.nanoTime() - t0) / 1e6;
    }

    private static boolean same(TrackSnapshot a, TrackSnapshot b) {
        return Arrays.equals(a.centerZ(), b.centerZ()) && Arrays.equals(a.outerZ(), b.outerZ())
                && Arrays.equals(a.innerZ(), b.innerZ()) && Arrays.equals(a.bank(), b.bank())
                && Arrays.equals(a.arclen3d(), b.arclen3d()) && Arrays.equals(a.length3d(), b.length3d())
                && Arrays.equals(a.tangent3d(), b.tangent3d()) && Arrays.equals(a.valid(), b.valid());
    }

    public static void main(String[] args) {
        int e = args.length > 0 ? Integer.parseInt(args[0]) : 4096;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 31;
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig flat = TrackGenConfig.builder().generator(launcher.generator("bezier")).numEnvs(e).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator g = launcher.builder(flat).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            g.generate();
            double[] calls = new double[5];
            for (int k = 0; k < calls.length; k++) {
                long t0 = System.nanoTime();
                g.generate();
                calls[k] = (System.nanoTime() - t0) / 1e6;
            }
            Track t = g.track();
            I32Array seeds = rt.allocI32(e);
            LaunchPlan shortcut = plan(rt, flat, seeds, t, AltitudeProfile.FLAT);
            LaunchPlan general = plan(rt, flat, seeds, t, 99);
            once(rt, general);
            TrackSnapshot a = t.snapshot();
            once(rt, shortcut);
            TrackSnapshot b = t.snapshot();
            for (int k = 0; k < 5; k++) {
                once(rt, general);
                once(rt, shortcut);
            }
            double[] tg = new double[rounds];
            double[] ts = new double[rounds];
            double[] ratio = new double[rounds];
            for (int k = 0; k < rounds; k++) {
                if (k % 2 == 0) {
                    tg[k] = once(rt, general);
                    ts[k] = once(rt, shortcut);
                } else {
                    ts[k] = once(rt, shortcut);
                    tg[k] = once(rt, general);
                }
                ratio[k] = tg[k] / ts[k];
            }
            double call = median(calls);
            System.out.printf(Locale.ROOT, "E = %d, 1 thread, flat default: generate() median %.1f ms%n", e, call);
            System.out.printf(Locale.ROOT, "tg_elevation general step 4: median %.2f ms (%.2f us per track, %.2f%% of the call)%n",
                    median(tg), 1e3 * median(tg) / e, 100 * median(tg) / call);
            System.out.printf(Locale.ROOT, "tg_elevation flat shortcut:  median %.2f ms (%.2f us per track, %.2f%% of the call)%n",
                    median(ts), 1e3 * median(ts) / e, 100 * median(ts) / call);
            System.out.printf(Locale.ROOT, "general / shortcut, median of %d alternated rounds: %.3f (min %.3f, max %.3f)%n",
                    rounds, median(ratio), Arrays.stream(ratio).min().orElse(0), Arrays.stream(ratio).max().orElse(0));
            System.out.println("outputs bit for bit equal: " + same(a, b));
        }
    }
}
