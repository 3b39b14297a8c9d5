package dev.trackgen.export;

/** {@code terrain}: the terrain mesh ({@link TerrainMesh}) as glTF 2.0 binary and Wavefront OBJ. */
public final class TerrainFormat extends FixedFormat {
    /** The format (the registry makes it). */
    public TerrainFormat() {
        super("terrain",
                new ExportFile(TrackExporter.TERRAIN_GLB, (t, path) -> GlbWriter.write(mesh(t), t.name(), path)),
                new ExportFile(TrackExporter.TERRAIN_OBJ, (t, path) -> ObjWriter.write(mesh(t), t.name(), path)));
    }

    private static RoadMesh mesh(ExportContext t) {
        return new RoadMesh(TerrainMesh.of(t.terrain(), t.settings().upAxis()), null);
    }
}
