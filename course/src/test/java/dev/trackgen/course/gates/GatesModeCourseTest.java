package dev.trackgen.course.gates;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.Course;
import dev.trackgen.course.CourseConfig;
import dev.trackgen.course.CourseStep;
import dev.trackgen.course.FlightPoses;
import dev.trackgen.course.GatesMode;
import dev.trackgen.course.RaceMode;
import dev.trackgen.gates.GateConfig;
import dev.trackgen.gates.GateGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link Course} in the {@code gates} mode on a real {@link GateGenerator}, whose arrays the
 * test then overwrites with synthetic saddle-loop courses (known geometry): agents start before
 * gate 0, a scripted agent flying the course line through {@code step()} counts one pass per gate
 * and one lap per loop, replay equals eager on the CPU's record/replay runtime, reset and masked
 * regeneration touch only the masked envs, and nothing is allocated per call.
 */
class GatesModeCourseTest {
    static final int ENVS = 5;
    static final int AGENTS = 2;
    static final double HS = 0.2;

    static Course open(ComputeRuntime rt, GateOptions options) {
        GateConfig gc = GateConfig.builder().numEnvs(ENVS).generator("bezier").minGates(4).maxGates(8).samplesPerGate(12).build();
        GateGenerator gen = GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator("bezier"))
                .runtime(rt).build();
        CourseConfig cc = CourseConfig.builder().mode(GatesMode.NAME).agents(AGENTS).gates(options).build();
        Course course = Course.create(gen, cc);
        course.bind(course.allocateFlightPoses());
        return course;
    }

    /** Generates, overwrites the gates with synthetic ones and respawns every agent on them. */
    static SyntheticGates generateSynthetic(Course c) {
        c.generate();
        SyntheticGates g = new SyntheticGates(c.runtime(), c.gates(), HS);
        c.resetAll();
        return g;
    }

    /** Agent 0 on the line at sample parameter u, agent 1 on it 0.6 half sizes above. */
    static void fly(SyntheticGates g, FlightPoses poses, ComputeRuntime rt, double[] u) {
        float[] p = new float[3 * ENVS * AGENTS];
        for (int e = 0; e < ENVS; e++) {
            double[] x = g.onLine(e, u[e]);
            for (int a = 0; a < AGENTS; a++) {
                int k = e * AGENTS + a;
                p[3 * k] = (float) x[0];
                p[3 * k + 1] = (float) x[1];
                p[3 * k + 2] = (float) (x[2] + (a == 1 ? 0.6 * HS : 0));
            }
        }
        rt.upload(p, poses.position());
    }

    static int[] ints(ComputeRuntime rt, I32Array a) {
        int[] out = new int[a.length()];
        rt.download(a, out);
        return out;
    }

    @Test
    void agentsStartBeforeGateZeroAndAScriptedFlightCountsOnePassPerGateAndOneLapPerLoop() {
        try (CpuRuntime rt = new CpuRuntime(2, false); Course c = open(rt, GateOptions.defaults())) {
            SyntheticGates g = generateSynthetic(c);
            assertTrue(c.isGateCourse());
            float[] start = ((HostF32Array) c.flightPoses().position()).data();
            float[] q = ((HostF32Array) c.flightPoses().orientation()).data();
            for (int e = 0; e < ENVS; e++) {
                int f = e * g.gMax;
                double[] t = g.tangent(e, 0);
                for (int a = 0; a < AGENTS; a++) {
                    int k = e * AGENTS + a;
                    double side = (a - 0.5) * GateOptions.DEFAULT_SPAWN_SPACING;
                    double[] l = {-t[1] / Math.hypot(t[0], t[1]), t[0] / Math.hypot(t[0], t[1]), 0};
                    for (int i = 0; i < 3; i++) {
                        double expected = g.position[3 * f + i] - GateOptions.DEFAULT_SPAWN_DISTANCE * t[i] + side * l[i];
                        assertEquals(expected, start[3 * k + i], 1e-5, "start slot of env " + e + " agent " + a);
                    }
                    for (int i = 0; i < 4; i++) {
                        assertEquals(g.orientation[4 * f + i], q[4 * k + i], "gate 0's orientation");
                    }
                }
            }
            int loops = 2;
            double[] u = new double[ENVS];
            Arrays.fill(u, -0.45);
            int[] passes = new int[ENVS * AGENTS];
            int[] laps = new int[ENVS * AGENTS];
            CourseStep first = c.step(); // from the start slot: primes
            assertTrue(first.isGates());
            for (int step = 0; step < 500; step++) {
                for (int e = 0; e < ENVS; e++) {
                    u[e] = Math.min(u[e] + 0.41, loops * g.count[e] * g.samples - 0.45);
                }
                fly(g, c.flightPoses(), rt, u);
                CourseStep r = c.step();
                int[] passed = ints(rt, r.gateEvents().passed());
                int[] lap = ints(rt, r.gateEvents().lapCompleted());
                for (int k = 0; k < passes.length; k++) {
                    passes[k] += passed[k];
                    laps[k] += lap[k];
                }
                assertEquals(-1, Arrays.stream(ints(rt, r.gateEvents().wrongGate())).max().getAsInt());
                float[] s = ((HostF32Array) r.lineFrame().s()).data();
                assertFalse(Float.isNaN(s[0]), "every agent is localized on the line");
            }
            for (int e = 0; e < ENVS; e++) {
                for (int a = 0; a < AGENTS; a++) {
                    assertEquals(loops * g.count[e], passes[e * AGENTS + a], "passes, env " + e + " agent " + a);
                    assertEquals(loops, laps[e * AGENTS + a], "laps, env " + e + " agent " + a);
                }
            }
            assertThrows(IllegalStateException.class, () -> first.frame(), "a gate step has no track frame");
            assertTrue(c.gateCollider().isEmpty());
        }
    }

    private static List<Object> trace(ComputeRuntime rt, Course c, SyntheticGates g) {
        List<Object> out = new ArrayList<>();
        double[] u = new double[ENVS];
        Arrays.fill(u, -0.3);
        HostI32Array mask = new HostI32Array(ENVS);
        mask.data()[1] = 1;
        for (int step = 0; step < 60; step++) {
            for (int e = 0; e < ENVS; e++) {
                u[e] += 0.53;
            }
            fly(g, c.flightPoses(), rt, u);
            if (step == 30) {
                c.reset(mask);
            }
            CourseStep r = c.step();
            out.add(((HostF32Array) r.lineFrame().s()).data().clone());
            out.add(((HostF32Array) r.lineFrame().nUp()).data().clone());
            out.add(ints(rt, r.gateEvents().progress()));
            out.add(((HostF32Array) r.gateEvents().distToNext()).data().clone());
            out.add(ints(rt, r.gateContacts().orElseThrow().hit()));
            out.add(((HostF32Array) r.gateContacts().orElseThrow().depth()).data().clone());
        }
        return out;
    }

    @Test
    void replayedStepsEqualEagerOnesAndNothingIsAllocatedPerCall() {
        GateOptions options = GateOptions.builder().collision(GateCollision.frames(0.03, 0.05, 0.04)).build();
        List<List<Object>> runs = new ArrayList<>();
        for (boolean replay : new boolean[] {false, true}) {
            try (CpuRuntime rt = new CpuRuntime(2, replay); Course c = open(rt, options)) {
                SyntheticGates g = generateSynthetic(c);
                runs.add(trace(rt, c, g));
                assertEquals(replay, c.stepCaptured(), "replay runtimes capture the step");
            }
        }
        assertEquals(runs.get(0).size(), runs.get(1).size());
        for (int i = 0; i < runs.get(0).size(); i++) {
            Object a = runs.get(0).get(i);
            Object b = runs.get(1).get(i);
            if (a instanceof float[] fa) {
                assertArrayEquals(fa, (float[]) b, "item " + i);
            } else {
                assertArrayEquals((int[]) a, (int[]) b, "item " + i);
            }
        }
        try (CpuRuntime rt = new CpuRuntime(2, false); Course c = open(rt, options)) {
            generateSynthetic(c);
            HostI32Array mask = new HostI32Array(ENVS);
            mask.data()[2] = 1;
            assertEquals(0, AllocationProbe.perCall(2000, 200, 5, c::step), "bytes per step");
            assertEquals(0, AllocationProbe.perCall(500, 50, 5, () -> c.reset(mask)), "bytes per reset");
            assertEquals(0, AllocationProbe.perCall(200, 10, 3, () -> c.regenerate(mask)), "bytes per masked regeneration");
        }
    }

    @Test
    void maskedRegenerationAndResetLeaveTheOtherEnvsAgentsBitForBit() {
        try (CpuRuntime rt = new CpuRuntime(2, false); Course c = open(rt, GateOptions.defaults())) {
            SyntheticGates g = generateSynthetic(c);
            double[] u = new double[ENVS];
            Arrays.fill(u, 3.3);
            fly(g, c.flightPoses(), rt, u);
            c.step();
            float[] before = ((HostF32Array) c.flightPoses().position()).data().clone();
            int[] nextBefore = ints(rt, c.gateTracker().events().nextGate());
            HostI32Array mask = new HostI32Array(ENVS);
            mask.data()[3] = 1;
            c.reset(mask);
            float[] after = ((HostF32Array) c.flightPoses().position()).data();
            for (int k = 0; k < ENVS * AGENTS; k++) {
                boolean masked = k / AGENTS == 3;
                for (int i = 0; i < 3; i++) {
                    if (masked) {
                        assertTrue(i == 2 || after[3 * k + i] != before[3 * k + i], "the masked env's agents respawned");
                    } else {
                        assertEquals(Float.floatToIntBits(before[3 * k + i]), Float.floatToIntBits(after[3 * k + i]));
                    }
                }
            }
            float[] gatesBefore = new float[c.gates().position().length()];
            rt.download(c.gates().position(), gatesBefore);
            c.rng().reseed(new int[] {3}, new int[] {99});
            c.regenerate(mask);
            float[] gatesAfter = new float[gatesBefore.length];
            rt.download(c.gates().position(), gatesAfter);
            for (int e = 0; e < ENVS; e++) {
                if (e == 3) {
                    continue;
                }
                for (int i = 0; i < 3 * g.gMax; i++) {
                    int k = 3 * g.gMax * e + i;
                    assertEquals(Float.floatToIntBits(gatesBefore[k]), Float.floatToIntBits(gatesAfter[k]), "env " + e);
                }
            }
            int[] nextAfter = ints(rt, c.gateTracker().events().nextGate());
            for (int k = 0; k < ENVS * AGENTS; k++) {
                assertEquals(k / AGENTS == 3 ? 0 : nextBefore[k], nextAfter[k], "target gate of agent " + k);
            }
        }
    }

    @Test
    void misuseIsRefusedWithOneLine() {
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            GateConfig gc = GateConfig.builder().numEnvs(2).generator("bezier").build();
            try (GateGenerator gen = GateGenerator.builder(gc).generator(TrackGenLauncher.discover().generator("bezier"))
                    .runtime(rt).build()) {
                IllegalArgumentException race = assertThrows(IllegalArgumentException.class,
                        () -> Course.create(gen, CourseConfig.builder().mode(RaceMode.NAME).build()));
                assertTrue(race.getMessage().contains("'race' does not drive gate courses"), race.getMessage());
            }
            try (Course c = open(rt, GateOptions.defaults())) {
                assertThrows(IllegalStateException.class, c::allocatePoses);
                assertThrows(IllegalStateException.class, c::grid);
                assertThrows(IllegalStateException.class, c::generator);
                assertThrows(IllegalStateException.class, c::checkpoints);
                assertThrows(IllegalStateException.class, () -> c.bind(c.allocateFlightPoses()), "bound once");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> GateOptions.builder().spawnDistance(0).build());
        assertThrows(IllegalArgumentException.class, () -> GateOptions.builder().spawnSpacing(-1).build());
        assertThrows(NullPointerException.class, () -> CourseConfig.builder().gates(null));
    }
}
