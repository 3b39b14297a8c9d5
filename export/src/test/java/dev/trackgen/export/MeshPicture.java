package dev.trackgen.export;

import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.List;

/**
 * A small software rasterizer for the mesh tests: perspective camera looking down at the mesh
 * from one side, back faces culled (counter-clockwise = front, as glTF and OBJ say), a depth
 * buffer, and flat Lambert shading from each triangle's geometric normal; where the part has texture
 * coordinates, alternate tiles of {@code floor(u)} are drawn lighter, which shows the UVs running
 * along the arc length. Renders what a viewer
 * of the file would see, so a wrong winding or an upside-down road shows as missing surface.
 */
final class MeshPicture {
    private static final int BACKGROUND = 0xffe9eef2;

    private MeshPicture() {
    }

    /**
     * @param parts     triangle lists
     * @param up        their up axis
     * @param width     image width
     * @param height    image height
     * @param elevation camera elevation above the road plane, radians (pi/2 = straight down)
     * @return the picture
     */
    static BufferedImage render(List<LoadedPart> parts, UpAxis up, int width, int height, double elevation) {
        // bounds in the Z-up frame
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (LoadedPart p : parts) {
            for (int i = 0; i < p.positions().length; i += 3) {
                double[] q = zUp(p.positions(), i, up);
                for (int c = 0; c < 3; c++) {
                    lo[c] = Math.min(lo[c], q[c]);
                    hi[c] = Math.max(hi[c], q[c]);
                }
            }
        }
        double[] target = {(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
        double radius = Math.max(hi[0] - lo[0], hi[1] - lo[1]) / 2;
        double dist = radius * 2.2;
        double[] eye = {target[0], target[1] - dist * Math.cos(elevation), target[2] + dist * Math.sin(elevation)};
        double[] f = normalize(sub(target, eye));
        double[] r = normalize(cross(f, new double[] {0, 0, 1}));
        if (Double.isNaN(r[0])) {
            r = new double[] {1, 0, 0};
        }
        double[] u = cross(r, f);
        double focal = height / (2 * Math.tan(Math.toRadians(25)));
        double[] light = normalize(new double[] {-0.4, -0.5, 1});

        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] rgb = new int[width * height];
        Arrays.fill(rgb, BACKGROUND);
        double[] depth = new double[width * height];
        Arrays.fill(depth, Double.POSITIVE_INFINITY);
        for (LoadedPart p : parts) {
            int[] idx = p.indices();
            float[] pos = p.positions();
            for (int t = 0; t < idx.length; t += 3) {
                double[][] w = new double[3][];
                double[][] s = new double[3][];
                boolean behind = false;
                for (int c = 0; c < 3; c++) {
                    w[c] = zUp(pos, 3 * idx[t + c], up);
                    double[] d = sub(w[c], eye);
                    double z = dot(d, f);
                    behind |= z <= 1e-6;
                    s[c] = new double[] {width / 2.0 + focal * dot(d, r) / z, height / 2.0 - focal * dot(d, u) / z, z};
                }
                if (behind) {
                    continue;
                }
                // screen y points down, so a counter-clockwise (front) face has a negative signed area here
                double area = (s[1][0] - s[0][0]) * (s[2][1] - s[0][1]) - (s[2][0] - s[0][0]) * (s[1][1] - s[0][1]);
                if (area >= 0) {
                    continue;
                }
                double[] n = normalize(cross(sub(w[1], w[0]), sub(w[2], w[0])));
                double shade = 0.35 + 0.65 * Math.max(0, dot(n, light));
                float[] uv = p.uvs();
                float[] uvs = uv == null ? null : new float[] {uv[2 * idx[t]], uv[2 * idx[t] + 1], uv[2 * idx[t + 1]],
                    uv[2 * idx[t + 1] + 1], uv[2 * idx[t + 2]], uv[2 * idx[t + 2] + 1]};
                fill(s, area, p.color(), shade, uvs, rgb, depth, width, height);
            }
        }
        img.setRGB(0, 0, width, height, rgb, 0, width);
        return img;
    }

    private static void fill(double[][] s, double area, float[] base, double shade, float[] uvs, int[] rgb, double[] depth,
                             int width, int height) {
        int x0 = Math.max(0, (int) Math.floor(Math.min(s[0][0], Math.min(s[1][0], s[2][0]))));
        int x1 = Math.min(width - 1, (int) Math.ceil(Math.max(s[0][0], Math.max(s[1][0], s[2][0]))));
        int y0 = Math.max(0, (int) Math.floor(Math.min(s[0][1], Math.min(s[1][1], s[2][1]))));
        int y1 = Math.min(height - 1, (int) Math.ceil(Math.max(s[0][1], Math.max(s[1][1], s[2][1]))));
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                double px = x + 0.5;
                double py = y + 0.5;
                double a0 = edge(s[1], s[2], px, py) / area;
                double a1 = edge(s[2], s[0], px, py) / area;
                double a2 = 1 - a0 - a1;
                if (a0 < 0 || a1 < 0 || a2 < 0) {
                    continue;
                }
                double z = a0 * s[0][2] + a1 * s[1][2] + a2 * s[2][2];
                int k = y * width + x;
                if (z < depth[k]) {
                    depth[k] = z;
                    double tile = 1;
                    if (uvs != null) {
                        double u = a0 * uvs[0] + a1 * uvs[2] + a2 * uvs[4];
                        double v = a0 * uvs[1] + a1 * uvs[3] + a2 * uvs[5];
                        boolean odd = ((int) Math.floor(u) & 1) == 1;
                        boolean edge = v < 0.04 || v > 0.96;
                        tile = edge ? 2.4 : odd ? 1.25 : 1;
                    }
                    rgb[k] = rgb(base, shade * tile);
                }
            }
        }
    }

    private static double edge(double[] a, double[] b, double px, double py) {
        return (b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1]);
    }

    private static int rgb(float[] c, double shade) {
        int r = (int) Math.min(255, Math.round(255 * c[0] * shade * 1.6));
        int g = (int) Math.min(255, Math.round(255 * c[1] * shade * 1.6));
        int b = (int) Math.min(255, Math.round(255 * c[2] * shade * 1.6));
        return 0xff000000 | r << 16 | g << 8 | b;
    }

    /** @return the point at {@code i} in the Z-up frame (Y-up {@code (x, h, -y)} back to {@code (x, y, h)}) */
    static double[] zUp(float[] p, int i, UpAxis up) {
        return up == UpAxis.Z ? new double[] {p[i], p[i + 1], p[i + 2]} : new double[] {p[i], -p[i + 2], p[i + 1]};
    }

    static boolean isBackground(int argb) {
        return (argb | 0xff000000) == BACKGROUND;
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double[] normalize(double[] a) {
        double l = Math.sqrt(dot(a, a));
        return new double[] {a[0] / l, a[1] / l, a[2] / l};
    }
}
