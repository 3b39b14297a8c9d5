package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.KernelParam.Direction;
import dev.trackgen.api.runtime.KernelParam.Type;

/**
 * The whole inflation stage fused for host runtimes, one index per environment ({@code dim = E}),
 * Java body only: for one env at a time, the bodies of {@link UniformResampleScanKernel},
 * {@link UniformResampleLookupKernel}, {@link FrameKernel}, {@link ArcLengthKernel},
 * {@link OffsetAreaKernel}, {@link OffsetAssignKernel} and {@link ValidityKernel}, in that order.
 * What only lives inside the stage (segment lengths, cumulative arc length, the validity gate's
 * boxes: {@code 2 * nMax + 1 + ValidityKernel.boxFloatsPerEnv(nMax)} floats) is in buffers a
 * launch chunk takes from a {@link ScratchPool}, reused for every env, instead of {@code [E]} rows;
 * the curvature the frame kernel writes, which nothing reads, is not kept. Same arithmetic in the same order per env, so the
 * same {@code Track} bit for bit; a runtime without Java bodies (CUDA) gets the seven launches
 * ({@link Inflation} chooses by {@code supports}).
 *
 * <p>{@code tg_inflate_host(in, nMax, count, genValid, halfWidth, turningTol, wFloor, relaxTol,
 * areaA, areaB, center, tangent, normal, arclen, length, winding, outer, inner, valid)}; shapes as
 * in the seven kernels ({@code in}, {@code center}, {@code tangent}, {@code normal},
 * {@code outer}, {@code inner}: {@code [E*nMax]} pairs; {@code arclen: [E*(nMax+1)]};
 * the rest {@code [E]}).
 */
final class InflationHostKernel extends AbstractKernel {
    static final InflationHostKernel INSTANCE = new InflationHostKernel();
    private static final ScratchPool<float[][]> POOL = new ScratchPool<>(() -> new float[][] {
        new float[0], new float[0], new float[0]});

    private InflationHostKernel() {
        super("tg_inflate_host", null,
                new KernelParam("in", Type.VEC2_ARRAY, Direction.IN),
                new KernelParam("nMax", Type.INT, Direction.IN),
                new KernelParam("count", Type.I32_ARRAY, Direction.IN),
                new KernelParam("genValid", Type.I32_ARRAY, Direction.IN),
                new KernelParam("halfWidth", Type.FLOAT, Direction.IN),
                new KernelParam("turningTol", Type.FLOAT, Direction.IN),
                new KernelParam("wFloor", Type.FLOAT, Direction.IN),
                new KernelParam("relaxTol", Type.FLOAT, Direction.IN),
                new KernelParam("areaA", Type.F32_ARRAY, Direction.OUT),
                new KernelParam("areaB", Type.F32_ARRAY, Direction.OUT),
                new KernelParam("center", Type.VEC2_ARRAY, Direction.OUT),
                new KernelParam("tangent", Type.VEC2_ARRAY, Direction.OUT),
                new KernelParam("normal", Type.VEC2_ARRAY, Direction.OUT),
                new KernelParam("arclen", Type.F32_ARRAY, Direction.OUT),
                new KernelParam("length", Type.F32_ARRAY, Direction.OUT),
                new KernelParam("winding", Type.F32_ARRAY, Direction.OUT),
                new KernelParam("outer", Type.VEC2_ARRAY, Direction.OUT),
                new KernelParam("inner", Type.VEC2_ARRAY, Direction.OUT),
                new KernelParam("valid", Type.I32_ARRAY, Direction.OUT));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] in = a.vec2(0);
        int nMax = a.intValue(1);
        int[] count = a.i32(2);
        int[] genValid = a.i32(3);
        float hw = a.floatValue(4);
        float turningTol = a.floatValue(5);
        float wFloor = a.floatValue(6);
        float relaxTol = a.floatValue(7);
        float[] areaA = a.f32(8);
        float[] areaB = a.f32(9);
        float[] center = a.vec2(10);
        float[] tangent = a.vec2(11);
        float[] normal = a.vec2(12);
        float[] arclen = a.f32(13);
        float[] length = a.f32(14);
        float[] winding = a.f32(15);
        float[] outer = a.vec2(16);
        float[] inner = a.vec2(17);
        int[] valid = a.i32(18);
        float[][] buf = POOL.acquire();
        if (buf[0].length < nMax) {
            buf[0] = new float[nMax];
            buf[1] = new float[nMax + 1];
            buf[2] = new float[ValidityKernel.boxFloatsPerEnv(nMax)];
        }
        float[] seg = buf[0];
        float[] s = buf[1];
        float[] boxes = buf[2];
        try {
            for (int e = begin; e < end; e++) {
                int b = e * nMax;
                int cn = count[e];
                UniformResampleScanKernel.scanEnv(in, b, cn, seg, 0, s, 0);
                UniformResampleLookupKernel.lookupEnv(in, b, cn, seg, 0, s, 0, center, b, b + nMax);
                FrameKernel.frameEnv(center, b, cn, tangent, normal, null, b, b + nMax);
                ArcLengthKernel.INSTANCE.run(e, e + 1, center, nMax, count, arclen, length, winding);
                OffsetAreaKernel.INSTANCE.run(e, e + 1, center, normal, hw, nMax, count, areaA, areaB);
                OffsetAssignKernel.INSTANCE.run(b, b + nMax, center, normal, hw, nMax, count, areaA, areaB, outer, inner);
                ValidityKernel.validate(e, e + 1, center, count, genValid, normal, outer, inner, nMax, hw, turningTol,
                        wFloor, relaxTol, boxes, 0, valid);
            }
        } finally {
            POOL.release(buf);
        }
    }
}
