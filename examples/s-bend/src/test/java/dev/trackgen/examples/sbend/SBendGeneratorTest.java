package dev.trackgen.examples.sbend;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.registry.GeneratorRegistry;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simple-SPI example through the whole pipeline, eagerly and by CPU capture and replay. */
class SBendGeneratorTest {

    private static TrackGenConfig.Builder config(int envs) {
        return TrackGenConfig.builder().generator("s_bend").numEnvs(envs).runtime("cpu");
    }

    private static TrackSnapshot generate(ComputeRuntime runtime, TrackGenConfig config, int seed, int calls) {
        try (TrackGenerator g = TrackGenerator.builder(config).rng(PerEnvSeededRng.fromScalar(config.numEnvs(), seed))
                .runtime(runtime).build()) {
            for (int k = 1; k < calls; k++) {
                g.generate();
            }
            assertEquals(runtime.prefersReplay(), g.replaying());
            return g.generate().snapshot();
        }
    }

    @Test
    void isFoundByServiceLoaderWithBothKnobsAndOneJavaKernel() {
        CenterlineGenerator g = GeneratorRegistry.discover().get("s_bend");
        assertEquals("s_bend_amount", g.knobs().get(0).name());
        assertEquals("s_bend_corner", g.knobs().get(1).name());
        assertTrue(g.capturable());
        Kernel k = g.kernels().get(0);
        assertEquals("java_s_bend", k.name());
        assertNull(k.cudaModule(), "a Java body only: on CUDA the generator runs on the host");
    }

    @Test
    void yieldsValidTracksEagerlyAndByReplayAlike() {
        int e = 256;
        TrackGenConfig c = config(e).build();
        try (CpuRuntime eager = new CpuRuntime(2, false); CpuRuntime replay = new CpuRuntime(2, true)) {
            TrackSnapshot a = generate(eager, c, 3, 1);
            TrackSnapshot b = generate(replay, c, 3, 3); // warm-up, capture, then a replay
            assertTrue(a.validCount() >= 0.99 * e, "yield " + a.yield());
            assertArrayEquals(a.center(), b.center(), "replay equals eager");
            assertArrayEquals(a.valid(), b.valid());
        }
    }

    @Test
    void bothKnobsChangeTheShapeAndKeepItValid() {
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            TrackSnapshot plain = generate(rt, config(16).build(), 5, 1);
            TrackSnapshot flat = generate(rt, config(16).set(SBendGenerator.AMOUNT, 0.0).build(), 5, 1);
            TrackSnapshot round = generate(rt, config(16).declare(new SBendGenerator().knobs())
                    .set("s_bend_corner", "1.0").set("s_bend_amount", "0.5").build(), 5, 1);
            assertFalse(Arrays.equals(plain.center(), flat.center()));
            assertFalse(Arrays.equals(plain.center(), round.center()));
            assertTrue(flat.validCount() == 16 && round.validCount() >= 15, flat.validCount() + ", " + round.validCount());
        }
    }

    @Test
    void eachEnvDependsOnItsSeedAloneAndCallsAllocateNothing() {
        TrackGenConfig c = TrackGenConfig.builder().declare(new SBendGenerator().knobs()).numEnvs(4).build();
        CenterlineGenerator gen = new SBendGenerator();
        try (CpuRuntime rt = new CpuRuntime(1, false); CpuRuntime three = new CpuRuntime(3, false)) {
            float[] a = fill(rt, gen, c, new int[] {1, 2, 3, 4});
            float[] b = fill(three, gen, c, new int[] {1, 2, 9, 4});
            int n = 2 * c.numPoints();
            for (int env = 0; env < 4; env++) {
                assertEquals(env != 2, Arrays.equals(Arrays.copyOfRange(a, env * n, env * n + n),
                        Arrays.copyOfRange(b, env * n, env * n + n)), "env " + env);
            }
            I32Array s = rt.allocI32(4);
            Vec2Array out = rt.allocVec2(4 * c.numPoints());
            I32Array valid = rt.allocI32(4);
            GeneratorScratch scratch = gen.allocateScratch(rt, c);
            gen.generate(rt, s, c, out, valid, scratch);
            allocatedBytes();
            long probe = -allocatedBytes() + allocatedBytes(); // the probe's own cost
            long before = allocatedBytes();
            for (int k = 0; k < 5; k++) {
                gen.generate(rt, s, c, out, valid, scratch);
            }
            long perCall = (allocatedBytes() - before - probe) / 5;
            assertTrue(perCall < 32, perCall + " bytes per call");
            int[] flags = new int[4];
            rt.download(valid, flags);
            assertArrayEquals(new int[] {1, 1, 1, 1}, flags, "the library writes the flags");
        }
    }

    private static float[] fill(CpuRuntime rt, CenterlineGenerator gen, TrackGenConfig c, int[] seeds) {
        I32Array s = rt.allocI32(seeds.length);
        rt.upload(seeds, s);
        Vec2Array out = rt.allocVec2(seeds.length * c.numPoints());
        gen.generate(rt, s, c, out, rt.allocI32(seeds.length), gen.allocateScratch(rt, c));
        float[] host = new float[2 * out.length()];
        rt.download(out, host);
        return host;
    }

    private static final Object THREAD_MX;
    private static final java.lang.reflect.Method ALLOCATED;

    static {
        try { // through reflection: the test module does not read jdk.management
            THREAD_MX = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes", long.class);
        } catch (ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** @return bytes the calling thread allocated so far (each read itself allocates a few boxes) */
    private static long allocatedBytes() {
        try {
            return (Long) ALLOCATED.invoke(THREAD_MX, Thread.currentThread().getId());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
