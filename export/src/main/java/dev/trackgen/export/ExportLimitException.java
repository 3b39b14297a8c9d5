package dev.trackgen.export;

/**
 * An export was refused before anything was written, because a format cannot hold what the
 * settings would make of a track: coordinates that overflow or vanish in {@code float32}, a road
 * too narrow to survive its coordinates' precision, more cones than a border may get, a map over
 * its size limit ({@link MapTooLargeException}). The limits are those of {@link ExportLimits}.
 */
public class ExportLimitException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The setting to change to get under a limit. */
    public enum Setting {
        /** {@link ExportSettings#worldScale()}. */
        WORLD_SCALE,
        /** {@link ExportSettings#coneSpacing()}. */
        CONE_SPACING,
        /** {@link ExportSettings#resolution()}: the track at this resolution needs too many pixels. */
        MAP_RESOLUTION,
        /** {@link ExportSettings#margin()}: the margin takes most of a map's pixels. */
        MAP_MARGIN,
        /** {@link ExportSettings#wallThickness()}: the walls take most of a map's pixels. */
        MAP_WALLS
    }

    private final Setting setting;

    /**
     * @param setting the setting at fault
     * @param message one line naming the value, the limit and what to change
     */
    public ExportLimitException(Setting setting, String message) {
        super(message);
        this.setting = setting;
    }

    /** @return the setting at fault */
    public Setting setting() {
        return setting;
    }
}
