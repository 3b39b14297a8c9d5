package dev.trackgen.generators.repulsive;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.generators.knobs.BezierKnobs;
import dev.trackgen.generators.knobs.RepulsiveKnobs;

import java.util.List;

/**
 * Host-side quantities of the repulsive generator, fixed by the configuration: sizes, the
 * iteration budget, the coarse-to-fine stage schedule and the Sobolev preconditioner rows.
 */
final class RepulsiveSchedule {
    /**
     * World-scale reference length per unit of {@code scale} (the original's median bezier
     * perimeter at scale 1, which fixed its validated regime): the domain radius is
     * {@code repulsive_domain_frac} times this.
     */
    static final double DOMAIN_SCALE_REF = 4.9029;
    /** A stage subdivides when the fastest env's mean edge has grown by this factor. */
    static final double SUBDIV_RATIO = 2.0;
    /** Regularizer of the spectral filter {@code 1 / (lambda^s + eps)}. */
    static final double SOBOLEV_EPS = 1.0e-3;
    /** Softening of the tangent-point energy. */
    static final float TP_EPS = 1.0e-4f;

    final double rDom;
    final double rInit;
    final int ratchetIterations;
    final int iterations;
    final int[] stages;
    final int[] starts;
    final double sobolevExponent;

    RepulsiveSchedule(TrackGenConfig c) {
        rDom = c.get(RepulsiveKnobs.DOMAIN_FRAC) * DOMAIN_SCALE_REF * c.get(BezierKnobs.SCALE);
        rInit = rDom / c.get(RepulsiveKnobs.DOMAIN_INIT_RATIO);
        double rate = c.get(RepulsiveKnobs.RATCHET_RATE);
        ratchetIterations = ratchetIterations(c.get(RepulsiveKnobs.GROW_MULT_MAX), rate);
        iterations = iterations(ratchetIterations, c.get(RepulsiveKnobs.SETTLE_ITERS));
        List<Integer> st = c.get(RepulsiveKnobs.STAGES);
        stages = new int[st.size()];
        starts = new int[st.size()];
        for (int i = 0; i < stages.length; i++) {
            stages[i] = st.get(i);
            if (i > 0) {
                int it = (int) Math.ceil(Math.log(Math.pow(SUBDIV_RATIO, i)) / Math.log1p(rate));
                starts[i] = Math.max(Math.min(it, ratchetIterations), starts[i - 1]);
            }
        }
        sobolevExponent = (c.get(RepulsiveKnobs.BETA) - 1.0) / (2.0 * c.get(RepulsiveKnobs.ALPHA));
    }

    /**
     * @param growMax the largest target-length multiplier
     * @param rate    the ratchet rate
     * @return iterations the ratchet needs to grow any env to its final length
     */
    static int ratchetIterations(double growMax, double rate) {
        return (int) Math.ceil(Math.log(growMax) / Math.log1p(rate));
    }

    /**
     * @param ratchet ratchet iterations
     * @param settle  settle iterations
     * @return the iteration budget of one call
     */
    static int iterations(int ratchet, int settle) {
        return (int) Math.ceil(ratchet * 1.6) + settle;
    }

    /**
     * The first row {@code h} of the circulant {@code A^-1} on a closed ring of {@code n} points:
     * the inverse real DFT of the spectral filter {@code 1 / (lambda_k^s + eps)}, with the ring
     * Laplacian's eigenvalues {@code lambda_k = 2 - 2 cos(2 pi k / n)}, computed in double.
     *
     * @param n   ring size
     * @param s   fractional order
     * @param eps regularizer (keeps the constant mode finite)
     * @return {@code h[0..n)}, so that {@code (A^-1 g)_i = sum_j h[(i - j) mod n] g_j}
     */
    static float[] sobolevRow(int n, double s, double eps) {
        double[] filter = new double[n / 2 + 1];
        for (int k = 0; k <= n / 2; k++) {
            double lambda = Math.max(2.0 - 2.0 * Math.cos(2.0 * Math.PI * k / n), 0.0);
            filter[k] = 1.0 / (Math.pow(lambda, s) + eps);
        }
        float[] h = new float[n];
        for (int m = 0; m < n; m++) {
            double acc = filter[0];
            for (int k = 1; k < (n + 1) / 2; k++) {
                acc += 2.0 * filter[k] * Math.cos(2.0 * Math.PI * k * m / n);
            }
            if (n % 2 == 0) {
                acc += filter[n / 2] * ((m & 1) == 0 ? 1.0 : -1.0);
            }
            h[m] = (float) (acc / n);
        }
        return h;
    }
}
