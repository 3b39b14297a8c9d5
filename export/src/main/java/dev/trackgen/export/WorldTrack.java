package dev.trackgen.export;

import dev.trackgen.api.TrackSnapshot;

/**
 * One track of a batch in metres: its {@code n} real points (the closed loop, first point not
 * repeated), scaled by the world scale about the origin of the generator's frame. Arrays are
 * interleaved {@code (x, y)} pairs of length {@code 2 n} unless said otherwise; the instance owns
 * them and returns them without copying.
 *
 * <p>Left and right are seen in the driving direction (the point order): the left border is the
 * one on the side of the track's left normals. Inner and outer are the snapshot's own borders
 * (inner = towards the inside of the loop).
 */
public final class WorldTrack {
    private final int n;
    private final double[] center;
    private final double[] left;
    private final double[] right;
    private final double[] inner;
    private final double[] outer;
    private final double[] widthLeft;
    private final double[] widthRight;
    private final double[] centerZ;
    private final double[] leftZ;
    private final double[] rightZ;
    private final boolean flat;
    private final double[] arc;
    private final double length;
    private final double heading0;

    private WorldTrack(int n, double[] center, double[] left, double[] right, double[] inner, double[] outer,
                       double[] centerZ, double[] leftZ, double[] rightZ, double heading0) {
        this.n = n;
        this.centerZ = centerZ;
        this.leftZ = leftZ;
        this.rightZ = rightZ;
        boolean level = true;
        for (int i = 0; i < n; i++) {
            level &= centerZ[i] == 0 && leftZ[i] == 0 && rightZ[i] == 0;
        }
        this.flat = level;
        this.center = center;
        this.left = left;
        this.right = right;
        this.inner = inner;
        this.outer = outer;
        this.widthLeft = new double[n];
        this.widthRight = new double[n];
        this.arc = new double[n + 1];
        for (int i = 0; i < n; i++) {
            widthLeft[i] = Math.hypot(left[2 * i] - center[2 * i], left[2 * i + 1] - center[2 * i + 1]);
            widthRight[i] = Math.hypot(right[2 * i] - center[2 * i], right[2 * i + 1] - center[2 * i + 1]);
            int j = (i + 1) % n;
            arc[i + 1] = arc[i] + Math.hypot(center[2 * j] - center[2 * i], center[2 * j + 1] - center[2 * i + 1]);
        }
        this.length = arc[n];
        this.heading0 = heading0;
    }

    /**
     * @param snapshot   a batch
     * @param env        the env index, {@code [0, E)}
     * @param worldScale metres per track unit, {@code > 0}
     * @return track {@code env} in metres
     * @throws IllegalArgumentException if the env is out of range, has fewer than 3 points or a
     *                                  non-finite coordinate (invalid tracks can have both)
     */
    public static WorldTrack of(TrackSnapshot snapshot, int env, double worldScale) {
        if (env < 0 || env >= snapshot.numEnvs()) {
            throw new IllegalArgumentException("env " + env + " out of range [0, " + snapshot.numEnvs() + ")");
        }
        int n = snapshot.count(env);
        if (n < 3) {
            throw new IllegalArgumentException("env " + env + " has " + n + " points; a loop needs at least 3");
        }
        int base = 2 * env * snapshot.nMax();
        double[] c = new double[2 * n];
        double[] l = new double[2 * n];
        double[] r = new double[2 * n];
        double[] in = new double[2 * n];
        double[] out = new double[2 * n];
        float[] sc = snapshot.center();
        float[] so = snapshot.outer();
        float[] si = snapshot.inner();
        float[] sn = snapshot.normal();
        double[] cz = new double[n];
        double[] lz = new double[n];
        double[] rz = new double[n];
        int zb = env * snapshot.nMax();
        for (int k = 0; k < 2 * n; k += 2) {
            int a = base + k;
            double cx = sc[a];
            double cy = sc[a + 1];
            double ox = so[a];
            double oy = so[a + 1];
            double ix = si[a];
            double iy = si[a + 1];
            if (!Double.isFinite(cx + cy + ox + oy + ix + iy)) {
                throw new IllegalArgumentException("env " + env + " has a non-finite point at index " + k / 2);
            }
            boolean outerIsLeft = (ox - cx) * sn[a] + (oy - cy) * sn[a + 1] >= (ix - cx) * sn[a] + (iy - cy) * sn[a + 1];
            c[k] = cx * worldScale;
            c[k + 1] = cy * worldScale;
            in[k] = ix * worldScale;
            in[k + 1] = iy * worldScale;
            out[k] = ox * worldScale;
            out[k + 1] = oy * worldScale;
            double[] lsrc = outerIsLeft ? out : in;
            double[] rsrc = outerIsLeft ? in : out;
            l[k] = lsrc[k];
            l[k + 1] = lsrc[k + 1];
            r[k] = rsrc[k];
            r[k + 1] = rsrc[k + 1];
            // heights (the elevation stage's; a snapshot built without them holds 0s)
            double zc = finiteOrZero(snapshot.centerZ()[zb + k / 2]) * worldScale;
            double zo = finiteOrZero(snapshot.outerZ()[zb + k / 2]) * worldScale;
            double zi = finiteOrZero(snapshot.innerZ()[zb + k / 2]) * worldScale;
            cz[k / 2] = zc;
            lz[k / 2] = outerIsLeft ? zo : zi;
            rz[k / 2] = outerIsLeft ? zi : zo;
        }
        float[] t = snapshot.tangent();
        double heading = Math.atan2(t[base + 1], t[base]);
        return new WorldTrack(n, c, l, r, in, out, cz, lz, rz, heading);
    }

