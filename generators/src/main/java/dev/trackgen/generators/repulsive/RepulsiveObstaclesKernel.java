package dev.trackgen.generators.repulsive;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The obstacle layout of each environment, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_rep_obstacles(seeds, rDom, rInit, radiusLo, radiusHi, kMin, kMax, M, points,
 * weights)}: a domain wall of {@value #N_WALL} points on the circle of radius {@code rDom}, each
 * weighted by its arc spacing {@code 2 pi rDom / N_WALL} (wall weight 1), then {@code k} inner discs
 * of {@value #N_DISC} points, weighted {@code 0.25 * 2 pi r / N_DISC}. From the seed's
 * {@link GeneratorKernels#STREAM_REPULSIVE_OBSTACLES} stream: draw 0 gives {@code k} uniform in
 * {@code [kMin, kMax]}, draw 1 the phase {@code phi = 2 pi u}, draws {@code 2 + 2j} and
 * {@code 3 + 2j} disc {@code j}'s radius {@code r = (radiusLo + u (radiusHi - radiusLo)) rDom} and
 * centre distance {@code lo + u (hi - lo)} in the band {@code lo = rInit + r + 0.05 rDom} (clear of
 * the seed circle), {@code hi = 0.9 rDom}, at angle {@code phi + 2 pi j / k}: one disc per wedge,
 * no rejection loop. Discs past {@code k}, or whose band is empty, are NaN with weight 0.
 *
 * <p>Shapes: {@code seeds: [E]}; {@code points: [E*M]} pairs; {@code weights: [E*M]};
 * {@code M = N_WALL + kMax * N_DISC}.
 */
public final class RepulsiveObstaclesKernel extends RepulsiveObstaclesKernelBase {
    /** Points on the domain wall. */
    @CudaConstant("TG_REP_N_WALL")
    public static final int N_WALL = 96;
    /** Points per inner disc. */
    @CudaConstant("TG_REP_N_DISC")
    public static final int N_DISC = 12;
    /** Outer bound of the disc centre band, as a fraction of the domain radius. */
    @CudaConstant("TG_REP_CENTER_FRAC")
    public static final float CENTER_FRAC = 0.90f;
    /** Weight of the wall points (times their spacing). */
    @CudaConstant("TG_REP_WALL_WEIGHT")
    public static final float WALL_WEIGHT = 1.0f;
    /** Weight of the disc points (times their spacing). */
    @CudaConstant("TG_REP_DISC_WEIGHT")
    public static final float DISC_WEIGHT = 0.25f;

    /** The kernel instance. */
    public static final RepulsiveObstaclesKernel INSTANCE = new RepulsiveObstaclesKernel();

    private RepulsiveObstaclesKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE, perEnvironment = true)
    interface Signature {
        void tg_rep_obstacles(@In I32Array seeds, float rDom, float rInit, float radiusLo, float radiusHi, int kMin,
                int kMax, int M, @Out Vec2Array points, @Out F32Array weights);
    }

    /**
     * @param kMax most discs
     * @return obstacle points per environment
     */
    public static int points(int kMax) {
        return N_WALL + kMax * N_DISC;
    }

    @Override
    protected void run(int begin, int end, int[] seeds, float rDom, float rInit, float rLo, float rHi, int kMin,
                       int kMax, int m, float[] pts, float[] w) {
        final int st = GeneratorKernels.STREAM_REPULSIVE_OBSTACLES;
        double twoPi = 2.0 * Math.PI;
        for (int e = begin; e < end; e++) {
            int seed = seeds[e];
            int b = e * m;
            float wallW = (float) (twoPi * rDom / N_WALL) * WALL_WEIGHT;
            for (int i = 0; i < N_WALL; i++) {
                double ang = i * twoPi / N_WALL;
                pts[2 * (b + i)] = rDom * (float) Math.cos(ang);
                pts[2 * (b + i) + 1] = rDom * (float) Math.sin(ang);
                w[b + i] = wallW;
            }
            int k = CounterRng.uniformInt(seed, st, 0, kMin, kMax);
            float phase = CounterRng.uniform(seed, st, 1) * (float) twoPi;
            for (int j = 0; j < kMax; j++) {
                int col = b + N_WALL + j * N_DISC;
                boolean live = false;
                float cx = 0f;
                float cy = 0f;
                float r = 0f;
                if (j < k) {
                    r = (rLo + (rHi - rLo) * CounterRng.uniform(seed, st, 2 + 2 * j)) * rDom;
                    float lo = rInit + r + 0.05f * rDom;
                    float hi = CENTER_FRAC * rDom;
                    float rad = lo + (hi - lo) * CounterRng.uniform(seed, st, 3 + 2 * j);
                    live = lo < hi;
                    double ang = phase + j * twoPi / k;
                    cx = rad * (float) Math.cos(ang);
                    cy = rad * (float) Math.sin(ang);
                }
                float discW = (float) (twoPi * r / N_DISC) * DISC_WEIGHT;
                for (int i = 0; i < N_DISC; i++) {
                    double ang = i * twoPi / N_DISC;
                    pts[2 * (col + i)] = live ? cx + r * (float) Math.cos(ang) : Float.NaN;
                    pts[2 * (col + i) + 1] = live ? cy + r * (float) Math.sin(ang) : Float.NaN;
                    w[col + i] = live ? discW : 0f;
                }
            }
        }
    }
}
