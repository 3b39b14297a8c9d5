package dev.trackgen.export;

/**
 * The terrain as a triangle mesh ({@code terrain} format): one vertex per {@link TerrainGrid}
 * sample at its height, two triangles per grid square (counter-clockwise seen from above), vertex
 * normals from the central-difference gradient {@code (-dh/dx, -dh/dy, 1)} normalized, UVs the
 * sample's grid fraction {@code (c / (R - 1), r / (R - 1))}. Metres, the settings' up axis.
 */
public final class TerrainMesh {
    private TerrainMesh() {
    }

    /**
     * @param g  the grid
     * @param up the up axis
     * @return the mesh part named {@code terrain}: {@code R^2} vertices, {@code 2 (R - 1)^2} triangles
     */
    public static MeshPart of(TerrainGrid g, UpAxis up) {
        int r = g.resolution();
        float[] h = g.height();
        float[] pos = new float[3 * r * r];
        float[] nor = new float[3 * r * r];
        float[] uv = new float[2 * r * r];
        for (int row = 0; row < r; row++) {
            for (int c = 0; c < r; c++) {
                int k = row * r + c;
                up.put(g.x(c), g.y(row), h[k], pos, 3 * k);
                int c0 = Math.max(c - 1, 0);
                int c1 = Math.min(c + 1, r - 1);
                int r0 = Math.max(row - 1, 0);
                int r1 = Math.min(row + 1, r - 1);
                double gx = (h[row * r + c1] - h[row * r + c0]) / ((c1 - c0) * g.cell());
                double gy = (h[r1 * r + c] - h[r0 * r + c]) / ((r1 - r0) * g.cell());
                double len = Math.sqrt(gx * gx + gy * gy + 1);
                up.put(-gx / len, -gy / len, 1 / len, nor, 3 * k);
                uv[2 * k] = (float) c / (r - 1);
                uv[2 * k + 1] = (float) row / (r - 1);
            }
        }
        int[] idx = new int[6 * (r - 1) * (r - 1)];
        int t = 0;
        for (int row = 0; row + 1 < r; row++) {
            for (int c = 0; c + 1 < r; c++) {
                int a = row * r + c;
                int b = a + 1;
                int d = a + r;
                int e = d + 1;
                idx[t++] = a;
                idx[t++] = b;
                idx[t++] = e;
                idx[t++] = a;
                idx[t++] = e;
                idx[t++] = d;
            }
        }
        return new MeshPart("terrain", pos, nor, uv, idx);
    }
}
