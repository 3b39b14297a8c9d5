package dev.trackgen.api.kernel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CounterRngTest {

    @Test
    void drawIsWordOfTheCounterBlock() {
        for (int i = 0; i < 12; i++) {
            assertEquals(Philox4x32.word(i >>> 2, 0, 0, 0, 42, 7, i & 3), CounterRng.bits(42, 7, i));
        }
    }

    @Test
    void pairsAreTheTwoSingleDrawsAtEveryLane() {
        for (int seed : new int[] {0, 42, -7}) {
            for (int i = 0; i < 64; i++) {
                long pair = CounterRng.uniformPair(seed, 5, i);
                assertEquals(Float.floatToRawIntBits(CounterRng.uniform(seed, 5, i)),
                        Float.floatToRawIntBits(CounterRng.firstOfPair(pair)), "first of draw " + i);
                assertEquals(Float.floatToRawIntBits(CounterRng.uniform(seed, 5, i + 1)),
                        Float.floatToRawIntBits(CounterRng.secondOfPair(pair)), "second of draw " + i);
            }
        }
        for (int w = 0; w < 3; w++) {
            long pair = Philox4x32.wordPair(9, 1, 2, 3, 11, 13, w);
            assertEquals(Philox4x32.word(9, 1, 2, 3, 11, 13, w), (int) (pair >>> 32));
            assertEquals(Philox4x32.word(9, 1, 2, 3, 11, 13, w + 1), (int) pair);
        }
    }

    @Test
    void uniformIsTop24BitsInHalfOpenUnitInterval() {
        for (int i = 0; i < 10_000; i++) {
            float u = CounterRng.uniform(3, 9, i);
            assertTrue(u >= 0f && u < 1f, "draw " + i + " = " + u);
            assertEquals((CounterRng.bits(3, 9, i) >>> 8) / 16777216f, u);
        }
    }

    @Test
    void uniformHasMeanAndVarianceOfU01() {
        int n = 200_000;
        double sum = 0;
        double sq = 0;
        for (int i = 0; i < n; i++) {
            double u = CounterRng.uniform(12345, 1, i);
            sum += u;
            sq += u * u;
        }
        double mean = sum / n;
        double var = sq / n - mean * mean;
        assertEquals(0.5, mean, 0.005);
        assertEquals(1.0 / 12.0, var, 0.002);
    }

    @Test
    void streamsAndSeedsAreIndependent() {
        int same = 0;
        for (int i = 0; i < 1000; i++) {
            same += CounterRng.bits(1, 2, i) == CounterRng.bits(1, 3, i) ? 1 : 0;
            same += CounterRng.bits(1, 2, i) == CounterRng.bits(2, 2, i) ? 1 : 0;
        }
        assertEquals(0, same);
        assertNotEquals(CounterRng.uniform(0, 0, 0), CounterRng.uniform(0, 0, 1));
    }

    @Test
    void uniformIntCoversInclusiveRange() {
        int[] hist = new int[5];
        for (int i = 0; i < 50_000; i++) {
            int v = CounterRng.uniformInt(99, 4, i, 9, 13);
            assertTrue(v >= 9 && v <= 13, "value " + v);
            hist[v - 9]++;
        }
        for (int h : hist) {
            assertEquals(10_000, h, 500);
        }
    }

    @Test
    void uniformRangeCollapsesWhenBoundsAreEqual() {
        assertEquals(0.4f, CounterRng.uniform(5, 6, 7, 0.4f, 0.4f));
    }
}
