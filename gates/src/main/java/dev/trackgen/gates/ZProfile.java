package dev.trackgen.gates;

import dev.trackgen.api.config.InvalidConfigException;

/**
 * The altitude profile family (knob {@code z_profile}, after the original's
 * track_gen/_src/warp_zprofile.py); the bodies are {@link dev.trackgen.api.kernel.AltitudeProfile}.
 */
public enum ZProfile {
    /** Every gate at {@code z_base}. */
    FLAT("flat", 0),
    /** Independent draws, uniform in {@code [z_min, z_max]}. */
    UNIFORM("uniform", 1),
    /** A closed Brownian bridge around {@code z_base}, grade-capped by {@code z_max_step}, clamped to {@code [z_min, z_max]}. */
    RANDOM_WALK("random_walk", 2),
    /** Periodic harmonics of the plan-view arc fraction around {@code z_base}, clamped to {@code [z_min, z_max]}. */
    NOISE("noise", 3);

    private final String knobValue;
    private final int code;

    ZProfile(String knobValue, int code) {
        this.knobValue = knobValue;
        this.code = code;
    }

    /** @return the value as the knob spells it */
    public String knobValue() {
        return knobValue;
    }

    /** @return the integer the kernels take ({@link dev.trackgen.api.kernel.AltitudeProfile#FLAT} ...) */
    public int code() {
        return code;
    }

    /**
     * @param text a knob value, case-insensitive
     * @return the profile
     * @throws InvalidConfigException naming {@code z_profile} for an unknown value
     */
    public static ZProfile parse(String text) {
        for (ZProfile z : values()) {
            if (z.knobValue.equalsIgnoreCase(text)) {
                return z;
            }
        }
        throw new InvalidConfigException("z_profile", "z_profile = " + text + " is not one of flat, uniform, random_walk, noise");
    }
}
