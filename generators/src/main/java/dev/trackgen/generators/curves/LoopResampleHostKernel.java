package dev.trackgen.generators.curves;

import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.ArcResampleWork;
import dev.trackgen.api.kernel.HostFusedKernel;
import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * Dense loop samples and their arc-length resample fused for host runtimes, one index per
 * environment ({@code dim = E}), Java body only: for one env at a time, the body of
 * {@link LoopDenseKernel} into a buffer of the launch chunk ({@code M = stride * npseg} pairs,
 * from a {@link ScratchPool}, reused for every env) instead of an {@code [E * M]} array, then
 * {@link ArcResampleScanKernel} and {@link ArcResampleLookupKernel} ({@link ArcResampleWork}).
 * With {@code polygon == 0} it stands for the spline samples of every env then the resample of
 * every env; with {@code polygon != 0} for the straight-polygon samples and the resample of the
 * envs with {@code active[e] > 0} only (the others' output rows are left as they are and their
 * {@code countReal} is -1): the two passes of the generators with a polygon fallback. Same
 * arithmetic, so the same output bit for bit; a runtime without Java bodies (CUDA) gets the three
 * launches.
 *
 * <p>{@code tg_loop_resample_host(ctrl, stride, count, npseg, withEnd, polygon, active, centripetal,
 * num, countReal, countOut, out)}; shapes: {@code ctrl: [E*stride]} pairs; {@code count, active,
 * countReal, countOut: [E]}; {@code out: [E*num]} pairs.
 */
public final class LoopResampleHostKernel extends LoopResampleHostKernelBase implements HostFusedKernel {
    /** The kernel instance. */
    public static final LoopResampleHostKernel INSTANCE = new LoopResampleHostKernel();
    private static final ScratchPool<Buffers> POOL = new ScratchPool<>(Buffers::new);

    private LoopResampleHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_loop_resample_host(@In Vec2Array ctrl, int stride, @In I32Array count, int npseg, int withEnd,
                                   int polygon, @In I32Array active, int centripetal, int num,
                                   @Out I32Array countReal, @Out I32Array countOut, @InOut Vec2Array out);
    }

    /** @return the dense-loop, arc-scan and arc-lookup kernels */
    @Override
    public List<Kernel> standsFor() {
        return List.of(LoopDenseKernel.INSTANCE, ArcResampleScanKernel.INSTANCE, ArcResampleLookupKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, float[] ctrl, int stride, int[] count, int npseg, int withEnd,
                       int polygonArg, int[] active, int centripetal, int num, int[] countReal, int[] countOut,
                       float[] out) {
        boolean polygon = polygonArg != 0;
        int m = stride * npseg;
        float inv = LoopDenseKernel.step(npseg, withEnd != 0);
        Buffers b = POOL.acquire().fit(m);
        try {
            for (int e = begin; e < end; e++) {
                if (polygon && active[e] <= 0) {
                    countReal[e] = -1;
                    continue;
                }
                LoopDenseKernel.denseEnv(ctrl, e * stride, count[e], stride, npseg, inv, polygon, centripetal != 0,
                        b.dense, 0);
                b.arc.resampleEnv(b.dense, 0, m, num, countReal, countOut, e, out);
            }
        } finally {
            POOL.release(b);
        }
    }

    /** One chunk's buffers, grown to the largest {@code M} seen, never shrunk. */
    private static final class Buffers {
        float[] dense = new float[0];
        final ArcResampleWork arc = new ArcResampleWork();

        Buffers fit(int m) {
            if (dense.length < 2 * m) {
                dense = new float[2 * m];
            }
            arc.fit(m);
            return this;
        }
    }
}
