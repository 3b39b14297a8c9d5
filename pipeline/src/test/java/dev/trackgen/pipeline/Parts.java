package dev.trackgen.pipeline;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.ServiceLoader;

/**
 * What the pipeline's tests hand a {@link TrackGenerator}: the built-in generator a test names
 * (found with {@link ServiceLoader} on the test class path, {@code auto} meaning bezier) and a
 * CPU host runtime. The product resolves names in {@code TrackGenLauncher} (registry module,
 * above the pipeline); the pipeline resolves none.
 */
final class Parts {
    private Parts() {
    }

    /**
     * @return a configuration builder that knows every built-in knob (as the command line's does),
     *         so a test may set any generator's knobs by name before the generator is bound
     */
    static TrackGenConfig.Builder config() {
        return TrackGenConfig.builder().declare(BuiltinKnobs.all());
    }

    /**
     * @param name a generator name, or {@code auto}
     * @return a new instance of that built-in generator
     */
    static CenterlineGenerator generator(String name) {
        String wanted = name.equals("auto") ? "bezier" : name;
        for (CenterlineGenerator g : ServiceLoader.load(CenterlineGenerator.class)) {
            if (g.name().equals(wanted)) {
                return g;
            }
        }
        throw new IllegalArgumentException("no generator '" + wanted + "' on the test class path");
    }

    /**
     * @param config a configuration naming a built-in generator
     * @return a builder handed that generator and a two-thread CPU host runtime
     */
    static TrackGenerator.Builder builder(TrackGenConfig config) {
        return TrackGenerator.builder(config).generator(generator(config.generator()))
                .hostRuntime(() -> new CpuRuntime(2, false));
    }
}
