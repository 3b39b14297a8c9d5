package dev.trackgen.export;

/**
 * A map image would exceed the size limit of {@link ExportSettings#maxImageSide()}; {@link #culprit()}
 * says which setting makes it so, for a caller that names its own option for that setting.
 */
public final class MapTooLargeException extends ExportLimitException {
    private static final long serialVersionUID = 1L;

    /** The setting that makes the map too large. */
    public enum Culprit {
        /** The track itself at this resolution (and world scale) needs more pixels than the limit. */
        RESOLUTION,
        /** The margin around the track takes most of the pixels. */
        MARGIN,
        /** The walls along the borders take most of the pixels. */
        WALL_THICKNESS
    }

    private final Culprit culprit;

    /** @param message one line naming the size, the limit and the knobs to change */
    public MapTooLargeException(String message) {
        this(message, Culprit.RESOLUTION);
    }

    /**
     * @param message one line naming the size, the limit and the setting to change
     * @param culprit the setting that takes most of the pixels
     */
    public MapTooLargeException(String message, Culprit culprit) {
        super(Setting.MAP_RESOLUTION, message);
        this.culprit = culprit;
    }

    /** @return the setting that takes most of the pixels */
    public Culprit culprit() {
        return culprit;
    }
}
