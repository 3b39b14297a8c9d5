package dev.trackgen.runtime.cpu;

import dev.trackgen.api.runtime.AbstractKernel;
import dev.trackgen.api.runtime.CaptureViolationException;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.KernelParam;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.RuntimeOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuRuntimeTest {

    /** out[t] = t * scale + out[t] (read-modify-write exposes double execution of an index). */
    static final class Affine extends AbstractKernel {
        static final Affine INSTANCE = new Affine();
        final AtomicInteger chunks = new AtomicInteger();

        private Affine() {
            super("tg_test_affine", null, KernelParam.f32("out"), KernelParam.floatValue("scale"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
            chunks.incrementAndGet();
            float[] out = a.f32(0);
            float s = a.floatValue(1);
            for (int t = begin; t < end; t++) {
                out[t] += t * s;
            }
        }
    }

    static final class Failing extends AbstractKernel {
        static final Failing INSTANCE = new Failing();

        private Failing() {
            super("tg_test_failing", null, KernelParam.intValue("at"));
        }

        @Override
        public void run(KernelArgs a, int begin, int end) {
            if (a.intValue(0) >= begin && a.intValue(0) < end) {
                throw new IllegalStateException("boom at " + a.intValue(0));
            }
        }
    }

    private final CpuRuntime rt = new CpuRuntime(4, false);

    @AfterEach
    void close() {
        rt.close();
    }

    private float[] read(F32Array a) {
        float[] out = new float[a.length()];
        rt.download(a, out);
        return out;
    }

    @Test
    void everyIndexRunsExactlyOnceAcrossThreads() {
        int n = 100_003;
        F32Array out = rt.allocF32(n);
        int before = Affine.INSTANCE.chunks.get();
        rt.launch(Affine.INSTANCE, n, Affine.INSTANCE.args().set(0, out).set(1, 2f));
        float[] v = read(out);
        for (int t = 0; t < n; t++) {
            assertEquals(2f * t, v[t]);
        }
        assertTrue(Affine.INSTANCE.chunks.get() - before > 4, "the launch should be split into chunks");
    }

    @Test
    void kernelFailuresPropagateToTheCaller() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> rt.launch(Failing.INSTANCE, 10_000, Failing.INSTANCE.args().set(0, 7777)));
        assertEquals("boom at 7777", e.getMessage());
        // the pool keeps working afterwards
        F32Array out = rt.allocF32(5000);
        rt.launch(Affine.INSTANCE, 5000, Affine.INSTANCE.args().set(0, out).set(1, 1f));
        assertEquals(4999f, read(out)[4999]);
    }

    @Test
    void captureRecordsWithoutRunningAndReplayRunsAgain() {
        F32Array out = rt.allocF32(1000);
        KernelArgs args = Affine.INSTANCE.args().set(0, out).set(1, 1f);
        F32Array copy = rt.allocF32(1000);
        LaunchPlan plan = LaunchPlan.builder().launch(1000, args).copy(out, copy).build();
        CapturedGraph g = rt.capture(() -> plan.enqueue(rt));
        assertEquals(2, g.size());
        assertEquals(0f, read(out)[10], "capture must not execute");
        args.set(1, 100f); // re-binding after capture does not change the graph
        g.replay();
        g.replay();
        assertEquals(20f, read(out)[10]);
        assertEquals(20f, read(copy)[10]);
    }

    @Test
    void captureContractIsEnforced() {
        I32Array a = rt.allocI32(4);
        assertThrows(CaptureViolationException.class, () -> rt.capture(() -> rt.allocF32(3)));
        assertThrows(CaptureViolationException.class, () -> rt.capture(() -> rt.upload(new int[4], a)));
        CaptureViolationException e = assertThrows(CaptureViolationException.class,
                () -> rt.capture(() -> rt.download(a, new int[4])));
        assertTrue(e.getMessage().contains("read-back"), e.getMessage());
        assertThrows(CaptureViolationException.class, () -> rt.capture(() -> rt.capture(() -> { })));
        // the runtime leaves recording mode after a violation
        rt.upload(new int[] {1, 2, 3, 4}, a);
    }

    @Test
    void copiesCheckTypeAndLength() {
        assertThrows(IllegalArgumentException.class, () -> rt.copy(rt.allocF32(3), rt.allocF32(4)));
        assertThrows(IllegalArgumentException.class, () -> rt.copy(rt.allocF32(3), rt.allocI32(3)));
        assertThrows(IllegalArgumentException.class, () -> rt.upload(new float[5], rt.allocVec2(3)));
        float[] xy = {1, 2, 3, 4};
        var v = rt.allocVec2(2);
        rt.upload(xy, v);
        float[] back = new float[4];
        rt.download(v, back);
        assertArrayEquals(xy, back);
    }

    @Test
    void providerHonoursOptions() {
        try (CpuRuntime one = (CpuRuntime) new CpuRuntimeProvider().create(new RuntimeOptions(1, 0, true))) {
            assertEquals(1, one.threads());
            assertTrue(one.prefersReplay());
            assertTrue(one.describe().startsWith("cpu (1 thread,"), one.describe());
        }
        try (CpuRuntime all = CpuRuntime.allCores()) {
            assertEquals(Runtime.getRuntime().availableProcessors(), all.threads());
        }
    }

    @Test
    void closedRuntimeRefusesWork() {
        CpuRuntime r = new CpuRuntime(2, false);
        r.close();
        assertThrows(IllegalStateException.class, () -> r.allocF32(1));
    }

    @Test
    void threadCountsAreBoundedByAMultipleOfTheProcessors() {
        int max = RuntimeOptions.maxThreads();
        assertEquals(RuntimeOptions.MAX_THREADS_PER_PROCESSOR * Runtime.getRuntime().availableProcessors(), max);
        try (CpuRuntime rt = new CpuRuntime(max, false)) {
            assertEquals(max, rt.threads());
        }
        for (int bad : new int[] {-1, max + 1, 100_000, Integer.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CpuRuntime(bad, false));
            assertTrue(e.getMessage().startsWith("threads = " + bad + " is outside the allowed range [0, " + max + "]"),
                    e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new RuntimeOptions(bad, 0, false));
        }
    }
}
