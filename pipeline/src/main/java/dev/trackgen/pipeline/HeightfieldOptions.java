package dev.trackgen.pipeline;

/**
 * The knobs of a {@link HeightfieldBaker}: grid resolution and extent, and the terrain's shape off
 * the road (docs/elevation.md, "Heightfield"). Immutable; make one with {@link #builder()} or take
 * {@link #DEFAULTS}. Lengths are in track (world) units.
 *
 * @param resolution cells per side {@code R}, {@code [8, 4096]}; default 128
 * @param padding    margin of the square grid beyond the road's bounding box, per side,
 *                   {@code >= 0}; 0 (the default) = {@code shoulder + falloff} plus a tenth of the
 *                   track's larger extent
 * @param shoulder   width of the level shoulder beyond each border, {@code >= 0}; default 0.05
 * @param falloff    width over which the terrain falls smoothly (smoothstep) from the shoulder to
 *                   the floor, {@code >= 0}; default 0.2 (0 = a step)
 * @param drop       depth of the floor below the env's lowest road height, {@code >= 0}; default 0
 *                   (a flat track then bakes one level sheet, as in the original)
 */
public record HeightfieldOptions(int resolution, float padding, float shoulder, float falloff, float drop) {
    /** The largest accepted length knob, world units. */
    public static final float MAX_LENGTH = 1e6f;
    /** The defaults. */
    public static final HeightfieldOptions DEFAULTS = builder().build();

    /**
     * @throws IllegalArgumentException naming the knob, its value and its range, if one is outside it
     */
    public HeightfieldOptions {
        if (resolution < 8 || resolution > 4096) {
            throw new IllegalArgumentException("heightfield resolution = " + resolution + " is outside [8, 4096]");
        }
        check("padding", padding);
        check("shoulder", shoulder);
        check("falloff", falloff);
        check("drop", drop);
    }

    private static void check(String knob, float v) {
        if (!(v >= 0f && v <= MAX_LENGTH)) {
            throw new IllegalArgumentException("heightfield " + knob + " = " + v + " is outside [0, " + MAX_LENGTH + "]");
        }
    }

    /** @return a builder holding the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** Builder of {@link HeightfieldOptions}; {@link #build()} validates. */
    public static final class Builder {
        private int resolution = 128;
        private float padding = 0f;
        private float shoulder = 0.05f;
        private float falloff = 0.2f;
        private float drop = 0f;

        private Builder() {
        }

        /** @param v cells per side @return this */
        public Builder resolution(int v) {
            resolution = v;
            return this;
        }

        /** @param v margin per side, world units (0 = automatic) @return this */
        public Builder padding(float v) {
            padding = v;
            return this;
        }

        /** @param v shoulder width, world units @return this */
        public Builder shoulder(float v) {
            shoulder = v;
            return this;
        }

        /** @param v falloff width, world units @return this */
        public Builder falloff(float v) {
            falloff = v;
            return this;
        }

        /** @param v floor depth under the lowest road height, world units @return this */
        public Builder drop(float v) {
            drop = v;
            return this;
        }

        /**
         * @return the options
         * @throws IllegalArgumentException naming the first knob out of range
         */
        public HeightfieldOptions build() {
            return new HeightfieldOptions(resolution, padding, shoulder, falloff, drop);
        }
    }
}
