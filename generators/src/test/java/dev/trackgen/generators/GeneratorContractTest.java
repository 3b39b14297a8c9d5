package dev.trackgen.generators;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.generator.GeneratorScratch;
import dev.trackgen.api.kernel.Crossings;
import dev.trackgen.api.runtime.CaptureViolationException;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.bezier.BezierGenerator;
import dev.trackgen.generators.checkpoint.CheckpointGenerator;
import dev.trackgen.generators.circuit.CircuitGenerator;
import dev.trackgen.generators.hull.HullGenerator;
import dev.trackgen.generators.polar.PolarGenerator;
import dev.trackgen.generators.repulsive.RepulsiveGenerator;
import dev.trackgen.generators.voronoi.VoronoiGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generator contract, for every built-in generator: closed finite loops and flags of 1,
 * determinism in (seed, config), per-env independence, thread-count invariance, capture and replay
 * equal to eager runs (capturable generators) or a refused capture (repulsive), and no allocation
 * per call.
 */
public class GeneratorContractTest {

    static CenterlineGenerator generator(String name) {
        return switch (name) {
            case "bezier" -> new BezierGenerator();
            case "hull" -> new HullGenerator();
            case "polar" -> new PolarGenerator();
            case "voronoi" -> new VoronoiGenerator();
            case "checkpoint" -> new CheckpointGenerator();
            case "circuit" -> new CircuitGenerator();
            case "repulsive" -> new RepulsiveGenerator();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Small configurations: repulsive at a reduced resolution and growth so the suite stays quick. */
    static TrackGenConfig config(String name, int envs) {
        TrackGenConfig.Builder b = TrackGenConfig.builder().generator(generator(name)).numEnvs(envs);
        if (name.equals("repulsive")) {
            b.set("num_points", "64").set("repulsive_stages", "16,32,64").set("repulsive_grow_mult_min", "2")
                    .set("repulsive_grow_mult_max", "2.5").set("repulsive_settle_iters", "16");
        }
        if (name.equals("checkpoint")) {
            b.set("checkpoint_clip_fallback", "true");
        }
        return b.build();
    }

    /** One generate() result copied to the host. */
    public record Out(float[] centerline, int[] valid) {
    }

    public static Out run(CpuRuntime rt, CenterlineGenerator gen, TrackGenConfig c, int[] seeds) {
        int e = c.numEnvs();
        I32Array s = rt.allocI32(e);
        rt.upload(seeds, s);
        Vec2Array out = rt.allocVec2(e * c.numPoints());
        I32Array valid = rt.allocI32(e);
        GeneratorScratch scratch = gen.allocateScratch(rt, c);
        gen.generate(rt, s, c, out, valid, scratch);
        float[] xy = new float[2 * e * c.numPoints()];
        int[] v = new int[e];
        rt.download(out, xy);
        rt.download(valid, v);
        return new Out(xy, v);
    }

    public static int[] seeds(int n, int base) {
        int[] s = new int[n];
        for (int i = 0; i < n; i++) {
            s[i] = base + i;
        }
        return s;
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void isRegisteredAsAServiceUnderItsName(String name) {
        boolean found = false;
        for (dev.trackgen.api.generator.CenterlineGenerator g
                : ServiceLoader.load(dev.trackgen.api.generator.CenterlineGenerator.class)) {
            found |= g.name().equals(name);
        }
        assertTrue(found, name);
        assertEquals(name, generator(name).name());
        assertEquals(!name.equals("repulsive"), generator(name).capturable());
        for (var k : generator(name).kernels()) {
            assertTrue(k.name().startsWith("tg_"), k.name());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void writesFiniteClosedLoopsAndFlagsOfOne(String name) {
        int e = name.equals("repulsive") ? 4 : 64;
        TrackGenConfig c = config(name, e);
        try (CpuRuntime rt = new CpuRuntime(2, false)) {
            Out o = run(rt, generator(name), c, seeds(e, 100));
            int n = c.numPoints();
            float[] boxes = new float[Crossings.boxFloats(n)];
            int crossing = 0;
            for (int env = 0; env < e; env++) {
                assertEquals(1, o.valid()[env]);
                double minEdge = Double.MAX_VALUE;
                double maxEdge = 0;
                double total = 0;
                for (int i = 0; i < n; i++) {
                    int a = env * n + i;
                    int b = env * n + (i + 1) % n;
                    assertTrue(Float.isFinite(o.centerline()[2 * a]) && Float.isFinite(o.centerline()[2 * a + 1]),
                            name + " env " + env + " point " + i);
                    double l = Math.hypot(o.centerline()[2 * b] - o.centerline()[2 * a],
                            o.centerline()[2 * b + 1] - o.centerline()[2 * a + 1]);
                    total += l;
                    minEdge = Math.min(minEdge, l);
                    maxEdge = Math.max(maxEdge, l);
                }
                // closed, without a repeated end point: the closing edge is like any other
                double mean = total / n;
                assertTrue(maxEdge < 2.5 * mean && minEdge > 0.02 * mean,
                        name + " env " + env + ": edges " + minEdge + ".." + maxEdge + ", mean " + mean);
                crossing += Crossings.count(o.centerline(), env * n, n, boxes, 0, 1);
            }
            if (!name.equals("repulsive")) {
                // repulsive has no local fallback: a rare crossing born during growth is left to the validity gate
                assertTrue(crossing <= e / 16, name + ": " + crossing + " of " + e + " loops cross themselves");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void dependsOnlyOnEachEnvsSeedAndNotOnThreads(String name) {
        int e = 6;
        TrackGenConfig c = config(name, e);
        try (CpuRuntime one = new CpuRuntime(1, false); CpuRuntime three = new CpuRuntime(3, false)) {
            CenterlineGenerator gen = generator(name);
            Out a = run(one, gen, c, new int[] {1, 2, 3, 4, 5, 6});
            Out again = run(three, gen, c, new int[] {1, 2, 3, 4, 5, 6});
            Out b = run(three, gen, c, new int[] {1, 2, 99, 4, 5, 6});
            Out alone = run(one, gen, config(name, 1), new int[] {5});
            assertArrayEquals(a.centerline(), again.centerline(), name + ": same seeds, any thread count");
            int n = c.numPoints();
            for (int env = 0; env < e; env++) {
                float[] ra = Arrays.copyOfRange(a.centerline(), 2 * env * n, 2 * (env + 1) * n);
                float[] rb = Arrays.copyOfRange(b.centerline(), 2 * env * n, 2 * (env + 1) * n);
                if (env == 2) {
                    assertFalse(Arrays.equals(ra, rb), name);
                } else {
                    assertArrayEquals(ra, rb, name + ": env " + env + " must not depend on env 2's seed");
                }
            }
            assertArrayEquals(Arrays.copyOfRange(a.centerline(), 2 * 4 * n, 2 * 5 * n), alone.centerline(),
                    name + ": an env's loop does not depend on the batch around it");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit"})
    void captureAndReplayGiveTheEagerResult(String name) {
        int e = 8;
        TrackGenConfig c = config(name, e);
        CenterlineGenerator gen = generator(name);
        try (CpuRuntime rt = new CpuRuntime(2, true)) {
            I32Array s = rt.allocI32(e);
            Vec2Array out = rt.allocVec2(e * c.numPoints());
            I32Array valid = rt.allocI32(e);
            GeneratorScratch scratch = gen.allocateScratch(rt, c);
            rt.upload(seeds(e, 0), s);
            gen.generate(rt, s, c, out, valid, scratch);
            CapturedGraph graph = rt.capture(() -> gen.generate(rt, s, c, out, valid, scratch));
            rt.upload(seeds(e, 40), s);
            graph.replay();
            float[] replayed = new float[2 * e * c.numPoints()];
            rt.download(out, replayed);
            graph.close();
            try (CpuRuntime eager = new CpuRuntime(2, false)) {
                assertArrayEquals(run(eager, gen, c, seeds(e, 40)).centerline(), replayed, name);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"repulsive"})
    void theNonCapturableGeneratorReadsBackAndCannotBeCaptured(String name) {
        int e = 2;
        TrackGenConfig c = config(name, e);
        CenterlineGenerator gen = generator(name);
        try (CpuRuntime rt = new CpuRuntime(1, true)) {
            I32Array s = rt.allocI32(e);
            Vec2Array out = rt.allocVec2(e * c.numPoints());
            I32Array valid = rt.allocI32(e);
            GeneratorScratch scratch = gen.allocateScratch(rt, c);
            assertThrows(CaptureViolationException.class,
                    () -> rt.capture(() -> gen.generate(rt, s, c, out, valid, scratch)));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bezier", "hull", "polar", "voronoi", "checkpoint", "circuit", "repulsive"})
    void steadyStateCallsAllocateNothing(String name) {
        int e = name.equals("repulsive") ? 2 : 16;
        TrackGenConfig c = config(name, e);
        CenterlineGenerator gen = generator(name);
        try (CpuRuntime rt = new CpuRuntime(1, false)) {
            I32Array s = rt.allocI32(e);
            rt.upload(seeds(e, 3), s);
            Vec2Array out = rt.allocVec2(e * c.numPoints());
            I32Array valid = rt.allocI32(e);
            GeneratorScratch scratch = gen.allocateScratch(rt, c);
            boolean slow = name.equals("repulsive");
            for (int k = 0; k < (slow ? 2 : 3); k++) {
                gen.generate(rt, s, c, out, valid, scratch);
            }
            allocatedBytes();
            long probe = -allocatedBytes() + allocatedBytes(); // the probe's own cost, an empty window
            long before = allocatedBytes();
            int calls = slow ? 2 : 5;
            for (int k = 0; k < calls; k++) {
                gen.generate(rt, s, c, out, valid, scratch);
            }
            long perCall = (allocatedBytes() - before - probe) / calls;
            assertTrue(perCall < 32, name + " allocates " + perCall + " bytes per call");
        }
    }

    private static final Object THREAD_MX;
    private static final java.lang.reflect.Method ALLOCATED_BYTES;

    static {
        try {
            // through reflection: the test module does not read jdk.management
            THREAD_MX = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED_BYTES = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes",
                    long.class);
        } catch (ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
        // past reflection's inflation threshold, so that a probe costs the same on every call
        for (int i = 0; i < 64; i++) {
            try {
                ALLOCATED_BYTES.invoke(THREAD_MX, Thread.currentThread().getId());
            } catch (ReflectiveOperationException ex) {
                throw new ExceptionInInitializerError(ex);
            }
        }
    }

    /** @return bytes allocated so far by the calling thread (each read itself allocates a few boxes) */
    static long allocatedBytes() {
        try {
            return (Long) ALLOCATED_BYTES.invoke(THREAD_MX, Thread.currentThread().getId());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
