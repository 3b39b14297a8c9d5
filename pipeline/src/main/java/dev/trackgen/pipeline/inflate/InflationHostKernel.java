package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.HostFusedKernel;
import dev.trackgen.api.kernel.ScratchPool;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

import java.util.List;

/**
 * The whole inflation stage fused for host runtimes, one index per environment ({@code dim = E}),
 * Java body only: for one env at a time, the bodies of {@link UniformResampleScanKernel},
 * {@link UniformResampleLookupKernel}, {@link FrameKernel}, {@link ArcLengthKernel},
 * one of {@link WidthFillKernel}, {@link WidthCurvatureKernel} and {@link WidthProfileKernel}
 * (by {@code widthMode}), {@link OffsetAreaKernel}, {@link OffsetAssignKernel} and {@link ValidityKernel}, in that order.
 * What only lives inside the stage (segment lengths, cumulative arc length, the validity gate's
 * boxes and their groups: {@code 2 * nMax + 1 + ValidityKernel.boxFloatsPerEnv(nMax) + EdgeContacts.groupFloats(nMax)} floats) is in buffers a
 * launch chunk takes from a {@link ScratchPool}, reused for every env, instead of {@code [E]} rows;
 * the curvature the frame kernel writes, which nothing reads, is not kept. Same arithmetic in the same order per env, so the
 * same {@code Track} bit for bit; a runtime without Java bodies (CUDA) gets the eight launches
 * ({@link Inflation} chooses by {@code supports}).
 *
 * <p>{@code tg_inflate_host(in, nMax, count, genValid, halfWidth, widthMode, profileLeft,
 * profileRight, p, wMin, wMax, cornerRadius, window, turningTol, wFloor, relaxTol,
 * areaA, areaB, center, tangent, normal, arclen, length, winding, left, right, outer, inner,
 * valid)}; shapes as
 * in the eight kernels ({@code left}, {@code right}: {@code [E*nMax]}; {@code in}, {@code center}, {@code tangent}, {@code normal},
 * {@code outer}, {@code inner}: {@code [E*nMax]} pairs; {@code arclen: [E*(nMax+1)]};
 * the rest {@code [E]}).
 */
final class InflationHostKernel extends InflationHostKernelBase implements HostFusedKernel {
    static final InflationHostKernel INSTANCE = new InflationHostKernel();
    private static final ScratchPool<float[][]> POOL = new ScratchPool<>(() -> new float[][] {
        new float[0], new float[0], new float[0], new float[0]});

    /** {@code widthMode}: the constant half-width ({@link WidthFillKernel}). */
    static final int WIDTH_CONSTANT = 0;
    /** {@code widthMode}: the curvature profile ({@link WidthCurvatureKernel}). */
    static final int WIDTH_CURVATURE = 1;
    /** {@code widthMode}: a caller's profile ({@link WidthProfileKernel}). */
    static final int WIDTH_PROFILE = 2;

    private InflationHostKernel() {
    }

    /** Java body only. */
    @KernelSignature
    interface Signature {
        void tg_inflate_host(@In Vec2Array in, int nMax, @In I32Array count, @In I32Array genValid, float halfWidth,
                             int widthMode, @In F32Array profileLeft, @In F32Array profileRight, int p, float wMin,
                             float wMax, float cornerRadius, int window, float turningTol, float wFloor, float relaxTol, @Out F32Array areaA, @Out F32Array areaB,
                             @Out Vec2Array center, @Out Vec2Array tangent, @Out Vec2Array normal,
                             @Out F32Array arclen, @Out F32Array length, @Out F32Array winding, @Out F32Array left,
                             @Out F32Array right, @Out Vec2Array outer,
                             @Out Vec2Array inner, @Out I32Array valid);
    }

    /** @return the device kernels this one runs for one env after another */
    @Override
    public List<Kernel> standsFor() {
        return List.of(UniformResampleScanKernel.INSTANCE, UniformResampleLookupKernel.INSTANCE, FrameKernel.INSTANCE,
                ArcLengthKernel.INSTANCE, WidthFillKernel.INSTANCE, WidthCurvatureKernel.INSTANCE,
                WidthProfileKernel.INSTANCE, OffsetAreaKernel.INSTANCE, OffsetAssignKernel.INSTANCE, ValidityKernel.INSTANCE);
    }

    @Override
    protected void run(int begin, int end, float[] in, int nMax, int[] count, int[] genValid, float hw,
                       int widthMode, float[] pl, float[] pr, int p, float wMin, float wMax, float cornerRadius,
                       int window, float turningTol, float wFloor, float relaxTol, float[] areaA, float[] areaB, float[] center,
                       float[] tangent, float[] normal, float[] arclen, float[] length, float[] winding,
                       float[] left, float[] right, float[] outer, float[] inner, int[] valid) {
        float[][] buf = POOL.acquire();
        if (buf[0].length < nMax) {
            buf[0] = new float[nMax];
            buf[1] = new float[nMax + 1];
            buf[2] = new float[ValidityKernel.boxFloatsPerEnv(nMax)];
            buf[3] = new float[EdgeContacts.groupFloats(nMax)];
        }
        float[] seg = buf[0];
        float[] s = buf[1];
        float[] boxes = buf[2];
        float[] groups = buf[3];
        try {
            for (int e = begin; e < end; e++) {
                int b = e * nMax;
                int cn = count[e];
                UniformResampleScanKernel.scanEnv(in, b, cn, seg, 0, s, 0);
                UniformResampleLookupKernel.lookupEnv(in, b, cn, seg, 0, s, 0, center, b, b + nMax);
                FrameKernel.frameEnv(center, b, cn, tangent, normal, null, b, b + nMax);
                ArcLengthKernel.INSTANCE.run(e, e + 1, center, nMax, count, arclen, length, winding);
                if (widthMode == WIDTH_PROFILE) {
                    WidthProfileKernel.profileEnv(pl, pr, e * p, p, b, cn, left, right, b, b + nMax);
                } else if (widthMode == WIDTH_CURVATURE) {
                    WidthCurvatureKernel.curvatureEnv(center, b, cn, wMin, wMax, cornerRadius, window, left, right, b,
                            b + nMax);
                } else {
                    WidthFillKernel.fillEnv(hw, b, cn, left, right, b, b + nMax);
                }
                OffsetAreaKernel.INSTANCE.run(e, e + 1, center, normal, left, right, nMax, count, areaA, areaB);
                OffsetAssignKernel.INSTANCE.run(b, b + nMax, center, normal, left, right, nMax, count, areaA, areaB,
                        outer, inner);
                ValidityKernel.validate(e, e + 1, center, count, genValid, normal, outer, inner, left, right, nMax,
                        turningTol, wFloor, relaxTol, boxes, 0, groups, valid);
            }
        } finally {
            POOL.release(buf);
        }
    }
}
