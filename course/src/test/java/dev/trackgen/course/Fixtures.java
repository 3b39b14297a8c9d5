package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Shared test batches: real generated tracks of every generator, analytic shapes, and double references. */
public final class Fixtures {
    /** Every built-in generator with a batch size that keeps the tests fast. */
    public static final Map<String, Integer> GENERATORS = Map.of("bezier", 48, "hull", 32, "polar", 32, "voronoi", 32,
            "checkpoint", 32, "circuit", 6, "repulsive", 6);

    private static CpuRuntime runtime;
    private static final Map<String, Batch> CACHE = new ConcurrentHashMap<>();

    private Fixtures() {
    }

    /** @return a shared two-thread CPU runtime */
    public static synchronized CpuRuntime runtime() {
        if (runtime == null) {
            runtime = new CpuRuntime(2, false);
        }
        return runtime;
    }

    /** One generated batch: its config, track (on {@link #runtime()}) and host snapshot. */
    public record Batch(String generator, TrackGenConfig config, Track track, TrackSnapshot host) {
        /** @return the half width */
        public double halfWidth() {
            return config.halfWidth();
        }
    }

    /** @return the sorted generator names */
    public static List<String> generators() {
        return GENERATORS.keySet().stream().sorted().toList();
    }

    /**
     * @param generator generator name
     * @param envs      batch size
     * @param seed      base seed
     * @return a generated batch (cached per arguments; treat as read-only)
     */
    public static Batch batch(String generator, int envs, int seed) {
        return CACHE.computeIfAbsent(generator + "/" + envs + "/" + seed, k -> {
            TrackGenConfig c = TrackGenConfig.builder().generator(generator).numEnvs(envs).runtime("cpu").build();
            TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(PerEnvSeededRng.fromScalar(envs, seed))
                    .runtime(runtime()).build();
            Track t = gen.generate();
            return new Batch(generator, c, t, t.snapshot());
        });
    }

    /** @return the default-size batch of a generator, seed 0 */
    public static Batch batch(String generator) {
        return batch(generator, GENERATORS.get(generator), 0);
    }

