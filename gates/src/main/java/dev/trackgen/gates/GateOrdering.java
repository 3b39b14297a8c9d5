package dev.trackgen.gates;

import dev.trackgen.api.config.InvalidConfigException;

/**
 * The order in which an env's gates are flown (knob {@code gate_ordering}, after the original's
 * {@code GateGenConfig.gate_ordering}, AntoineRichard/TrackGen track_gen/_src/warp_gate.py).
 */
public enum GateOrdering {
    /** Counter-clockwise by angle {@code atan2(y - cy, x - cx)} around the gates' centroid. */
    CCW("ccw"),
    /** Along the plan-view centerline, in the direction the generator drew it. */
    RAW("raw"),
    /** Consecutive pairs along the centerline ({@code (0, 1), (2, 3), ...}) in a random order per env. */
    RANDOM_PAIRS("random_pairs");

    private final String knobValue;

    GateOrdering(String knobValue) {
        this.knobValue = knobValue;
    }

    /** @return the value as the knob spells it ({@code ccw}, {@code raw}, {@code random_pairs}) */
    public String knobValue() {
        return knobValue;
    }

    /**
     * @param text a knob value, case-insensitive
     * @return the ordering
     * @throws InvalidConfigException naming {@code gate_ordering} for an unknown value
     */
    public static GateOrdering parse(String text) {
        for (GateOrdering o : values()) {
            if (o.knobValue.equalsIgnoreCase(text)) {
                return o;
            }
        }
        throw new InvalidConfigException("gate_ordering", "gate_ordering = " + text + " is not one of ccw, raw, random_pairs");
    }
}
