package dev.trackgen.export;

import dev.trackgen.gates.GateCourseSnapshot;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One gate course as a 3D scene: the gate frames and the course line as triangle lists, for
 * {@link GlbWriter} ({@code trackgen gates --gltf DIR}, docs/gates.md "glTF scene").
 *
 * <p>Frames: each real gate is four boxes around its square opening in the gate's own frame
 * (body x forward through the opening, y left, z up, from its orientation quaternion), the same
 * layout the Course's frame collision tests ({@code GateCollisionKernel}, after the original's
 * collision_frames.py): two posts centred at {@code y = +-(hs + t/2)} with half extents
 * {@code (d/2, t/2, hs + t)} and two bars centred at {@code z = +-(hs + t/2)} with half extents
 * {@code (d/2, hs + t, t/2)}, where {@code hs} is the gate's half size ({@code gate_width / 2}),
 * {@code t} the frame thickness and {@code d} the frame depth. The opening is therefore exactly
 * {@code 2 hs} square. Each box has 24 vertices (flat-shaded faces) and 12 triangles, so a
 * course of {@code G} gates has {@code 96 G} vertices and {@code 48 G} triangles.
 *
 * <p>Course line: a closed tube of {@link #TUBE_SIDES} sides and radius {@code lineRadius} along
 * the course-line samples ({@code L} samples: {@code 6 L} vertices, {@code 12 L} triangles).
 *
 * <p>Units: positions are world units times {@code scale} (metres per world unit). The gates are
 * Z up; {@link UpAxis#Y} rotates the scene to glTF's Y up ({@code (x, y, z) -> (x, z, -y)}), a
 * proper rotation, so winding and normals stay right.
 *
 * @param frames the gate frames ({@code [3 * 96 G]} positions)
 * @param line   the course-line tube ({@code [3 * 6 L]} positions)
 */
public record GateScene(MeshPart frames, MeshPart line) {
    /** Sides of the course-line tube. */
    public static final int TUBE_SIDES = 6;

    /**
     * @param course         the gate courses (host copy)
     * @param env            which env
     * @param scale          metres per world unit, finite and {@code > 0}
     * @param frameThickness member thickness {@code t}, world units, finite and {@code > 0}
     * @param frameDepth     member depth {@code d} along the gate's forward axis, world units, finite and {@code > 0}
     * @param lineRadius     course-line tube radius, world units, finite and {@code > 0}
     * @param up             the scene's up axis
     * @return the scene
     * @throws IllegalArgumentException if {@code env} is out of range, the env has fewer than 3
     *                                  gates or 3 line samples, a gate or sample is not finite, or a
     *                                  size is out of range
     */
    public static GateScene of(GateCourseSnapshot course, int env, double scale, double frameThickness,
                               double frameDepth, double lineRadius, UpAxis up) {
        if (env < 0 || env >= course.numEnvs()) {
            throw new IllegalArgumentException("env must be in [0, " + course.numEnvs() + "), got " + env);
        }
        positive("scale", scale);
        positive("frameThickness", frameThickness);
        positive("frameDepth", frameDepth);
        positive("lineRadius", lineRadius);
        int g = course.count()[env];
        int l = course.lineCount()[env];
        if (g < 3 || l < 3) {
            throw new IllegalArgumentException("env " + env + " has " + g + " gates and " + l
                    + " course-line samples; a scene needs at least 3 of each");
        }
        return new GateScene(frames(course, env, g, scale, frameThickness, frameDepth, up),
                tube(course, env, l, scale, lineRadius, up));
    }

    /**
     * Writes the scene as one {@code .glb} (frames orange, course line blue).
     *
     * @param name the node and mesh name (for example {@code env_00007})
     * @param file where to write (overwritten)
     * @throws IOException if writing fails
     */
    public void writeGlb(String name, Path file) throws IOException {
        GlbWriter.write(List.of(new GlbWriter.Part(frames, 0.95f, 0.45f, 0.1f),
                new GlbWriter.Part(line, 0.15f, 0.45f, 0.95f)), name, file);
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be a finite number > 0, got " + v);
        }
    }

    private static MeshPart frames(GateCourseSnapshot c, int env, int g, double scale, double t, double d, UpAxis up) {
        float[] pos = new float[g * 4 * 24 * 3];
        float[] nrm = new float[pos.length];
        float[] uv = new float[g * 4 * 24 * 2];
        int[] idx = new int[g * 4 * 36];
        int box = 0;
        for (int k = 0; k < g; k++) {
            int f = env * c.gMax() + k;
            double[] center = {c.position()[3 * f], c.position()[3 * f + 1], c.position()[3 * f + 2]};
            double[][] axes = axes(c.orientation(), 4 * f);
            double hs = c.halfSize()[f];
            for (double v : center) {
                finite("gate " + k + " of env " + env, v + hs + axes[0][0] + axes[1][1] + axes[2][2]);
            }
            double off = hs + t / 2;
            double[][] members = {
                {0, off, 0, d / 2, t / 2, hs + t},
                {0, -off, 0, d / 2, t / 2, hs + t},
                {0, 0, off, d / 2, hs + t, t / 2},
                {0, 0, -off, d / 2, hs + t, t / 2},
            };
            for (double[] m : members) {
                box(center, axes, m, scale, up, pos, nrm, uv, idx, box++);
            }
        }
        return new MeshPart("frames", pos, nrm, uv, idx);
    }

    /** Unit body axes {forward, left, up} in world coordinates of quaternion {@code q[o..o+3] = (x, y, z, w)}. */
    static double[][] axes(float[] q, int o) {
        double x = q[o];
        double y = q[o + 1];
        double z = q[o + 2];
        double w = q[o + 3];
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        x /= n;
        y /= n;
        z /= n;
        w /= n;
        return new double[][] {
            {1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)},
            {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)},
            {2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)},
        };
    }

    /**
     * One box {@code m = {cx, cy, cz, ex, ey, ez}} (local centre and half extents) of a gate with
     * world centre {@code c} and body axes {@code a}: 6 faces of 4 vertices, counter-clockwise
     * seen from outside.
     */
    private static void box(double[] c, double[][] a, double[] m, double scale, UpAxis up, float[] pos, float[] nrm,
                            float[] uv, int[] idx, int box) {
        double[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        int face = 0;
        for (int n = 0; n < 3; n++) {
            // (u, w, n) is right-handed, so the corners above run counter-clockwise seen from +n
            int u = (n + 1) % 3;
            int w = (n + 2) % 3;
            for (int sign = 1; sign >= -1; sign -= 2) {
                int base = 24 * box + 4 * face;
                double[] normal = new double[3];
                normal[n] = sign;
                double[] nw = world(new double[3], a, normal);
                double len = Math.sqrt(nw[0] * nw[0] + nw[1] * nw[1] + nw[2] * nw[2]);
                for (int q = 0; q < 4; q++) {
                    double[] local = {m[0], m[1], m[2]};
                    local[n] += sign * m[3 + n];
                    local[u] += corners[q][0] * m[3 + u];
                    local[w] += corners[q][1] * m[3 + w];
                    double[] p = world(c, a, local);
                    up.put(p[0] * scale, p[1] * scale, p[2] * scale, pos, 3 * (base + q));
                    up.put(nw[0] / len, nw[1] / len, nw[2] / len, nrm, 3 * (base + q));
                    uv[2 * (base + q)] = (float) (0.5 * (corners[q][0] + 1));
                    uv[2 * (base + q) + 1] = (float) (0.5 * (corners[q][1] + 1));
                }
                int[] order = sign > 0 ? new int[] {0, 1, 2, 0, 2, 3} : new int[] {0, 2, 1, 0, 3, 2};
                int t = 36 * box + 6 * face;
                for (int i = 0; i < 6; i++) {
                    idx[t + i] = base + order[i];
                }
                face++;
            }
        }
    }

    private static double[] world(double[] c, double[][] a, double[] local) {
        return new double[] {
            c[0] + a[0][0] * local[0] + a[1][0] * local[1] + a[2][0] * local[2],
            c[1] + a[0][1] * local[0] + a[1][1] * local[1] + a[2][1] * local[2],
            c[2] + a[0][2] * local[0] + a[1][2] * local[1] + a[2][2] * local[2],
        };
    }

    private static MeshPart tube(GateCourseSnapshot c, int env, int l, double scale, double r, UpAxis up) {
        int s = TUBE_SIDES;
        float[] pos = new float[3 * s * l];
        float[] nrm = new float[pos.length];
        float[] uv = new float[2 * s * l];
        int[] idx = new int[6 * s * l];
        float[] p = c.linePoints();
        int o = 3 * env * c.lineMax();
        for (int i = 0; i < l; i++) {
            int prev = o + 3 * ((i + l - 1) % l);
            int next = o + 3 * ((i + 1) % l);
            int at = o + 3 * i;
            finite("course-line sample " + i + " of env " + env, p[at] + p[at + 1] + p[at + 2]);
            double[] t = unit(p[next] - p[prev], p[next + 1] - p[prev + 1], p[next + 2] - p[prev + 2]);
            if (t == null) {
                t = new double[] {1, 0, 0};
            }
            // ring axes: horizontal normal u (or x-based where the line is vertical) and v = t x u
            double[] u = unit(-t[1], t[0], 0);
            if (u == null) {
                u = unit(0, -t[2], t[1]);
            }
            double[] v = {t[1] * u[2] - t[2] * u[1], t[2] * u[0] - t[0] * u[2], t[0] * u[1] - t[1] * u[0]};
            for (int j = 0; j < s; j++) {
                double ang = 2 * Math.PI * j / s;
                double nx = Math.cos(ang) * u[0] + Math.sin(ang) * v[0];
                double ny = Math.cos(ang) * u[1] + Math.sin(ang) * v[1];
                double nz = Math.cos(ang) * u[2] + Math.sin(ang) * v[2];
                int vi = i * s + j;
                up.put((p[at] + r * nx) * scale, (p[at + 1] + r * ny) * scale, (p[at + 2] + r * nz) * scale, pos, 3 * vi);
                up.put(nx, ny, nz, nrm, 3 * vi);
                uv[2 * vi] = (float) j / s;
                uv[2 * vi + 1] = (float) i / l;
            }
        }
        for (int i = 0; i < l; i++) {
            int i1 = (i + 1) % l;
            for (int j = 0; j < s; j++) {
                int j1 = (j + 1) % s;
                int a = i * s + j;
                int b = i * s + j1;
                int cc = i1 * s + j;
                int d = i1 * s + j1;
                int t = 6 * (i * s + j);
                // ring index j runs counter-clockwise about the tangent, so (a, b, d) faces outwards
                idx[t] = a;
                idx[t + 1] = b;
                idx[t + 2] = d;
                idx[t + 3] = a;
                idx[t + 4] = d;
                idx[t + 5] = cc;
            }
        }
        return new MeshPart("course_line", pos, nrm, uv, idx);
    }

    private static double[] unit(double x, double y, double z) {
        double n = Math.sqrt(x * x + y * y + z * z);
        return n > 1e-12 ? new double[] {x / n, y / n, z / n} : null;
    }

    private static void finite(String what, double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " is not finite");
        }
    }
}
