import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.pipeline.inflate.Bridges;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Arrays;
import java.util.Locale;

/**
 * The cost of the bridge stage (docs/elevation.md, "Bridges") on one CPU thread: its launch alone
 * on a bezier batch with bridges on (no track crosses: the crossing scan only) against a whole
 * generate() call, then on a batch of figure-eights (6-unit lemniscates, half-width 0.1, every
 * track lifted and decided by the bridge gate) against the whole CenterlinePipeline run.
 *
 * <pre>taskset -c 1 java -cp "distribution/target/trackgen/lib/*" scripts/BridgeCost.java [E] [calls]</pre>
 */
public final class BridgeCost {
    private BridgeCost() {
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

    private static I32Array ones(CpuRuntime rt, int e) {
        I32Array a = rt.allocI32(e);
        int[] h = new int[e];
        Arrays.fill(h, 1);
        rt.upload(h, a);
        return a;
    }

    public static void main(String[] args) {
        int e = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig bezier = TrackGenConfig.builder().generator(launcher.generator("bezier")).numEnvs(e)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        try (CpuRuntime rt = new CpuRuntime(1, false);
             TrackGenerator g = launcher.builder(bezier).rng(PerEnvSeededRng.fromScalar(e, 0)).runtime(rt).build()) {
            g.generate();
            double[] whole = new double[calls];
            for (int k = 0; k < calls; k++) {
                long t0 = System.nanoTime();
                g.generate();
                whole[k] = (System.nanoTime() - t0) / 1e6;
            }
            double stage = stageMs(rt, new Bridges(rt, bezier, ones(rt, e), g.track()).plan(), 9);
            double call = median(whole);
            System.out.printf(Locale.ROOT, "bezier, E = %d, bridges on: generate() %.1f ms; bridge stage alone %.2f ms "
                    + "(%.2f us per track, %.1f%% of the call; no track crosses)%n", e, call, stage, 1e3 * stage / e,
                    100 * stage / call);
        }
        int p = 400;
        float[] loops = new float[2 * p * e];
        for (int k = 0; k < e; k++) {
            double sx = 3.0 * (1 + 0.5 * (k % 3) / 2.0);
            for (int i = 0; i < p; i++) {
                double t = 2 * Math.PI * (i + 0.5) / p;
                double d = 1 + Math.sin(t) * Math.sin(t);
                loops[2 * (k * p + i)] = (float) (sx * Math.cos(t) / d);
                loops[2 * (k * p + i) + 1] = (float) (3.0 * Math.sin(t) * Math.cos(t) / d);
            }
        }
        TrackGenConfig f8 = TrackGenConfig.builder().numEnvs(e).nMax(512).set(PipelineKnobs.RELAX_ENABLE, false)
                .set(ElevationKnobs.BRIDGE_CLEARANCE, 0.05).build();
        try (CpuRuntime rt = new CpuRuntime(1, false); CenterlinePipeline pipe = new CenterlinePipeline(f8, p, rt)) {
            pipe.run(loops);
            double[] whole = new double[calls];
            for (int k = 0; k < calls; k++) {
                long t0 = System.nanoTime();
                pipe.run(loops);
                whole[k] = (System.nanoTime() - t0) / 1e6;
            }
            Track t = pipe.track();
            int valid = t.snapshot().validCount();
            double stage = stageMs(rt, new Bridges(rt, f8, ones(rt, e), t).plan(), 9);
            double call = median(whole);
            System.out.printf(Locale.ROOT, "figure-eights, E = %d (valid %d): CenterlinePipeline.run %.1f ms; bridge "
                    + "stage alone %.2f ms (%.1f us per track, %.1f%% of the run)%n", e, valid, call, stage,
                    1e3 * stage / e, 100 * stage / call);
        }
    }
}
