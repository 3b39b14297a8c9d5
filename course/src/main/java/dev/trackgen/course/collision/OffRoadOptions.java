package dev.trackgen.course.collision;

import java.util.Objects;

/**
 * Immutable options of an {@link OffRoadChecker}.
 *
 * @param backend       exact segments or baked SDF
 * @param sdfResolution SDF grid side in cells per env ({@code 8..2048}; ignored by segments)
 * @param sdfPadding    SDF margin per side around the track in world units, or {@code 0} for a
 *                      tenth of the track's larger extent
 */
public record OffRoadOptions(OffRoadBackend backend, int sdfResolution, float sdfPadding) {
    /** Default SDF resolution (the original's): 128 x 128 cells per env. */
    public static final int DEFAULT_SDF_RESOLUTION = 128;

    /**
     * @throws IllegalArgumentException naming the option, its value and its range
     */
    public OffRoadOptions {
        Objects.requireNonNull(backend, "backend");
        if (sdfResolution < 8 || sdfResolution > 2048) {
            throw new IllegalArgumentException("sdfResolution must be in [8, 2048], got " + sdfResolution);
        }
        if (!(sdfPadding >= 0f) || !Float.isFinite(sdfPadding)) {
            throw new IllegalArgumentException("sdfPadding must be >= 0 and finite (0: automatic), got " + sdfPadding);
        }
    }

    /** @return the exact backend */
    public static OffRoadOptions segments() {
        return new OffRoadOptions(OffRoadBackend.SEGMENTS, DEFAULT_SDF_RESOLUTION, 0f);
    }

    /** @return the SDF backend at the default resolution and automatic padding */
    public static OffRoadOptions sdf() {
        return new OffRoadOptions(OffRoadBackend.SDF, DEFAULT_SDF_RESOLUTION, 0f);
    }

    /**
     * @param resolution grid side, {@code 8..2048}
     * @return these options with another SDF resolution
     */
    public OffRoadOptions withSdfResolution(int resolution) {
        return new OffRoadOptions(backend, resolution, sdfPadding);
    }

    /**
     * @param padding margin per side, world units, {@code 0} for automatic
     * @return these options with another SDF padding
     */
    public OffRoadOptions withSdfPadding(float padding) {
        return new OffRoadOptions(backend, sdfResolution, padding);
    }
}
