package dev.trackgen.generators.corners;

import dev.trackgen.api.kernel.Fdlibm;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Angle sort of the kept corners, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_corner_sort(corners, P, count, keys, out)}: the first {@code m = count[e]} corners
 * (clamped to {@code [1, P]}) are ordered by the angle {@code atan2(x - cx, y - cy)} about their own
 * centroid (sums in double), giving a star-shaped simple polygon; rows {@code m..P-1} of
 * {@code out} are NaN. Sorting only the kept corners around their own centroid matters: a
 * centroid of unkept corners can order the polygon into a figure eight.
 *
 * <p>Shapes: {@code corners, out: [E*P]} pairs; {@code count: [E]}; {@code keys: [E*P]} scratch.
 */
public final class CornerSortKernel extends CornerSortKernelBase {
    /** The kernel instance. */
    public static final CornerSortKernel INSTANCE = new CornerSortKernel();

    private CornerSortKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_corner_sort(@In Vec2Array corners, int P, @In I32Array count, @Out F32Array keys, @Out Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] pts, int p, int[] count, float[] keys, float[] out) {
        for (int e = begin; e < end; e++) {
            int base = e * p;
            int m = Math.min(Math.max(count[e], 1), p);
            double sx = 0.0;
            double sy = 0.0;
            for (int i = 0; i < m; i++) {
                sx += pts[2 * (base + i)];
                sy += pts[2 * (base + i) + 1];
            }
            float cx = (float) (sx / m);
            float cy = (float) (sy / m);
            for (int c = 0; c < m; c++) {
                float x = pts[2 * (base + c)];
                float y = pts[2 * (base + c) + 1];
                float key = (float) Fdlibm.atan2(x - cx, y - cy);
                int j = c - 1;
                while (j >= 0 && keys[base + j] > key) {
                    keys[base + j + 1] = keys[base + j];
                    out[2 * (base + j + 1)] = out[2 * (base + j)];
                    out[2 * (base + j + 1) + 1] = out[2 * (base + j) + 1];
                    j--;
                }
                keys[base + j + 1] = key;
                out[2 * (base + j + 1)] = x;
                out[2 * (base + j + 1) + 1] = y;
            }
            for (int c = m; c < p; c++) {
                out[2 * (base + c)] = Float.NaN;
                out[2 * (base + c) + 1] = Float.NaN;
            }
        }
    }
}
