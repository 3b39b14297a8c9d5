package dev.trackgen.gates;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import dev.trackgen.testkit.AllocationProbe;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The facade contract and the gate-course promises on the CPU runtime, eager and record/replay:
 * every generator (the five built-in ones the original has gates for, plus the s_bend example
 * plugin through the SPI) gives courses that pass the independent double-precision
 * {@link GateAudit}; determinism per seed on any thread count; replay equals eager; masked
 * regeneration; a flat profile keeps the planar layout bit for bit; zero bytes per call.
 */
class GateGeneratorTest {
    private static final GeneratorRegistry REGISTRY = GeneratorRegistry.discover();

    static GateCourseSnapshot run(GateConfig c, ComputeRuntime rt, int seed, int calls) {
        try (GateGenerator gen = GateGenerator.builder(c).generator(REGISTRY.get(generatorOf(c))).runtime(rt)
                .rng(PerEnvSeededRng.fromScalar(c.numEnvs(), seed)).build()) {
            GateCourseSnapshot s = null;
            for (int i = 0; i < calls; i++) {
                GateCourse course = gen.generate();
                assertSame(gen.course(), course, "one persistent course");
                s = course.snapshot();
            }
            return s;
        }
    }

    /** @return the plan-view generator's name ({@code auto} is the launcher's bezier) */
    static String generatorOf(GateConfig c) {
        return c.generator().equals("auto") ? "bezier" : c.generator();
    }

    static void assertSameBatch(String what, GateCourseSnapshot a, GateCourseSnapshot b) {
        assertArrayEquals(a.count(), b.count(), what + ": count");
        assertArrayEquals(a.valid(), b.valid(), what + ": valid");
        assertArrayEquals(a.position(), b.position(), what + ": position");
        assertArrayEquals(a.tangent(), b.tangent(), what + ": tangent");
        assertArrayEquals(a.orientation(), b.orientation(), what + ": orientation");
        assertArrayEquals(a.left(), b.left(), what + ": left");
        assertArrayEquals(a.right(), b.right(), what + ": right");
        assertArrayEquals(a.halfSize(), b.halfSize(), what + ": halfSize");
        assertArrayEquals(a.linePoints(), b.linePoints(), what + ": linePoints");
        assertArrayEquals(a.lineArclen(), b.lineArclen(), what + ": lineArclen");
        assertArrayEquals(a.lineLength(), b.lineLength(), what + ": lineLength");
        assertArrayEquals(a.lineCount(), b.lineCount(), what + ": lineCount");
    }

    static int audited(GateCourseSnapshot s, GateConfig c, String what) {
        int valid = 0;
        for (int e = 0; e < s.numEnvs(); e++) {
            if (s.valid()[e] == 0) {
                continue;
            }
            valid++;
            List<String> bad = GateAudit.audit(s, c, e);
            assertTrue(bad.isEmpty(), what + " env " + e + ": " + bad);
        }
        return valid;
    }

    private static GateConfig flying3d(String generator, int envs) {
        return GateConfig.builder().numEnvs(envs).generator(generator).gateOrdering(GateOrdering.CCW)
                .zProfile(ZProfile.RANDOM_WALK).zBase(1.5f).zMin(0.5f).zMax(3.0f).zMaxStep(0.4f).zValidGrade(0.4f)
                .gateAlign(GateAlign.FULL_TANGENT).build();
    }

    @Test
    void everyGeneratorGivesAuditedDeterministicCoursesEagerAndReplayed() {
        int envs = 96;
        for (String generator : new String[] {"bezier", "hull", "polar", "voronoi", "checkpoint", "s_bend"}) {
            for (GateConfig c : List.of(GateConfig.builder().numEnvs(envs).generator(generator).build(),
                    flying3d(generator, envs))) {
                GateCourseSnapshot eager;
                GateCourseSnapshot one;
                GateCourseSnapshot replayed;
                try (CpuRuntime two = new CpuRuntime(2, false); CpuRuntime single = new CpuRuntime(1, false);
                     CpuRuntime recording = new CpuRuntime(2, true)) {
                    eager = run(c, two, 3, 2);
                    one = run(c, single, 3, 1);
                    replayed = run(c, recording, 3, 3);
                }
                String what = generator + " " + c.zProfile();
                assertSameBatch(what + ": one thread vs two", eager, one);
                assertSameBatch(what + ": replayed vs eager", eager, replayed);
                int valid = audited(eager, c, what);
                assertTrue(valid >= 0.9 * envs, what + ": yield " + valid + " / " + envs);
            }
        }
    }

