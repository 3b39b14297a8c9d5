package dev.trackgen.generators.circuit;

import dev.trackgen.api.runtime.CudaConstant;

/**
 * Geometry of the circuit generator's pieces, shared by its kernels (twins of the helpers in
 * {@code generators_circuit.cu}; every expression is written in the same order there).
 *
 * <p>A piece has a length {@code len}, a curvature varying linearly from {@code k0} at its start
 * to {@code k1} at its end, a start point and a start heading {@code phi0}: a straight when both
 * curvatures are 0, a circular arc when they are equal, otherwise a clothoid (Euler spiral), whose
 * heading at arc length {@code t} is {@code phi0 + k0 t + (k1 - k0) t^2 / (2 len)}. Offsets from the
 * start point are closed-form for straights and arcs; for clothoids they are the Fresnel-type
 * integrals {@code int_0^t (cos, sin)(phi(tau)) dtau}, evaluated by five-point Gauss-Legendre
 * quadrature (exact for polynomials of degree 9; the heading of a clothoid here changes by at most
 * a sixth of its corner, at most 0.51 rad, and the error is below 1e-8 of the piece length).
 */
final class CircuitPieces {
    /** Gauss-Legendre nodes (+-) and weights on [-1, 1]. */
    @CudaConstant("TG_GL_X1")
    static final double GL_X1 = 0.5384693101056831;
    @CudaConstant("TG_GL_X2")
    static final double GL_X2 = 0.9061798459386640;
    @CudaConstant("TG_GL_W0")
    static final double GL_W0 = 0.5688888888888889;
    @CudaConstant("TG_GL_W1")
    static final double GL_W1 = 0.4786286704993665;
    @CudaConstant("TG_GL_W2")
    static final double GL_W2 = 0.2369268850561891;

    private CircuitPieces() {
    }

    private static double phi(double phi0, double k0, double c, double tau) {
        return phi0 + k0 * tau + c * tau * tau;
    }

    /**
     * @return the x offset from the piece's start at arc length {@code t} ({@code 0 <= t <= len})
     */
    static double dx(double len, double k0, double k1, double phi0, double t) {
        if (k0 == 0.0 && k1 == 0.0) {
            return t * Math.cos(phi0);
        }
        if (k0 == k1) {
            return (Math.sin(phi0 + k0 * t) - Math.sin(phi0)) / k0;
        }
        double h = 0.5 * t;
        double c = (k1 - k0) / (2.0 * len);
        double s = GL_W0 * Math.cos(phi(phi0, k0, c, h))
                + GL_W1 * (Math.cos(phi(phi0, k0, c, h * (1.0 - GL_X1))) + Math.cos(phi(phi0, k0, c, h * (1.0 + GL_X1))))
                + GL_W2 * (Math.cos(phi(phi0, k0, c, h * (1.0 - GL_X2))) + Math.cos(phi(phi0, k0, c, h * (1.0 + GL_X2))));
        return h * s;
    }

    /**
     * @return the y offset from the piece's start at arc length {@code t} ({@code 0 <= t <= len})
     */
    static double dy(double len, double k0, double k1, double phi0, double t) {
        if (k0 == 0.0 && k1 == 0.0) {
            return t * Math.sin(phi0);
        }
        if (k0 == k1) {
            return (Math.cos(phi0) - Math.cos(phi0 + k0 * t)) / k0;
        }
        double h = 0.5 * t;
        double c = (k1 - k0) / (2.0 * len);
        double s = GL_W0 * Math.sin(phi(phi0, k0, c, h))
                + GL_W1 * (Math.sin(phi(phi0, k0, c, h * (1.0 - GL_X1))) + Math.sin(phi(phi0, k0, c, h * (1.0 + GL_X1))))
                + GL_W2 * (Math.sin(phi(phi0, k0, c, h * (1.0 - GL_X2))) + Math.sin(phi(phi0, k0, c, h * (1.0 + GL_X2))));
        return h * s;
    }

    /**
     * Samples {@code n} points at arc lengths {@code i * total / n} along {@code count} pieces
     * starting at piece {@code pb}, {@code total} their summed length (added in piece order). The
     * cosine and sine of a piece's start heading are taken once per piece (the same values
     * {@link #dx} and {@link #dy} would compute at every point), so straights cost no trigonometry
     * per point and arcs one call per coordinate.
     *
     * @param pc     the piece table ({@value dev.trackgen.generators.knobs.CircuitKnobs#PIECE_FLOATS} floats a piece)
     * @param pb     first piece
     * @param count  pieces; the last has a positive length
     * @param n      points
     * @param out    interleaved output pairs
     * @param ob     first output pair
     */
    static void sample(float[] pc, int pb, int count, int n, float[] out, int ob) {
        double total = 0.0;
        for (int p = 0; p < count; p++) {
            total += pc[6 * (pb + p)];
        }
        int p = 0;
        double start = 0.0;
        int cached = -1;
        double cos0 = 0.0;
        double sin0 = 0.0;
        for (int i = 0; i < n; i++) {
            double s = (double) i * total / (double) n;
            while (p < count - 1 && s >= start + (double) pc[6 * (pb + p)]) {
                start += pc[6 * (pb + p)];
                p++;
            }
            int q = 6 * (pb + p);
            double len = pc[q];
            double k0 = pc[q + 1];
            double k1 = pc[q + 2];
            double phi0 = pc[q + 5];
            if (p != cached) {
                cached = p;
                cos0 = Math.cos(phi0);
                sin0 = Math.sin(phi0);
            }
            double t = s - start;
            double ox;
            double oy;
            if (k0 == 0.0 && k1 == 0.0) {
                ox = t * cos0;
                oy = t * sin0;
            } else if (k0 == k1) {
                ox = (Math.sin(phi0 + k0 * t) - sin0) / k0;
                oy = (cos0 - Math.cos(phi0 + k0 * t)) / k0;
            } else {
                ox = dx(len, k0, k1, phi0, t);
                oy = dy(len, k0, k1, phi0, t);
            }
            out[2 * (ob + i)] = (float) ((double) pc[q + 3] + ox);
            out[2 * (ob + i) + 1] = (float) ((double) pc[q + 4] + oy);
        }
    }
}
