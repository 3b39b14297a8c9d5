package dev.trackgen.export;

/** {@code obj}: the road mesh as Wavefront OBJ, sharing its mesh with {@code gltf}. */
public final class ObjFormat extends FixedFormat {
    /** The format (the registry makes it). */
    public ObjFormat() {
        super("obj", new ExportFile(TrackExporter.ROAD_OBJ, (t, path) -> ObjWriter.write(t.mesh(), t.name(), path)));
    }
}
