package dev.trackgen.cli.explore;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.circuit.ValidityDiagnosis;

/**
 * Why an invalid track failed. The pipeline's validity gate gives a flag only, so the reason is
 * recomputed from the final centerline: truncation at {@code N_max} from the point count, then the
 * gate's geometric criteria (net turning, tightest radius, clearance) by the metrics module's
 * {@link ValidityDiagnosis}; what neither finds is named as the remaining criteria.
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
        if (snapshot.isValid(env)) {
            return null;
        }
        int n = snapshot.count(env);
        if (n >= snapshot.nMax()) {
            return "needed more than N_max = " + snapshot.nMax() + " points and was truncated (raise N_max)";
        }
        float[] p = snapshot.centerline(env);
        for (int i = 0; i < 2 * n; i++) {
            if (!Float.isFinite(p[i])) {
                return "holds non-finite points";
            }
        }
        String why = ValidityDiagnosis.explain(p, n, config.halfWidth(), config.get(PipelineKnobs.RELAX_TOL),
                config.get(PipelineKnobs.TURNING_TOL));
        if (why != null) {
            return why;
        }
        if (config.get(PipelineKnobs.VALIDITY_BORDER_CHECK)) {
            return "a border crosses itself (validity_border_check), or a half-width is under w_floor";
        }
        return "a half-width is under w_floor, or the gate's float32 thickness test failed where the double-precision "
                + "recheck passes";
    }
}
