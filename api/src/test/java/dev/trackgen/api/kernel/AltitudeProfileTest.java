package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The track elevation's additions to {@link AltitudeProfile}: the periodic monotone knot cubic
 * (through its knots, never outside its segment's knot heights, monotone in every segment,
 * continuous across the loop's seam) and the caller-stream fill (the gates' call unchanged).
 */
class AltitudeProfileTest {

    @Test
    void theKnotCubicPassesItsKnotsAndStaysMonotoneBetweenThem() {
        Random r = new Random(4);
        for (int trial = 0; trial < 200; trial++) {
            int k = 3 + r.nextInt(20);
            float perim = (float) (0.5 + 20 * r.nextDouble());
            float[] knots = new float[k + 2];
            for (int j = 0; j < k; j++) {
                // plateaus, steps and noise: every branch of the slope rule
                knots[1 + j] = r.nextInt(4) == 0 ? 0.5f : (float) (r.nextGaussian() * (trial % 3 == 0 ? 1e-3 : 3));
            }
            for (int j = 0; j < k; j++) {
                float at = AltitudeProfile.knotHeight(knots, 1, k, perim, perim * j / k);
                assertEquals(knots[1 + j], at, 1e-5f * (1 + Math.abs(knots[1 + j])), "passes knot " + j);
                float y0 = knots[1 + j];
                float y1 = knots[1 + (j + 1) % k];
                float prev = y0;
                int steps = 64;
                for (int q = 1; q < steps; q++) {
                    float s = perim * (j + q / (float) steps) / k;
                    float z = AltitudeProfile.knotHeight(knots, 1, k, perim, s);
                    assertTrue(z >= Math.min(y0, y1) && z <= Math.max(y0, y1),
                            "segment " + j + " leaves [" + y0 + ", " + y1 + "]: " + z);
                    // monotone in the direction of the segment (ties allowed)
                    assertTrue(y1 >= y0 ? z >= prev - 1e-6f * (1 + Math.abs(z)) : z <= prev + 1e-6f * (1 + Math.abs(z)),
                            "segment " + j + " not monotone at " + q);
                    prev = z;
                }
            }
            // the seam: just before the perimeter is close to knot 0
            float end = AltitudeProfile.knotHeight(knots, 1, k, perim, Math.nextDown(perim));
            assertEquals(knots[1], end, 1e-3f * (1 + Math.abs(knots[1]) + Math.abs(knots[k])), "closes on knot 0");
        }
    }

    @Test
    void aDegeneratePerimeterGivesKnotZero() {
        float[] knots = {2f, 5f, -1f};
        assertEquals(2f, AltitudeProfile.knotHeight(knots, 0, 3, 0f, 0f));
        assertEquals(2f, AltitudeProfile.knotHeight(knots, 0, 3, Float.NaN, 1f));
    }

    @Test
    void theGatesStreamsAreTheDefaultAndOtherStreamsDrawOtherHeights() {
        int n = 40;
        float[] cum = new float[n];
        for (int i = 0; i < n; i++) {
            cum[i] = 0.25f * i;
        }
        float perim = 0.25f * n;
        for (int profile : new int[] {AltitudeProfile.UNIFORM, AltitudeProfile.RANDOM_WALK, AltitudeProfile.NOISE}) {
            float[] a = new float[n];
            float[] b = new float[n];
            float[] c = new float[n];
            AltitudeProfile.fill(profile, 9, cum, 0, n, perim, 0.5f, -1f, 2f, 0.3f, 1f, 3, a, 0);
            AltitudeProfile.fill(profile, 9, AltitudeProfile.STREAM_UNIFORM, AltitudeProfile.STREAM_WALK,
                    AltitudeProfile.STREAM_NOISE, cum, 0, n, perim, 0.5f, -1f, 2f, 0.3f, 1f, 3, b, 0);
            AltitudeProfile.fill(profile, 9, 17383, 17387, 17389, cum, 0, n, perim, 0.5f, -1f, 2f, 0.3f, 1f, 3, c, 0);
            assertArrayEquals(a, b, "profile " + profile);
            assertTrue(!java.util.Arrays.equals(a, c), "own streams, profile " + profile);
        }
    }
}
