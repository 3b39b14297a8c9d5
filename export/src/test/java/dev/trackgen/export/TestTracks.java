package dev.trackgen.export;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.ElevationKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.stream.IntStream;

/** Small real batches for the export tests (bezier on the CPU runtime). */
final class TestTracks {
    static final int ENVS = 6;
    static final int SEED = 11;
    private static TrackSnapshot batch;
    private static TrackSnapshot polar;
    private static TrackSnapshot elevated;
    private static TrackSnapshot widths;

    private TestTracks() {
    }

    /** @return one batch of {@link #ENVS} default bezier tracks, seed {@link #SEED} (generated once) */
    static synchronized TrackSnapshot batch() {
        if (batch == null) {
            try (CpuRuntime runtime = new CpuRuntime(2, false);
                 TrackGenerator g = TrackGenLauncher.discover().builder(TrackGenConfig.builder().numEnvs(ENVS).build())
                         .rng(PerEnvSeededRng.fromScalar(ENVS, SEED)).runtime(runtime).build()) {
                batch = g.generate().snapshot();
            }
        }
        return batch;
    }

    /**
     * @return one batch of {@link #ENVS} default polar tracks, seed {@link #SEED}: they run
     *         counter-clockwise, where bezier's run clockwise (generated once)
     */
    static synchronized TrackSnapshot polarBatch() {
        if (polar == null) {
            TrackGenLauncher launcher = TrackGenLauncher.discover();
            try (CpuRuntime runtime = new CpuRuntime(2, false);
                 TrackGenerator g = launcher.builder(TrackGenConfig.builder().generator(launcher.generator("polar"))
                                 .numEnvs(ENVS).build())
                         .rng(PerEnvSeededRng.fromScalar(ENVS, SEED)).runtime(runtime).build()) {
                polar = g.generate().snapshot();
            }
        }
        return polar;
    }

    /**
     * @return one batch of {@link #ENVS} bezier tracks that climb, fall and bank (random walk from 0.15 in
     *         [0, 0.3], banking at 1.5 units/s), seed {@link #SEED} (generated once)
     */
    static synchronized TrackSnapshot elevatedBatch() {
        if (elevated == null) {
            try (CpuRuntime runtime = new CpuRuntime(2, false);
                 TrackGenerator g = TrackGenLauncher.discover().builder(TrackGenConfig.builder().numEnvs(ENVS)
                                 .set(ElevationKnobs.PROFILE, ElevationKnobs.RANDOM_WALK).set(ElevationKnobs.MAX, 0.3)
                                 .set(ElevationKnobs.BASE, 0.15)
                                 .set(ElevationKnobs.MAX_STEP, 0.2).set(ElevationKnobs.BANK_SPEED, 1.5).build())
                         .rng(PerEnvSeededRng.fromScalar(ENVS, SEED)).runtime(runtime).build()) {
                elevated = g.generate().snapshot();
            }
        }
        return elevated;
    }

    /**
     * @return one batch of {@link #ENVS} bezier tracks whose width varies along the lap (the
     *         curvature width profile, half-widths 0.07 to 0.13), seed {@link #SEED} (generated once)
     */
    static synchronized TrackSnapshot widthBatch() {
        if (widths == null) {
            try (CpuRuntime runtime = new CpuRuntime(2, false);
                 TrackGenerator g = TrackGenLauncher.discover().builder(TrackGenConfig.builder().numEnvs(ENVS)
                                 .set("width_profile", "curvature").set("half_width_min", "0.07")
                                 .set("half_width_max", "0.13").build())
                         .rng(PerEnvSeededRng.fromScalar(ENVS, SEED)).runtime(runtime).build()) {
                widths = g.generate().snapshot();
            }
        }
        return widths;
    }

    /** @return the valid env indices of {@code s} (at least one) */
    static int[] validEnvs(TrackSnapshot s) {
        int[] v = IntStream.range(0, s.numEnvs()).filter(s::isValid).toArray();
        if (v.length == 0) {
            throw new AssertionError("the test batch has no valid track");
        }
        return v;
    }

    /** @return the valid env indices of {@link #batch()} (at least one) */
    static int[] validEnvs() {
        TrackSnapshot s = batch();
        int[] v = IntStream.range(0, s.numEnvs()).filter(s::isValid).toArray();
        if (v.length == 0) {
            throw new AssertionError("the test batch has no valid track");
        }
        return v;
    }
}
