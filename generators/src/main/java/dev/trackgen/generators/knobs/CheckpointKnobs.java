package dev.trackgen.generators.knobs;

import dev.trackgen.api.config.Knob;
import dev.trackgen.api.config.Range;

import java.util.List;

/** Knobs of the {@code checkpoint} (bounded-turn steering) generator. */
public final class CheckpointKnobs {
    private CheckpointKnobs() {
    }

    /** Number of radial checkpoints. */
    public static final Knob<Integer> COUNT = Knob.ofInt("checkpoint_count", 12, Range.closed(3, 1024),
            "Number of radial checkpoints C steered through in order.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 96);

    /** Inner radius fraction of checkpoint placement. */
    public static final Knob<Double> RADIUS_MIN_FRAC = Knob.ofDouble("checkpoint_radius_min_frac", 0.33,
            Range.closedOpen(0, 1), "Checkpoint radii are drawn from U(frac * R, R).");

    /** Angular jitter as a fraction of one checkpoint slot. */
    public static final Knob<Double> ANGLE_JITTER = Knob.ofDouble("checkpoint_angle_jitter", 0.55,
            Range.closedOpen(0, 1), "Angular jitter of each checkpoint, as a fraction of its slot 2*pi/C.");

    /** Largest heading change per steering step, radians. */
    public static final Knob<Double> TURN_RATE = Knob.ofDouble("checkpoint_turn_rate", 0.42, Range.openClosed(0, Math.PI),
            "Largest heading change per steering step, in radians.");

    /** Proportional steering gain. */
    public static final Knob<Double> STEER_GAIN = Knob.ofDouble("checkpoint_steer_gain", 0.65, Range.openClosed(0, 10),
            "Proportional steering gain toward the current checkpoint bearing.");

    /** Advance distance as a fraction of the outer radius. */
    public static final Knob<Double> LOOKAHEAD_FRAC = Knob.ofDouble("checkpoint_lookahead_frac", 0.16,
            Range.openClosed(0, 1), "Advance to the next checkpoint within this fraction of the outer radius.");

    /** Candidates per environment. */
    public static final Knob<Integer> BEST_OF_K = Knob.ofInt("checkpoint_best_of_k", 4, Range.closed(1, 64),
            "Candidates per environment; the one with the fewest self-intersections is kept.")
            .searchedWithin(Double.NEGATIVE_INFINITY, 16);

    /** Single-crossing clip fallback. */
    public static final Knob<Boolean> CLIP_FALLBACK = Knob.ofBoolean("checkpoint_clip_fallback", false,
            "Clip the first self-crossing of the kept candidate, keeping the longer simple sub-loop.");

    /** Every knob, as one {@link Knob#group}: setting any one on a config builder declares them all. */
    private static final List<Knob<?>> ALL = Knob.group(COUNT, RADIUS_MIN_FRAC, ANGLE_JITTER, TURN_RATE, STEER_GAIN, LOOKAHEAD_FRAC, BEST_OF_K,
                CLIP_FALLBACK, BezierKnobs.SCALE);

    /** @return every knob the {@code checkpoint} generator reads: its own, then the shared scale */
    public static List<Knob<?>> all() {
        return ALL;
    }
}
