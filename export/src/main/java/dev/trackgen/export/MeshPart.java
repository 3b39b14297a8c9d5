package dev.trackgen.export;

/**
 * One indexed triangle list: per-vertex positions and unit normals ({@code [3 V]}), texture
 * coordinates ({@code [2 V]}), and triangles ({@code [3 T]} vertex indices, counter-clockwise seen
 * from the side the normals point to). The arrays are the part's own, not copies.
 *
 * @param name      the part's name ({@code road}, {@code walls})
 * @param positions {@code [3 V]} metres, in the frame of the mesh's up axis
 * @param normals   {@code [3 V]} unit vectors
 * @param uvs       {@code [2 V]}
 * @param indices   {@code [3 T]}
 */
public record MeshPart(String name, float[] positions, float[] normals, float[] uvs, int[] indices) {
    /** @return vertices {@code V} */
    public int vertexCount() {
        return positions.length / 3;
    }

    /** @return triangles {@code T} */
    public int triangleCount() {
        return indices.length / 3;
    }
}