    private static double finiteOrZero(float v) {
        return Float.isFinite(v) ? v : 0.0;
    }

    /** @return centerline heights, {@code [n]} metres ({@code Track.centerZ()} scaled; 0 on a flat track) */
    public double[] centerZ() {
        return centerZ;
    }

    /** @return heights of the {@link #left()} border points, {@code [n]} metres */
    public double[] leftZ() {
        return leftZ;
    }

    /** @return heights of the {@link #right()} border points, {@code [n]} metres */
    public double[] rightZ() {
        return rightZ;
    }

    /** @return whether every height is 0 (the flat default): meshes then lie in the ground plane as before */
    public boolean flat() {
        return flat;
    }

    /** @return the number of points {@code n} */
    public int size() {
        return n;
    }

    /** @return centerline, {@code [2 n]} metres */
    public double[] center() {
        return center;
    }

    /** @return left border (driving direction), {@code [2 n]} metres */
    public double[] left() {
        return left;
    }

    /** @return right border (driving direction), {@code [2 n]} metres */
    public double[] right() {
        return right;
    }

    /** @return inner border (inside of the loop), {@code [2 n]} metres */
    public double[] inner() {
        return inner;
    }

    /** @return outer border, {@code [2 n]} metres */
    public double[] outer() {
        return outer;
    }

    /** @return distance from each centerline point to the left border, {@code [n]} metres */
    public double[] widthLeft() {
        return widthLeft;
    }

    /** @return distance from each centerline point to the right border, {@code [n]} metres */
    public double[] widthRight() {
        return widthRight;
    }

    /**
     * @return cumulative centerline arc length, {@code [n + 1]} metres: {@code arc[0] = 0},
     *         {@code arc[n]} = the closed perimeter
     */
    public double[] arc() {
        return arc;
    }

    /** @return the closed centerline perimeter, metres */
    public double length() {
        return length;
    }

    /** @return the start pose: point 0 and the heading of its tangent */
    public StartPose startPose() {
        return new StartPose(center[0], center[1], heading0);
    }

    /**
     * @return the bounding box of both borders, {@code {minX, minY, maxX, maxY}} metres
     */
    public double[] bounds() {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NEGATIVE_INFINITY};
        for (double[] arr : new double[][] {left, right, center}) {
            for (int k = 0; k < arr.length; k += 2) {
                b[0] = Math.min(b[0], arr[k]);
                b[1] = Math.min(b[1], arr[k + 1]);
                b[2] = Math.max(b[2], arr[k]);
                b[3] = Math.max(b[3], arr[k + 1]);
            }
        }
        return b;
    }
}
