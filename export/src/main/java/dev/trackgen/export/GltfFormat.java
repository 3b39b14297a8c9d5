package dev.trackgen.export;

/** {@code gltf}: the road mesh as glTF 2.0 binary ({@code .glb}). */
public final class GltfFormat extends FixedFormat {
    /** The format (the registry makes it). */
    public GltfFormat() {
        super("gltf", new ExportFile(TrackExporter.ROAD_GLB, (t, path) -> GlbWriter.write(t.mesh(), t.name(), path)));
    }
}
