package dev.trackgen.pipeline.resample;

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
 * The constant-spacing resample fused for host runtimes, one index per environment
 * ({@code dim = E}), Java body only: {@link ConstantSpacingScanKernel} then
 * {@link ConstantSpacingLookupKernel} for one env at a time, with the segment lengths and
 * cumulative arc length in buffers a launch chunk takes
 * from a {@link ScratchPool} ({@code 2 * N + 1} floats, reused for every
 * env) instead of {@code [E * N]} rows. Same arithmetic, same output bit for bit; a runtime
 * without Java bodies (CUDA) gets the two kernels ({@link ConstantSpacingResample} chooses by
 * {@code supports}).
 *
 * <p>{@code tg_cs_resample_host(center, N, spacing, nMax, count, valid, out)}; shapes:
 * {@code center: [E*N]} pairs; {@code count, valid: [E]}; {@code out: [E*nMax]} pairs.
 */
final class ConstantSpacingHostKernel extends ConstantSpacingHostKernelBase implements HostFusedKernel {
    static final ConstantSpacingHostKernel INSTANCE = new ConstantSpacingHostKernel();
    private static final ScratchPool<float[][]> POOL = new ScratchPool<>(() -> new float[][] {
        new float[0], new float[0]});

    private ConstantSpacingHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_cs_resample_host(@In Vec2Array center, int N, float spacing, int nMax, @Out I32Array count,
                                 @InOut I32Array valid, @Out Vec2Array out);
    }

    /** @return the device kernels this one runs for one env after another */
    @Override
    public List<Kernel> standsFor() {
        return List.of(ConstantSpacingScanKernel.INSTANCE, ConstantSpacingLookupKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, float[] c, int n, float spacing, int nMax, int[] count, int[] valid,
                       float[] out) {
        float[][] buf = POOL.acquire();
        if (buf[0].length < n) {
            buf[0] = new float[n];
            buf[1] = new float[n + 1];
        }
        float[] seg = buf[0];
        float[] s = buf[1];
        try {
            for (int e = begin; e < end; e++) {
                ConstantSpacingScanKernel.scanEnv(c, n, spacing, nMax, seg, 0, s, 0, count, valid, e);
                ConstantSpacingLookupKernel.lookupEnv(c, seg, 0, s, 0, n, spacing, nMax, count[e], out, e, e * nMax,
                        e * nMax + nMax);
            }
        } finally {
            POOL.release(buf);
        }
    }
}
