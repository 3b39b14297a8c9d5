package dev.trackgen.course;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.Track;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.DeviceArray;
import dev.trackgen.api.runtime.HostF32Array;
import dev.trackgen.api.runtime.HostI32Array;
import dev.trackgen.api.runtime.HostVec2Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.course.collision.BoxContacts;
import dev.trackgen.course.collision.OffRoadOptions;
import dev.trackgen.course.collision.SdfGrid;
import dev.trackgen.course.progress.ProgressEvents;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.TrackGenLauncher;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link Course} facade: whole and masked regeneration keep every part coherent, respawn puts
 * agents on their slots, steps report what the parts report, replay equals eager, and neither a
 * step nor a masked regeneration allocates.
 */
class CourseTest {
    private static final int AGENTS = 2;

    private static Course open(ComputeRuntime rt, String generator, int envs, PerEnvSeededRng rng, CourseConfig cc) {
        TrackGenConfig c = TrackGenConfig.builder().generator(generator).numEnvs(envs).runtime("cpu").build();
        TrackGenerator gen = TrackGenLauncher.discover().builder(c).rng(rng).runtime(rt).build();
        Course course = Course.create(gen, cc);
        course.bind(course.allocatePoses());
        return course;
    }

    private static CourseConfig config(OffRoadOptions offRoad) {
        return CourseConfig.builder().agents(AGENTS).offRoad(offRoad).props(0.2, 64).build();
    }

    /** Every array the course keeps per env, by name, in env-major order. */
    private static Map<String, DeviceArray> perEnvState(Course c) {
        Map<String, DeviceArray> m = new LinkedHashMap<>();
        Track t = c.track();
        m.put("center", t.center());
        m.put("inner", t.inner());
        m.put("outer", t.outer());
        m.put("arclen", t.arclen());
        m.put("length", t.length());
        m.put("valid", t.valid());
        m.put("count", t.count());
        m.put("grid.positions", c.grid().positions());
        m.put("grid.headings", c.grid().headings());
        m.put("grid.startIndex", c.grid().startIndex());
        m.put("checkpoints.position", c.checkpoints().position());
        m.put("checkpoints.inner", c.checkpoints().inner());
        m.put("checkpoints.count", c.checkpoints().count());
        m.put("profile.curvature", c.profile().curvature());
        m.put("profile.speed", c.profile().speed());
        c.props().ifPresent(p -> {
            m.put("props.cones", p.props().conePosition());
            m.put("props.count", p.props().count());
        });
        c.offRoad().ifPresent(o -> {
            SdfGrid g = o.sdfGrid();
            if (g != null) {
                m.put("sdf.phi", g.phi());
                m.put("sdf.bounds", g.bounds());
            }
        });
        m.put("poses.position", c.poses().position());
        m.put("poses.heading", c.poses().heading());
        ProgressEvents ev = c.tracker().events();
        m.put("progress.next", ev.nextCheckpoint());
        m.put("progress.laps", ev.laps());
        m.put("progress.progress", ev.progress());
        m.put("frame.segment", c.localizer().frame().segment());
        return m;
    }

    private static Object host(DeviceArray a) {
        if (a instanceof HostF32Array f) {
            return f.data().clone();
        }
        if (a instanceof HostVec2Array v) {
            return v.data().clone();
        }
        return ((HostI32Array) a).data().clone();
    }

    private static Map<String, Object> snapshot(Course c) {
        Map<String, Object> m = new LinkedHashMap<>();
        perEnvState(c).forEach((k, v) -> m.put(k, host(v)));
        return m;
    }

    private static int length(Object a) {
        return a instanceof float[] f ? f.length : ((int[]) a).length;
    }

    private static boolean rowEquals(Object a, Object b, int e, int envs) {
        int w = length(a) / envs;
        if (a instanceof float[] fa) {
            float[] fb = (float[]) b;
            for (int i = e * w; i < (e + 1) * w; i++) {
                if (Float.floatToRawIntBits(fa[i]) != Float.floatToRawIntBits(fb[i])) {
                    return false;
                }
            }
            return true;
        }
        return Arrays.equals((int[]) a, e * w, (e + 1) * w, (int[]) b, e * w, (e + 1) * w);
    }

