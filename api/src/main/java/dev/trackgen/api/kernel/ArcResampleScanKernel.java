package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;

/**
 * First half of the NaN-aware closed-loop arc-length resample, one thread per environment
 * ({@code dim = E}).
 *
 * <p>{@code tg_arc_scan(dense, M, num, active, selectedOnly, real, seg, s, countReal, countOut)}:
 * compacts env {@code e}'s finite points of {@code dense[e*M .. e*M+M)} in order into
 * {@code real}, writes {@code R} to {@code countReal[e]}, and for {@code R >= 2} the closed-loop
 * segment lengths {@code seg[e*M + j] = |real[j+1 mod R] - real[j]|} and the cumulative arc
 * length {@code s[e*(M+1) + j]} (accumulated in double). {@code countOut[e]} is {@code num} when
 * {@code R >= 2}, else 0. With {@code selectedOnly != 0}, envs whose {@code active[e] <= 0} are
 * skipped and marked {@code countReal[e] = -1} so that {@link ArcResampleLookupKernel} leaves
 * their output untouched.
 *
 * <p>Shapes: {@code dense, real: [E*M]} pairs; {@code seg: [E*M]}; {@code s: [E*(M+1)]};
 * {@code active, countReal, countOut: [E]}.
 */
public final class ArcResampleScanKernel extends AbstractKernel {
    /** The kernel instance. */
    public static final ArcResampleScanKernel INSTANCE = new ArcResampleScanKernel();

    private ArcResampleScanKernel() {
        super("tg_arc_scan", ApiKernels.PTX,
                KernelParam.vec2("dense"), KernelParam.intValue("M"), KernelParam.intValue("num"),
                KernelParam.i32("active"), KernelParam.intValue("selectedOnly"),
                KernelParam.vec2("real"), KernelParam.f32("seg"), KernelParam.f32("s"),
                KernelParam.i32("countReal"), KernelParam.i32("countOut"));
    }

    @Override
    public void run(KernelArgs a, int begin, int end) {
        float[] dense = a.vec2(0);
        int m = a.intValue(1);
        int num = a.intValue(2);
        int[] active = a.i32(3);
        boolean selectedOnly = a.intValue(4) != 0;
        float[] real = a.vec2(5);
        float[] seg = a.f32(6);
        float[] s = a.f32(7);
        int[] countReal = a.i32(8);
        int[] countOut = a.i32(9);
        for (int e = begin; e < end; e++) {
            if (selectedOnly && active[e] <= 0) {
                countReal[e] = -1;
                continue;
            }
            int db = e * m;
            int r = 0;
            for (int i = 0; i < m; i++) {
                float x = dense[2 * (db + i)];
                float y = dense[2 * (db + i) + 1];
                if (Float.isFinite(x) && Float.isFinite(y)) {
                    real[2 * (db + r)] = x;
                    real[2 * (db + r) + 1] = y;
                    r++;
                }
            }
            countReal[e] = r;
            countOut[e] = r >= 2 ? num : 0;
            if (r >= 2) {
                int es = e * (m + 1);
                s[es] = 0f;
                double acc = 0.0;
                for (int j = 0; j < r; j++) {
                    int jn = j + 1 == r ? 0 : j + 1;
                    float dx = real[2 * (db + jn)] - real[2 * (db + j)];
                    float dy = real[2 * (db + jn) + 1] - real[2 * (db + j) + 1];
                    float l = Geometry.length(dx, dy);
                    seg[db + j] = l;
                    acc += l;
                    s[es + j + 1] = (float) acc;
                }
            }
        }
    }
}
