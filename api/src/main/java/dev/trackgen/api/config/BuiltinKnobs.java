package dev.trackgen.api.config;

import java.util.List;

/**
 * The ordered list of every built-in knob: pipeline, relaxation, then each built-in
 * generator's. This is the vocabulary {@link TrackGenConfig} knows without plugins.
 */
public final class BuiltinKnobs {
    private static final List<Knob<?>> ALL = List.of(
            PipelineKnobs.GENERATOR, PipelineKnobs.RUNTIME, PipelineKnobs.NUM_ENVS, PipelineKnobs.HALF_WIDTH,
            PipelineKnobs.SPACING, PipelineKnobs.NUM_POINTS, PipelineKnobs.N_MAX, PipelineKnobs.RELAX_ENABLE,
            PipelineKnobs.RELAX_TOL, PipelineKnobs.TURNING_TOL, PipelineKnobs.W_FLOOR,

            RelaxKnobs.ITERS, RelaxKnobs.BAND, RelaxKnobs.ACCEL, RelaxKnobs.CHEBY_RHO, RelaxKnobs.CHEBY_GAMMA,
            RelaxKnobs.CHEBY_START, RelaxKnobs.SMOOTH_PASSES, RelaxKnobs.SMOOTH_SPACING_ITERS, RelaxKnobs.SEP_EVERY,
            RelaxKnobs.SEP_CACHE_SLOTS, RelaxKnobs.SEP_CACHE_SKIN, RelaxKnobs.SEP_RELAX, RelaxKnobs.SPC_RELAX,
            RelaxKnobs.BEND_RELAX, RelaxKnobs.MARGIN,

            BezierKnobs.MIN_NUM_POINTS, BezierKnobs.MAX_NUM_POINTS, BezierKnobs.NUM_POINTS_PER_SEGMENT,
            BezierKnobs.MIN_POINT_DISTANCE, BezierKnobs.RAD, BezierKnobs.EDGY, BezierKnobs.SCALE,
            BezierKnobs.HANDLE_CLAMP_FRAC, BezierKnobs.STYLE_SAMPLING, BezierKnobs.RAD_RANGE,
            BezierKnobs.SCALE_RANGE, BezierKnobs.HANDLE_CLAMP_FRAC_RANGE,

            HullKnobs.DISPLACEMENT,

            PolarKnobs.NUM_KNOTS, PolarKnobs.RADIAL_JITTER, PolarKnobs.ANGULAR_JITTER,

            VoronoiKnobs.NUM_SITES, VoronoiKnobs.SITE_LAYOUT, VoronoiKnobs.CONTROL_POINTS,
            VoronoiKnobs.RADIAL_VARIATION, VoronoiKnobs.ANGULAR_JITTER,

            CheckpointKnobs.COUNT, CheckpointKnobs.RADIUS_MIN_FRAC, CheckpointKnobs.ANGLE_JITTER,
            CheckpointKnobs.TURN_RATE, CheckpointKnobs.STEER_GAIN, CheckpointKnobs.LOOKAHEAD_FRAC,
            CheckpointKnobs.BEST_OF_K, CheckpointKnobs.CLIP_FALLBACK,

            CircuitKnobs.LENGTH, CircuitKnobs.LENGTH_SPREAD, CircuitKnobs.CORNERS, CircuitKnobs.RADIUS_MIN,
            CircuitKnobs.RADIUS_MAX, CircuitKnobs.STRAIGHT_SHARE, CircuitKnobs.CHICANE_PROB, CircuitKnobs.BEST_OF_K,

            RepulsiveKnobs.GROW_MULT_MIN, RepulsiveKnobs.GROW_MULT_MAX, RepulsiveKnobs.DOMAIN_FRAC,
            RepulsiveKnobs.DOMAIN_INIT_RATIO, RepulsiveKnobs.OBSTACLE_COUNT_MIN, RepulsiveKnobs.OBSTACLE_COUNT_MAX,
            RepulsiveKnobs.OBSTACLE_RADIUS_MIN_FRAC, RepulsiveKnobs.OBSTACLE_RADIUS_MAX_FRAC,
            RepulsiveKnobs.RATCHET_RATE, RepulsiveKnobs.ALPHA, RepulsiveKnobs.BETA, RepulsiveKnobs.TAU,
            RepulsiveKnobs.W_LEN, RepulsiveKnobs.STAGES, RepulsiveKnobs.SETTLE_ITERS, RepulsiveKnobs.RESAMPLE_EVERY,
            RepulsiveKnobs.STALL_WINDOW, RepulsiveKnobs.STALL_AREA_TOL, RepulsiveKnobs.DEACTIVATE_OBSTACLES);

    private BuiltinKnobs() {
    }

    /** @return every built-in knob, in documentation order */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
