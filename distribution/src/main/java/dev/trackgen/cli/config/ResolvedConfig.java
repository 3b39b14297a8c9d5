package dev.trackgen.cli.config;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.registry.GeneratorEntry;

/**
 * A run's configuration and the generator it names, looked up once ({@link ConfigResolver}):
 * what the rest of the run hands the pipeline, without looking the name up again.
 *
 * @param config    the validated configuration, bound to the generator (its knobs, sizing and rules)
 * @param generator the registration of the generator {@code config.generator()} names
 */
public record ResolvedConfig(TrackGenConfig config, GeneratorEntry generator) {
    /** @return the generator itself */
    public CenterlineGenerator centerlineGenerator() {
        return generator.generator();
    }
}
