package dev.trackgen.export;

/** A map image would exceed the size limit of {@link ExportSettings#maxImageSide()}. */
public final class MapTooLargeException extends ExportLimitException {
    private static final long serialVersionUID = 1L;

    /** @param message one line naming the size, the limit and the knobs to change */
    public MapTooLargeException(String message) {
        super(Setting.MAP_RESOLUTION, message);
    }
}