    @Test
    void aCourseDependsOnItsOwnSeedOnly() {
        GateConfig c = flying3d("bezier", 8);
        GateConfig c1 = flying3d("bezier", 1);
        GateCourseSnapshot batch;
        try (CpuRuntime rt = new CpuRuntime(2, false);
             GateGenerator gen = GateGenerator.builder(c).generator(REGISTRY.get("bezier")).runtime(rt)
                     .rng(PerEnvSeededRng.fromSeeds(new int[] {5, 6, 7, 8, 9, 10, 11, 12})).build();
             GateGenerator lone = GateGenerator.builder(c1).generator(REGISTRY.get("bezier")).runtime(rt)
                     .rng(PerEnvSeededRng.fromSeeds(new int[] {9})).build()) {
            batch = gen.generate().snapshot();
            GateCourseSnapshot s = lone.generate().snapshot();
            int g = c.maxGates();
            assertArrayEquals(Arrays.copyOfRange(batch.position(), 3 * 4 * g, 3 * 5 * g), s.position());
            assertArrayEquals(Arrays.copyOfRange(batch.orientation(), 4 * 4 * g, 4 * 5 * g), s.orientation());
            assertEquals(batch.valid()[4], s.valid()[0]);
        }
        assertNotEquals(Arrays.toString(Arrays.copyOfRange(batch.position(), 0, 9)),
                Arrays.toString(Arrays.copyOfRange(batch.position(), 3 * c.maxGates(), 3 * c.maxGates() + 9)),
                "different seeds, different courses");
    }

