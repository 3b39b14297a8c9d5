package dev.trackgen.export;

import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.creation.GltfModelBuilder;
import de.javagl.jgltf.model.creation.MaterialBuilder;
import de.javagl.jgltf.model.creation.MeshPrimitiveBuilder;
import de.javagl.jgltf.model.impl.DefaultMeshModel;
import de.javagl.jgltf.model.impl.DefaultMeshPrimitiveModel;
import de.javagl.jgltf.model.impl.DefaultNodeModel;
import de.javagl.jgltf.model.impl.DefaultSceneModel;
import de.javagl.jgltf.model.io.GltfModelWriter;
import de.javagl.jgltf.model.v2.MaterialModelV2;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link RoadMesh} (or any {@link Part}s, {@link GateScene}'s gate frames and course
 * line) as one glTF 2.0 binary ({@code .glb}) through jgltf (de.javagl): one
 * scene, one node named after the track, one mesh with a triangle primitive per part (positions,
 * normals, {@code TEXCOORD_0}, 32-bit indices), a grey asphalt material for the road and a light
 * one for the walls. Units are metres; the up axis is the mesh's (glTF itself says Y up).
 */
public final class GlbWriter {
    private GlbWriter() {
    }

    /**
     * @param mesh the mesh
     * @param name the node and mesh name (for example {@code env_00007})
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public static void write(RoadMesh mesh, String name, Path file) throws IOException {
        java.util.List<Part> parts = new java.util.ArrayList<>();
        parts.add(new Part(mesh.road(), 0.22f, 0.22f, 0.24f));
        if (mesh.walls() != null) {
            parts.add(new Part(mesh.walls(), 0.85f, 0.25f, 0.2f));
        }
        write(parts, name, file);
    }

    /**
     * One triangle list and the base colour of its material (linear RGB in {@code [0, 1]}).
     *
     * @param mesh the triangles
     * @param r    red
     * @param g    green
     * @param b    blue
     */
    public record Part(MeshPart mesh, float r, float g, float b) {
    }

    /**
     * Writes any triangle lists as one {@code .glb}: one scene, one node and one mesh named
     * {@code name}, one triangle primitive per part (positions, normals, {@code TEXCOORD_0},
     * 32-bit indices) with its own material.
     *
     * @param parts the parts, at least one, each with at least one triangle
     * @param name  the node and mesh name
     * @param file  where to write (overwritten)
     * @throws IOException              if writing fails
     * @throws IllegalArgumentException if there is no part or a part has no triangle
     */
    public static void write(java.util.List<Part> parts, String name, Path file) throws IOException {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a .glb needs at least one part");
        }
        DefaultMeshModel meshModel = new DefaultMeshModel();
        meshModel.setName(name);
        for (Part part : parts) {
            if (part.mesh().triangleCount() < 1) {
                throw new IllegalArgumentException("part " + part.mesh().name() + " has no triangle");
            }
            meshModel.addMeshPrimitiveModel(primitive(part.mesh(), material(part.r(), part.g(), part.b())));
        }
        DefaultNodeModel node = new DefaultNodeModel();
        node.setName(name);
        node.addMeshModel(meshModel);
        DefaultSceneModel scene = new DefaultSceneModel();
        scene.addNode(node);
        GltfModelBuilder builder = GltfModelBuilder.create();
        builder.addSceneModel(scene);
        GltfModel model = builder.build();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            new GltfModelWriter().writeBinary(model, out);
        }
    }

    private static MaterialModelV2 material(float r, float g, float b) {
        return MaterialBuilder.create().setBaseColorFactor(r, g, b, 1f).setMetallicRoughnessFactors(0f, 0.9f)
                .setDoubleSided(false).build();
    }

    private static DefaultMeshPrimitiveModel primitive(MeshPart part, MaterialModelV2 material) {
        DefaultMeshPrimitiveModel p = MeshPrimitiveBuilder.create()
                .setTriangles()
                .setIntIndices(IntBuffer.wrap(part.indices()))
                .addPositions3D(FloatBuffer.wrap(part.positions()))
                .addNormals3D(FloatBuffer.wrap(part.normals()))
                .addTexCoords02D(FloatBuffer.wrap(part.uvs()))
                .build();
        p.setMaterialModel(material);
        return p;
    }
}
