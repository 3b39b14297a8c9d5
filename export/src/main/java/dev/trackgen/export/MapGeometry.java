package dev.trackgen.export;

import java.util.Locale;

/**
 * Where a map image lies in the world: {@code width x height} square pixels of {@code resolution}
 * metres, the bottom-left corner of the bottom-left pixel at {@code (originX, originY)} (ROS
 * {@code map_server}'s {@code origin}). Rows count from the top of the image, as in the file.
 *
 * @param originX    world x of the image's bottom-left corner, metres
 * @param originY    world y of the image's bottom-left corner, metres
 * @param width      pixels
 * @param height     pixels
 * @param resolution metres per pixel
 */
public record MapGeometry(double originX, double originY, int width, int height, double resolution) {

    /**
     * The smallest image holding the track's borders with {@code margin + wallThickness} metres
     * around them.
     *
     * @param track    the track
     * @param settings resolution, margin, wall thickness and the size limit
     * @return the geometry
     * @throws MapTooLargeException if a side would exceed {@link ExportSettings#maxImageSide()}
     */
    public static MapGeometry of(WorldTrack track, ExportSettings settings) {
        double[] b = track.bounds();
        double pad = settings.margin() + settings.wallThickness();
        double res = settings.resolution();
        double minX = b[0] - pad;
        double minY = b[1] - pad;
        double w = Math.ceil((b[2] + pad - minX) / res);
        double h = Math.ceil((b[3] + pad - minY) / res);
        check(w, h, settings);
        return new MapGeometry(minX, minY, Math.max(1, (int) w), Math.max(1, (int) h), res);
    }

    /**
     * Refuses an image larger than the limit.
     *
     * @param w        width in pixels (may be huge)
     * @param h        height in pixels
     * @param settings the limit and the knobs to name
     * @throws MapTooLargeException if a side exceeds {@link ExportSettings#maxImageSide()}
     */
    public static void check(double w, double h, ExportSettings settings) {
        int max = settings.maxImageSide();
        if (w > max || h > max) {
            throw new MapTooLargeException(String.format(Locale.ROOT,
                    "a map of %.0f x %.0f pixels exceeds the limit of %d x %d (world scale %s m/unit, resolution %s m/px);"
                            + " use a coarser resolution or a smaller world scale", w, h, max, max,
                    fmt(settings.worldScale()), fmt(settings.resolution())));
        }
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v).replaceAll("\\.?0+$", "");
    }

    /**
     * @param x world x, metres
     * @return the image column holding it (may be outside {@code [0, width)})
     */
    public int column(double x) {
        return (int) Math.floor((x - originX) / resolution);
    }

    /**
     * @param y world y, metres
     * @return the image row holding it, counted from the top (may be outside {@code [0, height)})
     */
    public int row(double y) {
        return height - 1 - (int) Math.floor((y - originY) / resolution);
    }

    /** @param col image column @return world x of the pixel's centre, metres */
    public double centerX(int col) {
        return originX + (col + 0.5) * resolution;
    }

    /** @param row image row from the top @return world y of the pixel's centre, metres */
    public double centerY(int row) {
        return originY + (height - row - 0.5) * resolution;
    }
}
