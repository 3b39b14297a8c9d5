package dev.trackgen.export;

import java.util.Locale;

/**
 * What every export checks before it writes a file, so that no format receives a value it cannot
 * hold: the glTF mesh stores {@code float32} positions, OBJ and the CSV files are read back as
 * floats by most loaders, and a text file of millions of cones is no track.
 *
 * <ul>
 *   <li>every coordinate within {@code ±}{@value #MAX_COORDINATE_M} m of the origin (larger ones
 *       overflow {@code float32} or lose the road to rounding long before);</li>
 *   <li>the road at least {@value #MIN_ROAD_WIDTH_M} m wide, and at least
 *       {@value #MIN_WIDTH_ULPS} {@code float32} steps (ulps) of its largest coordinate, so the two
 *       borders stay apart in {@code float32} (a world scale like {@code 1e-300} makes every vertex
 *       0);</li>
 *   <li>at most {@value #MAX_CONES_PER_BORDER} cones per border ({@link ConeLayout}).</li>
 * </ul>
 *
 * <p>Maps have their own limit, {@link ExportSettings#maxImageSide()} ({@link MapGeometry}).
 */
public final class ExportLimits {
    /** Largest coordinate magnitude accepted, metres (10,000 km: any local frame on Earth). */
    public static final double MAX_COORDINATE_M = 1e7;
    /** Narrowest road accepted, metres. */
    public static final double MIN_ROAD_WIDTH_M = 1e-3;
    /** The road's width in {@code float32} steps of its largest coordinate, at the least. */
    public static final int MIN_WIDTH_ULPS = 64;
    /** Most cones per border in the cone formats. */
    public static final int MAX_CONES_PER_BORDER = 100_000;

    private ExportLimits() {
    }

    /**
     * Checks a track's coordinates and road width.
     *
     * @param track      the track in metres
     * @param worldScale the scale that made it, for the message
     * @throws ExportLimitException ({@link ExportLimitException.Setting#WORLD_SCALE}) naming the value and the limit
     */
    public static void checkCoordinates(WorldTrack track, double worldScale) {
        double maxAbs = 0;
        for (double[] a : new double[][] {track.center(), track.left(), track.right()}) {
            for (int i = 0; i < 2 * track.size(); i++) {
                double v = Math.abs(a[i]);
                if (!(v <= maxAbs)) {
                    maxAbs = v;
                }
            }
        }
        if (!(maxAbs <= MAX_COORDINATE_M)) {
            throw new ExportLimitException(ExportLimitException.Setting.WORLD_SCALE, String.format(Locale.ROOT,
                    "world scale %s puts the track %.4g m from the origin, more than the %.0e m an export can "
                            + "hold; use a smaller world scale", worldScale, maxAbs, MAX_COORDINATE_M));
        }
        double width = Double.POSITIVE_INFINITY;
        for (int i = 0; i < track.size(); i++) {
            width = Math.min(width, track.widthLeft()[i] + track.widthRight()[i]);
        }
        double floor = Math.max(MIN_ROAD_WIDTH_M, MIN_WIDTH_ULPS * (double) Math.ulp((float) maxAbs));
        if (!(width >= floor)) {
            throw new ExportLimitException(ExportLimitException.Setting.WORLD_SCALE, String.format(Locale.ROOT,
                    "world scale %s makes the road %.4g m wide, less than the %.4g m an export can hold "
                            + "(at least %s m, and %d float32 steps of its largest coordinate); use a larger world scale",
                    worldScale, width, floor, MIN_ROAD_WIDTH_M, MIN_WIDTH_ULPS));
        }
    }

    /**
     * The number of cones of a closed ring of this perimeter at most {@code spacing} apart along it:
     * {@code max(3, ceil(perimeter / spacing))}.
     *
     * @param perimeter metres
     * @param spacing   the largest arc step, metres, {@code > 0}
     * @return the cone count
     * @throws ExportLimitException ({@link ExportLimitException.Setting#CONE_SPACING}) if it exceeds {@link #MAX_CONES_PER_BORDER}
     */
    public static int coneCount(double perimeter, double spacing) {
        double n = Math.max(3, Math.ceil(perimeter / spacing));
        if (!(n <= MAX_CONES_PER_BORDER)) {
            throw new ExportLimitException(ExportLimitException.Setting.CONE_SPACING, String.format(Locale.ROOT,
                    "cone spacing %s m puts %.4g cones on a %.4g m border, more than the %d per border a cone file "
                            + "may hold; use a larger cone spacing or a smaller world scale", spacing, n, perimeter,
                    MAX_CONES_PER_BORDER));
        }
        return (int) n;
    }
}
