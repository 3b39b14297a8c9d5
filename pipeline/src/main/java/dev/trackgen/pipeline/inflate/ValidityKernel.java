package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.kernel.Geometry;
import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.pipeline.PipelineKernels;
import dev.trackgen.pipeline.relax.SeparationBand;

/**
 * The validity gate, one thread per environment ({@code dim = E}).
 *
 * <p>{@code tg_validity(center, count, genValid, outer, inner, borderCheck, nMax, halfWidth,
 * turningTol, wFloor, relaxTol, boxes, valid)} sets {@code valid[e] = 1} only when all hold for
 * env {@code e}'s {@code count[e]} real points:
 * <ul>
 *   <li>the generation flag {@code genValid[e]} is set (cleared for truncated tracks);</li>
 *   <li>net turning {@code |sum wrap(theta_i - theta_{i-1})|} is within {@code turningTol} of
 *       {@code 2 pi} (one simple loop);</li>
 *   <li>the half-width exceeds {@code wFloor} and every point is finite;</li>
 *   <li>thickness {@code min(1 / max Menger curvature, sep_min / 2) >= (1 - relaxTol) * halfWidth},
 *       where {@code sep_min} is the smallest distance between points farther apart along the
 *       chain than the separation band;</li>
 *   <li>with {@code borderCheck != 0}, neither border crosses itself.</li>
 * </ul>
 *
 * <p>Shapes: {@code center, outer, inner: [E*nMax]} pairs; {@code count, genValid, valid: [E]};
 * {@code boxes: [E * Crossings.boxFloats(nMax)]}.
 */
public final class ValidityKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final ValidityKernel INSTANCE = new ValidityKernel();

    private ValidityKernel() {
        super("tg_validity", PipelineKernels.PTX,
                KernelParam.vec2("center"), KernelParam.i32("count"), KernelParam.i32("genValid"),
                KernelParam.vec2("outer"), KernelParam.vec2("inner"), KernelParam.intValue("borderCheck"),
                KernelParam.intValue("nMax"), KernelParam.floatValue("halfWidth"),
                KernelParam.floatValue("turningTol"), KernelParam.floatValue("wFloor"),
                KernelParam.floatValue("relaxTol"), KernelParam.f32("boxes"), KernelParam.i32("valid"));
    }

    /** Threads per block of the CUDA body. */
    public static final int CUDA_THREADS = 128;

    /**
     * One block of {@value #CUDA_THREADS} threads per env, sharing the per-point terms and the
     * pair scan of the thickness check; {@code 2 * nMax} floats of dynamic shared memory.
     */
    @Override
    public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
        return LaunchShape.blockPerIndex(dim, CUDA_THREADS, 8 * args.intValue(6));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] c = a.vec2(0);
        int[] count = a.i32(1);
        int[] genValid = a.i32(2);
        float[] outer = a.vec2(3);
        float[] inner = a.vec2(4);
        boolean borderCheck = a.intValue(5) != 0;
        int nMax = a.intValue(6);
        float hw = a.floatValue(7);
        float turningTol = a.floatValue(8);
        float wFloor = a.floatValue(9);
        float relaxTol = a.floatValue(10);
        float[] boxes = a.f32(11);
        int[] valid = a.i32(12);
        int perEnv = Crossings.boxFloats(nMax);
        for (int e = begin; e < end; e++) {
            int cn = count[e];
            int b = e * nMax;
            boolean ok = cn >= 3 && genValid[e] != 0 && hw > wFloor;
            if (ok) {
                ok = allFinite(c, b, cn)
                        && Math.abs(Math.abs(turning(c, b, cn)) - 2f * (float) Math.PI) <= turningTol
                        && thickEnough(c, b, cn, hw, (1f - relaxTol) * hw);
            }
            if (ok && borderCheck) {
                ok = Crossings.count(outer, b, cn, boxes, e * perEnv, 1) == 0
                        && Crossings.count(inner, b, cn, boxes, e * perEnv, 1) == 0;
            }
            valid[e] = ok ? 1 : 0;
        }
    }

    private static boolean allFinite(float[] c, int b, int cn) {
        for (int i = 0; i < cn; i++) {
            if (!Float.isFinite(c[2 * (b + i)]) || !Float.isFinite(c[2 * (b + i) + 1])) {
                return false;
            }
        }
        return true;
    }

    /** Signed net turning of the closed polygon, radians. */
    static float turning(float[] c, int b, int cn) {
        float total = 0f;
        int last = b + cn - 1;
        float prev = (float) Math.atan2(c[2 * b + 1] - c[2 * last + 1], c[2 * b] - c[2 * last]);
        for (int i = 0; i < cn; i++) {
            int t = b + i;
            int u = b + (i + 1 == cn ? 0 : i + 1);
            float theta = (float) Math.atan2(c[2 * u + 1] - c[2 * t + 1], c[2 * u] - c[2 * t]);
            total += Geometry.wrapAngle(theta - prev);
            prev = theta;
        }
        return total;
    }

    /**
     * Whether the closed chain is at least {@code minThickness} thick: every Menger radius is at
     * least that, and every pair of points farther apart along the chain than the separation band
     * is at least {@code 2 * minThickness} apart. Equivalent to
     * {@code min(1 / max curvature, sep_min / 2) >= minThickness}; stops at the first violation.
     */
    static boolean thickEnough(float[] c, int b, int cn, float hw, float minThickness) {
        float peri = 0f;
        for (int i = 0; i < cn; i++) {
            int t = b + i;
            int u = b + (i + 1 == cn ? 0 : i + 1);
            int p = b + (i == 0 ? cn - 1 : i - 1);
            peri += Geometry.length(c[2 * u] - c[2 * t], c[2 * u + 1] - c[2 * t + 1]);
            float kappa = Geometry.menger(c[2 * p], c[2 * p + 1], c[2 * t], c[2 * t + 1], c[2 * u], c[2 * u + 1]);
            if (!(1f / Math.max(kappa, 1.0e-12f) >= minThickness)) {
                return false;
            }
        }
        int band = SeparationBand.of(peri / (float) cn, 2f * hw);
        float sep = 2f * minThickness;
        float sep2 = sep * sep;
        for (int i = 0; i < cn; i++) {
            float xi = c[2 * (b + i)];
            float yi = c[2 * (b + i) + 1];
            // j ranges over i + band + 1 .. i + cn - band - 1 (circular distance > band), upper half only
            int jEnd = Math.min(cn, i + cn - band);
            for (int j = i + band + 1; j < jEnd; j++) {
                float dx = xi - c[2 * (b + j)];
                float dy = yi - c[2 * (b + j) + 1];
                float d2 = dx * dx + dy * dy;
                if (d2 < sep2 && !(0.5f * (float) Math.sqrt(d2) >= minThickness)) {
                    return false;
                }
            }
        }
        return true;
    }
}
