package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Fdlibm} against {@link StrictMath}, bit for bit (NaNs compare as NaN). */
class FdlibmTest {
    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.0, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.NaN, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1.0e-300, 1.0e300, 0.4375, 0.6875, 1.1875, 2.4375, -2.4375,
        Math.nextDown(0.4375), Math.nextUp(2.4375), 0x1.0p-29, 0x1.0p-30, 0x1.0p66, 0x1.0p60, 0x1.0p-60,
        Math.PI, -Math.PI, 3.0e-9f, 1.0e20f, Float.MAX_VALUE, Float.MIN_VALUE};

    private static boolean same(double a, double b) {
        return Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b) || (Double.isNaN(a) && Double.isNaN(b));
    }

    @Test
    void specialArgumentsMatchStrictMath() {
        List<String> bad = new ArrayList<>();
        for (double y : SPECIAL) {
            if (!same(Fdlibm.atan(y), StrictMath.atan(y))) {
                bad.add("atan(" + y + ") = " + Fdlibm.atan(y) + ", StrictMath " + StrictMath.atan(y));
            }
            for (double x : SPECIAL) {
                if (!same(Fdlibm.atan2(y, x), StrictMath.atan2(y, x))) {
                    bad.add("atan2(" + y + ", " + x + ") = " + Fdlibm.atan2(y, x) + ", StrictMath "
                            + StrictMath.atan2(y, x));
                }
            }
        }
        assertTrue(bad.isEmpty(), () -> String.join("\n", bad));
    }

    @Test
    void randomArgumentsMatchStrictMath() {
        SplittableRandom r = new SplittableRandom(20261203);
        int bad = 0;
        String first = null;
        int n = 2_000_000;
        for (int i = 0; i < n; i++) {
            double x;
            double y;
            switch (i & 3) {
                case 0 -> { // float differences, what the kernels pass
                    x = (float) (r.nextDouble() * 2 - 1);
                    y = (float) (r.nextDouble() * 2 - 1);
                }
                case 1 -> { // every float bit pattern
                    x = Float.intBitsToFloat(r.nextInt());
                    y = Float.intBitsToFloat(r.nextInt());
                }
                case 2 -> { // every double bit pattern
                    x = Double.longBitsToDouble(r.nextLong());
                    y = Double.longBitsToDouble(r.nextLong());
                }
                default -> { // ratios across 2^-100 .. 2^100, each reduction interval
                    x = (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(200) - 100);
                    y = (r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(200) - 100);
                }
            }
            double got = Fdlibm.atan2(y, x);
            double want = StrictMath.atan2(y, x);
            if (!same(got, want) || !same(Fdlibm.atan(y / x), StrictMath.atan(y / x))) {
                if (bad++ == 0) {
                    first = "atan2(" + y + ", " + x + ") = " + got + ", StrictMath " + want;
                }
            }
        }
        assertEquals(0, bad, first);
    }
}
