package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Gate-plane progress on synthetic saddle-loop courses (4 to 8 gates, pitched gates): a scripted
 * agent flying the course line counts one pass per gate and one lap per loop; flying over, under
 * or beside the gates counts nothing; skipping a gate reports the wrong gate; resets re-arm.
 */
class GateTrackerTest {
    private static final int ENVS = 6;
    private static final double HS = 0.2;

    /** Agent offsets from the line: {lateral (horizontal, left of travel), vertical}, in half sizes. */
    private static void fly(SyntheticGates g, HostF32Array pos, int agents, double u, double[][] offsets) {
        for (int e = 0; e < g.envs; e++) {
            flyEnv(g, pos, agents, e, u, offsets);
        }
    }

    private static void flyEnv(SyntheticGates g, HostF32Array pos, int agents, int e, double u, double[][] offsets) {
        {
            double[] p = g.onLine(e, u);
            double[] q = g.onLine(e, u + 0.01);
            double tx = q[0] - p[0];
            double ty = q[1] - p[1];
            double h = Math.hypot(tx, ty);
            for (int a = 0; a < agents; a++) {
                int k = e * agents + a;
                double side = offsets[a][0] * HS;
                double up = offsets[a][1] * HS;
                pos.data()[3 * k] = (float) (p[0] - ty / h * side);
                pos.data()[3 * k + 1] = (float) (p[1] + tx / h * side);
                pos.data()[3 * k + 2] = (float) (p[2] + up);
            }
        }
    }

    private static int[] host(dev.trackgen.api.runtime.I32Array a) {
        return ((HostI32Array) a).data();
    }

    @Test
    void flyingTheCourseLineCountsOnePassPerGateAndOneLapPerLoopAndNothingOverUnderOrBeside() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            SyntheticGates g = new SyntheticGates(rt, ENVS, HS);
            double[][] offsets = {{0, 0}, {0.6, -0.7}, {0, 2.2}, {0, -2.2}, {2.5, 0}, {-2.5, 0.3}};
            int agents = offsets.length;
            HostF32Array pos = new HostF32Array(ENVS * agents * 3);
            GateTracker tracker = GateTracker.create(g.course, pos, agents);
            int loops = 3;
            int[] passes = new int[ENVS * agents];
            int[] lapEvents = new int[ENVS * agents];
            int maxN = 0;
            for (int e = 0; e < ENVS; e++) {
                maxN = Math.max(maxN, g.count[e] * g.samples);
            }
            int[] expectedNext = new int[ENVS * agents];
            for (double u = -0.5; ; u += 0.37) {
                boolean any = false;
                for (int e = 0; e < ENVS; e++) {
                    any |= u < loops * g.count[e] * g.samples - 0.5;
                }
                if (!any) {
                    break;
                }
                for (int e = 0; e < ENVS; e++) { // envs past their own end freeze (a NaN pauses them)
                    double end = loops * g.count[e] * g.samples - 0.5;
                    flyEnv(g, pos, agents, e, Math.min(u, end), offsets);
                }
                for (int e = 0; e < ENVS; e++) {
                    double end = loops * g.count[e] * g.samples - 0.5;
                    if (u >= end) {
                        for (int a = 0; a < agents; a++) {
                            int k = e * agents + a;
                            pos.data()[3 * k] = Float.NaN;
                        }
                    }
                }
                GateEvents ev = tracker.update();
                for (int k = 0; k < passes.length; k++) {
                    passes[k] += host(ev.passed())[k];
                    lapEvents[k] += host(ev.lapCompleted())[k];
                    assertEquals(-1, host(ev.wrongGate())[k], "no wrong gate flying the line, agent " + k);
                    if (host(ev.passed())[k] != 0) {
                        int e = k / agents;
                        expectedNext[k] = (expectedNext[k] + 1) % g.count[e];
                    }
                    assertEquals(expectedNext[k], host(ev.nextGate())[k], "gates in order, agent " + k);
                }
            }
            GateEvents ev = tracker.events();
            for (int e = 0; e < ENVS; e++) {
                int gates = g.count[e];
                for (int a = 0; a < agents; a++) {
                    int k = e * agents + a;
                    boolean inside = a < 2;
                    assertEquals(inside ? loops * gates : 0, passes[k], "passes of env " + e + " agent " + a);
                    assertEquals(inside ? loops * gates : 0, host(ev.progress())[k], "progress, env " + e + " agent " + a);
                    assertEquals(inside ? loops : 0, lapEvents[k], "lap events, env " + e + " agent " + a);
                    assertEquals(inside ? loops : 0, host(ev.laps())[k], "laps, env " + e + " agent " + a);
                }
            }
        }
    }

    @Test
    void skippingAGateReportsItAsTheWrongGateAndResetsReArm() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            SyntheticGates g = new SyntheticGates(rt, ENVS, HS);
            HostF32Array pos = new HostF32Array(ENVS * 3);
            GateTracker tracker = GateTracker.create(g.course, pos, 1);
            double[][] on = {{0, 0}};
            int[] wrong = new int[ENVS];
            Arrays.fill(wrong, -1);
            for (double u = 0.5 * g.samples; u < 1.5 * g.samples; u += 0.41) { // from between gates 0 and 1 past gate 1
                fly(g, pos, 1, u, on);
                GateEvents ev = tracker.update();
                for (int e = 0; e < ENVS; e++) {
                    assertEquals(0, host(ev.passed())[e], "target gate 0 is never passed");
                    if (host(ev.wrongGate())[e] >= 0) {
                        wrong[e] = host(ev.wrongGate())[e];
                    }
                }
            }
            for (int e = 0; e < ENVS; e++) {
                assertEquals(1, wrong[e], "env " + e + " crossed gate 1 while gate 0 was the target");
                assertEquals(0, host(tracker.events().nextGate())[e]);
            }
            // fly back to just before gate 0, reset env 2: the next update only primes, counters cleared
            HostI32Array mask = new HostI32Array(ENVS);
            mask.data()[2] = 1;
            fly(g, pos, 1, -0.3, on);
            tracker.reset(mask);
            GateEvents ev = tracker.update();
            float[] d = ((HostF32Array) ev.distToNext()).data();
            for (int e = 0; e < ENVS; e++) {
                assertEquals(0, host(ev.passed())[e]);
                double[] c = {g.position[3 * e * g.gMax], g.position[3 * e * g.gMax + 1], g.position[3 * e * g.gMax + 2]};
                double[] p = {pos.data()[3 * e], pos.data()[3 * e + 1], pos.data()[3 * e + 2]};
                assertEquals(SyntheticGates.dist(p, c), d[e], 1e-5, "dist_to_next is the distance to gate 0");
            }
            assertEquals(-1, host(ev.wrongGate())[2], "a teleport after a reset is no crossing");
            assertEquals(0, host(ev.progress())[2], "the reset cleared the counters");
            fly(g, pos, 1, 0.4, on);
            ev = tracker.update();
            assertEquals(1, host(ev.passed())[2], "the reset env passes gate 0 on the next crossing");
            assertEquals(1, host(ev.progress())[2]);
            // a NaN position pauses: no event, NaN distance, and the next finite position only primes
            pos.data()[0] = Float.NaN;
            ev = tracker.update();
            assertTrue(Float.isNaN(((HostF32Array) ev.distToNext()).data()[0]));
            fly(g, pos, 1, 0.6, on);
            ev = tracker.update();
            assertEquals(0, host(ev.passed())[0], "after a pause the update primes");
        }
    }
}
