package dev.trackgen.generators.circuit;

import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.In;
import dev.trackgen.api.runtime.KernelSignature;
import dev.trackgen.api.runtime.Out;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.GeneratorKernels;

/**
 * Best-of-K selection and dense sampling, one thread per env ({@code dim = E}).
 *
 * <p>{@code tg_circuit_emit(pieces, info, score, K, S, N, rMin, rMax, out)}: env {@code e} keeps
 * the candidate with the lowest score (ties: the lowest index) and writes {@code N} points at arc
 * lengths {@code i * L / N} along its pieces. When every candidate failed to close (score
 * {@link CircuitLayoutKernel#FAIL}), it writes a stadium of candidate 0's lap length instead (two
 * straights and two half circles of radius {@code clamp(0.06 L, rMin, rMax)}, at most
 * {@code L / (2 pi)}), which is closed and simple by construction. The loop is then moved so its
 * points' mean is the origin. Counter-clockwise.
 *
 * <p>Shapes: {@code pieces: [E*K*8*S*6]}; {@code info: [E*K*2]}; {@code score: [E*K]};
 * {@code out: [E*N]} pairs.
 */
public final class CircuitEmitKernel extends CircuitEmitKernelBase {
    /** The kernel instance. */
    public static final CircuitEmitKernel INSTANCE = new CircuitEmitKernel();

    private CircuitEmitKernel() {
    }

    @KernelSignature(ptx = GeneratorKernels.PTX_CIRCUIT, perEnvironment = true)
    interface Signature {
        void tg_circuit_emit(@In F32Array pieces, @In F32Array info, @In I32Array score, int K, int S, int N,
                float rMin, float rMax, @Out Vec2Array out);
    }

    @Override
    protected void run(int begin, int end, float[] pc, float[] info, int[] score, int kk, int slotsMax, int n,
                       float rMin, float rMax, float[] out) {
        for (int e = begin; e < end; e++) {
            int best = 0;
            int bestScore = score[e * kk];
            for (int c = 1; c < kk; c++) {
                if (score[e * kk + c] < bestScore) {
                    bestScore = score[e * kk + c];
                    best = c;
                }
            }
            int slot = e * kk + best;
            emitEnv(pc, slot * 8 * slotsMax, 8 * (int) info[2 * slot + 1], bestScore >= CircuitLayoutKernel.FAIL,
                    info[2 * e * kk], rMin, rMax, n, out, e * n);
        }
    }

    /**
     * One env's output: {@code n} points along the kept candidate's {@code count} pieces from piece
     * {@code pb}, or the stadium of lap length {@code len0} when no candidate closed; then moved so
     * the points' mean is the origin.
     */
    static void emitEnv(float[] pc, int pb, int count, boolean stadium, float len0, float rMin, float rMax, int n,
                        float[] out, int ob) {
        if (stadium) {
            stadium(len0, rMin, rMax, n, out, ob);
        } else {
            CircuitPieces.sample(pc, pb, count, n, out, ob);
        }
        double cx = 0.0;
        double cy = 0.0;
        for (int i = 0; i < n; i++) {
            cx += out[2 * (ob + i)];
            cy += out[2 * (ob + i) + 1];
        }
        float mx = (float) (cx / n);
        float my = (float) (cy / n);
        for (int i = 0; i < n; i++) {
            out[2 * (ob + i)] -= mx;
            out[2 * (ob + i) + 1] -= my;
        }
    }

    /** A counter-clockwise stadium of lap length {@code len}, {@code n} points at even arc length. */
    static void stadium(float len, float rMin, float rMax, int n, float[] out, int ob) {
        double l = len;
        double r = Math.min(Math.max(0.06 * l, (double) rMin), (double) rMax);
        r = Math.min(r, l / (2.0 * Math.PI));
        double st = 0.5 * (l - 2.0 * Math.PI * r);
        double arc = Math.PI * r;
        for (int i = 0; i < n; i++) {
            double s = (double) i * l / (double) n;
            double x;
            double y;
            if (s < st) {
                x = s - 0.5 * st;
                y = -r;
            } else if (s < st + arc) {
                double ang = -0.5 * Math.PI + (s - st) / r;
                x = 0.5 * st + r * Math.cos(ang);
                y = r * Math.sin(ang);
            } else if (s < 2.0 * st + arc) {
                x = 0.5 * st - (s - st - arc);
                y = r;
            } else {
                double ang = 0.5 * Math.PI + (s - 2.0 * st - arc) / r;
                x = -0.5 * st + r * Math.cos(ang);
                y = r * Math.sin(ang);
            }
            out[2 * (ob + i)] = (float) x;
            out[2 * (ob + i) + 1] = (float) y;
        }
    }
}
