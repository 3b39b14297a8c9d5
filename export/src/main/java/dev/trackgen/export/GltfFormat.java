package dev.trackgen.export;

import java.util.List;

/** {@code gltf}: the road mesh as glTF 2.0 binary ({@code .glb}). */
public final class GltfFormat implements ExportFormat {
    @Override
    public String id() {
        return "gltf";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(new ExportFile(TrackExporter.ROAD_GLB, (t, path) -> GlbWriter.write(t.mesh(), t.name(), path)));
    }
}
