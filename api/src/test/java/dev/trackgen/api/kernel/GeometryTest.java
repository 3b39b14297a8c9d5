package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeometryTest {

    @Test
    void properCrossingOfAnX() {
        assertTrue(Geometry.properCrossing(0, 0, 1, 1, 0, 1, 1, 0));
    }

    @Test
    void disjointParallelAndTouchingSegmentsDoNotCross() {
        assertFalse(Geometry.properCrossing(0, 0, 1, 0, 0, 1, 1, 1));
        assertFalse(Geometry.properCrossing(0, 0, 1, 0, 2, -1, 2, 1));
        // T-junction: the end of one segment lies on the other
        assertFalse(Geometry.properCrossing(0, 0, 2, 0, 1, 0, 1, 1));
        // collinear overlap
        assertFalse(Geometry.properCrossing(0, 0, 2, 0, 1, 0, 3, 0));
    }

    @Test
    void nearCollinearNeighboursAreNotCountedButGenuineShallowCrossingsAre() {
        // endpoints clear each other's line by less than 1e-3 of the segment length: not a crossing
        assertFalse(Geometry.properCrossing(0, 0, 1, 0, 0.5f, -1e-5f, 1.5f, 1e-5f));
        assertTrue(Geometry.properCrossing(0, 0, 1, 0, 0.5f, -0.1f, 0.6f, 0.1f));
    }

    @Test
    void mengerCurvatureOfPointsOnACircle() {
        float r = 2.5f;
        float a = 0.3f;
        float k = Geometry.menger(r * (float) Math.cos(-a), r * (float) Math.sin(-a), r, 0,
                r * (float) Math.cos(a), r * (float) Math.sin(a));
        assertEquals(1 / r, k, 1e-5);
        assertEquals(0f, Geometry.menger(0, 0, 1, 0, 2, 0));
    }

    @Test
    void wrapAngleMapsIntoMinusPiPi() {
        assertEquals(0.5f, Geometry.wrapAngle(0.5f + 2 * (float) Math.PI), 1e-5);
        assertEquals(-0.5f, Geometry.wrapAngle(-0.5f - 4 * (float) Math.PI), 1e-5);
    }

    /** The formula itself: atan2(sin a, cos a) in double, rounded to float. */
    private static float wrapByFormula(float a) {
        return (float) Math.atan2(Math.sin(a), Math.cos(a));
    }

    @Test
    void wrapAngleReturnsTheFormulasFloatBitForBit() {
        java.util.Random rnd = new java.util.Random(5);
        float pi = (float) Math.PI;
        java.util.List<Float> cases = new java.util.ArrayList<>(java.util.List.of(0f, -0f, Float.MIN_VALUE,
                -Float.MIN_VALUE, 1e-30f, 1f, -1f, Geometry.WRAP_IDENTITY_BELOW, -Geometry.WRAP_IDENTITY_BELOW, pi, -pi,
                Math.nextUp(pi), Math.nextDown(-pi), 2 * pi, -2 * pi, 7f, -7f, Float.NaN,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY));
        for (int k = 0; k < 200_000; k++) {
            // turns as the validity gate sees them (differences of two atan2 results), and wider
            cases.add((float) ((rnd.nextDouble() - 0.5) * (k % 2 == 0 ? 4 * Math.PI : 0.2)));
        }
        for (int k = -64; k <= 64; k++) {
            // the floats next to the identity bound and to pi
            cases.add(Float.intBitsToFloat(Float.floatToRawIntBits(Geometry.WRAP_IDENTITY_BELOW) + k));
            cases.add(-Float.intBitsToFloat(Float.floatToRawIntBits(pi) + k));
        }
        for (float a : cases) {
            assertEquals(Float.floatToRawIntBits(wrapByFormula(a)), Float.floatToRawIntBits(Geometry.wrapAngle(a)),
                    () -> "wrapAngle(" + a + ")");
        }
        // the bound is the last float below pi: the next one up is pi's float, which wraps
        assertTrue(Math.nextUp(Geometry.WRAP_IDENTITY_BELOW) > Math.PI);
        assertTrue(Geometry.WRAP_IDENTITY_BELOW < Math.PI);
    }
}
