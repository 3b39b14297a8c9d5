package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;

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
public final class ArcResampleScanKernel extends ArcResampleScanKernelBase {
    /** The kernel instance. */
    public static final ArcResampleScanKernel INSTANCE = new ArcResampleScanKernel();

    private ArcResampleScanKernel() {
    }

    @KernelSignature(ptx = ApiKernels.PTX, perEnvironment = true)
    interface Signature {
        void tg_arc_scan(@In Vec2Array dense, int M, int num, @In I32Array active, int selectedOnly,
                @Out Vec2Array real, @Out F32Array seg, @Out F32Array s, @Out I32Array countReal,
                @Out I32Array countOut);
    }

    @Override
    protected void run(int begin, int end, float[] dense, int m, int num, int[] active, int selectedOnlyFlag,
                       float[] real, float[] seg, float[] s, int[] countReal, int[] countOut) {
        boolean selectedOnly = selectedOnlyFlag != 0;
        for (int e = begin; e < end; e++) {
            if (selectedOnly && active[e] <= 0) {
                countReal[e] = -1;
                continue;
            }
            scanEnv(dense, e * m, m, num, real, e * m, seg, s, e * (m + 1), countReal, countOut, e);
        }
    }

    /**
     * The body for one selected env: compacts {@code dense[db .. db+m)} into {@code real} from
     * {@code rb}, writes {@code seg} from {@code rb} and {@code s} from {@code sb}, and the env's counts.
     * Shared by this kernel (rows of {@code E}-sized arrays) and the CPU runtime's fused resample
     * (one worker's buffers, offsets 0).
     */
    static void scanEnv(float[] dense, int db, int m, int num, float[] real, int rb, float[] seg, float[] s, int sb,
                        int[] countReal, int[] countOut, int e) {
        int r = 0;
        for (int i = 0; i < m; i++) {
            float x = dense[2 * (db + i)];
            float y = dense[2 * (db + i) + 1];
            if (Float.isFinite(x) && Float.isFinite(y)) {
                real[2 * (rb + r)] = x;
                real[2 * (rb + r) + 1] = y;
                r++;
            }
        }
        countReal[e] = r;
        countOut[e] = r >= 2 ? num : 0;
        if (r >= 2) {
            ArcLengthScan.scan(real, rb, r, seg, rb, s, sb);
        }
    }
}
