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
}
