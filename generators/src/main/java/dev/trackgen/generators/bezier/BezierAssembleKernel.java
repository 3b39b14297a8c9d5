package dev.trackgen.generators.bezier;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Dense samples of the closed cubic Bezier loop through the sorted corners, one thread per sample
 * ({@code dim = E * P * npseg}).
 *
 * <p>{@code tg_bezier_assemble(corners, count, tangents, minEdge, P, npseg, rad, clamp, polygon,
 * active, out)}: segment {@code i} joins corner {@code i} to corner {@code i+1 mod count[e]} and
 * is sampled at {@code u = s / (npseg - 1)} with the Bernstein basis. Its handles leave
 * {@code c0} along its tangent and reach {@code c1} along its tangent, with lengths
 * {@code h = min(rad[e] * chord, clamp[e] * minEdge)} so a handle never overshoots a nearby
 * corner. With {@code polygon != 0} the handles are zero (the straight corner polygon, the
 * fallback for self-crossing curves) and only envs with {@code active[e] > 0} are written.
 * Segments past the count produce NaN, which the arc-length resample drops.
 *
 * <p>Shapes: {@code corners, tangents: [E*P]} pairs; {@code minEdge: [E*P]};
 * {@code count, rad, clamp, active: [E]}; {@code out: [E*P*npseg]} pairs.
 */
public final class BezierAssembleKernel extends BezierAssembleKernelBase {
    /** The kernel instance. */
    public static final BezierAssembleKernel INSTANCE = new BezierAssembleKernel();

    private BezierAssembleKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX)
    interface Signature {
        void tg_bezier_assemble(@In Vec2Array corners, @In I32Array count, @In Vec2Array tangents, @In F32Array minEdge,
                int P, int npseg, @In F32Array rad, @In F32Array clamp, int polygon, @In I32Array active,
                @Out Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] c, int[] count, float[] tan, float[] minEdge, int p, int npseg,
                       float[] rad, float[] clamp, int polygonArg, int[] activeArg, float[] outArg) {
        boolean polygon = polygonArg != 0;
        int[] active = activeArg;
        float[] out = outArg;
        int perEnv = p * npseg;
        float inv = 1f / (float) (npseg - 1);
        // Walks env by env and segment by segment: the index is split into (env, segment, sample)
        // once per launch range instead of by three integer divisions per point, and each segment's
        // chord and handles are computed once for its samples (the same floats as per point).
        int t = begin;
        while (t < end) {
            int e = t / perEnv;
            int envEnd = Math.min(end, (e + 1) * perEnv);
            if (polygon && active[e] <= 0) {
                t = envEnd;
                continue;
            }
            int rem = t - e * perEnv;
            int i = rem / npseg;
            int s = rem - i * npseg;
            int cnt = count[e];
            int b = e * p;
            while (t < envEnd) {
                int segEnd = Math.min(envEnd, t + (npseg - s));
                if (i >= cnt) {
                    for (; t < segEnd; t++) {
                        out[2 * t] = Float.NaN;
                        out[2 * t + 1] = Float.NaN;
                    }
                } else {
                    int i0 = b + i;
                    int i1 = b + (i + 1) % cnt;
                    float c0x = c[2 * i0];
                    float c0y = c[2 * i0 + 1];
                    float c1x = c[2 * i1];
                    float c1y = c[2 * i1 + 1];
                    float h0 = 0f;
                    float h1 = 0f;
                    if (!polygon) {
                        float chord = Geometry.length(c1x - c0x, c1y - c0y);
                        h0 = Math.min(rad[e] * chord, clamp[e] * minEdge[i0]);
                        h1 = Math.min(rad[e] * chord, clamp[e] * minEdge[i1]);
                    }
                    float p1x = c0x + tan[2 * i0] * h0;
                    float p1y = c0y + tan[2 * i0 + 1] * h0;
                    float p2x = c1x - tan[2 * i1] * h1;
                    float p2y = c1y - tan[2 * i1 + 1] * h1;
                    for (; t < segEnd; t++, s++) {
                        float u = s * inv;
                        float w = 1f - u;
                        float b0 = w * w * w;
                        float b1 = 3f * u * w * w;
                        float b2 = 3f * u * u * w;
                        float b3 = u * u * u;
                        out[2 * t] = b0 * c0x + b1 * p1x + b2 * p2x + b3 * c1x;
                        out[2 * t + 1] = b0 * c0y + b1 * p1y + b2 * p2y + b3 * c1y;
                    }
                }
                i++;
                s = 0;
            }
        }
    }
}
