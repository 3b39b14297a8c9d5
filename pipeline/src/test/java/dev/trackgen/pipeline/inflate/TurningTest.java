package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Geometry;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The validity gate's turning test decided from the rotation index against the float sum. */
class TurningTest {

    /** The test as the float sum decides it. */
    private static boolean byFloatSum(float[] c, int n, float tol) {
        return Math.abs(Math.abs(ValidityKernel.turning(c, 0, n)) - 2f * (float) Geometry.PI) <= tol;
    }

    /**
     * A closed curve of n points: {@code loops} turns around a centre (negative: clockwise), radius
     * wobbles and sideways noise, at an offset; {@code eight} draws a figure eight instead.
     */
    private static float[] curve(Random rnd, int n, int loops, double wobble, double noise, boolean eight) {
        float[] p = new float[2 * n];
        double cx = 50 * (rnd.nextDouble() - 0.5);
        double cy = 50 * (rnd.nextDouble() - 0.5);
        double scale = Math.pow(10, 2 * rnd.nextDouble() - 1);
        double phase = 2 * Math.PI * rnd.nextDouble();
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            double x;
            double y;
            if (eight) {
                x = Math.sin(t);
                y = Math.sin(t) * Math.cos(t);
            } else {
                double r = 1 + wobble * Math.sin(5 * t + phase);
                x = r * Math.cos(loops * t + phase);
                y = r * Math.sin(loops * t + phase);
            }
            x += noise * rnd.nextGaussian();
            y += noise * rnd.nextGaussian();
            p[2 * i] = (float) (cx + scale * x);
            p[2 * i + 1] = (float) (cy + scale * y);
        }
        return p;
    }

    @Test
    void theRotationIndexGivesTheFloatSumsVerdict() {
        Random rnd = new Random(9);
        float[] tols = {1e-7f, 1e-5f, 1e-3f, 0.1f, 1f, 3.1f};
        int decided = 0;
        int passed = 0;
        int cases = 0;
        for (int k = 0; k < 3000; k++) {
            int n = 3 + rnd.nextInt(k % 5 == 0 ? 2000 : 300);
            int loops = new int[] {1, -1, 2, -2, 1, -1, 3}[k % 7];
            boolean eight = k % 11 == 0;
            double wobble = k % 4 == 0 ? 0 : 0.4 * rnd.nextDouble();
            double noise = k % 3 == 0 ? 0 : 0.02 * rnd.nextDouble();
            float[] c = curve(rnd, n, loops, wobble, noise, eight);
            if (k % 13 == 0 && n > 4) {
                c[2] = c[0]; // a repeated point: a zero-length edge
                c[3] = c[1];
            }
            for (float tol : tols) {
                boolean want = byFloatSum(c, n, tol);
                assertEquals(want, ValidityKernel.turningHolds(c, 0, n, tol),
                        () -> "n " + c.length / 2 + ", tol " + tol);
                int index = ValidityKernel.rotationIndex(c, 0, n, tol);
                if (index != ValidityKernel.UNDECIDED) {
                    decided++;
                    // the index is the float sum over 2 pi, rounded
                    assertEquals(Math.round(ValidityKernel.turning(c, 0, n) / (2 * Math.PI)), index);
                }
                passed += want ? 1 : 0;
                cases++;
            }
        }
        // the index decides most smooth loops, and the sample holds passes and failures
        assertTrue(decided > cases / 4, "decided " + decided + " of " + cases);
        assertTrue(passed > cases / 10 && passed < cases * 9 / 10, "passed " + passed + " of " + cases);
    }

    @Test
    void aSmoothLoopIsDecidedWithoutTheFloatSumAndAFoldIsLeftToIt() {
        int n = 200;
        float[] circle = new float[2 * n];
        for (int i = 0; i < n; i++) {
            circle[2 * i] = (float) Math.cos(2 * Math.PI * i / n);
            circle[2 * i + 1] = (float) Math.sin(2 * Math.PI * i / n);
        }
        assertEquals(1, ValidityKernel.rotationIndex(circle, 0, n, 0.1f));
        float[] reversed = new float[2 * n];
        for (int i = 0; i < n; i++) {
            reversed[2 * i] = circle[2 * (n - 1 - i)];
            reversed[2 * i + 1] = circle[2 * (n - 1 - i) + 1];
        }
        assertEquals(-1, ValidityKernel.rotationIndex(reversed, 0, n, 0.1f));
        // a spike (a turn over 90 degrees) and a tolerance below the sum's rounding bound
        circle[2 * 50] = 3f;
        assertEquals(ValidityKernel.UNDECIDED, ValidityKernel.rotationIndex(circle, 0, n, 0.1f));
        assertEquals(ValidityKernel.UNDECIDED, ValidityKernel.rotationIndex(reversed, 0, n, 1e-6f));
    }
}