    /**
     * A track batch filled directly from closed polylines (one per env, {@code loops[e]}
     * interleaved), with frames, arc length, borders at {@code hw} computed in double.
     *
     * @param rt    runtime
     * @param loops per env, interleaved x, y
     * @param nMax  stride, at least the longest loop
     * @param hw    half width
     * @return the track
     */
    public static Track fromLoops(ComputeRuntime rt, double[][] loops, int nMax, double hw) {
        int envs = loops.length;
        Track t = Track.allocate(rt, envs, nMax);
        float[] center = nan(2 * envs * nMax);
        float[] tangent = nan(2 * envs * nMax);
        float[] normal = nan(2 * envs * nMax);
        float[] inner = nan(2 * envs * nMax);
        float[] outer = nan(2 * envs * nMax);
        float[] arclen = nan(envs * nMax);
        float[] halfWidth = nan(envs * nMax);
        float[] length = new float[envs];
        float[] winding = new float[envs];
        int[] valid = new int[envs];
        int[] count = new int[envs];
        for (int e = 0; e < envs; e++) {
            double[] p = loops[e];
            int n = p.length / 2;
            count[e] = n;
            valid[e] = 1;
            double area = 0;
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                area += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
            }
            double w = Math.signum(area);
            winding[e] = (float) w;
            double acc = 0;
            for (int i = 0; i < n; i++) {
                int b = e * nMax + i;
                int ip = (i + n - 1) % n;
                int in = (i + 1) % n;
                double tx = p[2 * in] - p[2 * ip];
                double ty = p[2 * in + 1] - p[2 * ip + 1];
                double l = Math.hypot(tx, ty);
                tx /= l;
                ty /= l;
                center[2 * b] = (float) p[2 * i];
                center[2 * b + 1] = (float) p[2 * i + 1];
                tangent[2 * b] = (float) tx;
                tangent[2 * b + 1] = (float) ty;
                normal[2 * b] = (float) -ty;
                normal[2 * b + 1] = (float) tx;
                // the left normal points inside a counter-clockwise loop
                double ix = p[2 * i] + w * hw * -ty;
                double iy = p[2 * i + 1] + w * hw * tx;
                double ox = p[2 * i] - w * hw * -ty;
                double oy = p[2 * i + 1] - w * hw * tx;
                inner[2 * b] = (float) ix;
                inner[2 * b + 1] = (float) iy;
                outer[2 * b] = (float) ox;
                outer[2 * b + 1] = (float) oy;
                arclen[b] = (float) acc;
                halfWidth[b] = (float) hw;
                acc += Math.hypot(p[2 * in] - p[2 * i], p[2 * in + 1] - p[2 * i + 1]);
            }
            length[e] = (float) acc;
        }
        rt.upload(center, t.center());
        rt.upload(tangent, t.tangent());
        rt.upload(normal, t.normal());
        rt.upload(inner, t.inner());
        rt.upload(outer, t.outer());
        rt.upload(arclen, t.arclen());
        rt.upload(length, t.length());
        rt.upload(winding, t.winding());
        rt.upload(valid, t.valid());
        rt.upload(count, t.count());
        rt.upload(halfWidth, t.leftHalfWidth());
        rt.upload(halfWidth, t.rightHalfWidth());
        return t;
    }

    /**
     * @param r   radius
     * @param n   points
     * @param ccw counter-clockwise
     * @return a circle polyline starting at angle 0
     */
    public static double[] circle(double r, int n, boolean ccw) {
        double[] p = new double[2 * n];
        for (int i = 0; i < n; i++) {
            double a = (ccw ? 1 : -1) * 2 * Math.PI * i / n;
            p[2 * i] = r * Math.cos(a);
            p[2 * i + 1] = r * Math.sin(a);
        }
        return p;
    }

    /**
     * A counter-clockwise stadium: two straights of length {@code a} joined by half circles of
     * radius {@code r} centred at {@code (+-a/2, 0)}, points every {@code h} (about), starting at the
     * left end {@code (-a/2, -r)} of the bottom straight.
     */
    public static double[] stadium(double a, double r, double h) {
        int ns = (int) Math.round(a / h);
        int na = (int) Math.round(Math.PI * r / h);
        double[] p = new double[2 * 2 * (ns + na)];
        int k = 0;
        for (int side = 0; side < 2; side++) {
            double sg = side == 0 ? 1 : -1;
            for (int i = 0; i < ns; i++) {
                p[k++] = sg * (-a / 2 + a * i / ns);
                p[k++] = -sg * r;
            }
            for (int i = 0; i < na; i++) {
                double t = -Math.PI / 2 + Math.PI * i / na + (side == 0 ? 0 : Math.PI);
                p[k++] = sg * a / 2 + r * Math.cos(t);
                p[k++] = r * Math.sin(t);
            }
        }
        return p;
    }

    private static float[] nan(int n) {
        float[] a = new float[n];
        java.util.Arrays.fill(a, Float.NaN);
        return a;
    }

    /** A nearest point of a polyline, in double. */
    public record Projection(double dist, double s, int segment, double side) {
    }

    /**
     * Brute-force projection onto env {@code e}'s closed centerline, in double.
     *
     * @return the nearest segment (ties: lowest index), distance, arc length and the side sign
     *     (+1 left of travel)
     */
    public static Projection project(TrackSnapshot h, int e, double px, double py) {
        int n = h.count(e);
        int b = e * h.nMax();
        float[] c = h.center();
        double best = Double.POSITIVE_INFINITY;
        int bi = -1;
        double bu = 0;
        double side = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double ax = c[2 * (b + i)];
            double ay = c[2 * (b + i) + 1];
            double dx = c[2 * (b + j)] - ax;
            double dy = c[2 * (b + j) + 1] - ay;
            double l2 = dx * dx + dy * dy;
            double u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
            double d = Math.hypot(px - ax - u * dx, py - ay - u * dy);
            if (d < best) {
                best = d;
                bi = i;
                bu = u * Math.sqrt(l2);
                side = Math.signum(dx * (py - ay) - dy * (px - ax));
            }
        }
        return new Projection(best, h.arclen()[b + bi] + bu, bi, side);
    }

    /**
     * @return how much nearer the nearest point of env {@code e}'s centerline is than the nearest
     *     point more than {@code gap} away from it in arc length (small where a projection is
     *     ambiguous between two branches of the loop)
     */
    public static double ambiguity(TrackSnapshot h, int e, double px, double py, double gap) {
        Projection p = project(h, e, px, py);
        int n = h.count(e);
        int b = e * h.nMax();
        float[] c = h.center();
        double lap = h.length()[e];
        double other = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double ds = Math.abs(h.arclen()[b + i] - p.s());
            if (Math.min(ds, lap - ds) < gap) {
                continue;
            }
            int j = (i + 1) % n;
            double ax = c[2 * (b + i)];
            double ay = c[2 * (b + i) + 1];
            double dx = c[2 * (b + j)] - ax;
            double dy = c[2 * (b + j) + 1] - ay;
            double l2 = dx * dx + dy * dy;
            double u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
            other = Math.min(other, Math.hypot(px - ax - u * dx, py - ay - u * dy));
        }
        return other - p.dist();
    }

    /**
     * @return the point at arc length {@code s} (any real, wrapped) of env {@code e}'s closed
     *     centerline, interpolated in double, as {x, y}
     */
    public static double[] pointAt(TrackSnapshot h, int e, double s) {
        int n = h.count(e);
        int b = e * h.nMax();
        double lap = h.length()[e];
        s = ((s % lap) + lap) % lap;
        float[] arc = h.arclen();
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (arc[b + mid] <= s) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        int j = (lo + 1) % n;
        double seg = (lo + 1 == n ? lap : arc[b + lo + 1]) - arc[b + lo];
        double f = seg > 0 ? Math.max(0, Math.min(1, (s - arc[b + lo]) / seg)) : 0;
        float[] c = h.center();
        return new double[] {c[2 * (b + lo)] + f * (c[2 * (b + j)] - c[2 * (b + lo)]),
                c[2 * (b + lo) + 1] + f * (c[2 * (b + j) + 1] - c[2 * (b + lo) + 1])};
    }

    /** @return the distance from (px, py) to env {@code e}'s closed centerline, in double */
    public static double distance(TrackSnapshot h, int e, double px, double py) {
        return project(h, e, px, py).dist();
    }
}
