package dev.trackgen.generators.curves;

import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Bounding-box normalization of each closed loop, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_normalize_extent(points, n, targetExtent)}: env {@code e}'s {@code n} points are
 * centred on their bounding-box midpoint and scaled isotropically by
 * {@code targetExtent / max(max(dx, dy), 1e-8)}, so the longer side of the box becomes
 * {@code targetExtent}. Generators that build shapes at an arbitrary working scale (polar, voronoi,
 * checkpoint) use it to match the bezier family's typical extent, {@value #BEZIER_EXTENT} per unit of
 * {@code scale}, so half-width, spacing and relaxation see comparable coordinates.
 *
 * <p>Shapes: {@code points: [E*n]} pairs, rewritten in place.
 */
public final class NormalizeExtentKernel extends NormalizeExtentKernelBase {
    /** Typical longest bounding-box side of a bezier track at {@code scale = 1}. */
    public static final double BEZIER_EXTENT = 1.44;

    /** The kernel instance. */
    public static final NormalizeExtentKernel INSTANCE = new NormalizeExtentKernel();

    private NormalizeExtentKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_normalize_extent(@InOut Vec2Array points, int n, float targetExtent);
    }

    @Override
    protected void run(int begin, int end, float[] p, int n, float target) {
        for (int e = begin; e < end; e++) {
            int b = e * n;
            float minx = 1.0e30f;
            float maxx = -1.0e30f;
            float miny = 1.0e30f;
            float maxy = -1.0e30f;
            for (int i = 0; i < n; i++) {
                float x = p[2 * (b + i)];
                float y = p[2 * (b + i) + 1];
                minx = Math.min(minx, x);
                maxx = Math.max(maxx, x);
                miny = Math.min(miny, y);
                maxy = Math.max(maxy, y);
            }
            float cx = 0.5f * (minx + maxx);
            float cy = 0.5f * (miny + maxy);
            float s = target / Math.max(Math.max(maxx - minx, maxy - miny), 1.0e-8f);
            for (int i = 0; i < n; i++) {
                p[2 * (b + i)] = (p[2 * (b + i)] - cx) * s;
                p[2 * (b + i) + 1] = (p[2 * (b + i) + 1] - cy) * s;
            }
        }
    }
}
