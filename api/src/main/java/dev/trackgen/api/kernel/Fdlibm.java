/*
 * The arc tangent below follows the algorithm and constants of fdlibm 5.3 (e_atan2.c, s_atan.c),
 * under this notice:
 *
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 */
package dev.trackgen.api.kernel;

/**
 * {@link StrictMath#atan2} and {@link StrictMath#atan} in plain Java, bit for bit: the fdlibm 5.3
 * algorithms (Sun Microsystems, {@code e_atan2.c} and {@code s_atan.c}; Java's {@code StrictMath}
 * is specified to return fdlibm's results). Java 17's {@code StrictMath.atan2} (and
 * {@code Math.atan2}, which calls it) is a native fdlibm call that the JIT cannot inline; this
 * copy is compiled like any other kernel code and takes about 12 ns against 20-24 ns on this
 * project's test machine. {@code FdlibmTest} compares it with {@code StrictMath} on special and
 * random arguments.
 *
 * <p>Method of {@link #atan}: reduce to {@code t = |x|}; on {@code [0, 7/16)} an odd polynomial of
 * degree 23; on {@code [7/16, 11/16)}, {@code [11/16, 19/16)}, {@code [19/16, 39/16)} and
 * {@code [39/16, inf)} add {@code atan(1/2)}, {@code atan(1)}, {@code atan(3/2)} or {@code pi/2}
 * (each as a high and a low double) to the polynomial at {@code (t - c) / (1 + c t)} (or
 * {@code -1/t}). {@link #atan2} maps the quadrant by the signs and handles zeros, infinities and
 * ratios beyond {@code 2^60} as fdlibm does.
 */
public final class Fdlibm {
    private static final double[] ATAN_HI = {
        4.63647609000806093515e-01, // atan(1/2), high part
        7.85398163397448278999e-01, // atan(1)
        9.82793723247329054082e-01, // atan(3/2)
        1.57079632679489655800e+00, // atan(inf)
    };
    private static final double[] ATAN_LO = {
        2.26987774529616870924e-17,
        3.06161699786838301793e-17,
        1.39033110312309984516e-17,
        6.12323399573676603587e-17,
    };
    private static final double A0 = 3.33333333333329318027e-01;
    private static final double A1 = -1.99999999998764832476e-01;
    private static final double A2 = 1.42857142725034663711e-01;
    private static final double A3 = -1.11111104054623557880e-01;
    private static final double A4 = 9.09088713343650656196e-02;
    private static final double A5 = -7.69187620504482999495e-02;
    private static final double A6 = 6.66107313738753120669e-02;
    private static final double A7 = -5.83357013379057348645e-02;
    private static final double A8 = 4.97687799461593236017e-02;
    private static final double A9 = -3.65315727442169155270e-02;
    private static final double A10 = 1.62858201153657823623e-02;
    private static final double TINY = 1.0e-300;
    private static final double HUGE = 1.0e300;
    private static final double PI_O_4 = 7.8539816339744827900e-01;
    private static final double PI_O_2 = 1.5707963267948965580e+00;
    private static final double PI = 3.1415926535897931160e+00;
    private static final double PI_LO = 1.2246467991473531772e-16;

    private Fdlibm() {
    }

