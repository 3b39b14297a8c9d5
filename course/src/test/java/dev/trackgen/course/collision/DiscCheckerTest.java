package dev.trackgen.course.collision;

import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DiscCheckerTest {

    private static DiscContacts.Snapshot run(CpuRuntime rt, Fixtures.HostBoxes boxes, float[] centers, int perEnv,
                                             float radius) {
        Boxes b = boxes.upload(rt);
        Discs d = new Discs(perEnv, rt.allocVec2(centers.length / 2), radius);
        rt.upload(centers, d.centers());
        return new DiscChecker(rt, b, d).query().snapshot(rt);
    }

    @Test
    void theDeepestTouchingDiscWinsAndNaNSlotsAreSkipped() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            // one box at the origin, 0.2 x 0.1, in four envs with different discs
            float[] pos = new float[8];
            float[] head = new float[4];
            float[] he = {0.1f, 0.05f, 0.1f, 0.05f, 0.1f, 0.05f, 0.1f, 0.05f};
            float nan = Float.NaN;
            float[] discs = {
                    0.11f, 0f, nan, nan, 0f, 0.08f,        // env 0: grazing the front (depth 0.01), a NaN slot, a miss
                    0f, 0.08f, 0f, -0.06f, 0.115f, 0f,     // env 1: a miss, depth 0.01 below, depth 0.005 in front
                    0.02f, 0.01f, 0.5f, 0.5f, nan, 0f,     // env 2: a center inside the box: depth = radius
                    0.3f, 0f, nan, nan, nan, nan};         // env 3: nothing within reach
            DiscContacts.Snapshot s = run(rt, new Fixtures.HostBoxes(1, pos, head, he), discs, 3, 0.02f);
            assertEquals(1, s.hit()[0]);
            assertEquals(0, s.disc()[0]);
            assertEquals(0.01, s.depth()[0], 1e-6);
            assertEquals(-1, s.normal()[0], 1e-6); // out of the disc: the box moves -x
            assertEquals(0, s.normal()[1], 1e-6);
            assertEquals(1, s.disc()[1]);
            assertEquals(0.01, s.depth()[1], 1e-6);
            assertEquals(1, s.normal()[3], 1e-6);
            assertEquals(0, s.disc()[2]);
            assertEquals(0.02f, s.depth()[2], 0f);
            double len = Math.hypot(0.02, 0.01);
            assertEquals(-0.02 / len, s.normal()[4], 1e-6);
            assertEquals(0, s.hit()[3]);
            assertEquals(-1, s.disc()[3]);
            assertTrue(Float.isNaN(s.normal()[6]));
        }
    }

    @Test
    void randomBoxesAgreeWithADoubleBruteForce() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            Random r = new Random(3);
            int envs = 16;
            int boxesPer = 32;
            int discsPer = 40;
            float radius = 0.03f;
            float[] pos = new float[2 * envs * boxesPer];
            float[] head = new float[envs * boxesPer];
            float[] he = new float[2 * envs * boxesPer];
            for (int t = 0; t < head.length; t++) {
                pos[2 * t] = r.nextFloat();
                pos[2 * t + 1] = r.nextFloat();
                head[t] = (float) (r.nextDouble() * 7 - 3.5);
                he[2 * t] = 0.02f + 0.05f * r.nextFloat();
                he[2 * t + 1] = 0.01f + 0.03f * r.nextFloat();
            }
            float[] discs = new float[2 * envs * discsPer];
            for (int i = 0; i < discs.length; i++) {
                discs[i] = i % 29 == 0 ? Float.NaN : r.nextFloat();
            }
            DiscContacts.Snapshot s = run(rt, new Fixtures.HostBoxes(boxesPer, pos, head, he), discs, discsPer, radius);
            int hits = 0;
            for (int t = 0; t < head.length; t++) {
                int e = t / boxesPer;
                double c = Math.cos(head[t]);
                double sn = Math.sin(head[t]);
                int best = -1;
                double bestPen = 0;
                for (int i = 0; i < discsPer; i++) {
                    double dx = discs[2 * (e * discsPer + i)] - pos[2 * t];
                    double dy = discs[2 * (e * discsPer + i) + 1] - pos[2 * t + 1];
                    if (Double.isNaN(dx) || Double.isNaN(dy)) {
                        continue;
                    }
                    double lx = Math.abs(c * dx + sn * dy) - he[2 * t];
                    double ly = Math.abs(-sn * dx + c * dy) - he[2 * t + 1];
                    double pen = radius - Math.hypot(Math.max(lx, 0), Math.max(ly, 0));
                    if (pen >= 0 && (best < 0 || pen > bestPen + 1e-6)) {
                        best = i;
                        bestPen = pen;
                    }
                }
                assertEquals(best >= 0 ? 1 : 0, s.hit()[t], "box " + t);
                if (best >= 0) {
                    hits++;
                    assertEquals(bestPen, s.depth()[t], 1e-6, "box " + t);
                    assertEquals(1, Math.hypot(s.normal()[2 * t], s.normal()[2 * t + 1]), 1e-5);
                }
            }
            assertTrue(hits > 20, "hits " + hits);
        }
    }

    @Test
    void queriesAllocateNothingAndBadBindingsAreRefused() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            Boxes b = new Boxes(2, rt.allocVec2(8), rt.allocF32(8), rt.allocVec2(8));
            Discs d = new Discs(5, rt.allocVec2(20), 0.1f);
            DiscChecker checker = new DiscChecker(rt, b, d);
            long perQuery = AllocationProbe.perCall(2000, 200, 5, checker::query);
            assertEquals(0, perQuery, "bytes per query");
            assertThrows(IllegalArgumentException.class, () -> new DiscChecker(rt, b, new Discs(5, rt.allocVec2(25), 0.1f)));
            assertThrows(IllegalArgumentException.class, () -> new Discs(5, rt.allocVec2(20), 0f));
            assertThrows(IllegalArgumentException.class, () -> new Discs(3, rt.allocVec2(20), 0.1f));
        }
    }
}