    /** Moves every agent along its centerline, {@code ds} of arc length per step from its slot. */
    private static void drive(Course c, TrackSnapshot h, double[] s0, int step, double ds) {
        float[] pos = ((HostVec2Array) c.poses().position()).data();
        for (int q = 0; q < pos.length / 2; q++) {
            int e = q / c.agents();
            if (!h.isValid(e)) {
                continue;
            }
            double[] p = Fixtures.pointAt(h, e, s0[q] + step * ds);
            pos[2 * q] = (float) p[0];
            pos[2 * q + 1] = (float) p[1];
        }
    }

    /** @return each agent's arc length now, from a cold localization of the bound poses */
    private static double[] startArcs(Course c) {
        float[] s = ((HostF32Array) c.step().frame().s()).data();
        double[] out = new double[s.length];
        for (int q = 0; q < s.length; q++) {
            out[q] = s[q];
        }
        return out;
    }

    @Test
    void generatePutsEveryAgentOnItsSlotAndStepsReportProgressOnTheRoad() {
        int envs = 16;
        try (Course c = open(Fixtures.runtime(), "bezier", envs, PerEnvSeededRng.fromScalar(envs, 4),
                config(OffRoadOptions.segments()))) {
            Track t = c.generate();
            assertSame(c.track(), t);
            TrackSnapshot h = t.snapshot();
            float[] pos = ((HostVec2Array) c.poses().position()).data();
            float[] yaw = ((HostF32Array) c.poses().heading()).data();
            float[] slot = ((HostVec2Array) c.grid().positions()).data();
            float[] dir = ((HostVec2Array) c.grid().headings()).data();
            assertArrayEquals(slot, pos, "every agent on its slot (one slot per agent)");
            for (int q = 0; q < envs * AGENTS; q++) {
                if (h.isValid(q / AGENTS)) {
                    assertEquals(Math.atan2(dir[2 * q + 1], dir[2 * q]), yaw[q], 1e-6, "heading of agent " + q);
                }
            }
            CourseStep first = c.step();
            int[] onRoad = ((HostI32Array) first.frame().onRoad()).data();
            BoxContacts contacts = first.contacts().orElseThrow();
            int[] offRoad = ((HostI32Array) contacts.offRoad()).data();
            int valid = 0;
            for (int q = 0; q < envs * AGENTS; q++) {
                if (h.isValid(q / AGENTS)) {
                    valid++;
                    assertEquals(1, onRoad[q], "agent " + q + " starts on the road");
                    assertEquals(0, offRoad[q], "agent " + q + "'s box starts inside the road");
                }
            }
            assertTrue(valid >= envs, "most envs valid");
            double[] s0 = startArcs(c);
            int passes = 0;
            for (int step = 1; step <= 200; step++) {
                drive(c, h, s0, step, 0.03);
                CourseStep r = c.step();
                assertSame(first, r, "one persistent result");
                int[] passed = ((HostI32Array) r.events().passed()).data();
                int[] wrong = ((HostI32Array) r.events().wrongWay()).data();
                for (int q = 0; q < envs * AGENTS; q++) {
                    if (h.isValid(q / AGENTS)) {
                        passes += passed[q];
                        assertEquals(0, wrong[q], "agent " + q + " drives forwards");
                    }
                }
            }
            assertTrue(passes > valid, "agents driving forwards pass checkpoints: " + passes);
        }
    }

