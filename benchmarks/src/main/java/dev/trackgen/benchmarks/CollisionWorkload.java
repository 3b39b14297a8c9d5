package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.course.collision.Boxes;
import dev.trackgen.course.collision.OffRoadBackend;
import dev.trackgen.course.collision.OffRoadChecker;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.Random;

/**
 * The original's collision benchmark workload on the CPU runtime: one generated batch of
 * {@code E} tracks, {@code B} boxes per env near the road (car-sized: half extents a quarter and
 * an eighth of the half-width), bound to an {@link OffRoadChecker}.
 */
final class CollisionWorkload implements AutoCloseable {
    final CpuRuntime runtime;
    final TrackGenerator generator;
    final Boxes boxes;
    final OffRoadChecker checker;

    CollisionWorkload(String generatorName, int envs, int boxesPerEnv, int threads, OffRoadBackend backend,
                      int sdfResolution) {
        this(generatorName, envs, boxesPerEnv, threads,
                OffRoadOptions.sdf().withBackend(backend).withSdfResolution(sdfResolution));
    }

    CollisionWorkload(String generatorName, int envs, int boxesPerEnv, int threads, OffRoadOptions options) {
        runtime = new CpuRuntime(threads, false);
        TrackGenConfig config = TrackGenConfig.builder().generator(generatorName).numEnvs(envs).build();
        generator = TrackGenLauncher.discover().builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(runtime).build();
        generator.generate();
        TrackSnapshot s = generator.track().snapshot();
        float hw = (float) config.halfWidth();
        int n = envs * boxesPerEnv;
        float[] pos = new float[2 * n];
        float[] head = new float[n];
        float[] he = new float[2 * n];
        Random r = new Random(1);
        for (int t = 0; t < n; t++) {
            int e = t / boxesPerEnv;
            int m = Math.max(1, s.count()[e]);
            int k = 2 * (e * s.nMax() + r.nextInt(m));
            double u = (r.nextDouble() * 2.4 - 1.2) * hw;
            pos[2 * t] = (float) (s.center()[k] + u * s.normal()[k]);
            pos[2 * t + 1] = (float) (s.center()[k + 1] + u * s.normal()[k + 1]);
            head[t] = (float) (Math.atan2(s.tangent()[k + 1], s.tangent()[k]) + r.nextGaussian() * 0.3);
            he[2 * t] = 0.25f * hw;
            he[2 * t + 1] = 0.125f * hw;
        }
        boxes = new Boxes(boxesPerEnv, runtime.allocVec2(n), runtime.allocF32(n), runtime.allocVec2(n));
        runtime.upload(pos, boxes.position());
        runtime.upload(head, boxes.heading());
        runtime.upload(he, boxes.halfExtents());
        checker = new OffRoadChecker(generator.track(), boxes, options);
    }

    @Override
    public void close() {
        generator.close();
        runtime.close();
    }
}
