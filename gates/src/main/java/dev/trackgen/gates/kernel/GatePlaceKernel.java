package dev.trackgen.gates.kernel;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Plan-view gate layout, one thread per env ({@code dim = E}): count, placement on the track's
 * centerline, ordering, separation.
 *
 * <ol>
 *   <li>Count {@code n} uniform in {@code [minGates, maxGates]} ({@link GatesKernels#STREAM_GATE_COUNT}).</li>
 *   <li>Gate {@code k} at arc length {@code (k + phase) L / n} of the closed centerline (linear
 *       interpolation between its points), {@code phase} uniform in {@code [0, 1)}
 *       ({@link GatesKernels#STREAM_GATE_PHASE}): evenly spaced along the lap. An env whose track
 *       is invalid (or shorter than 3 points) gets NaN gates and {@code planOk = 0}.</li>
 *   <li>Ordering: {@code raw} keeps centerline order; {@code ccw} sorts by angle around the
 *       gates' centroid (a pseudo-angle {@code [0, 4)} monotone in the true angle, insertion sort,
 *       stable); {@code random_pairs} emits the consecutive pairs {@code (0, 1), (2, 3), ...} in
 *       ascending order of a key per pair ({@link GatesKernels#STREAM_GATE_PAIRS}).</li>
 *   <li>Separation (the original's plan-view gate self-collision relaxation, AntoineRichard/TrackGen
 *       track_gen/_src/warp_gate.py, docs/relaxation/gates.rst): {@code iters} Gauss-Seidel sweeps
 *       over pairs {@code i < j}; a pair closer than {@code minDistance} is pushed apart
 *       symmetrically along its join (along {@code +x} when coincident); a sweep that moves
 *       nothing ends the loop.</li>
 * </ol>
 *
 * <p>Shapes: {@code center [E * nMax]} pairs, {@code arclen [E * nMax]}, {@code length, trackCount,
 * trackValid, seeds, count, planOk [E]}, {@code scratch [E * gMax * 3]}, {@code plan [E * gMax]} pairs
 * (NaN past {@code count}).
 */
public final class GatePlaceKernel extends GatePlaceKernelBase {
    /** The kernel instance. */
    public static final GatePlaceKernel INSTANCE = new GatePlaceKernel();

    private GatePlaceKernel() {
    }

    @KernelSignature(ptx = GatesKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_gate_place(@In Vec2Array center, @In F32Array arclen, @In F32Array length, @In I32Array trackCount,
                           @In I32Array trackValid, @In I32Array seeds, int nMax, int gMax, int minGates, int maxGates,
                           int ordering, float minDistance, int iters, @Out F32Array scratch, @Out Vec2Array plan,
                           @Out I32Array count, @Out I32Array planOk);
    }

    @Override
    protected void run(int begin, int end, float[] c, float[] arclen, float[] length, int[] trackCount,
                       int[] trackValid, int[] seeds, int nMax, int gMax, int minGates, int maxGates, int ordering,
                       float minDistance, int iters, float[] scratch, float[] plan, int[] count, int[] planOk) {
        for (int e = begin; e < end; e++) {
            int seed = seeds[e];
            int n = CounterRng.uniformInt(seed, GatesKernels.STREAM_GATE_COUNT, 0, minGates, maxGates);
            n = Math.min(n, gMax);
            count[e] = n;
            int b = e * nMax;
            int g = e * gMax;
            int cn = trackCount[e];
            float lap = length[e];
            boolean ok = trackValid[e] != 0 && cn >= 3 && cn <= nMax && lap > 0.0f && lap < Float.POSITIVE_INFINITY;
            planOk[e] = ok ? 1 : 0;
            if (ok) {
                float phase = CounterRng.uniform(seed, GatesKernels.STREAM_GATE_PHASE, 0);
                int j = 0;
                for (int k = 0; k < n; k++) {
                    float s = ((float) k + phase) * lap / (float) n;
                    while (j + 1 < cn && arclen[b + j + 1] <= s) {
                        j++;
                    }
                    int q = j + 1 < cn ? j + 1 : 0;
                    float s0 = arclen[b + j];
                    float s1 = j + 1 < cn ? arclen[b + j + 1] : lap;
                    float t = s1 > s0 ? (s - s0) / (s1 - s0) : 0.0f;
                    t = Math.min(Math.max(t, 0.0f), 1.0f);
                    float ax = c[2 * (b + j)];
                    float ay = c[2 * (b + j) + 1];
                    plan[2 * (g + k)] = ax + t * (c[2 * (b + q)] - ax);
                    plan[2 * (g + k) + 1] = ay + t * (c[2 * (b + q) + 1] - ay);
                }
                if (ordering == GatesKernels.ORDER_CCW) {
                    orderCcw(plan, g, n, scratch, 3 * g);
                } else if (ordering == GatesKernels.ORDER_RANDOM_PAIRS) {
                    orderRandomPairs(seed, plan, g, n, scratch, 3 * g, gMax);
                }
                separate(plan, g, n, minDistance, iters);
            } else {
                for (int k = 0; k < n; k++) {
                    plan[2 * (g + k)] = Float.NaN;
                    plan[2 * (g + k) + 1] = Float.NaN;
                }
            }
            for (int k = n; k < gMax; k++) {
                plan[2 * (g + k)] = Float.NaN;
                plan[2 * (g + k) + 1] = Float.NaN;
            }
        }
    }

    /** A pseudo-angle of (dx, dy) in {@code [0, 4)}, monotone in {@code atan2(dy, dx)} taken in {@code [0, 2 pi)}; 0 at the origin. */
    static float pseudoAngle(float dx, float dy) {
        float ax = Math.abs(dx);
        float ay = Math.abs(dy);
        float sum = ax + ay;
        if (!(sum > 0.0f)) {
            return 0.0f;
        }
        if (dy >= 0.0f) {
            return dx >= 0.0f ? dy / sum : 1.0f + ax / sum;
        }
        return dx < 0.0f ? 2.0f + ay / sum : 3.0f + dx / sum;
    }

    private static void orderCcw(float[] plan, int g, int n, float[] keys, int ko) {
        double sx = 0.0;
        double sy = 0.0;
        for (int i = 0; i < n; i++) {
            sx += plan[2 * (g + i)];
            sy += plan[2 * (g + i) + 1];
        }
        float cx = n > 0 ? (float) (sx / n) : 0.0f;
        float cy = n > 0 ? (float) (sy / n) : 0.0f;
        for (int i = 0; i < n; i++) {
            float px = plan[2 * (g + i)];
            float py = plan[2 * (g + i) + 1];
            float key = pseudoAngle(px - cx, py - cy);
            int j = i - 1;
            while (j >= 0 && keys[ko + j] > key) {
                keys[ko + j + 1] = keys[ko + j];
                plan[2 * (g + j + 1)] = plan[2 * (g + j)];
                plan[2 * (g + j + 1) + 1] = plan[2 * (g + j) + 1];
                j--;
            }
            keys[ko + j + 1] = key;
            plan[2 * (g + j + 1)] = px;
            plan[2 * (g + j + 1) + 1] = py;
        }
    }

    private static void orderRandomPairs(int seed, float[] plan, int g, int n, float[] s, int so, int gMax) {
        int pairs = (n + 1) / 2;
        int copy = so + gMax;
        for (int i = 0; i < n; i++) {
            s[copy + 2 * i] = plan[2 * (g + i)];
            s[copy + 2 * i + 1] = plan[2 * (g + i) + 1];
        }
        for (int p = 0; p < pairs; p++) {
            s[so + p] = CounterRng.uniform(seed, GatesKernels.STREAM_GATE_PAIRS, p);
        }
        int out = 0;
        for (int unit = 0; unit < pairs; unit++) {
            int best = 0;
            float bestKey = 2.0f;
            for (int p = 0; p < pairs; p++) {
                if (s[so + p] < bestKey) {
                    bestKey = s[so + p];
                    best = p;
                }
            }
            s[so + best] = 3.0f;
            for (int m = 2 * best; m < 2 * best + 2 && m < n; m++) {
                plan[2 * (g + out)] = s[copy + 2 * m];
                plan[2 * (g + out) + 1] = s[copy + 2 * m + 1];
                out++;
            }
        }
    }

    private static void separate(float[] plan, int g, int n, float target, int iters) {
        if (!(target > 0.0f) || iters <= 0) {
            return;
        }
        float eps = 1.0e-8f;
        for (int it = 0; it < iters; it++) {
            boolean moved = false;
            for (int i = 0; i < n; i++) {
                float pix = plan[2 * (g + i)];
                float piy = plan[2 * (g + i) + 1];
                for (int j = i + 1; j < n; j++) {
                    float dx = plan[2 * (g + j)] - pix;
                    float dy = plan[2 * (g + j) + 1] - piy;
                    float dist = (float) Math.sqrt(dx * dx + dy * dy);
                    if (dist + eps < target) {
                        float nx = 1.0f;
                        float ny = 0.0f;
                        if (dist > eps) {
                            nx = dx / dist;
                            ny = dy / dist;
                        }
                        float corr = 0.5f * (target - dist);
                        pix -= corr * nx;
                        piy -= corr * ny;
                        plan[2 * (g + j)] += corr * nx;
                        plan[2 * (g + j) + 1] += corr * ny;
                        moved = true;
                    }
                }
                plan[2 * (g + i)] = pix;
                plan[2 * (g + i) + 1] = piy;
            }
            if (!moved) {
                break;
            }
        }
    }
}
