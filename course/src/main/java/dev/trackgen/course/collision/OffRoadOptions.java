package dev.trackgen.course.collision;

import java.util.Objects;

/**
 * Immutable options of an {@link OffRoadChecker}.
 *
 * <p>The SDF grid is sized one of two ways. By default ({@code sdfResolution == 0}) it follows
 * the road: the cell is {@code halfWidth / sdfCellsPerHalfWidth} world units, the half-width
 * measured from the borders of the batch's valid tracks when the checker is built, and the grid
 * side (cells per env, the same for every env of the batch) is what the largest valid track's
 * bounding box plus padding needs at that cell. With a fixed {@code sdfResolution} every env's
 * grid has that side and is stretched over its own bounding box plus padding, whatever the road's
 * width. Either way the grids of the batch may take at most {@code sdfMaxBytes}; the checker's
 * constructor throws when they would take more.
 *
 * @param backend              exact segments or baked SDF
 * @param sdfResolution        {@code 0} (the default): follow the road; else a fixed grid side in
 *                             cells per env, {@code 8..4096}. Ignored by segments
 * @param sdfPadding           SDF margin per side around the track in world units, or {@code 0}
 *                             for automatic: {@link #AUTO_PADDING_HALF_WIDTHS} half-widths when
 *                             following the road, a tenth of the track's larger extent at a fixed
 *                             resolution
 * @param sdfCellsPerHalfWidth grid cells per road half-width when following the road
 *                             ({@code 0.25..64}, cells per half-width: larger is finer); ignored at
 *                             a fixed resolution
 * @param sdfMaxBytes          cap on the bytes of all grids of the batch ({@code >= 1 MiB});
 *                             {@link #DEFAULT_SDF_MAX_BYTES} by default
 */
public record OffRoadOptions(OffRoadBackend backend, int sdfResolution, float sdfPadding, float sdfCellsPerHalfWidth,
                             long sdfMaxBytes) {
    /** {@link #sdfResolution()} value that makes the grid follow the road (the default). */
    public static final int FOLLOW_ROAD = 0;

    /** The old fixed default (the original's): 128 x 128 cells per env, whatever the track's size. */
    public static final int LEGACY_SDF_RESOLUTION = 128;

    /** Largest fixed grid side. */
    public static final int MAX_SDF_RESOLUTION = 4096;

    /** Default cells per road half-width when following the road. */
    public static final float DEFAULT_CELLS_PER_HALF_WIDTH = 4f;

    /** Automatic padding per side when following the road, in half-widths. */
    public static final float AUTO_PADDING_HALF_WIDTHS = 2f;

    /** Default cap on the grids of one batch: 2 GiB. */
    public static final long DEFAULT_SDF_MAX_BYTES = 1L << 31;

    /**
     * @throws IllegalArgumentException naming the option, its value and its range
     */
    public OffRoadOptions {
        Objects.requireNonNull(backend, "backend");
        if (sdfResolution != FOLLOW_ROAD && (sdfResolution < 8 || sdfResolution > MAX_SDF_RESOLUTION)) {
            throw new IllegalArgumentException("sdfResolution must be 0 (follow the road) or in [8, "
                    + MAX_SDF_RESOLUTION + "], got " + sdfResolution);
        }
        if (!(sdfPadding >= 0f) || !Float.isFinite(sdfPadding)) {
            throw new IllegalArgumentException("sdfPadding must be >= 0 and finite (0: automatic), got " + sdfPadding);
        }
        if (!(sdfCellsPerHalfWidth >= 0.25f && sdfCellsPerHalfWidth <= 64f)) {
            throw new IllegalArgumentException("sdfCellsPerHalfWidth must be in [0.25, 64] cells per half-width, got "
                    + sdfCellsPerHalfWidth);
        }
        if (sdfMaxBytes < (1L << 20)) {
            throw new IllegalArgumentException("sdfMaxBytes must be >= 1 MiB (1048576), got " + sdfMaxBytes);
        }
    }

    /** @return the exact backend */
    public static OffRoadOptions segments() {
        return new OffRoadOptions(OffRoadBackend.SEGMENTS, FOLLOW_ROAD, 0f, DEFAULT_CELLS_PER_HALF_WIDTH,
                DEFAULT_SDF_MAX_BYTES);
    }

    /** @return the SDF backend following the road at the default cells per half-width, automatic padding */
    public static OffRoadOptions sdf() {
        return new OffRoadOptions(OffRoadBackend.SDF, FOLLOW_ROAD, 0f, DEFAULT_CELLS_PER_HALF_WIDTH,
                DEFAULT_SDF_MAX_BYTES);
    }

    /**
     * @param backend the backend
     * @return these options with another backend
     */
    public OffRoadOptions withBackend(OffRoadBackend backend) {
        return new OffRoadOptions(backend, sdfResolution, sdfPadding, sdfCellsPerHalfWidth, sdfMaxBytes);
    }

    /**
     * @param resolution {@code 0} to follow the road, else a fixed grid side {@code 8..4096}
     * @return these options with another SDF resolution
     */
    public OffRoadOptions withSdfResolution(int resolution) {
        return new OffRoadOptions(backend, resolution, sdfPadding, sdfCellsPerHalfWidth, sdfMaxBytes);
    }

    /**
     * @param padding margin per side, world units, {@code 0} for automatic
     * @return these options with another SDF padding
     */
    public OffRoadOptions withSdfPadding(float padding) {
        return new OffRoadOptions(backend, sdfResolution, padding, sdfCellsPerHalfWidth, sdfMaxBytes);
    }

    /**
     * @param cellsPerHalfWidth grid cells per road half-width, {@code 0.25..64}
     * @return these options with another road-following cell size
     */
    public OffRoadOptions withSdfCellsPerHalfWidth(float cellsPerHalfWidth) {
        return new OffRoadOptions(backend, sdfResolution, sdfPadding, cellsPerHalfWidth, sdfMaxBytes);
    }

    /**
     * @param maxBytes cap on all grids of the batch, bytes, {@code >= 1 MiB}
     * @return these options with another memory cap
     */
    public OffRoadOptions withSdfMaxBytes(long maxBytes) {
        return new OffRoadOptions(backend, sdfResolution, sdfPadding, sdfCellsPerHalfWidth, maxBytes);
    }

    /** @return whether the SDF grid follows the road ({@code sdfResolution == 0}) */
    public boolean followsRoad() {
        return sdfResolution == FOLLOW_ROAD;
    }
}
