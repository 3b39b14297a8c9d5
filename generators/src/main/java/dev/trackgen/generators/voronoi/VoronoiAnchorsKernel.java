package dev.trackgen.generators.voronoi;

import dev.trackgen.api.kernel.CounterRng;
import dev.trackgen.api.runtime.CudaConstant;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

import java.util.Arrays;

/**
 * Anchor selection from the site field, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_voronoi_anchors(seeds, sites, polar, S, K, boost, box, radialVariation,
 * angularJitter, used, anchors)}: from the seed's {@link GeneratorKernels#STREAM_VORONOI_ANCHORS}
 * stream, draw 0 gives a rotation {@code rho = 2 pi u_0}, draws 1..4 the phases
 * {@code q_0..q_3 = 2 pi u}, and draw {@code 5 + i} the jitter of anchor {@code i}. With
 * {@code sigma = 2 pi / K} and {@code A = clamp(radialVariation * boost, 0, 0.85)}, anchor
 * {@code i} targets angle {@code theta_i = rho + sigma i + (2 u_{5+i} - 1) angularJitter} and radius
 * <pre>
 *   r_i = clamp(0.34 box (1 + A phi(theta_i)), 0.16 box, 0.52 box),
 *   phi(t) = (0.62 sin(2t + q_0) + 0.44 cos(3t + q_1) + 0.26 sin(5t + q_2) + 0.18 cos(7t + q_3)) / 1.5,
 * </pre>
 * and snaps to the site {@code s} minimising
 * {@code |wrap(theta_s - theta_i)| / sigma + |r_s - r_i| / (0.13 box) + 1000 [s already used]}
 * (first index on ties), which is then marked used. Site polar coordinates come from
 * {@link VoronoiSitesKernel}. {@code boost} is the layout's amplitude boost (1.0 ring, 1.10
 * void_ring, 1.16 clustered, 1.06 mixed).
 *
 * <p>Shapes: {@code seeds: [E]}; {@code sites, polar: [E*S]} pairs; {@code used: [E*S]} scratch;
 * {@code anchors: [E*K]} pairs.
 */
public final class VoronoiAnchorsKernel extends VoronoiAnchorsKernelBase {
    /** Cost added to a site that is already an anchor. */
    @CudaConstant("TG_VORONOI_USED_PENALTY")
    public static final float USED_PENALTY = 1000f;

    /** The kernel instance. */
    public static final VoronoiAnchorsKernel INSTANCE = new VoronoiAnchorsKernel();

