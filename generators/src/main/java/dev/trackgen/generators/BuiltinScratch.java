package dev.trackgen.generators;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.PlannedScratch;

/**
 * What the scratch of every {@link BuiltinGenerator} starts from: the configuration it was sized
 * from, the batch size and the output points per env. Subclasses allocate their buffers and
 * build their plan.
 */
public abstract class BuiltinScratch extends PlannedScratch {
    /** The configuration the buffers are sized from, bound to the generator. */
    protected final TrackGenConfig config;
    /** Batch size {@code E}. */
    protected final int envs;
    /** Output points per env ({@code num_points}). */
    protected final int n;

    /** @param config the configuration, bound to the generator */
    protected BuiltinScratch(TrackGenConfig config) {
        this.config = config;
        this.envs = config.numEnvs();
        this.n = config.numPoints();
    }
}
