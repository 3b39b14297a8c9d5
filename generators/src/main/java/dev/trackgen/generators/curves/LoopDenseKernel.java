package dev.trackgen.generators.curves;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Dense samples of a closed loop through control points, one thread per sample
 * ({@code dim = E * stride * npseg}): a closed uniform Catmull-Rom spline, or the straight control
 * polygon (the fallback of self-crossing splines).
 *
 * <p>{@code tg_loop_dense(ctrl, stride, count, npseg, withEnd, polygon, active, centripetal, out)}: env
 * {@code e} has {@code c = count[e]} control points at {@code ctrl[e*stride ..]}. Sample
 * {@code s} of segment {@code i} (from point {@code i} to point {@code i+1 mod c}) lies at
 * {@code u = s / (npseg - 1)} when {@code withEnd != 0} (both ends sampled), else at
 * {@code u = s / npseg} (the segment's end is the next segment's start). With {@code polygon == 0}
 * it is the tension-1/2 Catmull-Rom point
 * <pre>
 *   C(u) = 0.5 * (2 P1 + (P2 - P0) u + (2 P0 - 5 P1 + 4 P2 - P3) u^2 + (3 P1 - P0 - 3 P2 + P3) u^3)
 * </pre>
 * with {@code P0..P3} the points {@code i-1, i, i+1, i+2} (indices modulo {@code c}), which passes
 * through every control point. With {@code centripetal != 0} the spline is the centripetal
 * Catmull-Rom instead (knot steps {@code |P_{k+1} - P_k|^(1/2)}, floored at 1e-4, evaluated by the
 * Barry-Goldman pyramid at {@code t = t1 + u (t2 - t1)}): it interpolates the same points but
 * never forms cusps or loops inside a segment where neighbouring control edges differ a lot in
 * length. With {@code polygon != 0} it is {@code (1 - u) P1 + u P2}, written
 * only for envs with {@code active[e] > 0} (other rows are left untouched). Segments
 * {@code i >= c}, and every segment when {@code c < 2}, are NaN, which the arc-length resample
 * drops.
 *
 * <p>Shapes: {@code ctrl: [E*stride]} pairs; {@code count, active: [E]};
 * {@code out: [E*stride*npseg]} pairs.
 */
public final class LoopDenseKernel extends LoopDenseKernelBase {
    /** The kernel instance. */
    public static final LoopDenseKernel INSTANCE = new LoopDenseKernel();

