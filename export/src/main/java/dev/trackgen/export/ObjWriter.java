package dev.trackgen.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link RoadMesh} as Wavefront OBJ: one {@code o} object per part, {@code v},
 * {@code vt}, {@code vn} per vertex and {@code f a/a/a b/b/b c/c/c} faces (1-based, counter-clockwise
 * seen from the normals' side). No material library: importers show the default material.
 */
public final class ObjWriter {
    private ObjWriter() {
    }

    /**
     * @param mesh the mesh
     * @param name a comment naming the track
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(RoadMesh mesh, String name, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("# trackgen road mesh " + name + " (metres)\n");
            int offset = 0;
            offset = part(w, mesh.road(), offset);
            if (mesh.walls() != null) {
                part(w, mesh.walls(), offset);
            }
        }
    }

    private static int part(BufferedWriter w, MeshPart part, int offset) throws IOException {
        StringBuilder s = new StringBuilder(96);
        w.write("o " + part.name() + "\n");
        float[] p = part.positions();
        float[] n = part.normals();
        float[] t = part.uvs();
        int v = part.vertexCount();
        for (int i = 0; i < v; i++) {
            s.setLength(0);
            s.append("v ").append(p[3 * i]).append(' ').append(p[3 * i + 1]).append(' ').append(p[3 * i + 2]).append('\n');
            w.write(s.toString());
        }
        for (int i = 0; i < v; i++) {
            s.setLength(0);
            s.append("vt ").append(t[2 * i]).append(' ').append(t[2 * i + 1]).append('\n');
            w.write(s.toString());
        }
        for (int i = 0; i < v; i++) {
            s.setLength(0);
            s.append("vn ").append(n[3 * i]).append(' ').append(n[3 * i + 1]).append(' ').append(n[3 * i + 2]).append('\n');
            w.write(s.toString());
        }
        int[] idx = part.indices();
        for (int k = 0; k < idx.length; k += 3) {
            s.setLength(0);
            s.append('f');
            for (int c = 0; c < 3; c++) {
                int a = idx[k + c] + 1 + offset;
                s.append(' ').append(a).append('/').append(a).append('/').append(a);
            }
            s.append('\n');
            w.write(s.toString());
        }
        return offset + v;
    }
}
