package dev.trackgen.benchmarks;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

/**
 * The track generator the per-call benchmarks measure: a registered generator by name with its
 * default knobs, {@code E} envs seeded from scalar seed 0, on a caller's CPU runtime. Public
 * facade only, so a benchmark built on it still runs against an older build's jar.
 */
final class CpuGenerators {
    private CpuGenerators() {
    }

    /**
     * @param generator a registered generator name
     * @param envs      batch size {@code E}
     * @param runtime   the runtime to generate on, closed by the caller after the generator
     * @return the generator, to close
     * @throws IllegalArgumentException if no generator of that name is registered
     */
    static TrackGenerator open(String generator, int envs, CpuRuntime runtime) {
        TrackGenLauncher launcher = TrackGenLauncher.discover();
        TrackGenConfig config = TrackGenConfig.builder().generator(launcher.generator(generator)).numEnvs(envs).build();
        return launcher.builder(config).rng(PerEnvSeededRng.fromScalar(envs, 0)).runtime(runtime).build();
    }

    /**
     * @param gen   the generator
     * @param calls warm-up {@code generate()} calls to run before measuring
     */
    static void warmUp(TrackGenerator gen, int calls) {
        for (int k = 0; k < calls; k++) {
            gen.generate();
        }
    }
}
