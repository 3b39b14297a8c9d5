package dev.trackgen.export;

/**
 * A map image would exceed the size limit of {@link ExportSettings#maxImageSide()}; its
 * {@link #setting()} is the one that takes most of the pixels ({@link Setting#MAP_RESOLUTION},
 * {@link Setting#MAP_MARGIN} or {@link Setting#MAP_WALLS}), for a caller that names its own option.
 */
public final class MapTooLargeException extends ExportLimitException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the size, the limit and the knobs to change (blaming the resolution) */
    public MapTooLargeException(String message) {
        this(message, Setting.MAP_RESOLUTION);
    }

    /**
     * @param message one line naming the size, the limit and the setting to change
     * @param setting the setting that takes most of the pixels
     */
    public MapTooLargeException(String message, Setting setting) {
        super(setting, message);
    }
}
