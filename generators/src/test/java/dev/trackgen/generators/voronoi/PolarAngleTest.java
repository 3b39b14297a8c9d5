package dev.trackgen.generators.voronoi;

import dev.trackgen.api.kernel.Fdlibm;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link PolarAngle} against {@link StrictMath#atan2} and {@link Fdlibm#atan2}. */
class PolarAngleTest {
    /** Ulps between two doubles of the same sign; {@link Long#MAX_VALUE} when the signs differ (zeros too). */
    private static long ulps(double a, double b) {
        if (Math.copySign(1.0, a) != Math.copySign(1.0, b)) {
            return Long.MAX_VALUE;
        }
        return Math.abs(Double.doubleToLongBits(a) - Double.doubleToLongBits(b));
    }

    @Test
    void theTableIsStrictMathsArcTangent() {
        for (int k = 0; k <= 16; k++) {
            assertEquals(StrictMath.atan(k / 16.0), PolarAngle.atanOfSixteenth(k), 0.0, "atan(" + k + "/16)");
        }
    }

    @Test
    void withinTwoUlpsOfStrictMathOnRandomArguments() {
        SplittableRandom rnd = new SplittableRandom(7);
        long worst = 0;
        int floatsDiffer = 0;
        for (int i = 0; i < 2_000_000; i++) {
            // every octant, magnitudes from 1e-6 to 1e6, float inputs as the sites are, and ratios near
            // the table's nodes and the octant boundary
            double x = (2.0 * rnd.nextDouble() - 1.0) * Math.pow(10.0, rnd.nextInt(13) - 6);
            double y = (2.0 * rnd.nextDouble() - 1.0) * Math.pow(10.0, rnd.nextInt(13) - 6);
            if (i % 3 == 0) {
                x = (float) x;
                y = (float) y;
            } else if (i % 3 == 1) {
                y = Math.copySign(Math.abs(x) * ((rnd.nextInt(17) + 1e-9 * rnd.nextDouble()) / 16.0), y);
            }
            double strict = StrictMath.atan2(y, x);
            double fast = PolarAngle.atan2(y, x);
            worst = Math.max(worst, ulps(strict, fast));
            floatsDiffer += (float) strict != (float) fast ? 1 : 0;
        }
        assertTrue(worst <= 2, "worst error " + worst + " ulps");
        // rounded to float as the kernel stores it, a 2-ulp double difference almost never shows
        assertTrue(floatsDiffer <= 2, floatsDiffer + " float results differ");
    }

    @Test
    void octantsAxesAndSpecialArguments() {
        double[] v = {0.0, -0.0, 1.0, -1.0, 3.5, -3.5, 1e-300, -1e-300, Double.MIN_VALUE, 1e300, -1e300,
                Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        for (double y : v) {
            for (double x : v) {
                double strict = StrictMath.atan2(y, x);
                double fast = PolarAngle.atan2(y, x);
                if (Double.isNaN(strict)) {
                    assertTrue(Double.isNaN(fast), "atan2(" + y + ", " + x + ")");
                } else {
                    assertTrue(ulps(strict, fast) <= 2, "atan2(" + y + ", " + x + "): " + fast + " against " + strict);
                    assertEquals(Math.copySign(1.0, strict), Math.copySign(1.0, fast), "sign of atan2(" + y + ", " + x + ")");
                }
            }
        }
        assertEquals(Math.PI / 4, PolarAngle.atan2(2.0, 2.0), 0.0);
        assertEquals(-3 * Math.PI / 4, PolarAngle.atan2(-2.0, -2.0), Math.ulp(Math.PI));
    }
}
