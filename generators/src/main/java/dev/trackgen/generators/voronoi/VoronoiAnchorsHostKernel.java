package dev.trackgen.generators.voronoi;

import dev.trackgen.api.kernel.HostFusedKernel;
import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The site field and the anchor snap fused for host runtimes, one index per environment
 * ({@code dim = E}), Java body only: for one env at a time, {@link VoronoiSitesKernel}'s body for
 * each of its {@code S} sites, then {@link VoronoiAnchorsKernel}'s with its search by angle (the
 * same anchors as the kernel's scan of every site). The sites, their polar
 * coordinates, the used flags, the sort order and the sort's scratch ({@code 10 * S + 1} values) are in buffers a launch chunk takes from a
 * {@link ScratchPool}, reused for every env, instead of {@code [E * S]} rows. Same arithmetic, so
 * the same anchors bit for bit; a runtime without Java bodies (CUDA) gets the two launches.
 *
 * <p>{@code tg_voronoi_anchors_host(seeds, S, layout, box, K, boost, radialVariation,
 * angularJitter, anchors)}; shapes: {@code seeds: [E]}; {@code anchors: [E*K]} pairs.
 */
final class VoronoiAnchorsHostKernel extends VoronoiAnchorsHostKernelBase implements HostFusedKernel {
    /** The kernel instance. */
    static final VoronoiAnchorsHostKernel INSTANCE = new VoronoiAnchorsHostKernel();
    private static final ScratchPool<Buffers> POOL = new ScratchPool<>(Buffers::new);

    private VoronoiAnchorsHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_voronoi_anchors_host(@In I32Array seeds, int S, int layout, float box, int K, float boost,
                                     float radialVariation, float angularJitter, @Out Vec2Array anchors);
    }

    /** @return the sites and anchors kernels */
    @Override
    public List<Kernel> standsFor() {
        return List.of(VoronoiSitesKernel.INSTANCE, VoronoiAnchorsKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, int[] seeds, int sCount, int layout, float box, int k, float boost,
                       float variation, float jitter, float[] anchors) {
        Buffers b = POOL.acquire().fit(sCount);
        try {
            for (int e = begin; e < end; e++) {
                int seed = seeds[e];
                for (int i = 0; i < sCount; i++) {
                    VoronoiSitesKernel.siteOne(seed, i, layout, box, b.sites, b.polar, i);
                }
                VoronoiAnchorsKernel.anchorsEnv(seed, b.sites, b.polar, 0, sCount, k, boost, box, variation, jitter,
                        b.used, anchors, e * k, b.order, b.sortTmp, b.sortCounts);
            }
        } finally {
            POOL.release(b);
        }
    }

    /** One chunk's buffers, grown to the largest {@code S} seen, never shrunk. */
    private static final class Buffers {
        float[] sites = new float[0];
        float[] polar = new float[0];
        int[] used = new int[0];
        long[] order = new long[0];
        long[] sortTmp = new long[0];
        int[] sortCounts = new int[0];

        Buffers fit(int s) {
            if (used.length < s) {
                sites = new float[2 * s];
                polar = new float[2 * s];
                used = new int[s];
                order = new long[s];
                sortTmp = new long[s];
                sortCounts = new int[s + 1];
            }
            return this;
        }
    }
}
