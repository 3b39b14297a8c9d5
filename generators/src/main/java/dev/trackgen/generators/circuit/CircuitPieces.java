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
 * quadrature (exact for polynomials of degree 9; the heading of a clothoid here changes by 0.15 of
 * its corner's turn, at most 0.51 rad for the turns of up to 3.4 rad that a candidate keeps without
 * a penalty, and the error is below 1e-8 of the piece length).
 *
 * <p>Both are taken in the frame of the piece's start heading and then rotated by it: the cosine
 * and sine of the heading change at each node (a clothoid's), or of the whole turn
 * {@code theta = k0 t} (an arc's chord, {@code (sin theta, 1 - cos theta) / k0}), come from their
 * Taylor series while the angle is at most {@link #SERIES_RANGE}, which is cheaper than the
 * library's argument reduction and, for {@code cos - 1}, free of its cancellation; the start
 * heading's cosine and sine are taken once per piece. Against the library's sine and cosine of the
 * absolute heading the offsets move by a few ulps of a double, below the float rounding of the
 * points: the batches compared when this was introduced came out bit for bit the same.
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

    /**
     * The largest angle magnitude (rad) that {@link #sinSeries} and {@link #cosm1Series} serve; at
     * it the first omitted Taylor term is below 7e-17. A clothoid's heading here changes by at most
     * 0.15 of its corner's turn from its start, so every clothoid node is in range for turns up to
     * 5.3 rad; larger angles (wide arcs, turns scaled far by the heading closure) take
     * {@link Math#sin} and {@link Math#cos}.
     */
    @CudaConstant("TG_CIRCUIT_SERIES_RANGE")
    static final double SERIES_RANGE = 0.8;

    /**
     * @param a an angle (rad), {@code |a| <= SERIES_RANGE}
     * @return {@code sin(a)} by its Taylor series through {@code a^15}, Horner's rule in {@code a^2}
     *         (plain multiplies and adds, no fused multiply-add: Java's {@code Math.fma} is slow and
     *         allocates where the processor has no FMA instruction)
     */
    static double sinSeries(double a) {
        double z = a * a;
        double p = z * (-1.0 / 1307674368000.0) + 1.0 / 6227020800.0;
        p = z * p - 1.0 / 39916800.0;
        p = z * p + 1.0 / 362880.0;
        p = z * p - 1.0 / 5040.0;
        p = z * p + 1.0 / 120.0;
        p = z * p - 1.0 / 6.0;
        return a * z * p + a;
    }

    /**
     * @param a an angle (rad), {@code |a| <= SERIES_RANGE}
     * @return {@code cos(a) - 1} by its Taylor series through {@code a^16} (no cancellation near 0)
     */
    static double cosm1Series(double a) {
        double z = a * a;
        double p = z * (1.0 / 20922789888000.0) - 1.0 / 87178291200.0;
        p = z * p + 1.0 / 479001600.0;
        p = z * p - 1.0 / 3628800.0;
        p = z * p + 1.0 / 40320.0;
        p = z * p - 1.0 / 720.0;
        p = z * p + 1.0 / 24.0;
        p = z * p - 0.5;
        return z * p;
    }

    /** @return {@code sin(a)}: the series in range, else {@link Math#sin} */
    static double sinOf(double a) {
        return Math.abs(a) <= SERIES_RANGE ? sinSeries(a) : Math.sin(a);
    }

    /** @return {@code cos(a) - 1}: the series in range, else {@link Math#cos} minus 1 */
    static double cosm1Of(double a) {
        return Math.abs(a) <= SERIES_RANGE ? cosm1Series(a) : Math.cos(a) - 1.0;
    }

    /** @return {@code cos(a)}: the series in range, else {@link Math#cos} */
    static double cosOf(double a) {
        return Math.abs(a) <= SERIES_RANGE ? 1.0 + cosm1Series(a) : Math.cos(a);
    }

    /** A clothoid's heading change from its start at arc length {@code tau}. */
    private static double turn(double k0, double c, double tau) {
        return k0 * tau + c * tau * tau;
    }

    /**
     * @param k0 the clothoid's start curvature (1/m)
     * @param c  {@code (k1 - k0) / (2 len)}
     * @param h  half the arc length integrated over (m)
     * @return the Gauss-Legendre sum of {@code cos} of the heading change over the five nodes of
     *         {@code [0, 2h]} (weights summing to 2; times {@code h} it is the integral)
     */
    static double clothoidCos(double k0, double c, double h) {
        return GL_W0 * cosOf(turn(k0, c, h))
                + GL_W1 * (cosOf(turn(k0, c, h * (1.0 - GL_X1))) + cosOf(turn(k0, c, h * (1.0 + GL_X1))))
                + GL_W2 * (cosOf(turn(k0, c, h * (1.0 - GL_X2))) + cosOf(turn(k0, c, h * (1.0 + GL_X2))));
    }

    /** @return as {@link #clothoidCos}, of {@code sin} of the heading change */
    static double clothoidSin(double k0, double c, double h) {
        return GL_W0 * sinOf(turn(k0, c, h))
                + GL_W1 * (sinOf(turn(k0, c, h * (1.0 - GL_X1))) + sinOf(turn(k0, c, h * (1.0 + GL_X1))))
                + GL_W2 * (sinOf(turn(k0, c, h * (1.0 - GL_X2))) + sinOf(turn(k0, c, h * (1.0 + GL_X2))));
    }

    /**
     * The offset from a piece's start at arc length {@code t}, the start heading given by its cosine
     * and sine: a straight's {@code t (cos0, sin0)}; an arc's chord, the heading change
     * {@code theta = k0 t} rotated by the start heading; a clothoid's integrals in the frame of its
     * start heading (the nodes' heading changes stay small, so the series serve them), rotated.
     *
     * @param out receives the x offset at {@code o} and the y offset at {@code o + 1} (m)
     */
    static void offset(double len, double k0, double k1, double cos0, double sin0, double t, double[] out, int o) {
        if (k0 == 0.0 && k1 == 0.0) {
            out[o] = t * cos0;
            out[o + 1] = t * sin0;
        } else if (k0 == k1) {
            double theta = k0 * t;
            double sn = sinOf(theta);
            double cm = cosm1Of(theta);
            out[o] = (cos0 * sn + sin0 * cm) / k0;
            out[o + 1] = (sin0 * sn - cos0 * cm) / k0;
        } else {
            double h = 0.5 * t;
            double c = (k1 - k0) / (2.0 * len);
            double cs = clothoidCos(k0, c, h);
            double sn = clothoidSin(k0, c, h);
            out[o] = h * (cos0 * cs - sin0 * sn);
            out[o + 1] = h * (sin0 * cs + cos0 * sn);
        }
    }

    /**
     * Samples {@code n} points at arc lengths {@code i * total / n} along {@code count} pieces
     * starting at piece {@code pb}, {@code total} their summed length (added in piece order), each
     * point's offset as {@link #offset} computes it. The cosine and sine of a piece's start heading
     * are taken once per piece, so straights cost no trigonometry per point, and arcs and clothoids
     * only the series of {@link #offset} while their turn is in range.
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
            // offset's three cases written out (the CUDA C twin calls tg_circuit_offset): a call
            // through a scratch pair made the generator stage about 10% slower (circuit, E = 512)
            double ox;
            double oy;
            if (k0 == 0.0 && k1 == 0.0) {
                ox = t * cos0;
                oy = t * sin0;
            } else if (k0 == k1) {
                double theta = k0 * t;
                double sn = sinOf(theta);
                double cm = cosm1Of(theta);
                ox = (cos0 * sn + sin0 * cm) / k0;
                oy = (sin0 * sn - cos0 * cm) / k0;
            } else {
                double h = 0.5 * t;
                double c = (k1 - k0) / (2.0 * len);
                double cs = clothoidCos(k0, c, h);
                double sn = clothoidSin(k0, c, h);
                ox = h * (cos0 * cs - sin0 * sn);
                oy = h * (sin0 * cs + cos0 * sn);
            }
            out[2 * (ob + i)] = (float) ((double) pc[q + 3] + ox);
            out[2 * (ob + i) + 1] = (float) ((double) pc[q + 4] + oy);
        }
    }
}
