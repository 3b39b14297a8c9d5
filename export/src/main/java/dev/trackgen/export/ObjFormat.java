package dev.trackgen.export;

import java.util.List;

/** {@code obj}: the road mesh as Wavefront OBJ. */
public final class ObjFormat implements ExportFormat {
    @Override
    public String id() {
        return "obj";
    }

    @Override
    public List<ExportFile> files(ExportSettings settings) {
        return List.of(new ExportFile(TrackExporter.ROAD_OBJ, (t, path) -> ObjWriter.write(t.mesh(), t.name(), path)));
    }
}
