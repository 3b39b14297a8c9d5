package dev.trackgen.pipeline.relax;

/**
 * The host-precomputed weights of Chebyshev semi-iterative acceleration. Sweeps before
 * {@code start} run plain Jacobi; from {@code start} on, with {@code j = k - start}:
 * {@code omega_0 = 1}, {@code omega_1 = 2 / (2 - rho^2)},
 * {@code omega_{j+1} = 4 / (4 - rho^2 * omega_j)}. The schedule depends on the configuration
 * only, so an accelerated solve is still a fixed launch sequence.
 */
public final class ChebyshevSchedule {
    private ChebyshevSchedule() {
    }

    /**
     * @param iters total sweeps
     * @param rho   spectral-radius estimate in {@code [0, 1)}
     * @param start first accelerated sweep, {@code >= 1}
     * @return {@code omega[k]} per sweep (1 for sweeps before {@code start})
     */
    public static float[] omegas(int iters, double rho, int start) {
        float[] out = new float[iters];
        double r2 = rho * rho;
        double omega = 1.0;
        for (int k = 0; k < iters; k++) {
            if (k < start) {
                out[k] = 1f;
                continue;
            }
            int j = k - start;
            if (j == 0) {
                omega = 1.0;
            } else if (j == 1) {
                omega = 2.0 / (2.0 - r2);
            } else {
                omega = 4.0 / (4.0 - r2 * omega);
            }
            out[k] = (float) omega;
        }
        return out;
    }
}
