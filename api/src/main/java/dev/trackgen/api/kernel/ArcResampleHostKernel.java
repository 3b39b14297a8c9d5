package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

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
final class ArcResampleHostKernel extends ArcResampleHostKernelBase {
    /** The kernel instance. */
    static final ArcResampleHostKernel INSTANCE = new ArcResampleHostKernel();
    private static final ScratchPool<Buffers> POOL = new ScratchPool<>(Buffers::new);

    private ArcResampleHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_arc_resample_host(@In Vec2Array dense, int M, int num, @In I32Array active, int selectedOnly,
                                  @Out I32Array countReal, @Out I32Array countOut, @InOut Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] dense, int m, int num, int[] active, int selected, int[] countReal,
                       int[] countOut, float[] out) {
        boolean selectedOnly = selected != 0;
        Buffers b = POOL.acquire().fit(m);
        try {
            for (int e = begin; e < end; e++) {
                if (selectedOnly && active[e] <= 0) {
                    countReal[e] = -1;
                    continue;
                }
                ArcResampleScanKernel.scanEnv(dense, e * m, m, num, b.real, 0, b.seg, b.s, 0, countReal, countOut, e);
                ArcResampleLookupKernel.lookupEnv(b.real, 0, b.seg, b.s, 0, countReal[e], num, out, e * num, e * num,
                        (e + 1) * num);
            }
        } finally {
            POOL.release(b);
        }
    }

    /** One chunk's buffers, grown to the largest {@code M} seen, never shrunk. */
    private static final class Buffers {
        float[] real = new float[0];
        float[] seg = new float[0];
        float[] s = new float[0];

        Buffers fit(int m) {
            if (seg.length < m) {
                real = new float[2 * m];
                seg = new float[m];
                s = new float[m + 1];
            }
            return this;
        }
    }
}
