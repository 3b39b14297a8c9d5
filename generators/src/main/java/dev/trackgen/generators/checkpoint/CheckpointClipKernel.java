package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Single-crossing clip of each selected loop, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_checkpoint_clip(pts, N, M, dense)}: finds the first crossing of env {@code e}'s
 * closed {@code N}-loop, scanning edge pairs {@code (i, j > i)} in order, skipping adjacent edges,
 * with the strict sign test {@code (o(Ai,Bi,Aj) > 0) != (o(Ai,Bi,Bj) > 0)} and the same for the
 * other segment (the exact predicate, not the tolerant one of
 * {@link dev.trackgen.api.kernel.Geometry#properCrossing}). At the intersection point {@code P} of
 * edges {@code i} and {@code j} the loop splits into the inner sub-loop
 * {@code P, p_{i+1} .. p_j} and the outer one {@code P, p_{j+1} .. p_{N-1}, p_0 .. p_i}; the one with
 * the longer closed length is written to {@code dense[e*M ..]}, the rest of the row NaN. A loop
 * without crossing is copied unchanged (then NaN). The arc-length resample then brings the row
 * back to {@code N} points. Parallel segments (|denominator| below 1e-12) use the midpoint of the
 * two edge starts as {@code P}.
 *
 * <p>Shapes: {@code pts: [E*N]} pairs; {@code dense: [E*M]} pairs, {@code M >= N + 1}.
 */
public final class CheckpointClipKernel extends CheckpointClipKernelBase {
    /** The kernel instance. */
    public static final CheckpointClipKernel INSTANCE = new CheckpointClipKernel();

    private CheckpointClipKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CHECKPOINT)
    interface Signature {
        void tg_checkpoint_clip(@In Vec2Array pts, int N, int M, @Out Vec2Array dense);
    }

    /** Threads per block of the CUDA body. */
    public static final int CUDA_THREADS = 128;

    /** One block of {@value #CUDA_THREADS} threads per env sharing out the rows of the crossing scan. */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, CUDA_THREADS, 0);
    }

    @Override
    protected void run(Args a, int begin, int end) {
        float[] p = a.pts();
        int n = a.N();
        int m = a.M();
        float[] dense = a.dense();
        for (int e = begin; e < end; e++) {
            int b = e * n;
            int db = e * m;
            int fi = -1;
            int fj = -1;
            float qx = 0f;
            float qy = 0f;
            for (int i = 0; i < n && fi < 0; i++) {
                int i1 = b + (i + 1) % n;
                float aix = p[2 * (b + i)];
                float aiy = p[2 * (b + i) + 1];
                float bix = p[2 * i1];
                float biy = p[2 * i1 + 1];
                for (int j = i + 1; j < n; j++) {
                    if ((i + 1) % n == j || (j + 1) % n == i) {
                        continue;
                    }
                    int j1 = b + (j + 1) % n;
                    float ajx = p[2 * (b + j)];
                    float ajy = p[2 * (b + j) + 1];
                    float bjx = p[2 * j1];
                    float bjy = p[2 * j1 + 1];
                    float d1 = Geometry.orient(aix, aiy, bix, biy, ajx, ajy);
                    float d2 = Geometry.orient(aix, aiy, bix, biy, bjx, bjy);
                    float d3 = Geometry.orient(ajx, ajy, bjx, bjy, aix, aiy);
                    float d4 = Geometry.orient(ajx, ajy, bjx, bjy, bix, biy);
                    if ((d1 > 0f) != (d2 > 0f) && (d3 > 0f) != (d4 > 0f)) {
                        float rx = bix - aix;
                        float ry = biy - aiy;
                        float sx = bjx - ajx;
                        float sy = bjy - ajy;
                        float den = rx * sy - ry * sx;
                        if (Math.abs(den) < 1.0e-12f) {
                            qx = 0.5f * (aix + ajx);
                            qy = 0.5f * (aiy + ajy);
                        } else {
                            float tt = ((ajx - aix) * sy - (ajy - aiy) * sx) / den;
                            qx = aix + tt * rx;
                            qy = aiy + tt * ry;
                        }
                        fi = i;
                        fj = j;
                        break;
                    }
                }
            }
            int w = 0;
            if (fi < 0) {
                for (int i = 0; i < n; i++) {
                    dense[2 * (db + w)] = p[2 * (b + i)];
                    dense[2 * (db + w) + 1] = p[2 * (b + i) + 1];
                    w++;
                }
            } else {
                float inner = chainLength(p, b, qx, qy, fi + 1, fj, 0, -1);
                float outer = chainLength(p, b, qx, qy, fj + 1, n - 1, 0, fi);
                dense[2 * db] = qx;
                dense[2 * db + 1] = qy;
                w = 1;
                int lo1 = inner >= outer ? fi + 1 : fj + 1;
                int hi1 = inner >= outer ? fj : n - 1;
                for (int i = lo1; i <= hi1; i++) {
                    dense[2 * (db + w)] = p[2 * (b + i)];
                    dense[2 * (db + w) + 1] = p[2 * (b + i) + 1];
                    w++;
                }
                if (inner < outer) {
                    for (int i = 0; i <= fi; i++) {
                        dense[2 * (db + w)] = p[2 * (b + i)];
                        dense[2 * (db + w) + 1] = p[2 * (b + i) + 1];
                        w++;
                    }
                }
            }
            for (; w < m; w++) {
                dense[2 * (db + w)] = Float.NaN;
                dense[2 * (db + w) + 1] = Float.NaN;
            }
        }
    }

    /** Closed length of P, p[lo1..hi1], p[lo2..hi2], back to P (empty ranges skipped). */
    private static float chainLength(float[] p, int b, float qx, float qy, int lo1, int hi1, int lo2, int hi2) {
        float len = 0f;
        float x = qx;
        float y = qy;
        for (int i = lo1; i <= hi1; i++) {
            len += Geometry.length(p[2 * (b + i)] - x, p[2 * (b + i) + 1] - y);
            x = p[2 * (b + i)];
            y = p[2 * (b + i) + 1];
        }
        for (int i = lo2; i <= hi2; i++) {
            len += Geometry.length(p[2 * (b + i)] - x, p[2 * (b + i) + 1] - y);
            x = p[2 * (b + i)];
            y = p[2 * (b + i) + 1];
        }
        return len + Geometry.length(qx - x, qy - y);
    }
}