    private LoopDenseKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX)
    interface Signature {
        void tg_loop_dense(@In Vec2Array ctrl, int stride, @In I32Array count, int npseg, int withEnd, int polygon,
                @In I32Array active, int centripetal, @Out Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] c, int stride, int[] count, int npseg, int withEndArg,
                       int polygonArg, int[] activeArg, int centripetalArg, float[] outArg) {
        boolean withEnd = withEndArg != 0;
        boolean polygon = polygonArg != 0;
        int[] active = activeArg;
        boolean centripetal = centripetalArg != 0;
        float[] out = outArg;
        int perEnv = stride * npseg;
        float inv = step(npseg, withEnd);
        for (int t = begin; t < end; t++) {
            int e = t / perEnv;
            if (polygon && active[e] <= 0) {
                t = Math.min(end, (e + 1) * perEnv) - 1;
                continue;
            }
            int rem = t - e * perEnv;
            int i = rem / npseg;
            sample(c, e * stride, count[e], i, rem - i * npseg, inv, polygon, centripetal, out, t);
        }
    }

    /**
     * The step between samples: {@code 1 / (npseg - 1)} with both ends sampled, else {@code 1 / npseg}.
     *
     * @param npseg   samples per segment
     * @param withEnd whether both ends of a segment are sampled
     * @return the parameter step
     */
    static float step(int npseg, boolean withEnd) {
        return 1f / (float) (withEnd ? npseg - 1 : npseg);
    }

    /**
     * Every sample of one env, {@code stride * npseg} pairs from {@code out[ob]}: this kernel's body
     * for the env's threads in order, shared with {@link LoopResampleHostKernel}.
     *
     * @param c           control points, pairs
     * @param b           the env's first control point
     * @param cnt         the env's control points
     * @param stride      control slots per env
     * @param npseg       samples per segment
     * @param inv         {@link #step}
     * @param polygon     straight polygon instead of the spline
     * @param centripetal centripetal instead of uniform Catmull-Rom
     * @param out         output pairs
     * @param ob          the env's first output point
     */
    static void denseEnv(float[] c, int b, int cnt, int stride, int npseg, float inv, boolean polygon,
                         boolean centripetal, float[] out, int ob) {
        // the samples of one segment share its control points and knot steps: they are read and
        // computed once per segment, then each sample does what sample() does after them
        for (int i = 0; i < stride; i++) {
            int t0 = ob + i * npseg;
            if (i >= cnt || cnt < 2) {
                for (int s = 0; s < npseg; s++) {
                    out[2 * (t0 + s)] = Float.NaN;
                    out[2 * (t0 + s) + 1] = Float.NaN;
                }
                continue;
            }
            int i1 = b + i;
            int i2 = b + (i + 1) % cnt;
            float p1x = c[2 * i1];
            float p1y = c[2 * i1 + 1];
            float p2x = c[2 * i2];
            float p2y = c[2 * i2 + 1];
            if (polygon) {
                for (int s = 0; s < npseg; s++) {
                    float u = s * inv;
                    out[2 * (t0 + s)] = (1f - u) * p1x + u * p2x;
                    out[2 * (t0 + s) + 1] = (1f - u) * p1y + u * p2y;
                }
                continue;
            }
            int i0 = b + (i + cnt - 1) % cnt;
            int i3 = b + (i + 2) % cnt;
            float p0x = c[2 * i0];
            float p0y = c[2 * i0 + 1];
            float p3x = c[2 * i3];
            float p3y = c[2 * i3 + 1];
            if (centripetal) {
                float d01 = knotStep(p1x - p0x, p1y - p0y);
                float d12 = knotStep(p2x - p1x, p2y - p1y);
                float d23 = knotStep(p3x - p2x, p3y - p2y);
                for (int s = 0; s < npseg; s++) {
                    float u = s * inv;
                    out[2 * (t0 + s)] = barryGoldman(p0x, p1x, p2x, p3x, d01, d12, d23, u);
                    out[2 * (t0 + s) + 1] = barryGoldman(p0y, p1y, p2y, p3y, d01, d12, d23, u);
                }
                continue;
            }
            for (int s = 0; s < npseg; s++) {
                float u = s * inv;
                out[2 * (t0 + s)] = catmullRom(p0x, p1x, p2x, p3x, u);
                out[2 * (t0 + s) + 1] = catmullRom(p0y, p1y, p2y, p3y, u);
            }
        }
    }

    /** Sample {@code s} of segment {@code i} of the env whose control points start at {@code b}, into pair {@code t}. */
    private static void sample(float[] c, int b, int cnt, int i, int s, float inv, boolean polygon,
                               boolean centripetal, float[] out, int t) {
        if (i >= cnt || cnt < 2) {
            out[2 * t] = Float.NaN;
            out[2 * t + 1] = Float.NaN;
            return;
        }
        int i1 = b + i;
        int i2 = b + (i + 1) % cnt;
        float u = s * inv;
        float p1x = c[2 * i1];
        float p1y = c[2 * i1 + 1];
        float p2x = c[2 * i2];
        float p2y = c[2 * i2 + 1];
        if (polygon) {
            out[2 * t] = (1f - u) * p1x + u * p2x;
            out[2 * t + 1] = (1f - u) * p1y + u * p2y;
            return;
        }
        int i0 = b + (i + cnt - 1) % cnt;
        int i3 = b + (i + 2) % cnt;
        if (centripetal) {
            float p0x = c[2 * i0];
            float p0y = c[2 * i0 + 1];
            float p3x = c[2 * i3];
            float p3y = c[2 * i3 + 1];
            float d01 = knotStep(p1x - p0x, p1y - p0y);
            float d12 = knotStep(p2x - p1x, p2y - p1y);
            float d23 = knotStep(p3x - p2x, p3y - p2y);
            out[2 * t] = barryGoldman(p0x, p1x, p2x, p3x, d01, d12, d23, u);
            out[2 * t + 1] = barryGoldman(p0y, p1y, p2y, p3y, d01, d12, d23, u);
            return;
        }
        out[2 * t] = catmullRom(c[2 * i0], p1x, p2x, c[2 * i3], u);
        out[2 * t + 1] = catmullRom(c[2 * i0 + 1], p1y, p2y, c[2 * i3 + 1], u);
    }

    /** Centripetal knot step {@code sqrt(|d|)}, floored so coincident points keep distinct knots. */
    static float knotStep(float dx, float dy) {
        return Math.max((float) Math.sqrt(Math.sqrt(dx * dx + dy * dy)), 1.0e-4f);
    }

    /**
     * One coordinate of the non-uniform Catmull-Rom segment from {@code p1} to {@code p2} with knot
     * steps {@code d01, d12, d23}, by the Barry-Goldman pyramid.
     *
     * @return the coordinate at parameter {@code u} of the middle interval
     */
    static float barryGoldman(float p0, float p1, float p2, float p3, float d01, float d12, float d23, float u) {
        float t1 = d01;
        float t2 = t1 + d12;
        float t3 = t2 + d23;
        float t = t1 + u * d12;
        float a1 = ((t1 - t) * p0 + t * p1) / d01;
        float a2 = ((t2 - t) * p1 + (t - t1) * p2) / d12;
        float a3 = ((t3 - t) * p2 + (t - t2) * p3) / d23;
        float b1 = ((t2 - t) * a1 + t * a2) / t2;
        float b2 = ((t3 - t) * a2 + (t - t1) * a3) / (t3 - t1);
        return ((t2 - t) * b1 + (t - t1) * b2) / d12;
    }

    /**
     * One coordinate of the uniform Catmull-Rom segment from {@code p1} to {@code p2}.
     *
     * @return the coordinate at parameter {@code u}
     */
    static float catmullRom(float p0, float p1, float p2, float p3, float u) {
        float u2 = u * u;
        float u3 = u2 * u;
        return 0.5f * (2f * p1 + (p2 - p0) * u + (2f * p0 - 5f * p1 + 4f * p2 - p3) * u2
                + (3f * p1 - p0 - 3f * p2 + p3) * u3);
    }
}
