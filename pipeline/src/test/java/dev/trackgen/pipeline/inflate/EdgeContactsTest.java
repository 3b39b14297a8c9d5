package dev.trackgen.pipeline.inflate;

import dev.trackgen.api.kernel.Crossings;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The chunked scans of {@link EdgeContacts} against a plain scan of every edge pair. */
class EdgeContactsTest {

    private static boolean meet(float[] p, int i, float[] q, int j, int n) {
        int i1 = (i + 1) % n;
        int j1 = (j + 1) % n;
        return EdgeContacts.edgesMeet(p[2 * i], p[2 * i + 1], p[2 * i1], p[2 * i1 + 1],
                q[2 * j], q[2 * j + 1], q[2 * j1], q[2 * j1 + 1]);
    }

    /** Every pair (edges sharing a vertex skipped when {@code same}). */
    private static boolean bruteForce(float[] p, float[] q, boolean same, int n) {
        for (int i = 0; i < n; i++) {
            for (int j = same ? i + 1 : 0; j < n; j++) {
                int d = Math.abs(j - i);
                if (same && Math.min(d, n - d) <= 1) {
                    continue;
                }
                if (meet(p, i, q, j, n)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A wobbly loop of n points; wide wobbles (radial and sideways) fold it over itself. */
    private static float[] loop(Random rnd, int n, double wobble, double radius, double dx) {
        float[] p = new float[2 * n];
        for (int i = 0; i < n; i++) {
            double ang = 2 * Math.PI * i / n;
            double r = radius * (1 + wobble * (rnd.nextDouble() - 0.5));
            double jitter = radius * wobble * (rnd.nextDouble() - 0.5);
            p[2 * i] = (float) (r * Math.cos(ang) + jitter + dx);
            p[2 * i + 1] = (float) (r * Math.sin(ang) - jitter);
        }
        return p;
    }

    @Test
    void chunkedScansAnswerAsEveryPairDoes() {
        Random rnd = new Random(11);
        int meetsSelf = 0;
        int meetsPair = 0;
        int cases = 300;
        for (int c = 0; c < cases; c++) {
            int n = 3 + rnd.nextInt(90);
            double wobble = c % 3 == 0 ? 0.0 : (c % 3 == 1 ? 0.3 : 1.5);
            float[] p = loop(rnd, n, wobble, 1.0, 0.0);
            // the second polygon: a shrunk or shifted copy that sometimes touches the first
            float[] q = loop(rnd, n, wobble, 0.6 + 0.5 * rnd.nextDouble(), 0.3 * rnd.nextDouble());
            if (c % 10 == 0) {
                // exactly touching: q's point 0 on p's edge 0 (a contact the scan must not miss)
                q[0] = 0.5f * (p[0] + p[2]);
                q[1] = 0.5f * (p[1] + p[3]);
            }
            float[] boxes = new float[2 * Crossings.boxFloats(n)];
            boolean self = EdgeContacts.anyMeet(p, p, true, 0, n, boxes, 0);
            assertEquals(bruteForce(p, p, true, n), self, "self, case " + c);
            boolean pair = EdgeContacts.anyMeet(p, q, false, 0, n, boxes, 0);
            assertEquals(bruteForce(p, q, false, n), pair, "pair, case " + c);
            meetsSelf += self ? 1 : 0;
            meetsPair += pair ? 1 : 0;
        }
        assertTrue(meetsSelf > 20 && meetsSelf < cases - 20, "the sample needs both kinds of loops: " + meetsSelf);
        assertTrue(meetsPair > 20 && meetsPair < cases - 20, "the sample needs both kinds of pairs: " + meetsPair);
    }

    @Test
    void theGroupLevelOfLongPolygonsAnswersAsEveryPairDoes() {
        Random rnd = new Random(23);
        int meetsSelf = 0;
        int meetsPair = 0;
        int cases = 60;
        for (int c = 0; c < cases; c++) {
            int n = EdgeContacts.GROUP_MIN_CHUNKS * Crossings.CHUNK - 5 + rnd.nextInt(1300);
            double wobble = c % 3 == 0 ? 0.0 : (c % 3 == 1 ? 0.2 / n : 0.5);
            float[] p = loop(rnd, n, wobble, 1.0, 0.0);
            if (c % 3 == 1 && rnd.nextBoolean()) {
                // one point pulled across the loop: a fold somewhere in the middle of a long scan
                int k = rnd.nextInt(n);
                p[2 * k] *= -0.5f;
                p[2 * k + 1] *= -0.5f;
            }
            float[] q = loop(rnd, n, wobble, 0.9 + 0.15 * rnd.nextDouble(), 0.05 * rnd.nextDouble());
            float[] boxes = new float[2 * Crossings.boxFloats(n)];
            float[] groups = new float[EdgeContacts.groupFloats(n)];
            boolean self = EdgeContacts.anyMeet(p, p, true, 0, n, boxes, 0, groups, 0);
            assertEquals(bruteForce(p, p, true, n), self, "self, case " + c + ", n " + n);
            assertEquals(EdgeContacts.anyMeet(p, p, true, 0, n, boxes, 0), self, "self one-level, case " + c);
            boolean pair = EdgeContacts.anyMeet(p, q, false, 0, n, boxes, 0, groups, 0);
            assertEquals(bruteForce(p, q, false, n), pair, "pair, case " + c + ", n " + n);
            assertEquals(EdgeContacts.anyMeet(p, q, false, 0, n, boxes, 0), pair, "pair one-level, case " + c);
            meetsSelf += self ? 1 : 0;
            meetsPair += pair ? 1 : 0;
        }
        assertTrue(meetsSelf > 5 && meetsSelf < cases - 5, "the sample needs both kinds of loops: " + meetsSelf);
        assertTrue(meetsPair > 5 && meetsPair < cases - 5, "the sample needs both kinds of pairs: " + meetsPair);
    }

    @Test
    void segmentsWithOverlappingBoxesAreTestedAndApartOnesAreNot() {
        // crossing diagonals
        assertTrue(EdgeContacts.edgesMeet(0f, 0f, 1f, 1f, 0f, 1f, 1f, 0f));
        // touching end to end
        assertTrue(EdgeContacts.edgesMeet(0f, 0f, 1f, 0f, 1f, 0f, 2f, 1f));
        // boxes apart on x, then on y
        assertFalse(EdgeContacts.edgesMeet(0f, 0f, 1f, 1f, 1.5f, 0f, 2f, 1f));
        assertFalse(EdgeContacts.edgesMeet(0f, 0f, 1f, 1f, 0f, 1.5f, 1f, 2f));
        // boxes overlap, segments clearly apart (parallel)
        assertFalse(EdgeContacts.edgesMeet(0f, 0f, 1f, 1f, 0.5f, 0f, 1.5f, 1f));
        // NaN never proves two segments apart
        assertTrue(EdgeContacts.edgesMeet(0f, 0f, Float.NaN, 1f, 0f, 1f, 1f, 0f));
    }
}
