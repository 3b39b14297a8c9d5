package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Crossings;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The validity gate's clearance tests with their chunk broadphase against the plain scans of every pair. */
class ClearanceBroadphaseTest {

    /**
     * A long closed loop of about constant spacing: a circle of radius 1 squashed to 0.6 in y, its top
     * pushed down by {@code dent} (0.0 keeps it; towards 2.0 the top comes within a width of the bottom).
     */
    private static float[] loop(Random rnd, int n, double dent) {
        float[] p = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double ang = 2 * Math.PI * i / n;
            double r = 1.0 - dent * Math.exp(-Math.pow((ang - 0.5 * Math.PI) / 0.4, 2)) + 1e-4 * rnd.nextGaussian();
            p[2 * i] = (float) (r * Math.cos(ang));
            p[2 * i + 1] = (float) (r * Math.sin(ang) * 0.6);
        }
        return p;
    }

    @Test
    void chunkedClearanceGivesThePlainVerdicts() {
        Random rnd = new Random(5);
        int fails = 0;
        int cases = 80;
        for (int k = 0; k < cases; k++) {
            int n = ValidityKernel.CLEARANCE_CHUNKED_MIN + rnd.nextInt(1400);
            float[] p = loop(rnd, n, 1.9 * rnd.nextDouble());
            float hw = (float) (0.02 + 0.13 * rnd.nextDouble());
            // a band of at least a width of chain on either side where the spacing is smallest (0.6 * 2 pi / n)
            int band = 2 + (int) Math.ceil(2 * 1.5 * hw * n / (0.6 * 2 * Math.PI));
            float[] left = new float[n];
            float[] right = new float[n];
            for (int i = 0; i < n; i++) {
                left[i] = (float) (hw * (0.5 + rnd.nextDouble()));
                right[i] = (float) (hw * (0.5 + rnd.nextDouble()));
            }
            float[] boxes = new float[2 * Crossings.boxFloats(n)];
            // the scratch holds stale values from an earlier scan in real use
            java.util.Arrays.fill(boxes, Float.NaN);
            boolean plain = ValidityKernel.clearance(p, 0, n, band, hw);
            assertEquals(plain, ValidityKernel.clearance(p, 0, n, band, hw, boxes, 0), "constant width, case " + k);
            boolean plainVar = ValidityKernel.clearance(p, left, right, 0, n, band, 0.02f);
            assertEquals(plainVar, ValidityKernel.clearance(p, left, right, 0, n, band, 0.02f, boxes, 0),
                    "variable width, case " + k);
            fails += (plain ? 0 : 1) + (plainVar ? 0 : 1);
        }
        assertTrue(fails > 20 && fails < 2 * cases - 20, "the sample needs both verdicts: " + fails + " failures");
    }
}
