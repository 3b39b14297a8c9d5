package dev.trackgen.export;

/** {@code heightfield}: the terrain as a 16-bit grey PNG heightmap and its JSON metadata ({@link HeightmapWriter}). */
public final class HeightfieldFormat extends FixedFormat {
    /** The format (the registry makes it). */
    public HeightfieldFormat() {
        super("heightfield",
                new ExportFile(TrackExporter.HEIGHTFIELD_PNG, (t, path) -> HeightmapWriter.png(t.terrain(), path)),
                new ExportFile(TrackExporter.HEIGHTFIELD_JSON,
                        (t, path) -> HeightmapWriter.json(t.terrain(), TrackExporter.HEIGHTFIELD_PNG, path)));
    }
}
