package dev.trackgen.course.internal;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Projection#nearestSegment} (split at the wrap, parts scanned in index order) against a
 * plain scan in window order with a modulo per step and an explicit lowest-index tie rule, for
 * every window start and length on closed polylines with repeated points (zero-length segments),
 * exact ties, far and NaN query points and a NaN centerline point.
 */
class ProjectionTest {

    /** The window-order scan the split one must equal: same distances, ties to the lowest index. */
    private static int reference(float[] c, int b, int cn, float px, float py, int first, int steps) {
        float best = Float.POSITIVE_INFINITY;
        int bi = -1;
        for (int k = 0; k < steps; k++) {
            int i = (first + k) % cn;
            int j = (i + 1) % cn;
            float ax = c[2 * (b + i)];
            float ay = c[2 * (b + i) + 1];
            float bx = c[2 * (b + j)];
            float by = c[2 * (b + j) + 1];
            float dx = bx - ax;
            float dy = by - ay;
            float wx = px - ax;
            float wy = py - ay;
            float dot = wx * dx + wy * dy;
            float d2;
            if (dot <= 0.0f) {
                d2 = wx * wx + wy * wy;
            } else if (dot >= dx * dx + dy * dy) {
                float ex = px - bx;
                float ey = py - by;
                d2 = ex * ex + ey * ey;
            } else {
                float cr = dx * wy - dy * wx;
                d2 = cr * cr / (dx * dx + dy * dy);
            }
            if (d2 < best || (d2 == best && i < bi)) {
                best = d2;
                bi = i;
            }
        }
        return bi;
    }

    private static void checkAllWindows(float[] c, int b, int cn, float px, float py) {
        for (int first = 0; first < cn; first++) {
            for (int steps = 1; steps <= cn; steps++) {
                assertEquals(reference(c, b, cn, px, py, first, steps),
                        Projection.nearestSegment(c, b, cn, px, py, first, steps),
                        () -> "cn " + cn + " query (" + px + ", " + py + ")");
            }
        }
    }

    @Test
    void splitScanEqualsTheWindowOrderScanOnRandomLoops() {
        Random rnd = new Random(5);
        for (int loop = 0; loop < 40; loop++) {
            int cn = 2 + rnd.nextInt(30);
            int b = rnd.nextInt(4);
            float[] c = new float[2 * (b + cn + 3)];
            java.util.Arrays.fill(c, Float.NaN); // padding around the env, as in a Track
            for (int i = 0; i < cn; i++) {
                double a = 2 * Math.PI * i / cn;
                double r = 1 + 0.3 * rnd.nextDouble();
                c[2 * (b + i)] = (float) (r * Math.cos(a));
                c[2 * (b + i) + 1] = (float) (r * Math.sin(a));
                if (i > 0 && rnd.nextInt(6) == 0) { // a repeated point: a zero-length segment
                    c[2 * (b + i)] = c[2 * (b + i - 1)];
                    c[2 * (b + i) + 1] = c[2 * (b + i - 1) + 1];
                }
            }
            for (int q = 0; q < 12; q++) {
                float px = (float) (3 * rnd.nextGaussian());
                float py = (float) (3 * rnd.nextGaussian());
                checkAllWindows(c, b, cn, px, py);
            }
            checkAllWindows(c, b, cn, 0.0f, 0.0f);
            checkAllWindows(c, b, cn, Float.NaN, 0.0f);
            checkAllWindows(c, b, cn, 1e30f, -1e30f);
        }
    }

    @Test
    void tiesGoToTheLowestIndexAcrossTheWrap() {
        // a square: the centre is equally near all four segments, so every window's answer is its
        // lowest segment index, which for a wrapped window lies in the part after the wrap
        float[] c = {-1, -1, 1, -1, 1, 1, -1, 1};
        for (int first = 0; first < 4; first++) {
            for (int steps = 1; steps <= 4; steps++) {
                int expected = first + steps > 4 ? 0 : first;
                assertEquals(expected, Projection.nearestSegment(c, 0, 4, 0.0f, 0.0f, first, steps));
            }
        }
        checkAllWindows(c, 0, 4, 0.0f, 0.0f);
        checkAllWindows(c, 0, 4, 1.0f, 0.0f);
    }

