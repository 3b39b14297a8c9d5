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
        checkExtent(b[2] - b[0], b[3] - b[1], settings);
        double w = Math.ceil((b[2] + pad - minX) / res);
        double h = Math.ceil((b[3] + pad - minY) / res);
        return new MapGeometry(minX, minY, Math.max(1, (int) w), Math.max(1, (int) h), res);
    }

    /**
     * Refuses a map larger than the limit, blaming the setting that takes most of its pixels:
     * the margin or the walls when they (on both sides) are wider than the track itself, else
     * the resolution (at the world scale).
     *
     * @param width    the track's extent along x, metres (its borders' bounding box)
     * @param height   the track's extent along y, metres
     * @param settings resolution, margin, wall thickness and the size limit
     * @throws MapTooLargeException if a side of the image would exceed {@link ExportSettings#maxImageSide()};
     *         its {@link MapTooLargeException#setting()} is the setting to change
     */
    public static void checkExtent(double width, double height, ExportSettings settings) {
        int max = settings.maxImageSide();
        double res = settings.resolution();
        double pad = settings.margin() + settings.wallThickness();
        double w = Math.ceil((width + 2 * pad) / res);
        double h = Math.ceil((height + 2 * pad) / res);
        if (w <= max && h <= max) {
            return;
        }
        String size = String.format(Locale.ROOT, "a map of %.0f x %.0f pixels exceeds the limit of %d x %d", w, h, max,
                max);
        if (2 * pad > Math.max(width, height)) {
            boolean walls = settings.wallThickness() > settings.margin();
            throw new MapTooLargeException(String.format(Locale.ROOT, "%s: %s of %s m on each side of the track take"
                            + " %.0f pixels at resolution %s m/px, more than the track itself (%s m); use %s", size,
                    walls ? "walls" : "a margin", plain(walls ? settings.wallThickness() : settings.margin()),
                    Math.ceil(2 * pad / res), fmt(res), fmt(Math.max(width, height)),
                    walls ? "thinner walls" : "a smaller margin"),
                    walls ? ExportLimitException.Setting.MAP_WALLS : ExportLimitException.Setting.MAP_MARGIN);
        }
        throw new MapTooLargeException(String.format(Locale.ROOT,
                "%s (world scale %s m/unit, resolution %s m/px); use a coarser resolution or a smaller world scale",
                size, fmt(settings.worldScale()), fmt(res)), ExportLimitException.Setting.MAP_RESOLUTION);
    }

    /** An option's value as typed (1e6 is 1000000). */
    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String fmt(double v) {
        String s = String.format(Locale.ROOT, "%.6g", v);
        // trailing zeros of the fraction only: 100000 stays 100000, 1.50000 becomes 1.5, 1.00000e-05 1e-05
        int e = s.indexOf('e');
        String mantissa = e < 0 ? s : s.substring(0, e);
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("\\.?0+$", "");
        }
        return e < 0 ? mantissa : mantissa + s.substring(e);
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