    @Test
    void resetRespawnsTheMaskedEnvsAgentsAndLeavesTheOthers() {
        int envs = 12;
        try (Course c = open(Fixtures.runtime(), "polar", envs, PerEnvSeededRng.fromScalar(envs, 2),
                config(null))) {
            TrackSnapshot h = c.generate().snapshot();
            float[] slot = ((HostVec2Array) c.grid().positions()).data().clone();
            double[] s0 = startArcs(c);
            for (int step = 1; step <= 60; step++) {
                drive(c, h, s0, step, 0.03);
                c.step();
            }
            Map<String, Object> before = snapshot(c);
            HostI32Array mask = new HostI32Array(envs);
            mask.data()[1] = 1;
            mask.data()[7] = 1;
            c.reset(mask);
            Map<String, Object> after = snapshot(c);
            float[] pos = (float[]) after.get("poses.position");
            for (int e = 0; e < envs; e++) {
                for (String k : before.keySet()) {
                    boolean same = rowEquals(before.get(k), after.get(k), e, envs);
                    if (mask.data()[e] == 0) {
                        assertTrue(same, k + " of untouched env " + e + " changed");
                    }
                }
                if (mask.data()[e] != 0) {
                    for (int i = 2 * e * AGENTS; i < 2 * (e + 1) * AGENTS; i++) {
                        assertEquals(slot[i], pos[i], "respawned on the slot");
                    }
                    assertEquals(0, ((int[]) after.get("progress.laps"))[e * AGENTS]);
                    assertEquals(-1, ((int[]) after.get("frame.segment"))[e * AGENTS], "next query scans cold");
                }
            }
            CourseStep r = c.step(); // the sentinel: a respawn is a teleport, never a crossing
            int[] passed = ((HostI32Array) r.events().passed()).data();
            int[] wrong = ((HostI32Array) r.events().wrongCheckpoint()).data();
            for (int e : new int[] {1, 7}) {
                for (int q = e * AGENTS; q < (e + 1) * AGENTS; q++) {
                    assertEquals(0, passed[q], "no pass reported for respawned agent " + q);
                    assertEquals(-1, wrong[q], "no wrong checkpoint for respawned agent " + q);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "checkpoint", "circuit", "hull", "polar", "repulsive", "voronoi"})
    void regenerateMatchesAFullGenerationForTheMaskedEnvsAndKeepsTheOthersBitForBit(String generator) {
        int envs = generator.equals("circuit") || generator.equals("repulsive") ? 3 : 8;
        boolean[] replays = {false, true};
        for (boolean replay : replays) {
            try (CpuRuntime rt = new CpuRuntime(2, replay)) {
                regenerateAgainstFull(rt, generator, envs, OffRoadOptions.sdf().withSdfResolution(32));
            }
        }
    }

    private static void regenerateAgainstFull(ComputeRuntime rt, String generator, int envs, OffRoadOptions off) {
        PerEnvSeededRng rng = PerEnvSeededRng.fromScalar(envs, 11);
        try (Course c = open(rt, generator, envs, rng, config(off))) {
            TrackSnapshot h = c.generate().snapshot();
            double[] s0 = startArcs(c);
            I32Array mask = rt.allocI32(envs);
            int[] flags = new int[envs];
            for (int round = 0; round < 3; round++) {
                for (int step = 1; step <= 20; step++) {
                    drive(c, h, s0, step, 0.02);
                    c.step();
                }
                Arrays.fill(flags, 0);
                List<Integer> ids = new ArrayList<>();
                for (int e = round; e < envs; e += 3) {
                    flags[e] = 1;
                    ids.add(e);
                }
                rt.upload(flags, mask);
                int r = round;
                int[] fresh = ids.stream().mapToInt(e -> 1000 + 17 * e + r).toArray();
                c.rng().reseed(ids.stream().mapToInt(Integer::intValue).toArray(), fresh);
                Map<String, Object> before = snapshot(c);
                c.regenerate(mask);
                Map<String, Object> after = snapshot(c);
                Map<String, Object> full;
                try (Course ref = open(rt, generator, envs, PerEnvSeededRng.fromSeeds(c.rng().seeds()), config(off))) {
                    ref.generate();
                    full = snapshot(ref);
                }
                for (String k : before.keySet()) {
                    if (k.startsWith("progress.") || k.equals("frame.segment")) {
                        continue; // the reference has not driven: compared below for the masked envs
                    }
                    for (int e = 0; e < envs; e++) {
                        Object want = flags[e] != 0 ? full.get(k) : before.get(k);
                        assertTrue(rowEquals(want, after.get(k), e, envs), generator + " round " + round + ": " + k
                                + " of env " + e + (flags[e] != 0 ? " differs from a full generation"
                                : " changed although unmasked"));
                    }
                }
                for (String k : new String[] {"progress.next", "progress.laps", "progress.progress", "frame.segment"}) {
                    for (int e = 0; e < envs; e++) {
                        Object want = flags[e] != 0 ? full.get(k) : before.get(k);
                        assertTrue(rowEquals(want, after.get(k), e, envs), k + " of env " + e);
                    }
                }
                h = c.track().snapshot();
                s0 = startArcs(c);
            }
        }
    }

    @Test
    void replayedStepsEqualEagerOnes() {
        int envs = 10;
        List<List<Object>> runs = new ArrayList<>();
        for (boolean replay : new boolean[] {false, true}) {
            try (CpuRuntime rt = new CpuRuntime(2, replay);
                 Course c = open(rt, "hull", envs, PerEnvSeededRng.fromScalar(envs, 5),
                         config(OffRoadOptions.segments()))) {
                TrackSnapshot h = c.generate().snapshot();
                double[] s0 = startArcs(c);
                List<Object> trace = new ArrayList<>();
                for (int step = 1; step <= 40; step++) {
                    drive(c, h, s0, step, 0.04);
                    CourseStep r = c.step();
                    trace.add(r.frame().snapshot());
                    trace.add(r.events().snapshot());
                    trace.add(host(r.contacts().orElseThrow().clearance()));
                }
                assertEquals(replay, c.stepCaptured(), "replay runtimes capture the step");
                runs.add(trace);
            }
        }
        List<Object> eager = runs.get(0);
        List<Object> replayed = runs.get(1);
        for (int i = 0; i < eager.size(); i++) {
            assertTrue(java.util.Objects.deepEquals(flatten(eager.get(i)), flatten(replayed.get(i))), "step item " + i);
        }
    }

    private static Object[] flatten(Object o) {
        if (o instanceof Record r) {
            var comps = r.getClass().getRecordComponents();
            Object[] out = new Object[comps.length];
            for (int i = 0; i < comps.length; i++) {
                try {
                    out[i] = comps[i].getAccessor().invoke(r);
                } catch (ReflectiveOperationException ex) {
                    throw new IllegalStateException(ex);
                }
            }
            return out;
        }
        return new Object[] {o};
    }

    @Test
    void stepsAndMaskedRegenerationsAllocateNothing() {
        int envs = 8;
        try (CpuRuntime rt = new CpuRuntime(2, false);
             Course c = open(rt, "bezier", envs, PerEnvSeededRng.fromScalar(envs, 9), config(OffRoadOptions.sdf()))) {
            c.generate();
            HostI32Array mask = new HostI32Array(envs);
            mask.data()[3] = 1;
            assertEquals(0, AllocationProbe.perCall(2000, 200, 5, c::step), "bytes per step");
            assertEquals(0, AllocationProbe.perCall(150, 30, 5, () -> c.regenerate(mask)), "bytes per masked regeneration");
            assertEquals(0, AllocationProbe.perCall(500, 50, 5, () -> c.reset(mask)), "bytes per reset");
        }
    }

    @Test
    void misuseIsRefusedWithOneLine() {
        int envs = 4;
        try (Course c = Course.create(TrackGenLauncher.open(TrackGenConfig.builder().generator("bezier")
                .numEnvs(envs).runtime("cpu").build(), PerEnvSeededRng.fromScalar(envs, 0)), CourseConfig.defaults())) {
            IllegalStateException early = assertThrows(IllegalStateException.class, c::step);
            assertTrue(early.getMessage().contains("bind"), early.getMessage());
            c.generate(); // allowed before binding: the per-generation parts
            Poses wrong = Poses.allocate(c.runtime(), envs + 1);
            IllegalArgumentException shape = assertThrows(IllegalArgumentException.class, () -> c.bind(wrong));
            assertTrue(shape.getMessage().contains("E * A"), shape.getMessage());
            c.bind(c.allocatePoses());
            assertArrayEquals(((HostVec2Array) c.grid().positions()).data(),
                    ((HostVec2Array) c.poses().position()).data(), "binding after generate() puts the agents on the grid");
            assertThrows(IllegalStateException.class, () -> c.bind(c.allocatePoses()));
            IllegalArgumentException mask = assertThrows(IllegalArgumentException.class,
                    () -> c.regenerate(new HostI32Array(envs + 2)));
            assertTrue(mask.getMessage().contains("4 envs"), mask.getMessage());
            c.close();
            assertThrows(IllegalStateException.class, c::step);
        }
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().agents(0).build());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().agents(65).build());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().checkpointSpacing(-1).build());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().warmWindow(0).build());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().warmWindow(-1).build());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().checkpointSpacing(Double.NaN).build());
        assertEquals(-1, CourseConfig.builder().coldLocalization().build().warmWindow());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().vehicle(0.1, Double.POSITIVE_INFINITY)
                .build());
        assertThrows(IllegalArgumentException.class, () -> CourseConfig.builder().props(0.1, 2).build());
    }
}