    private VoronoiAnchorsKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_VORONOI)
    interface Signature {
        void tg_voronoi_anchors(@In I32Array seeds, @In Vec2Array sites, @In Vec2Array polar, int S, int K, float boost,
                float box, float radialVariation, float angularJitter, @Out I32Array used, @Out Vec2Array anchors);
    }

    /**
     * @param layout a layout code of {@link VoronoiSitesKernel}
     * @return the radial-variation boost of that layout
     */
    public static float layoutBoost(int layout) {
        return switch (layout) {
            case VoronoiSitesKernel.VOID_RING -> 1.10f;
            case VoronoiSitesKernel.CLUSTERED -> 1.16f;
            case VoronoiSitesKernel.MIXED -> 1.06f;
            default -> 1.0f;
        };
    }

    /** Threads per block of the CUDA body. */
    @CudaConstant("TG_VORONOI_ANCHOR_THREADS")
    public static final int CUDA_THREADS = 128;

    /**
     * One block of {@value #CUDA_THREADS} threads per env: the anchors are chosen one after another,
     * the threads share each anchor's scan over the sites.
     */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, CUDA_THREADS, 0);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, float[] sites, float[] polar, int sCount, int k, float boost,
                       float box, float variation, float jitter, int[] used, float[] anchors) {
        for (int e = begin; e < end; e++) {
            anchorsEnv(seeds[e], sites, polar, e * sCount, sCount, k, boost, box, variation, jitter, used, anchors,
                    e * k);
        }
    }

    /**
     * {@code Math.floor(s / turn)}, the same double, by a multiplication with {@code inv = 1 / turn}
     * where that cannot change the floor: the product differs from the quotient by a few ulps, so
     * its floor is the quotient's unless the product lies within {@code 1e-9} of a whole number,
     * where the division is done. For {@code |s / turn|} up to about {@code 1e6}.
     */
    static double wrapTurns(double s, double turn, double inv) {
        double q = s * inv;
        double m = Math.floor(q);
        double f = q - m;
        return f > 1.0e-9 && f < 1.0 - 1.0e-9 ? m : Math.floor(s / turn);
    }

    /**
     * The anchors of the env with seed {@code seed}: its sites, polar coordinates and used flags
     * from {@code sb}, its anchors from pair {@code ab}. This kernel's body for one thread, shared
     * with {@link VoronoiAnchorsHostKernel}.
     */
    static void anchorsEnv(int seed, float[] sites, float[] polar, int sb, int sCount, int k, float boost, float box,
                           float variation, float jitter, int[] used, float[] anchors, int ab) {
        anchorsEnv(seed, sites, polar, sb, sCount, k, boost, box, variation, jitter, used, anchors, ab, null, null,
                null);
    }

    /** Most sites for which {@link #anchorsEnv} with an order buffer sorts them (larger fields scan every site). */
    static final int SORTED_MAX_SITES = 4096;

    /** Margin, radians, between the angular distance the sorted search estimates and the float one the cost uses. */
    private static final double ANGLE_MARGIN = 1.0e-5;

    /**
     * {@link #anchorsEnv(int, float[], float[], int, int, int, float, float, float, float, int[], float[], int)}
     * with a search by angle when {@code order} (at least {@code sCount} longs, with {@code tmp} as
     * many and {@code counts} one more ints for {@link #sortKeys}) is given and the
     * field has at most {@value #SORTED_MAX_SITES} sites: the sites are sorted by polar angle once,
     * and each anchor visits them outwards from its target angle, nearest first on either side,
     * until the angular term alone ({@code |dth| / sector}, less a margin for rounding) exceeds
     * the best cost so far. A site left unvisited costs strictly more, and ties go to the lower
     * index as in the scan, so the anchors are the scan's bit for bit.
     */
    static void anchorsEnv(int seed, float[] sites, float[] polar, int sb, int sCount, int k, float boost, float box,
                           float variation, float jitter, int[] used, float[] anchors, int ab, long[] order,
                           long[] tmp, int[] counts) {
        boolean sorted = order != null && sCount <= SORTED_MAX_SITES;
        if (sorted) {
            for (int j = 0; j < sCount; j++) {
                int bits = Float.floatToIntBits(polar[2 * (sb + j) + 1]);
                // an int whose order is the float order
                int key = bits ^ ((bits >> 31) & 0x7fffffff);
                order[j] = ((long) key << 32) | j;
            }
            sortKeys(order, sCount, tmp, counts);
        }
        final int st = GeneratorKernels.STREAM_VORONOI_ANCHORS;
        float twoPi = (float) (2.0 * Math.PI);
        double invTwoPi = 1.0 / twoPi;
        float sector = twoPi / k;
        float invSector = 1f / Math.max(sector, 1.0e-6f);
        float invRadial = 1f / Math.max(0.13f * box, 1.0e-6f);
        float amp = Math.min(Math.max(variation * boost, 0f), 0.85f);
        float rotation = CounterRng.uniform(seed, st, 0) * twoPi;
        float q0 = CounterRng.uniform(seed, st, 1) * twoPi;
        float q1 = CounterRng.uniform(seed, st, 2) * twoPi;
        float q2 = CounterRng.uniform(seed, st, 3) * twoPi;
        float q3 = CounterRng.uniform(seed, st, 4) * twoPi;
        for (int j = 0; j < sCount; j++) {
            used[sb + j] = 0;
        }
        for (int i = 0; i < k; i++) {
            float theta = rotation + sector * i + (2f * CounterRng.uniform(seed, st, 5 + i) - 1f) * jitter;
            float profile = (0.62f * (float) Math.sin(2.0 * theta + q0) + 0.44f * (float) Math.cos(3.0 * theta + q1)
                    + 0.26f * (float) Math.sin(5.0 * theta + q2) + 0.18f * (float) Math.cos(7.0 * theta + q3)) / 1.5f;
            float tr = Math.min(Math.max(0.34f * box * (1f + amp * profile), 0.16f * box), 0.52f * box);
            int best = 0;
            float bestCost = 1.0e30f;
            if (sorted) {
                best = nearestByAngle(polar, sb, sCount, theta, tr, twoPi, invTwoPi, invSector, invRadial, used,
                        order);
            } else {
                for (int j = 0; j < sCount; j++) {
                    float cost = cost(polar, sb, j, theta, tr, twoPi, invTwoPi, invSector, invRadial, used);
                    if (cost < bestCost) {
                        bestCost = cost;
                        best = j;
                    }
                }
            }
            used[sb + best] = 1;
            anchors[2 * (ab + i)] = sites[2 * (sb + best)];
            anchors[2 * (ab + i) + 1] = sites[2 * (sb + best) + 1];
        }
    }

    /**
     * Sorts {@code order[0, n)} ascending, the order {@link Arrays#sort(long[], int, int)} gives
     * (the keys are distinct, so the sorted order is unique): a counting pass puts each key in one
     * of {@code n} buckets by its angle (the float in the key's high half), a bucket index that never
     * decreases with the key, so the buckets come out in key order; an insertion sort over the
     * whole array then orders each bucket. About linear in {@code n} for angles spread around the
     * circle, and a correct sort for any keys (NaN angles included).
     *
     * @param order  the keys, {@code (angle key << 32) | site}, sorted in place
     * @param tmp    scratch, at least {@code n} longs
     * @param counts scratch, at least {@code n + 1} ints
     */
    static void sortKeys(long[] order, int n, long[] tmp, int[] counts) {
        if (n < 2) {
            return;
        }
        float scale = n / (float) (2.0 * Math.PI);
        float shift = (float) Math.PI;
        for (int b = 0; b <= n; b++) {
            counts[b] = 0;
        }
        for (int j = 0; j < n; j++) {
            counts[bucket(order[j], shift, scale, n) + 1]++;
        }
        for (int b = 0; b < n; b++) {
            counts[b + 1] += counts[b];
        }
        for (int j = 0; j < n; j++) {
            tmp[counts[bucket(order[j], shift, scale, n)]++] = order[j];
        }
        for (int j = 0; j < n; j++) {
            long v = tmp[j];
            int i = j - 1;
            while (i >= 0 && order[i] > v) {
                order[i + 1] = order[i];
                i--;
            }
            order[i + 1] = v;
        }
    }

    /** The bucket of a sort key: its angle shifted to [0, 2 pi) and scaled to [0, n), clamped. */
    private static int bucket(long key, float shift, float scale, int n) {
        int k = (int) (key >> 32);
        float angle = Float.intBitsToFloat(k ^ ((k >> 31) & 0x7fffffff));
        int b = (int) ((angle + shift) * scale);
        return Math.min(Math.max(b, 0), n - 1);
    }

    /** The snap cost of site {@code j} for the anchor at angle {@code theta} and radius {@code tr}. */
    private static float cost(float[] polar, int sb, int j, float theta, float tr, float twoPi, double invTwoPi,
                              float invSector, float invRadial, int[] used) {
        float dth = polar[2 * (sb + j) + 1] - theta;
        dth -= twoPi * (float) wrapTurns(dth + Math.PI, twoPi, invTwoPi);
        return Math.abs(dth) * invSector + Math.abs(polar[2 * (sb + j)] - tr) * invRadial
                + (used[sb + j] > 0 ? USED_PENALTY : 0f);
    }

    /**
     * Circular distance, radians, between angles {@code a} and {@code b} that both lie in
     * [-pi, pi] (up to a float's rounding of pi), in double: exact where {@code |a - b| <= 2 pi},
     * and otherwise a few 1e-8 below zero, so never above the true distance.
     */
    private static double circularDistance(double a, double b) {
        double d = Math.abs(a - b);
        return Math.min(d, 2.0 * Math.PI - d);
    }

    /**
     * The sorted search of {@link #anchorsEnv}: the index of the cheapest site (the lowest index
     * among equal costs), visiting the sites of {@code order} (sorted by angle) outwards from
     * {@code theta}. The unvisited sites always form one arc between the two fronts, on which the
     * distance to {@code theta} is least at a front, so the search stops once both fronts are too far.
     */
    private static int nearestByAngle(float[] polar, int sb, int sCount, float theta, float tr, float twoPi,
                                      double invTwoPi, float invSector, float invRadial, int[] used, long[] order) {
        // the first sorted site at or after theta's angle in [-pi, pi)
        double t0 = theta - 2.0 * Math.PI * Math.floor((theta + Math.PI) / (2.0 * Math.PI));
        int lo = 0;
        int hi = sCount;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (polar[2 * (sb + (int) order[mid]) + 1] < t0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int right = lo == sCount ? 0 : lo;
        int left = (right == 0 ? sCount : right) - 1;
        int best = 0;
        float bestCost = 1.0e30f;
        double scale = invSector * (1.0 - 1.0e-6);
        // each front's site and distance, recomputed only when that front moves
        int jr = (int) order[right];
        int jl = (int) order[left];
        double dr = circularDistance(polar[2 * (sb + jr) + 1], t0);
        double dl = circularDistance(polar[2 * (sb + jl) + 1], t0);
        for (int visited = 0; visited < sCount; visited++) {
            double near = Math.min(dr, dl);
            if ((near - ANGLE_MARGIN) * scale > bestCost) {
                break;
            }
            int j;
            if (dr <= dl) {
                j = jr;
                right = right + 1 == sCount ? 0 : right + 1;
                jr = (int) order[right];
                dr = circularDistance(polar[2 * (sb + jr) + 1], t0);
            } else {
                j = jl;
                left = (left == 0 ? sCount : left) - 1;
                jl = (int) order[left];
                dl = circularDistance(polar[2 * (sb + jl) + 1], t0);
            }
            float cost = cost(polar, sb, j, theta, tr, twoPi, invTwoPi, invSector, invRadial, used);
            if (cost < bestCost || (cost == bestCost && j < best)) {
                bestCost = cost;
                best = j;
            }
        }
        return best;
    }
}