    /**
     * @param x any double
     * @return {@code StrictMath.atan(x)}, bit for bit: radians in {@code [-pi/2, pi/2]}, NaN for NaN
     */
    public static double atan(double x) {
        int hx = (int) (Double.doubleToRawLongBits(x) >> 32);
        int ix = hx & 0x7fffffff;
        int id;
        if (ix >= 0x44100000) { // |x| >= 2^66, or NaN
            if (x != x) {
                return x + x;
            }
            return hx > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3];
        }
        if (ix < 0x3fdc0000) { // |x| < 7/16
            if (ix < 0x3e200000 && HUGE + x > 1.0) { // |x| < 2^-29: atan(x) rounds to x
                return x;
            }
            id = -1;
        } else {
            x = Math.abs(x);
            if (ix < 0x3ff30000) { // |x| < 19/16
                if (ix < 0x3fe60000) { // [7/16, 11/16)
                    id = 0;
                    x = (2.0 * x - 1.0) / (2.0 + x);
                } else { // [11/16, 19/16)
                    id = 1;
                    x = (x - 1.0) / (x + 1.0);
                }
            } else if (ix < 0x40038000) { // [19/16, 39/16)
                id = 2;
                x = (x - 1.5) / (1.0 + 1.5 * x);
            } else { // [39/16, 2^66)
                id = 3;
                x = -1.0 / x;
            }
        }
        // the polynomial split into its odd and even coefficients in w = x^4
        double z = x * x;
        double w = z * z;
        double s1 = z * (A0 + w * (A2 + w * (A4 + w * (A6 + w * (A8 + w * A10)))));
        double s2 = w * (A1 + w * (A3 + w * (A5 + w * (A7 + w * A9))));
        if (id < 0) {
            return x - x * (s1 + s2);
        }
        z = ATAN_HI[id] - ((x * (s1 + s2) - ATAN_LO[id]) - x);
        return hx < 0 ? -z : z;
    }

    /**
     * @param y the ordinate
     * @param x the abscissa
     * @return {@code StrictMath.atan2(y, x)}, bit for bit: the angle of {@code (x, y)}, radians in
     *         {@code [-pi, pi]}, NaN when either argument is NaN
     */
    public static double atan2(double y, double x) {
        if (x != x || y != y) {
            return x + y;
        }
        long bx = Double.doubleToRawLongBits(x);
        long by = Double.doubleToRawLongBits(y);
        int hx = (int) (bx >> 32);
        int lx = (int) bx;
        int hy = (int) (by >> 32);
        int ly = (int) by;
        int ix = hx & 0x7fffffff;
        int iy = hy & 0x7fffffff;
        if (hx == 0x3ff00000 && lx == 0) { // x == 1
            return atan(y);
        }
        int m = ((hy >> 31) & 1) | ((hx >> 30) & 2); // bit 0: y < 0, bit 1: x < 0
        if ((iy | ly) == 0) { // y = +-0
            switch (m) {
                case 0:
                case 1:
                    return y;
                case 2:
                    return PI + TINY;
                default:
                    return -PI - TINY;
            }
        }
        if ((ix | lx) == 0) { // x = +-0
            return hy < 0 ? -PI_O_2 - TINY : PI_O_2 + TINY;
        }
        if (ix == 0x7ff00000) { // x infinite
            if (iy == 0x7ff00000) {
                switch (m) {
                    case 0:
                        return PI_O_4 + TINY;
                    case 1:
                        return -PI_O_4 - TINY;
                    case 2:
                        return 3.0 * PI_O_4 + TINY;
                    default:
                        return -3.0 * PI_O_4 - TINY;
                }
            }
            switch (m) {
                case 0:
                    return 0.0;
                case 1:
                    return -0.0;
                case 2:
                    return PI + TINY;
                default:
                    return -PI - TINY;
            }
        }
        if (iy == 0x7ff00000) { // y infinite
            return hy < 0 ? -PI_O_2 - TINY : PI_O_2 + TINY;
        }
        int k = (iy - ix) >> 20; // difference of the binary exponents
        double z;
        if (k > 60) { // |y / x| > 2^60
            z = PI_O_2 + 0.5 * PI_LO;
        } else if (hx < 0 && k < -60) { // |y| / -x < 2^-60
            z = 0.0;
        } else {
            z = atan(Math.abs(y / x));
        }
        switch (m) {
            case 0:
                return z;
            case 1:
                return -z;
            case 2:
                return PI - (z - PI_LO);
            default:
                return (z - PI_LO) - PI;
        }
    }
}
