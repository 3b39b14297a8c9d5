package dev.trackgen.course.collision;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;

import java.util.Arrays;
import java.util.Random;

/** Tracks and boxes for the collision and props tests. */
public final class Fixtures {
    /** The built-in generators the tests draw from (repulsive at a small size, it is slow). */
    public static final String[] GENERATORS = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit",
            "repulsive"};

    private Fixtures() {
    }

    /** Host box inputs. */
    public record HostBoxes(int boxesPerEnv, float[] position, float[] heading, float[] halfExtents) {
        /** @return the boxes uploaded to new arrays on a runtime */
        public Boxes upload(ComputeRuntime rt) {
            int n = heading.length;
            Boxes b = new Boxes(boxesPerEnv, rt.allocVec2(n), rt.allocF32(n), rt.allocVec2(n));
            rt.upload(position, b.position());
            rt.upload(heading, b.heading());
            rt.upload(halfExtents, b.halfExtents());
            return b;
        }
    }

    /** @return a generator's configuration at a test size */
    public static TrackGenConfig config(String name, int envs) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(TrackGenLauncher.discover().generator(name))
                .numEnvs(envs).runtime("cpu");
        if (name.equals("repulsive")) {
            b.set("num_points", "64").set("repulsive_stages", "16,32,64").set("repulsive_grow_mult_min", "2")
                    .set("repulsive_grow_mult_max", "2.5").set("repulsive_settle_iters", "16");
        }
        return b.build();
    }

    /** @return an open generator on a runtime, one batch generated */
    public static TrackGenerator generated(String name, int envs, int seed, ComputeRuntime rt) {
        return generated(name, envs, seed, rt, java.util.Map.of());
    }

    /** @return an open generator on a runtime with extra knobs ({@code name -> text}), one batch generated */
    public static TrackGenerator generated(String name, int envs, int seed, ComputeRuntime rt,
                                           java.util.Map<String, String> knobs) {
        TrackGenConfig.Builder b = config(name, envs).toBuilder();
        knobs.forEach(b::set);
        TrackGenerator g = TrackGenLauncher.discover().builder(b.build()).rng(PerEnvSeededRng.fromScalar(envs, seed))
                .runtime(rt).build();
        g.generate();
        return g;
    }

    /**
     * A ring road: every env the same circle of radius {@code r0} around {@code (10 e, 0)}
     * (counter-clockwise), borders at {@code r0 -+ w}, {@code n} points.
     */
    public static Track circle(ComputeRuntime rt, int envs, int n, double r0, double w) {
        Track t = Track.allocate(rt, envs, n);
        float[] c = new float[2 * envs * n];
        float[] in = new float[2 * envs * n];
        float[] out = new float[2 * envs * n];
        int[] count = new int[envs];
        int[] valid = new int[envs];
        for (int e = 0; e < envs; e++) {
            count[e] = n;
            valid[e] = 1;
            for (int i = 0; i < n; i++) {
                double a = 2 * Math.PI * i / n;
                int k = 2 * (e * n + i);
                double ox = 10.0 * e;
                c[k] = (float) (ox + r0 * Math.cos(a));
                c[k + 1] = (float) (r0 * Math.sin(a));
                in[k] = (float) (ox + (r0 - w) * Math.cos(a));
                in[k + 1] = (float) ((r0 - w) * Math.sin(a));
                out[k] = (float) (ox + (r0 + w) * Math.cos(a));
                out[k + 1] = (float) ((r0 + w) * Math.sin(a));
            }
        }
        rt.upload(c, t.center());
        rt.upload(in, t.inner());
        rt.upload(out, t.outer());
        rt.upload(count, t.count());
        rt.upload(valid, t.valid());
        return t;
    }

    /** @return a track on {@code rt} holding the snapshot's contents, per-point widths included */
    public static Track upload(ComputeRuntime rt, TrackSnapshot h) {
        return Track.fromSnapshot(rt, h);
    }

    /**
     * Random boxes on and around the road of every valid env (NaN boxes on invalid ones): most
     * within 1.6 local half-widths of the centerline (the wider side's at the point drawn; the
     * given half-width where the snapshot has none), heading near the tangent, a tenth anywhere
     * in the track's bounding box. Box sizes scale with the given half-width.
     */
    public static HostBoxes randomBoxes(TrackSnapshot s, int perEnv, float halfWidth, long seed) {
        Random r = new Random(seed);
        int envs = s.numEnvs();
        int n = envs * perEnv;
        float[] pos = new float[2 * n];
        float[] head = new float[n];
        float[] he = new float[2 * n];
        Arrays.fill(pos, Float.NaN);
        Arrays.fill(head, Float.NaN);
        Arrays.fill(he, Float.NaN);
        float[] c = s.center();
        float[] tan = s.tangent();
        float[] nor = s.normal();
        float[] outer = s.outer();
        for (int e = 0; e < envs; e++) {
            int m = s.count()[e];
            if (s.valid()[e] == 0 || m < 3) {
                continue;
            }
            int base = e * s.nMax();
            double minX = Double.MAX_VALUE;
            double minY = Double.MAX_VALUE;
            double maxX = -Double.MAX_VALUE;
            double maxY = -Double.MAX_VALUE;
            for (int i = 0; i < m; i++) {
                minX = Math.min(minX, outer[2 * (base + i)]);
                maxX = Math.max(maxX, outer[2 * (base + i)]);
                minY = Math.min(minY, outer[2 * (base + i) + 1]);
                maxY = Math.max(maxY, outer[2 * (base + i) + 1]);
            }
            for (int b = 0; b < perEnv; b++) {
                int t = e * perEnv + b;
                double x;
                double y;
                double h;
                if (r.nextInt(10) == 0) {
                    x = minX + r.nextDouble() * (maxX - minX);
                    y = minY + r.nextDouble() * (maxY - minY);
                    h = r.nextDouble() * 2 * Math.PI - Math.PI;
                } else {
                    int i = r.nextInt(m);
                    int k = 2 * (base + i);
                    double u = (r.nextDouble() * 3.2 - 1.6) * localHalfWidth(s, base + i, halfWidth);
                    double v = (r.nextDouble() - 0.5) * halfWidth;
                    x = c[k] + u * nor[k] + v * tan[k];
                    y = c[k + 1] + u * nor[k + 1] + v * tan[k + 1];
                    h = Math.atan2(tan[k + 1], tan[k]) + r.nextGaussian() * (r.nextInt(4) == 0 ? 1.5 : 0.3);
                }
                pos[2 * t] = (float) x;
                pos[2 * t + 1] = (float) y;
                head[t] = (float) h;
                he[2 * t] = (float) ((0.1 + 0.4 * r.nextDouble()) * halfWidth);
                he[2 * t + 1] = (float) ((0.05 + 0.25 * r.nextDouble()) * halfWidth);
            }
        }
        return new HostBoxes(perEnv, pos, head, he);
    }

    /** The wider side's half-width at slot {@code t}, or {@code fallback} where the widths are not finite and positive (a track uploaded without them). */
    private static float localHalfWidth(TrackSnapshot s, int t, float fallback) {
        float w = Math.max(s.leftHalfWidth()[t], s.rightHalfWidth()[t]);
        return w > 0 && Float.isFinite(w) ? w : fallback;
    }
}
