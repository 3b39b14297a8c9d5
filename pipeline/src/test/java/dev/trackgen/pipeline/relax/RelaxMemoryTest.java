package dev.trackgen.pipeline.relax;

import dev.trackgen.api.PerEnvSeededRng;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.CenterlineGenerator;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.pipeline.CountingRuntime;
import dev.trackgen.pipeline.TrackGenerator;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Method;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relaxation's memory on the CPU: its working state lives in per-worker buffers, so the stage
 * keeps only its output row and three scalars per env, and steady-state calls still allocate
 * nothing on the calling thread or on any worker (the buffers are made on a worker's first launch).
 */
class RelaxMemoryTest {

    @ParameterizedTest
    @CsvSource({"false, false", "true, false", "false, true", "true, true"})
    void steadyStateCallsAllocateNothingOnAnyThread(boolean replay, boolean elevated) {
        int e = 48;
        CenterlineGenerator bezier = java.util.ServiceLoader.load(CenterlineGenerator.class).stream()
                .map(java.util.ServiceLoader.Provider::get).filter(g -> g.name().equals("bezier")).findFirst()
                .orElseThrow();
        TrackGenConfig.Builder cb = TrackGenConfig.builder().generator(bezier).numEnvs(e);
        if (elevated) { // the elevation stage's knot, bank and grade paths (docs/elevation.md), bridges on
            cb.set(dev.trackgen.api.config.ElevationKnobs.PROFILE, "random_walk")
                    .set(dev.trackgen.api.config.ElevationKnobs.MAX, 0.3)
                    .set(dev.trackgen.api.config.ElevationKnobs.MAX_STEP, 0.2)
                    .set(dev.trackgen.api.config.ElevationKnobs.VALID_GRADE, 0.25)
                    .set(dev.trackgen.api.config.ElevationKnobs.BANK_SPEED, 1.0)
                    // and the bridge stage (its crossing scan; bezier tracks do not cross)
                    .set(dev.trackgen.api.config.ElevationKnobs.BRIDGE_CLEARANCE, 0.05);
        }
        TrackGenConfig config = cb.build();
        try (CpuRuntime rt = new CpuRuntime(2, replay);
             TrackGenerator gen = TrackGenerator.builder(config).generator(bezier).rng(PerEnvSeededRng.fromScalar(e, 5)).runtime(rt)
                     .build()) {
            // Warm up until eight calls in a row allocate nothing (at most 400 calls): the Vector API
            // bead update allocates its vectors until C2 has compiled it (then none escape), and
            // after three quiet calls a late recompilation could still fall into the window below
            // (once in five runs); a call that keeps allocating fails the measurement below.
            long[] warm = threadIds();
            for (int k = 0, quiet = 0; k < 400 && quiet < 8; k++) {
                long a0 = allocated(warm);
                gen.generate();
                quiet = allocated(warm) - a0 < 256 ? quiet + 1 : 0;
            }
            long[] ids = threadIds();
            allocated(ids);
            long probe = -allocated(ids) + allocated(ids); // the probe's own cost, an empty window
            long before = allocated(ids);
            int calls = 4;
            for (int k = 0; k < calls; k++) {
                gen.generate();
            }
            long perCall = (allocated(ids) - before - probe) / calls;
            assertTrue(perCall < 256, "steady-state generate() allocated " + perCall + " bytes per call on "
                    + ids.length + " threads");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void onTheCpuTheStageKeepsItsOutputAndThreeScalarsPerEnv(int threads) {
        int e = 64;
        TrackGenConfig config = TrackGenConfig.builder().numEnvs(e).build();
        int nMax = config.nMax();
        try (CpuRuntime cpu = new CpuRuntime(threads, false)) {
            CountingRuntime rt = new CountingRuntime(cpu);
            Vec2Array in = cpu.allocVec2(e * nMax);
            I32Array count = cpu.allocI32(e);
            Vec2Array relaxed = cpu.allocVec2(e * nMax);
            new XpbdRelaxation(rt, config, in, count, relaxed);
            int slots = Math.max(config.get(dev.trackgen.api.config.RelaxKnobs.SEP_CACHE_SLOTS), 1);
            // band, l0, overflow per env; the omega schedule; one scratch row for the CUDA body's layout
            long oneRow = 2L * 8 * nMax + 2L * 4 * nMax + 4L * nMax + 4L * nMax * slots
                    + 4L * XpbdRelaxKernel.boxFloats(nMax);
            long expected = 3L * 4 * e + 4L * Math.max(config.get(dev.trackgen.api.config.RelaxKnobs.ITERS), 1)
                    + oneRow;
            assertEquals(expected, rt.bytes(), "bytes the relaxation stage allocated besides its output");
        }
    }

    private static long[] threadIds() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("trackgen-cpu-worker") || t == Thread.currentThread())
                .mapToLong(Thread::getId).toArray();
    }

    private static final Object THREAD_MX;
    private static final Method ALLOCATED_BYTES;

    static {
        try {
            // through reflection: the test module does not read jdk.management
            THREAD_MX = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED_BYTES = Class.forName("com.sun.management.ThreadMXBean").getMethod("getThreadAllocatedBytes",
                    long[].class);
        } catch (ReflectiveOperationException ex) {
            throw new ExceptionInInitializerError(ex);
        }
        // past reflection's inflation threshold, so that a probe costs the same on every call
        for (int i = 0; i < 64; i++) {
            try {
                ALLOCATED_BYTES.invoke(THREAD_MX, (Object) new long[] {Thread.currentThread().getId()});
            } catch (ReflectiveOperationException ex) {
                throw new ExceptionInInitializerError(ex);
            }
        }
    }

    /** @return bytes the threads allocated so far (each read itself allocates a little) */
    private static long allocated(long[] ids) {
        try {
            long s = 0;
            for (long b : (long[]) ALLOCATED_BYTES.invoke(THREAD_MX, (Object) ids)) {
                s += b;
            }
            return s;
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
