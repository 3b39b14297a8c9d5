package dev.trackgen.generators.voronoi;

import dev.trackgen.api.kernel.Fdlibm;

/**
 * The polar angle {@code atan2(y, x)} of a voronoi site, in double, within 2 ulps of
 * {@link StrictMath#atan2} (and so of {@link Fdlibm#atan2}), at about half its cost: the sites'
 * angles were 8% of a voronoi call at E = 512 with {@code Fdlibm.atan2}, whose interval branches a
 * random site mispredicts. Twin of {@code tg_voronoi_atan2} in {@code generators_voronoi.cu}.
 *
 * <p>Method: {@code t = min(|x|, |y|) / max(|x|, |y|)} in {@code [0, 1]}; with the nearest
 * {@code c = k / 16}, {@code atan t = atan c + atan u}, {@code u = (t - c) / (1 + t c)},
 * {@code |u| <= 1/32}, where {@code t - c} is exact (Sterbenz; but for {@code t} just under 1/32,
 * where {@code k} rounds up to 1 and the difference rounds once) and {@code atan u} is its Taylor
 * series through {@code u^11} (the first omitted term is below {@code 1e-19 |u|}); the seventeen
 * {@code atan(k / 16)} are {@code StrictMath.atan}'s, written out so the CUDA C twin reads the same
 * doubles. The octant is restored without a branch: {@code pi/2 - r} when {@code |y| > |x|},
 * {@code pi - r} when {@code x < 0}, each as {@code f a + (1 - 2 f) r} with {@code f} 0 or 1
 * (exact but for the one rounding of the sum), and the sign is {@code y}'s. Non-finite arguments
 * and {@code (0, 0)} (signed zeros) are {@link Fdlibm#atan2}'s. {@code PolarAngleTest} bounds
 * the error over random and special arguments.
 */
final class PolarAngle {
    /** {@code atan(k / 16)}, {@code k = 0..16} ({@link StrictMath#atan}). */
    private static final double[] ATAN_K = {
        0.0,
        0.06241880999595735,
        0.12435499454676144,
        0.18534794999569476,
        0.24497866312686414,
        0.3028848683749714,
        0.3587706702705722,
        0.4124104415973873,
        0.4636476090008061,
        0.5123894603107377,
        0.5585993153435624,
        0.6022873461349642,
        0.6435011087932844,
        0.6823165548747481,
        0.7188299996216245,
        0.7531512809621944,
        0.7853981633974483,
    };

    private PolarAngle() {
    }

    /** @return {@code atan(k / 16)} from the table (for tests) */
    static double atanOfSixteenth(int k) {
        return ATAN_K[k];
    }

    /**
     * @param y the ordinate
     * @param x the abscissa
     * @return the angle of {@code (x, y)} in {@code [-pi, pi]} (rad), within 2 ulps of
     *         {@code StrictMath.atan2(y, x)}
     */
    static double atan2(double y, double x) {
        double ax = Math.abs(x);
        double ay = Math.abs(y);
        if (!(ax < Double.POSITIVE_INFINITY && ay < Double.POSITIVE_INFINITY) || (ax == 0.0 && ay == 0.0)) {
            return Fdlibm.atan2(y, x);
        }
        double t = Math.min(ax, ay) / Math.max(ax, ay);
        int k = (int) (t * 16.0 + 0.5);
        double c = k * 0.0625;
        double u = (t - c) / (1.0 + t * c);
        double z = u * u;
        double p = z * (-1.0 / 11.0) + 1.0 / 9.0;
        p = z * p - 1.0 / 7.0;
        p = z * p + 1.0 / 5.0;
        p = z * p - 1.0 / 3.0;
        double r = ATAN_K[k] + (u * z * p + u);
        double fs = ay > ax ? 1.0 : 0.0;
        r = fs * (0.5 * Math.PI) + (1.0 - 2.0 * fs) * r;
        double fx = x < 0.0 ? 1.0 : 0.0;
        r = fx * Math.PI + (1.0 - 2.0 * fx) * r;
        return Math.copySign(r, y);
    }
}
