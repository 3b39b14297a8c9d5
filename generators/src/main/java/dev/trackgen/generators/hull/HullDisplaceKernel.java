package dev.trackgen.generators.hull;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The midpoint-displacement layer of the hull generator, one thread per environment
 * ({@code dim = E}).
 *
 * <p>{@code tg_hull_displace(sorted, count, seeds, P, disp, edgeCap, aug, augCount)}: with
 * {@code m = clamp(count[e], 1, P)} angle-sorted corners {@code v_i} and their centroid {@code c}
 * (sums in double), writes the augmented loop of {@code 2m} points
 * {@code aug[2i] = v_i}, {@code aug[2i+1] = M_i + r_i * (M_i - c) / max(|M_i - c|, 1e-8)} where
 * {@code M_i = (v_i + v_{i+1 mod m}) / 2} and
 * {@code r_i = clamp((2 u_i - 1) * disp * |M_i - c|, -edgeCap * l_i, edgeCap * l_i)},
 * {@code u_i} draw {@code i} of the seed's {@link GeneratorKernels#STREAM_HULL_DISPLACEMENT} stream and
 * {@code l_i = |v_{i+1} - v_i|} the edge length: positive {@code r_i} bulges a lobe outward,
 * negative pinches the edge inward. The original bounds the displacement by the centroid distance
 * only; the edge bound (a deliberate addition, see {@link HullGenerator#EDGE_CAP}) keeps short
 * edges from turning into needle spikes. Rows {@code 2m .. 2P-1} are NaN and
 * {@code augCount[e] = 2m}.
 *
 * <p>Shapes: {@code sorted: [E*P]} pairs; {@code count, seeds, augCount: [E]};
 * {@code aug: [E*2P]} pairs.
 */
public final class HullDisplaceKernel extends HullDisplaceKernelBase {
    /** The kernel instance. */
    public static final HullDisplaceKernel INSTANCE = new HullDisplaceKernel();

    private HullDisplaceKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_HULL, perEnvironment = true)
    interface Signature {
        void tg_hull_displace(@In Vec2Array sorted, @In I32Array count, @In I32Array seeds, int P, float disp,
                float edgeCap, @Out Vec2Array aug, @Out I32Array augCount);
    }

    @Override
    protected void run(int begin, int end, float[] v, int[] count, int[] seeds, int p, float disp, float edgeCap,
                       float[] aug, int[] augCount) {
        for (int e = begin; e < end; e++) {
            int sb = e * p;
            int ab = e * 2 * p;
            int m = Math.min(Math.max(count[e], 1), p);
            double sx = 0.0;
            double sy = 0.0;
            for (int i = 0; i < m; i++) {
                sx += v[2 * (sb + i)];
                sy += v[2 * (sb + i) + 1];
            }
            float cx = (float) (sx / m);
            float cy = (float) (sy / m);
            int seed = seeds[e];
            for (int i = 0; i < m; i++) {
                int j = (i + 1) % m;
                float x0 = v[2 * (sb + i)];
                float y0 = v[2 * (sb + i) + 1];
                float mx = 0.5f * (x0 + v[2 * (sb + j)]);
                float my = 0.5f * (y0 + v[2 * (sb + j) + 1]);
                float rx = mx - cx;
                float ry = my - cy;
                float rlen = Geometry.length(rx, ry);
                float inv = 1f / Math.max(rlen, 1.0e-8f);
                float amt = (CounterRng.uniform(seed, GeneratorKernels.STREAM_HULL_DISPLACEMENT, i) * 2f - 1f)
                        * disp * rlen;
                float cap = edgeCap * Geometry.length(v[2 * (sb + j)] - x0, v[2 * (sb + j) + 1] - y0);
                amt = Math.max(-cap, Math.min(cap, amt));
                aug[2 * (ab + 2 * i)] = x0;
                aug[2 * (ab + 2 * i) + 1] = y0;
                aug[2 * (ab + 2 * i + 1)] = mx + amt * rx * inv;
                aug[2 * (ab + 2 * i + 1) + 1] = my + amt * ry * inv;
            }
            for (int k = 2 * m; k < 2 * p; k++) {
                aug[2 * (ab + k)] = Float.NaN;
                aug[2 * (ab + k) + 1] = Float.NaN;
            }
            augCount[e] = 2 * m;
        }
    }
}
