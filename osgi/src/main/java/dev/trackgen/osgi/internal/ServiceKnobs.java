package dev.trackgen.osgi.internal;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;
import dev.trackgen.api.runtime.RuntimeOptions;

/**
 * The two properties of a {@code dev.trackgen.generator} configuration that are not knobs of a
 * {@code TrackGenConfig} but settings of the service, described and parsed like knobs.
 */
final class ServiceKnobs {
    /** The scalar seed: per-env seeds are {@code PerEnvSeededRng.fromScalar(num_envs, seed)}. */
    static final Knob<Integer> SEED = Knob.ofInt("seed", 0,
            Range.closed(Integer.MIN_VALUE, Integer.MAX_VALUE),
            "Scalar seed: the per-env seeds of every generated batch derive from it (PerEnvSeededRng.fromScalar).");

    /** Worker threads of the runtime. */
    static final Knob<Integer> THREADS = Knob.ofInt("threads", 0, Range.atLeast(0),
            "Worker threads of the cpu runtime (0 = one per available processor; at most "
                    + RuntimeOptions.MAX_THREADS_PER_PROCESSOR + " per available processor).");

    private ServiceKnobs() {
    }
}
