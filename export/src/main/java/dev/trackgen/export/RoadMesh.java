package dev.trackgen.export;

/**
 * A track's road as a mesh: the surface as a closed triangle strip between the two borders and,
 * optionally, border walls.
 *
 * <ul>
 *   <li><b>road</b>: two vertices per centerline point, on the right and left borders, plus one
 *   more ring repeating point 0 so the texture does not wrap back: {@code 2 (n + 1)} vertices and
 *   {@code 2 n} triangles, normals up, counter-clockwise seen from above. UVs: {@code u} = arc length
 *   along the centerline divided by the mean road width (one square texture tile per road width),
 *   {@code v} = 0 on the right border and 1 on the left.</li>
 *   <li><b>walls</b> (height {@code > 0}): a vertical strip on each border, from the road plane to
 *   the height, with one face towards the road and one away from it (separate vertices so each face
 *   has its own horizontal normal); {@code u} as the road's, {@code v} = 0 at the foot and 1 at the
 *   top.</li>
 * </ul>
 *
 * @param road  the road surface
 * @param walls the walls, or {@code null} when the height is 0
 */
public record RoadMesh(MeshPart road, MeshPart walls) {

    /**
     * @param track      the track, metres
     * @param wallHeight wall height in metres; 0 for none
     * @param up         the up axis
     * @return the mesh
     */
    public static RoadMesh of(WorldTrack track, double wallHeight, UpAxis up) {
        return new RoadMesh(road(track, up), wallHeight > 0 ? walls(track, wallHeight, up) : null);
    }

    private static double roadWidth(WorldTrack track) {
        double sum = 0;
        for (int i = 0; i < track.size(); i++) {
            sum += track.widthLeft()[i] + track.widthRight()[i];
        }
        return sum / track.size();
    }

    private static MeshPart road(WorldTrack track, UpAxis up) {
        int n = track.size();
        int v = 2 * (n + 1);
        float[] pos = new float[3 * v];
        float[] nor = new float[3 * v];
        float[] uv = new float[2 * v];
        double[] l = track.left();
        double[] r = track.right();
        double[] lz = track.leftZ();
        double[] rz = track.rightZ();
        double width = roadWidth(track);
        for (int ring = 0; ring <= n; ring++) {
            int i = ring % n;
            float u = (float) (track.arc()[ring] / width);
            int a = 2 * ring;
            up.put(r[2 * i], r[2 * i + 1], rz[i], pos, 3 * a);
            up.put(l[2 * i], l[2 * i + 1], lz[i], pos, 3 * (a + 1));
            double[] nz = track.flat() ? new double[] {0, 0, 1} : surfaceNormal(track, i);
            up.put(nz[0], nz[1], nz[2], nor, 3 * a);
            up.put(nz[0], nz[1], nz[2], nor, 3 * (a + 1));
            uv[2 * a] = u;
            uv[2 * a + 1] = 0;
            uv[2 * a + 2] = u;
            uv[2 * a + 3] = 1;
        }
        int[] idx = new int[6 * n];
        for (int ring = 0; ring < n; ring++) {
            int r0 = 2 * ring;
            int l0 = r0 + 1;
            int r1 = r0 + 2;
            int l1 = r0 + 3;
            // forward along the right border, then across to the left: counter-clockwise from above
            quad(idx, 6 * ring, r0, r1, l1, l0);
        }
        return new MeshPart("road", pos, nor, uv, idx);
    }

    /**
     * The unit road-surface normal at point {@code i} of a sloped or banked track: the cross
     * product of the centerline's central difference (forward, with heights) and the vector from
     * the right to the left border point (across, with heights), so it points up.
     */
    static double[] surfaceNormal(WorldTrack track, int i) {
        int n = track.size();
        int ip = (i + n - 1) % n;
        int in = (i + 1) % n;
        double[] c = track.center();
        double[] cz = track.centerZ();
        double fx = c[2 * in] - c[2 * ip];
        double fy = c[2 * in + 1] - c[2 * ip + 1];
        double fz = cz[in] - cz[ip];
        double ax = track.left()[2 * i] - track.right()[2 * i];
        double ay = track.left()[2 * i + 1] - track.right()[2 * i + 1];
        double az = track.leftZ()[i] - track.rightZ()[i];
        double nx = fy * az - fz * ay;
        double ny = fz * ax - fx * az;
        double nz = fx * ay - fy * ax;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return len > 0 ? new double[] {nx / len, ny / len, nz / len} : new double[] {0, 0, 1};
    }

    private static MeshPart walls(WorldTrack track, double height, UpAxis up) {
        int n = track.size();
        int perFace = 2 * (n + 1);
        int v = 4 * perFace;
        float[] pos = new float[3 * v];
        float[] nor = new float[3 * v];
        float[] uv = new float[2 * v];
        int[] idx = new int[4 * 6 * n];
        double width = roadWidth(track);
        double[] c = track.center();
        int face = 0;
        int t = 0;
        double[][] borderZ = {track.leftZ(), track.rightZ()};
        int which = 0;
        for (double[] border : new double[][] {track.left(), track.right()}) {
            double[] bz = borderZ[which++];
            for (int side = 0; side < 2; side++) { // 0: the face towards the road, 1: away from it
                int base = face * perFace;
                for (int ring = 0; ring <= n; ring++) {
                    int i = ring % n;
                    double bx = border[2 * i];
                    double by = border[2 * i + 1];
                    double nx = c[2 * i] - bx;
                    double ny = c[2 * i + 1] - by;
                    double len = Math.hypot(nx, ny);
                    nx = side == 0 ? nx / len : -nx / len;
                    ny = side == 0 ? ny / len : -ny / len;
                    float u = (float) (track.arc()[ring] / width);
                    int a = base + 2 * ring;
                    up.put(bx, by, bz[i], pos, 3 * a);
                    up.put(bx, by, bz[i] + height, pos, 3 * (a + 1));
                    up.put(nx, ny, 0, nor, 3 * a);
                    up.put(nx, ny, 0, nor, 3 * (a + 1));
                    uv[2 * a] = u;
                    uv[2 * a + 1] = 0;
                    uv[2 * a + 2] = u;
                    uv[2 * a + 3] = 1;
                }
                for (int ring = 0; ring < n; ring++) {
                    int i = ring;
                    int j = (ring + 1) % n;
                    int b0 = base + 2 * ring;
                    int t0 = b0 + 1;
                    int b1 = b0 + 2;
                    int t1 = b0 + 3;
                    // (b0, b1, t1) faces tangent x up = the direction (dy, -dx) of the border segment
                    double dx = border[2 * j] - border[2 * i];
                    double dy = border[2 * j + 1] - border[2 * i + 1];
                    double mx = c[2 * i] - border[2 * i];
                    double my = c[2 * i + 1] - border[2 * i + 1];
                    boolean towardsRoad = dy * mx - dx * my > 0;
                    boolean keep = towardsRoad == (side == 0);
                    if (keep) {
                        t = quad(idx, t, b0, b1, t1, t0);
                    } else {
                        t = quad(idx, t, b1, b0, t0, t1);
                    }
                }
                face++;
            }
        }
        return new MeshPart("walls", pos, nor, uv, idx);
    }

    private static int quad(int[] idx, int t, int a, int b, int c, int d) {
        idx[t] = a;
        idx[t + 1] = b;
        idx[t + 2] = c;
        idx[t + 3] = a;
        idx[t + 4] = c;
        idx[t + 5] = d;
        return t + 6;
    }
}
