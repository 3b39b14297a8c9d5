package dev.trackgen.generators.repulsive;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.InOut;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * The projected, normalized flow step and the hard rescale, one thread per environment
 * ({@code dim = E}).
 *
 * <p>{@code tg_rep_step(center, g, lg, ainvLg, n, peri, lTarget, tau, frozen)}, for each env that
 * is not frozen, with {@code g = A^-1 grad} and {@code ainvLg = A^-1 lg}:
 * <ol>
 *   <li>project out the length direction in the Sobolev metric:
 *       {@code g -= (<g, lg> / max(<lg, A^-1 lg>, 1e-12)) A^-1 lg};</li>
 *   <li>pin the barycentre and normalize: with {@code m = mean(g)},
 *       {@code gmax = max(max_i |g_i - m|, 1e-12)} and the mean segment length
 *       {@code msl = peri / n} (before the step), move {@code x_i -= tau msl / gmax (g_i - m)};</li>
 *   <li>rescale about the barycentre {@code c} to the ratcheted length:
 *       {@code x_i = c + (x_i - c) lTarget / max(perimeter, 1e-9)}.</li>
 * </ol>
 *
 * <p>Shapes: {@code center, g, lg, ainvLg: [E*n]} pairs; {@code peri, lTarget, frozen: [E]}.
 */
public final class RepulsiveStepKernel extends RepulsiveStepKernelBase {
    /** The kernel instance. */
    public static final RepulsiveStepKernel INSTANCE = new RepulsiveStepKernel();

    private RepulsiveStepKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_REPULSIVE, perEnvironment = true)
    interface Signature {
        void tg_rep_step(@InOut Vec2Array center, @InOut Vec2Array g, @In Vec2Array lg, @In Vec2Array ainvLg, int n,
                @In F32Array peri, @In F32Array lTarget, float tau, @In I32Array frozen);
    }

    @Override
    protected void run(int begin, int end, float[] x, float[] g, float[] lg, float[] ai, int n, float[] peri,
                       float[] lTarget, float tau, int[] frozen) {
        for (int e = begin; e < end; e++) {
            if (frozen[e] == 1) {
                continue;
            }
            int b = 2 * e * n;
            float num = 0f;
            float den = 0f;
            for (int k = b; k < b + 2 * n; k++) {
                num += g[k] * lg[k];
                den += lg[k] * ai[k];
            }
            float ratio = num / Math.max(den, 1.0e-12f);
            float mx = 0f;
            float my = 0f;
            for (int k = b; k < b + 2 * n; k += 2) {
                g[k] -= ratio * ai[k];
                g[k + 1] -= ratio * ai[k + 1];
                mx += g[k];
                my += g[k + 1];
            }
            mx /= n;
            my /= n;
            float gmax = 0f;
            for (int k = b; k < b + 2 * n; k += 2) {
                float dx = g[k] - mx;
                float dy = g[k + 1] - my;
                gmax = Math.max(gmax, (float) Math.sqrt(dx * dx + dy * dy));
            }
            gmax = Math.max(gmax, 1.0e-12f);
            float s = tau * (peri[e] / n) / gmax;
            float cx = 0f;
            float cy = 0f;
            for (int k = b; k < b + 2 * n; k += 2) {
                x[k] -= s * (g[k] - mx);
                x[k + 1] -= s * (g[k + 1] - my);
                cx += x[k];
                cy += x[k + 1];
            }
            cx /= n;
            cy /= n;
            float len = 0f;
            for (int i = 0; i < n; i++) {
                int k = b + 2 * i;
                int kn = b + 2 * (i + 1 == n ? 0 : i + 1);
                float dx = x[kn] - x[k];
                float dy = x[kn + 1] - x[k + 1];
                len += (float) Math.sqrt(dx * dx + dy * dy);
            }
            float r = lTarget[e] / Math.max(len, 1.0e-9f);
            for (int k = b; k < b + 2 * n; k += 2) {
                x[k] = cx + (x[k] - cx) * r;
                x[k + 1] = cy + (x[k + 1] - cy) * r;
            }
        }
    }
}
