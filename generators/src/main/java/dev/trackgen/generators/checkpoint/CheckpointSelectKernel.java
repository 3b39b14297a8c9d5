package dev.trackgen.generators.checkpoint;

import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Best-of-K selection, one thread per output point ({@code dim = E * N}).
 *
 * <p>{@code tg_checkpoint_select(cand, cross, thin, K, N, out)}: env {@code e} keeps the
 * candidate {@code k} with the fewest self-intersections {@code cross[e*K + k]}; among those, one
 * without a thin pinch ({@code thin[e*K + k] == 0}, see {@link CheckpointClearanceKernel}) if any;
 * then the lowest {@code k} (with {@code K = 1}, candidate 0 without reading either array). Point
 * {@code i} of the output is point {@code i} of that candidate. The original breaks crossing ties
 * by index alone; since nearly all candidates have no crossing, that left best-of-K idle against
 * pinches.
 *
 * <p>Shapes: {@code cand: [E*K*N]} pairs; {@code cross, thin: [E*K]}; {@code out: [E*N]} pairs.
 */
public final class CheckpointSelectKernel extends CheckpointSelectKernelBase {
    /** The kernel instance. */
    public static final CheckpointSelectKernel INSTANCE = new CheckpointSelectKernel();

    private CheckpointSelectKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CHECKPOINT)
    interface Signature {
        void tg_checkpoint_select(@In Vec2Array cand, @In I32Array cross, @In I32Array thin, int K, int N,
                @Out Vec2Array out);
    }

    /** Lexicographic rank: crossings first, then the thin-pinch flag. */
    static long score(int crossings, int thin) {
        return 2L * crossings + (thin != 0 ? 1 : 0);
    }

    /**
     * The kept candidate of one env whose flags start at {@code base}: this kernel's choice, shared
     * with {@link CheckpointHostKernel}.
     *
     * @return the candidate index, 0 when {@code k == 1} (the arrays are then not read)
     */
    static int best(int[] cross, int[] thin, int base, int k) {
        int best = 0;
        if (k > 1) {
            long bestScore = score(cross[base], thin[base]);
            for (int c = 1; c < k; c++) {
                long sc = score(cross[base + c], thin[base + c]);
                if (sc < bestScore) {
                    bestScore = sc;
                    best = c;
                }
            }
        }
        return best;
    }

    @Override
    protected void run(int begin, int end, float[] cand, int[] cross, int[] thin, int k, int n, float[] out) {
        int t = begin;
        while (t < end) {
            int e = t / n;
            int envEnd = Math.min(end, (e + 1) * n);
            int best = best(cross, thin, e * k, k);
            int src = (e * k + best) * n - e * n;
            for (; t < envEnd; t++) {
                out[2 * t] = cand[2 * (src + t)];
                out[2 * t + 1] = cand[2 * (src + t) + 1];
            }
        }
    }
}