    @Test
    void aFlatProfileKeepsThePlanarLayoutBitForBit() {
        int envs = 48;
        GateConfig flat0 = GateConfig.builder().numEnvs(envs).gateOrdering(GateOrdering.CCW).build();
        GateConfig flat = flat0.toBuilder().zBase(2.5f).build();
        GateConfig walk = flat0.toBuilder().zProfile(ZProfile.RANDOM_WALK).zMin(0).zMax(4).zBase(2).zMaxStep(0.5f)
                .build();
        GateCourseSnapshot a;
        GateCourseSnapshot b;
        GateCourseSnapshot w;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            a = run(flat0, rt, 21, 1);
            b = run(flat, rt, 21, 1);
            w = run(walk, rt, 21, 1);
        }
        assertArrayEquals(a.count(), b.count());
        assertArrayEquals(a.valid(), b.valid());
        assertArrayEquals(a.orientation(), b.orientation(), "a flat course's frames do not depend on its altitude");
        for (int k = 0; k < a.position().length; k += 3) {
            for (float[][] pair : new float[][][] {{a.position(), b.position()}, {a.left(), b.left()},
                    {a.right(), b.right()}, {a.tangent(), b.tangent()}, {a.position(), w.position()}}) {
                assertEquals(Float.floatToRawIntBits(pair[0][k]), Float.floatToRawIntBits(pair[1][k]), "x at " + k);
                assertEquals(Float.floatToRawIntBits(pair[0][k + 1]), Float.floatToRawIntBits(pair[1][k + 1]), "y at " + k);
            }
            if (Float.isFinite(a.position()[k])) {
                assertEquals(0.0f, a.position()[k + 2]);
                assertEquals(2.5f, b.position()[k + 2]);
                assertEquals(2.5f, b.left()[k + 2]);
                assertEquals(0.0f, b.tangent()[k + 2], "a flat course's tangents are level");
            }
        }
        for (int k = 0; k < a.orientation().length; k += 4) {
            if (Float.isFinite(a.orientation()[k])) {
                assertEquals(0.0f, Math.abs(a.orientation()[k]), "a flat gate's frame is a pure yaw (x)");
                assertEquals(0.0f, Math.abs(a.orientation()[k + 1]), "a flat gate's frame is a pure yaw (y)");
            }
        }
        for (int k = 0; k < b.linePoints().length; k += 3) {
            assertEquals(Float.floatToRawIntBits(a.linePoints()[k]), Float.floatToRawIntBits(b.linePoints()[k]));
            if (Float.isFinite(b.linePoints()[k])) {
                assertEquals(2.5f, b.linePoints()[k + 2], "a flat course line stays at z_base");
            }
        }
    }

    @Test
    void slotsPastTheCountAreNaN() {
        GateConfig c = GateConfig.builder().numEnvs(32).minGates(4).maxGates(20).build();
        GateCourseSnapshot s;
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            s = run(c, rt, 8, 1);
        }
        boolean someShort = false;
        for (int e = 0; e < 32; e++) {
            int n = s.count()[e];
            assertTrue(n >= 4 && n <= 20, "count " + n);
            someShort |= n < 20;
            for (int i = 0; i < 20; i++) {
                int o = e * 20 + i;
                assertEquals(i >= n, Float.isNaN(s.position()[3 * o]), "position padding");
                assertEquals(i >= n, Float.isNaN(s.orientation()[4 * o + 3]), "orientation padding");
                assertEquals(i >= n, Float.isNaN(s.halfSize()[o]), "halfSize padding");
                assertEquals(i >= n, Float.isNaN(s.left()[3 * o + 2]), "left padding");
            }
            assertEquals(n * c.samplesPerGate(), s.lineCount()[e]);
            for (int k = 0; k < s.lineMax(); k++) {
                assertEquals(k >= s.lineCount()[e], Float.isNaN(s.linePoints()[3 * (e * s.lineMax() + k) + 1]));
            }
        }
        assertTrue(someShort, "some envs draw fewer gates than max_gates");
    }

    @Test
    void maskedRegenerationRewritesTheFlaggedEnvsOnly() {
        int envs = 10;
        GateConfig c = flying3d("hull", envs);
        for (boolean replay : new boolean[] {false, true}) {
            try (CpuRuntime rt = new CpuRuntime(2, replay);
                 GateGenerator gen = GateGenerator.builder(c).generator(REGISTRY.get("hull")).runtime(rt)
                         .rng(PerEnvSeededRng.fromScalar(envs, 4)).build()) {
                GateCourseSnapshot before = gen.generate().snapshot();
                I32Array mask = rt.allocI32(envs);
                for (int round = 0; round < 2; round++) {
                    int[] flags = new int[envs];
                    flags[1 + round] = 1;
                    flags[6] = 1;
                    rt.upload(flags, mask);
                    gen.rng().reseed(new int[] {1 + round, 6}, new int[] {100 + round, 200 + round});
                    GateCourseSnapshot after = gen.generate(mask).snapshot();
                    GateCourseSnapshot fresh = freshFor(c, rt, gen.rng().seeds());
                    int g = c.maxGates();
                    for (int e = 0; e < envs; e++) {
                        GateCourseSnapshot want = flags[e] != 0 ? fresh : before;
                        assertArrayEquals(Arrays.copyOfRange(want.position(), 3 * e * g, 3 * (e + 1) * g),
                                Arrays.copyOfRange(after.position(), 3 * e * g, 3 * (e + 1) * g), "env " + e);
                        assertArrayEquals(Arrays.copyOfRange(want.linePoints(), 3 * e * s(after), 3 * (e + 1) * s(after)),
                                Arrays.copyOfRange(after.linePoints(), 3 * e * s(after), 3 * (e + 1) * s(after)),
                                "env " + e + " line");
                        assertEquals(want.valid()[e], after.valid()[e], "env " + e + " valid");
                    }
                    before = after;
                }
            }
        }
    }

    private static int s(GateCourseSnapshot x) {
        return x.lineMax();
    }

    private static GateCourseSnapshot freshFor(GateConfig c, ComputeRuntime rt, int[] seeds) {
        try (GateGenerator gen = GateGenerator.builder(c).generator(REGISTRY.get(generatorOf(c))).runtime(rt)
                .rng(PerEnvSeededRng.fromSeeds(seeds)).build()) {
            return gen.generate().snapshot();
        }
    }

    @Test
    void callsAllocateNothing() {
        GateConfig c = flying3d("bezier", 16);
        try (CpuRuntime rt = new CpuRuntime(1, false);
             GateGenerator gen = GateGenerator.builder(c).generator(REGISTRY.get("bezier")).runtime(rt).build()) {
            I32Array mask = rt.allocI32(16);
            rt.upload(new int[] {1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1}, mask);
            long whole = AllocationProbe.perCall(300, 50, 3, gen::generate);
            assertEquals(0, whole, "a generate() call allocates " + whole + " bytes");
            long masked = AllocationProbe.perCall(300, 50, 3, () -> gen.generate(mask));
            assertEquals(0, masked, "a masked call allocates " + masked + " bytes");
        }
    }
}
