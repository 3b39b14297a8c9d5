package dev.trackgen.metrics.audit;

import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.RelaxKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.RuntimeOptions;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.CenterlinePipeline;
import dev.trackgen.registry.RuntimeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded search for counter-examples aimed at the gate itself: hostile closed shapes (random
 * stars, random polygons, folds, figure eights, narrow necks, loops tighter than the road, far
 * from the origin, at every scale) go through resample, optional relaxation and inflation, and
 * every track the gate flags valid must pass the independent audit.
 */
class GateAgainstAuditTest {
    private static ComputeRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = RuntimeRegistry.discover().create("cpu", RuntimeOptions.defaults());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void noHostileShapeComesOutValidAndBroken() {
        SplittableRandom rnd = new SplittableRandom(20261201L);
        int envs = 48;
        long valid = 0;
        long invalid = 0;
        long validPerPoint = 0;
        long invalidPerPoint = 0;
        List<String> broken = new ArrayList<>();
        for (int batch = 0; batch < 60; batch++) {
            int p = 16 + rnd.nextInt(240);
            double hw = Math.pow(10, -2.5 + 2 * rnd.nextDouble());
            TrackGenConfig.Builder b = TrackGenConfig.builder().declare(BuiltinKnobs.all()).runtime("cpu").numEnvs(envs).halfWidth(hw)
                    .set(PipelineKnobs.RELAX_TOL, rnd.nextDouble() < 0.5 ? 0.02 : 0.9 * rnd.nextDouble())
                    .set(PipelineKnobs.TURNING_TOL, 0.05 + 3.0 * rnd.nextDouble())
                    .set(PipelineKnobs.RELAX_ENABLE, rnd.nextDouble() < 0.3)
                    .set(RelaxKnobs.ITERS, 1 + rnd.nextInt(40))
                    .nMax(64 + rnd.nextInt(900));
            if (rnd.nextBoolean()) {
                b.spacing(hw * (0.1 + 3 * rnd.nextDouble()));
            }
            TrackGenConfig config = b.build();
            float[] xy = new float[2 * envs * p];
            for (int e = 0; e < envs; e++) {
                double[] shape = shape(rnd, p);
                double scale = Math.pow(10, -1 + 2.5 * rnd.nextDouble());
                double ox = rnd.nextDouble() < 0.2 ? 1e4 * (rnd.nextDouble() - 0.5) : 0;
                double oy = rnd.nextDouble() < 0.2 ? 1e4 * (rnd.nextDouble() - 0.5) : 0;
                for (int i = 0; i < p; i++) {
                    xy[2 * (e * p + i)] = (float) (ox + scale * shape[2 * i]);
                    xy[2 * (e * p + i) + 1] = (float) (oy + scale * shape[2 * i + 1]);
                }
            }
            // every other batch with per-point half-widths of its own on each side (harmonics,
            // sometimes jumps), from a stream of its own so the shapes stay those of the constant search
            boolean perPoint = batch % 2 == 1;
            float[] left = new float[envs * p];
            float[] right = new float[envs * p];
            if (perPoint) {
                SplittableRandom wr = new SplittableRandom(7919L * batch);
                for (int k = 0; k < envs * p; k += p) {
                    for (float[] side : new float[][] {left, right}) {
                        double a = wr.nextDouble();
                        double ph = 2 * Math.PI * wr.nextDouble();
                        int h = 1 + wr.nextInt(6);
                        boolean jumps = wr.nextDouble() < 0.3;
                        for (int i = 0; i < p; i++) {
                            double t = 2 * Math.PI * i / p;
                            double f = jumps ? (((i * h) / Math.max(1, p / 4)) % 2 == 0 ? 0.4 : 1.4)
                                    : 0.3 + 1.2 * (0.5 + 0.5 * a * Math.sin(h * t + ph));
                            side[k + i] = (float) (hw * f);
                        }
                    }
                }
            }
            int[] usable = new int[envs];
            java.util.Arrays.fill(usable, 1);
            try (CenterlinePipeline pipe = new CenterlinePipeline(config, p, runtime, perPoint)) {
                Track t = perPoint ? pipe.run(xy, left, right, usable) : pipe.run(xy);
                TrackSnapshot s = t.snapshot();
                TrackAudit audit = new TrackAudit(config.halfWidth(), config.get(PipelineKnobs.RELAX_TOL), perPoint);
                for (int e = 0; e < envs; e++) {
                    assertEquals(java.util.Optional.empty(), audit.layout(s, e), "batch " + batch + " env " + e);
                    if (s.isValid(e)) {
                        valid++;
                        validPerPoint += perPoint ? 1 : 0;
                        audit.audit(s, e).ifPresent(v -> broken.add(config + " env: " + v));
                    } else {
                        invalid++;
                        invalidPerPoint += perPoint ? 1 : 0;
                    }
                }
            }
        }
        assertTrue(broken.isEmpty(), () -> broken.size() + " valid-but-broken tracks, first: " + broken.get(0));
        long all = valid + invalid;
        String verdicts = valid + " valid, " + invalid + " invalid";
        assertTrue(valid > all / 10 && invalid > all / 10, "the search must meet both verdicts often: " + verdicts);
        long perPointAll = validPerPoint + invalidPerPoint;
        assertTrue(validPerPoint > perPointAll / 20 && invalidPerPoint > perPointAll / 20,
                "per-point widths meet both verdicts: " + validPerPoint + " valid, " + invalidPerPoint + " invalid");
    }

