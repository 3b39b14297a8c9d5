package dev.trackgen.cli.explore;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.circuit.ValidityDiagnosis;

/**
 * Why an invalid track failed, for the explore page: the metrics module's
 * {@link ValidityDiagnosis#of}, which {@code trackgen import} uses too (truncation at
 * {@code N_max}, non-finite points, the gate's geometric criteria, then the whole definition of a
 * valid track by the audit).
 */
public final class InvalidReasons {
    private InvalidReasons() {
    }

    /**
     * @param config   the batch's configuration
     * @param snapshot the batch
     * @param env      an env id
     * @return one phrase for an invalid track, {@code null} for a valid one
     */
    public static String of(TrackGenConfig config, TrackSnapshot snapshot, int env) {
        return ValidityDiagnosis.of(config, snapshot, env);
    }
}
