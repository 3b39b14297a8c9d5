package dev.trackgen.export;

import de.javagl.jgltf.model.AccessorData;
import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.AccessorIntData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.io.GltfModelReader;
import de.javagl.jgltf.model.v2.MaterialModelV2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A triangle list as read back from a file by an independent reader: jgltf's reader for
 * {@code .glb}, a plain line parser for OBJ. Positions and normals {@code [3 V]}, triangles
 * {@code [3 T]}, texture coordinates {@code [2 V]} (glb only, else {@code null}), a base colour.
 */
record LoadedPart(String name, float[] positions, float[] normals, float[] uvs, int[] indices, float[] color) {

    static List<LoadedPart> readGlb(Path file) throws IOException {
        GltfModel model = new GltfModelReader().read(file);
        List<LoadedPart> parts = new ArrayList<>();
        for (MeshModel mesh : model.getMeshModels()) {
            int k = 0;
            for (MeshPrimitiveModel p : mesh.getMeshPrimitiveModels()) {
                if (p.getMode() != 4) {
                    throw new AssertionError("primitive mode " + p.getMode() + ", expected TRIANGLES (4)");
                }
                float[] pos = floats(p.getAttributes().get("POSITION"));
                float[] nor = floats(p.getAttributes().get("NORMAL"));
                float[] uv = floats(p.getAttributes().get("TEXCOORD_0"));
                if (uv.length != pos.length / 3 * 2) {
                    throw new AssertionError("one TEXCOORD_0 per vertex expected");
                }
                AccessorData ad = p.getIndices().getAccessorData();
                int[] idx = new int[ad.getNumElements()];
                for (int i = 0; i < idx.length; i++) {
                    idx[i] = ((AccessorIntData) ad).get(i);
                }
                float[] color = ((MaterialModelV2) p.getMaterialModel()).getBaseColorFactor();
                parts.add(new LoadedPart(k++ == 0 ? "road" : "walls", pos, nor, uv, idx, color));
            }
        }
        return parts;
    }

    private static float[] floats(AccessorModel a) {
        AccessorFloatData d = (AccessorFloatData) a.getAccessorData();
        float[] out = new float[d.getTotalNumComponents()];
        for (int i = 0; i < out.length; i++) {
            out[i] = d.get(i);
        }
        return out;
    }

    static List<LoadedPart> readObj(Path file) throws IOException {
        List<float[]> v = new ArrayList<>();
        List<float[]> vn = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<List<int[]>> faces = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.trim().split("\\s+");
            switch (f[0]) {
                case "o" -> {
                    names.add(f[1]);
                    faces.add(new ArrayList<>());
                }
                case "v" -> v.add(new float[] {Float.parseFloat(f[1]), Float.parseFloat(f[2]), Float.parseFloat(f[3])});
                case "vn" -> vn.add(new float[] {Float.parseFloat(f[1]), Float.parseFloat(f[2]), Float.parseFloat(f[3])});
                case "f" -> {
                    int[] tri = new int[6];
                    for (int c = 0; c < 3; c++) {
                        String[] refs = f[c + 1].split("/");
                        tri[c] = Integer.parseInt(refs[0]) - 1;
                        tri[3 + c] = Integer.parseInt(refs[2]) - 1;
                    }
                    faces.get(faces.size() - 1).add(tri);
                }
                default -> { }
            }
        }
        List<LoadedPart> parts = new ArrayList<>();
        for (int p = 0; p < names.size(); p++) {
            List<int[]> fs = faces.get(p);
            float[] pos = new float[9 * fs.size()];
            float[] nor = new float[9 * fs.size()];
            int[] idx = new int[3 * fs.size()];
            for (int t = 0; t < fs.size(); t++) {
                for (int c = 0; c < 3; c++) {
                    System.arraycopy(v.get(fs.get(t)[c]), 0, pos, 9 * t + 3 * c, 3);
                    System.arraycopy(vn.get(fs.get(t)[3 + c]), 0, nor, 9 * t + 3 * c, 3);
                    idx[3 * t + c] = 3 * t + c;
                }
            }
            parts.add(new LoadedPart(names.get(p), pos, nor, null, idx,
                    p == 0 ? new float[] {0.22f, 0.22f, 0.24f, 1} : new float[] {0.85f, 0.25f, 0.2f, 1}));
        }
        return parts;
    }
}
