package dev.trackgen.cli.explore;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.PipelineKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.metrics.audit.TrackAudit;
import dev.trackgen.metrics.circuit.ValidityDiagnosis;

/**
 * Why an invalid track failed. The pipeline's validity gate gives a flag only, so the reason is
 * recomputed from the final centerline: truncation at {@code N_max} from the point count, then the
 * gate's geometric criteria (net turning, tightest radius, clearance) by the metrics module's
 * {@link ValidityDiagnosis}, then the whole definition of a valid track by {@link TrackAudit}
 * (folds, border offsets, winding, size, contacts of the centerline and borders, nesting).
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
        if (!(config.halfWidth() > config.get(PipelineKnobs.W_FLOOR))) {
            return "half_width is not above w_floor = " + config.get(PipelineKnobs.W_FLOOR);
        }
        var violation = new TrackAudit(config.halfWidth(), config.get(PipelineKnobs.RELAX_TOL)).audit(snapshot, env);
        if (violation.isPresent()) {
            return violation.get().criterion().meaning() + ": " + violation.get().detail();
        }
        return "the gate's conservative float32 tests rejected it (net turning within turning_tol, or a near-contact "
                + "of borders) where the double-precision audit finds it sound";
    }
}
