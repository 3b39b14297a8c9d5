package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The arc-length resample fused for host runtimes, one index per environment ({@code dim = E}), with
 * a Java body only: {@link ArcResampleScanKernel} then {@link ArcResampleLookupKernel} for one env
 * at a time, with the compacted points, segment lengths and cumulative arc length in buffers a
 * launch chunk takes from a {@link ScratchPool} ({@code 4 * M + 1} floats, reused for every env)
 * instead of {@code [E * M]} rows. Same arithmetic as the two kernels, so the same output bit for
 * bit. A runtime that does not run Java bodies (CUDA) gets the two kernels ({@link ArcResampler}
 * chooses by {@code supports}).
 *
 * <p>{@code tg_arc_resample_host(dense, M, num, active, selectedOnly, countReal, countOut, out)};
 * shapes: {@code dense: [E*M]} pairs; {@code active, countReal, countOut: [E]}; {@code out: [E*num]} pairs.
 */
final class ArcResampleHostKernel extends ArcResampleHostKernelBase implements HostFusedKernel {
    /** The kernel instance. */
    static final ArcResampleHostKernel INSTANCE = new ArcResampleHostKernel();
    private static final ScratchPool<ArcResampleWork> POOL = new ScratchPool<>(ArcResampleWork::new);

    private ArcResampleHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_arc_resample_host(@In Vec2Array dense, int M, int num, @In I32Array active, int selectedOnly,
                                  @Out I32Array countReal, @Out I32Array countOut, @InOut Vec2Array out);
    }

    /** @return the scan and lookup kernels */
    @Override
    public List<Kernel> standsFor() {
        return List.of(ArcResampleScanKernel.INSTANCE, ArcResampleLookupKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, float[] dense, int m, int num, int[] active, int selected, int[] countReal,
                       int[] countOut, float[] out) {
        boolean selectedOnly = selected != 0;
        ArcResampleWork b = POOL.acquire().fit(m);
        try {
            for (int e = begin; e < end; e++) {
                if (selectedOnly && active[e] <= 0) {
                    countReal[e] = -1;
                    continue;
                }
                b.resampleEnv(dense, e * m, m, num, countReal, countOut, e, out);
            }
        } finally {
            POOL.release(b);
        }
    }
}
