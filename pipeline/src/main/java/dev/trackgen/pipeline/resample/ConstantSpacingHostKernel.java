package dev.trackgen.pipeline.resample;

import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.KernelParam.Direction;
import dev.trackgen.api.runtime.KernelParam.Type;

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
final class ConstantSpacingHostKernel extends AbstractKernel {
    static final ConstantSpacingHostKernel INSTANCE = new ConstantSpacingHostKernel();
    private static final ScratchPool<float[][]> POOL = new ScratchPool<>(() -> new float[][] {
        new float[0], new float[0]});

    private ConstantSpacingHostKernel() {
        super("tg_cs_resample_host", null,
                new KernelParam("center", Type.VEC2_ARRAY, Direction.IN),
                new KernelParam("N", Type.INT, Direction.IN),
                new KernelParam("spacing", Type.FLOAT, Direction.IN),
                new KernelParam("nMax", Type.INT, Direction.IN),
                new KernelParam("count", Type.I32_ARRAY, Direction.OUT),
                new KernelParam("valid", Type.I32_ARRAY, Direction.IN_OUT),
                new KernelParam("out", Type.VEC2_ARRAY, Direction.OUT));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] c = a.vec2(0);
        int n = a.intValue(1);
        float spacing = a.floatValue(2);
        int nMax = a.intValue(3);
        int[] count = a.i32(4);
        int[] valid = a.i32(5);
        float[] out = a.vec2(6);
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