    @Test
    void theGateRejectsTheKnownBrokenShapes() {
        List<double[]> shapes = List.of(
                new double[] {0, 0, 0.039, 0.0001, 0.078, 0, 0.039, -0.0001, 0.0, 0.00001}, // fold
                HandTracks.figureEight(400, 2.0),
                HandTracks.dumbbell(400, 1.0, 0.06),
                HandTracks.circle(64, 0.09));
        for (double[] shape : shapes) {
            int p = shape.length / 2;
            float[] xy = new float[shape.length];
            for (int i = 0; i < xy.length; i++) {
                xy[i] = (float) shape[i];
            }
            TrackGenConfig config = TrackGenConfig.builder().declare(BuiltinKnobs.all()).runtime("cpu").numEnvs(1).halfWidth(0.1)
                    .set(PipelineKnobs.RELAX_ENABLE, false).nMax(2048).build();
            try (CenterlinePipeline pipe = new CenterlinePipeline(config, p, runtime)) {
                TrackSnapshot s = pipe.run(xy).snapshot();
                assertEquals(0, s.validCount(), "a shape of " + p + " points came out valid");
            }
        }
    }

    /** One hostile closed shape of p points, about unit size. */
    private static double[] shape(SplittableRandom rnd, int p) {
        double[] xy = new double[2 * p];
        int kind = rnd.nextInt(7);
        switch (kind) {
            case 0 -> { // star: radius with random harmonics, may go negative (self-crossing)
                int harmonics = 1 + rnd.nextInt(8);
                double[] amp = new double[harmonics];
                double[] ph = new double[harmonics];
                for (int k = 0; k < harmonics; k++) {
                    amp[k] = rnd.nextDouble() * 0.6;
                    ph[k] = rnd.nextDouble() * 2 * Math.PI;
                }
                for (int i = 0; i < p; i++) {
                    double t = 2 * Math.PI * i / p;
                    double r = 1;
                    for (int k = 0; k < harmonics; k++) {
                        r += amp[k] * Math.sin((k + 2) * t + ph[k]);
                    }
                    xy[2 * i] = r * Math.cos(t);
                    xy[2 * i + 1] = r * Math.sin(t);
                }
            }
            case 1 -> { // random polygon, vertices in random order
                for (int i = 0; i < p; i++) {
                    xy[2 * i] = rnd.nextDouble();
                    xy[2 * i + 1] = rnd.nextDouble();
                }
            }
            case 2 -> { // back and forth along a line with a tiny wobble
                for (int i = 0; i < p; i++) {
                    double t = (double) i / p;
                    xy[2 * i] = t < 0.5 ? 2 * t : 2 - 2 * t;
                    xy[2 * i + 1] = 1e-3 * rnd.nextDouble() * (t < 0.5 ? 1 : -1);
                }
            }
            case 3 -> {
                double[] f = HandTracks.figureEight(p, 0.5 + rnd.nextDouble());
                System.arraycopy(f, 0, xy, 0, xy.length);
            }
            case 4 -> {
                double[] d = HandTracks.dumbbell(p, 0.5, 0.01 + 0.3 * rnd.nextDouble());
                System.arraycopy(d, 0, xy, 0, xy.length);
            }
            case 5 -> { // a loop that doubles back: two nested turns joined by a pinch
                double inner = 0.2 + 0.7 * rnd.nextDouble();
                for (int i = 0; i < p; i++) {
                    double t = 4 * Math.PI * i / p;
                    double r = i < p / 2 ? 1 : inner;
                    xy[2 * i] = r * Math.cos(t);
                    xy[2 * i + 1] = r * Math.sin(t);
                }
            }
            default -> { // a plain circle, sometimes far too small for the road
                double r = Math.pow(10, -1.5 + 1.5 * rnd.nextDouble());
                for (int i = 0; i < p; i++) {
                    double t = 2 * Math.PI * i / p;
                    xy[2 * i] = r * Math.cos(t);
                    xy[2 * i + 1] = r * Math.sin(t);
                }
            }
        }
        return xy;
    }
}
