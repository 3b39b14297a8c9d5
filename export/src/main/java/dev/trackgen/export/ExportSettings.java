package dev.trackgen.export;

import dev.trackgen.pipeline.HeightfieldOptions;

/**
 * How tracks are exported: the world frame and the map and mesh knobs. Immutable; build with
 * {@link #builder()}.
 *
 * @param worldScale    metres per track unit (the generators' tracks are about 5 units long with a
 *                      half-width of 0.1, so the default 11 gives a 2.2 m road), {@code > 0}
 * @param resolution    map resolution, metres per pixel, {@code > 0}
 * @param margin        occupied space around the track in a map, metres, {@code >= 0}
 * @param wallThickness {@code 0}: everything off the road is occupied; {@code > 0}: only walls this
 *                      thick (metres) along both borders are occupied and the rest is free
 * @param pgm           also write the map as binary PGM ({@code P5}) beside the PNG
 * @param wallHeight    {@code 0}: the mesh is the road surface only; {@code > 0}: border walls of this
 *                      height, metres
 * @param upAxis        the mesh's up axis
 * @param maxImageSide  the largest map side accepted, pixels ({@link #DEFAULT_MAX_IMAGE_SIDE})
 * @param coneSpacing   cone files ({@code fsds}, {@code fssim}): requested arc spacing of the cones
 *                      along each border, metres, {@code > 0} ({@link ConeLayout})
 * @param raceline      whether {@code tum} and {@code f1tenth} also write {@value TrackExporter#RACELINE_CSV},
 *                      the racing line ({@link RacelineCsv}; the caller passes one per track to
 *                      {@link TrackExporter#write(WorldTrack, RaceTrajectory, String, java.util.function.Function)});
 *                      off by default
 * @param heightfield   terrain files ({@code heightfield}, {@code mjcf}, {@code terrain}): the
 *                      heightfield baker's knobs, track units ({@link TerrainGrid})
 */
public record ExportSettings(double worldScale, double resolution, double margin, double wallThickness, boolean pgm,
                             double wallHeight, UpAxis upAxis, int maxImageSide, double coneSpacing, boolean raceline,
                             HeightfieldOptions heightfield) {
    /** Default metres per track unit. */
    public static final double DEFAULT_WORLD_SCALE = 11.0;
    /** Default map resolution, metres per pixel (F1TENTH's maps use 0.05). */
    public static final double DEFAULT_RESOLUTION = 0.05;
    /** Default map margin, metres. */
    public static final double DEFAULT_MARGIN = 1.0;
    /** Largest map side accepted by default, pixels. */
    public static final int DEFAULT_MAX_IMAGE_SIDE = 16384;
    /** Default cone spacing, metres (Formula Student tracks keep cones of a side at most 5 m apart). */
    public static final double DEFAULT_CONE_SPACING = 5.0;
    /** Closest cone spacing accepted, metres: closer cones would overlap (a Formula Student cone base is about 0.23 m). */
    public static final double MIN_CONE_SPACING = 0.25;

    /**
     * @throws IllegalArgumentException naming the first value out of range
     */
    public ExportSettings {
        positive("world scale", worldScale);
        positive("map resolution", resolution);
        nonNegative("map margin", margin);
        nonNegative("wall thickness", wallThickness);
        nonNegative("wall height", wallHeight);
        if (wallHeight > ExportLimits.MAX_COORDINATE_M) {
            throw new IllegalArgumentException("wall height " + wallHeight + ": more than the " + ExportLimits.MAX_COORDINATE_M
                    + " m an export can hold");
        }
        if (upAxis == null) {
            throw new IllegalArgumentException("up axis: must be given");
        }
        positive("cone spacing", coneSpacing);
        if (coneSpacing < MIN_CONE_SPACING) {
            throw new IllegalArgumentException("cone spacing " + coneSpacing + ": must be at least " + MIN_CONE_SPACING
                    + " m (closer cones would overlap)");
        }
        if (heightfield == null) {
            throw new IllegalArgumentException("heightfield options: must be given");
        }
        if (maxImageSide < 1) {
            throw new IllegalArgumentException("max image side " + maxImageSide + ": must be >= 1");
        }
    }

    private static void positive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " " + v + ": must be a positive number");
        }
    }

    private static void nonNegative(String what, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " " + v + ": must be a number >= 0");
        }
    }

    /** @return the defaults: scale 11 m/unit, 0.05 m/px, 1 m margin, filled off-road, PNG only, no walls, Y up, cones 5 m apart */
    public static ExportSettings defaults() {
        return builder().build();
    }

    /** @return a builder starting from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder starting from these settings */
    public Builder toBuilder() {
        return new Builder().worldScale(worldScale).resolution(resolution).margin(margin).wallThickness(wallThickness)
                .pgm(pgm).wallHeight(wallHeight).upAxis(upAxis).maxImageSide(maxImageSide).coneSpacing(coneSpacing)
                .raceline(raceline).heightfield(heightfield);
    }

    /** A builder of {@link ExportSettings}; {@link #build()} validates. */
    public static final class Builder {
        private double worldScale = DEFAULT_WORLD_SCALE;
        private double resolution = DEFAULT_RESOLUTION;
        private double margin = DEFAULT_MARGIN;
        private double wallThickness;
        private boolean pgm;
        private double wallHeight;
        private UpAxis upAxis = UpAxis.Y;
        private int maxImageSide = DEFAULT_MAX_IMAGE_SIDE;
        private double coneSpacing = DEFAULT_CONE_SPACING;
        private boolean raceline;
        private HeightfieldOptions heightfield = HeightfieldOptions.DEFAULTS;

        private Builder() {
        }

        /** @param v metres per track unit @return this */
        public Builder worldScale(double v) {
            worldScale = v;
            return this;
        }

        /** @param v metres per pixel @return this */
        public Builder resolution(double v) {
            resolution = v;
            return this;
        }

        /** @param v metres of occupied margin @return this */
        public Builder margin(double v) {
            margin = v;
            return this;
        }

        /** @param v wall thickness in metres, 0 = fill off-road @return this */
        public Builder wallThickness(double v) {
            wallThickness = v;
            return this;
        }

        /** @param v whether to write a PGM too @return this */
        public Builder pgm(boolean v) {
            pgm = v;
            return this;
        }

        /** @param v mesh wall height in metres, 0 = none @return this */
        public Builder wallHeight(double v) {
            wallHeight = v;
            return this;
        }

        /** @param v the mesh's up axis @return this */
        public Builder upAxis(UpAxis v) {
            upAxis = v;
            return this;
        }

        /** @param v the largest map side, pixels @return this */
        public Builder maxImageSide(int v) {
            maxImageSide = v;
            return this;
        }

        /** @param v cone spacing along each border, metres @return this */
        public Builder coneSpacing(double v) {
            coneSpacing = v;
            return this;
        }

        /** @param v whether {@code tum} and {@code f1tenth} write the racing line too @return this */
        public Builder raceline(boolean v) {
            raceline = v;
            return this;
        }

        /** @param v the terrain heightfield's knobs, track units @return this */
        public Builder heightfield(HeightfieldOptions v) {
            heightfield = v;
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException naming the first value out of range
         */
        public ExportSettings build() {
            return new ExportSettings(worldScale, resolution, margin, wallThickness, pgm, wallHeight, upAxis,
                    maxImageSide, coneSpacing, raceline, heightfield);
        }
    }
}
