package dev.trackgen.export;

/** {@code mjcf}: the terrain as a MuJoCo hfield (binary elevation file and an MJCF model, {@link MjcfHfield}). */
public final class MjcfFormat extends FixedFormat {
    /** The format (the registry makes it). */
    public MjcfFormat() {
        super("mjcf",
                new ExportFile(TrackExporter.HEIGHTFIELD_BIN, (t, path) -> HeightmapWriter.mujocoBin(t.terrain(), path)),
                new ExportFile(TrackExporter.HEIGHTFIELD_MJCF,
                        (t, path) -> MjcfHfield.write(t.terrain(), t.name(), TrackExporter.HEIGHTFIELD_BIN, path)));
    }
}