    @Test
    void aNanCenterlinePointIsNeverChosenAndAllNanGivesMinusOne() {
        float[] c = {0, 0, 1, 0, Float.NaN, Float.NaN, 0, 1};
        checkAllWindows(c, 0, 4, 0.4f, 0.3f);
        checkAllWindows(c, 0, 4, 5.0f, 5.0f);
        float[] nan = {Float.NaN, Float.NaN, Float.NaN, Float.NaN, Float.NaN, Float.NaN};
        for (int first = 0; first < 3; first++) {
            assertEquals(-1, Projection.nearestSegment(nan, 0, 3, 0.0f, 0.0f, first, 3));
        }
    }

    /**
     * The extension rule written another way: the scanned set as a list of indices grown one end
     * at a time, the nearest over it (same distances, ties to the lowest index).
     */
    private static int followReference(float[] c, int b, int cn, float px, float py, int first, int steps,
                                       int step) {
        java.util.ArrayDeque<Integer> range = new java.util.ArrayDeque<>();
        for (int k = 0; k < steps; k++) {
            range.addLast((first + k) % cn);
        }
        while (true) {
            int best = -1;
            for (int i : range) {
                int one = reference(c, b, cn, px, py, i, 1);
                if (one >= 0 && (best < 0 || d2(c, b, cn, i, px, py) < d2(c, b, cn, best, px, py)
                        || (d2(c, b, cn, i, px, py) == d2(c, b, cn, best, px, py) && i < best))) {
                    best = i;
                }
            }
            if (range.size() == cn || best < 0) {
                return best;
            }
            int k = Math.min(step, cn - range.size());
            if (best == range.peekLast()) {
                for (int m = 0; m < k; m++) {
                    range.addLast((range.peekLast() + 1) % cn);
                }
            } else if (best == range.peekFirst()) {
                for (int m = 0; m < k; m++) {
                    range.addFirst((range.peekFirst() + cn - 1) % cn);
                }
            } else {
                return best;
            }
        }
    }

    private static float d2(float[] c, int b, int cn, int i, float px, float py) {
        return Projection.segmentDist2(c, b, cn, i, px, py);
    }

    @Test
    void followingTheNearestPastTheWindowEqualsGrowingTheScannedSet() {
        Random rnd = new Random(8);
        for (int loop = 0; loop < 30; loop++) {
            int cn = 3 + rnd.nextInt(22);
            float[] c = new float[2 * cn];
            for (int i = 0; i < cn; i++) {
                double a = 2 * Math.PI * i / cn;
                double r = 1 + 0.6 * rnd.nextDouble(); // a wobbly loop: several local minima
                c[2 * i] = (float) (r * Math.cos(a));
                c[2 * i + 1] = (float) (r * Math.sin(a));
            }
            for (int q = 0; q < 5; q++) {
                float px = (float) (2.4 * rnd.nextDouble() - 1.2);
                float py = (float) (2.4 * rnd.nextDouble() - 1.2);
                for (int first = 0; first < cn; first++) {
                    for (int steps = 1; steps < cn; steps++) {
                        for (int step = 1; step <= 4; step++) {
                            int bi = Projection.nearestSegment(c, 0, cn, px, py, first, steps);
                            assertEquals(followReference(c, 0, cn, px, py, first, steps, step),
                                    Projection.followNearest(c, 0, cn, px, py, first, steps, bi, step));
                        }
                    }
                }
            }
        }
    }

    @Test
    void onACircleTheFollowedWindowAlwaysReachesTheColdAnswer() {
        int cn = 48;
        float[] c = new float[2 * cn];
        for (int i = 0; i < cn; i++) {
            c[2 * i] = (float) Math.cos(2 * Math.PI * i / cn);
            c[2 * i + 1] = (float) Math.sin(2 * Math.PI * i / cn);
        }
        Random rnd = new Random(2);
        for (int q = 0; q < 50; q++) {
            double a = 2 * Math.PI * rnd.nextDouble();
            double r = 0.7 + 0.6 * rnd.nextDouble();
            float px = (float) (r * Math.cos(a));
            float py = (float) (r * Math.sin(a));
            int cold = Projection.nearestSegment(c, 0, cn, px, py, 0, cn);
            for (int first = 0; first < cn; first++) {
                int bi = Projection.nearestSegment(c, 0, cn, px, py, first, 5);
                assertEquals(cold, Projection.followNearest(c, 0, cn, px, py, first, 5, bi, 2),
                        "window from " + first);
            }
        }
    }
}
