package dev.trackgen.gates;

import dev.trackgen.api.config.InvalidConfigException;

/** How a gate's frame follows the course (knob {@code gate_align}, as in the original's docs/gates-3d.rst). */
public enum GateAlign {
    /** Level gates: the forward axis is the horizontal part of the course tangent. */
    YAW_ONLY("yaw_only"),
    /** Pitched gates: the forward axis is the 3D course tangent (still roll-free: the left axis stays horizontal). */
    FULL_TANGENT("full_tangent");

    private final String knobValue;

    GateAlign(String knobValue) {
        this.knobValue = knobValue;
    }

    /** @return the value as the knob spells it */
    public String knobValue() {
        return knobValue;
    }

    /**
     * @param text a knob value, case-insensitive
     * @return the alignment
     * @throws InvalidConfigException naming {@code gate_align} for an unknown value
     */
    public static GateAlign parse(String text) {
        for (GateAlign a : values()) {
            if (a.knobValue.equalsIgnoreCase(text)) {
                return a;
            }
        }
        throw new InvalidConfigException("gate_align", "gate_align = " + text + " is not one of yaw_only, full_tangent");
    }
}
