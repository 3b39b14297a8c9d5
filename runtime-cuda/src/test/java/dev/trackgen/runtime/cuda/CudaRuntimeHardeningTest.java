package dev.trackgen.runtime.cuda;

import dev.trackgen.api.TrackSnapshot;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.runtime.CapturedGraph;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.KernelArgs;
import dev.trackgen.api.runtime.LaunchShape;
import dev.trackgen.generators.knobs.BuiltinKnobs;
import dev.trackgen.pipeline.relax.XpbdRelaxKernel;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static dev.trackgen.runtime.cuda.EmulatedCudaRuntimeTest.assertSameBatch;
import static dev.trackgen.runtime.cuda.EmulatedCudaRuntimeTest.run;
import static dev.trackgen.runtime.cuda.EmulatedCudaRuntimeTest.runtime;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a real device would hit first, on the emulated driver (which applies the driver's own
 * rules: static plus dynamic shared memory within the function's limit, a per-thread current
 * context): shared-memory sizing, kernels without a fallback, a runtime shared between threads,
 * the caller's CUDA context, and launch shapes.
 */
class CudaRuntimeHardeningTest {

    @Test
    void theRelaxationsStaticSharedMemoryCountsTowardTheOptIn() {
        // 49,144 dynamic bytes fit 48 KiB alone, not with the kernel's static shared variables
        assertEquals(49_144, XpbdRelaxKernel.sharedBytes(702, 8));
        TrackGenConfig cfg = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(3).runtime("cpu").nMax(702)
                .set("relax_sep_cache_slots", "8").build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(cfg, 5, host, 1);
        }
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = runtime(d)) {
            assertSameBatch(cpu, run(cfg, 5, rt, 2));
            d.enter();
            try {
                CudaDriver.Function relax = d.function(d.loadModule(PtxResources.read(XpbdRelaxKernel.INSTANCE)),
                        "tg_xpbd_relax");
                assertTrue(d.staticSharedBytes(relax) > 8, "the relaxation declares static shared memory");
            } finally {
                d.leave();
            }
        }
        assertTrue(d.log.contains("allowDynamicShared tg_xpbd_relax 49144"), "opted in for static + dynamic: " + d.log);
    }

    /** {@code tg_test_rng} declared as if it needed 300 KB of shared memory and had no fallback. */
    static final class GreedyRng extends RngBase {
        @Override
        public LaunchShape cudaLaunchShape(int dim, KernelArgs args) {
            return LaunchShape.blockPerIndex(dim, 32, 300_000);
        }

        @Override
        protected void run(int begin, int end, int[] seeds, int[] streams, int[] indices, int[] bits, float[] uniform,
                           float[] ranged, int[] ints) {
            throw new AssertionError("not run in this test");
        }
    }

    @Test
    void aKernelWithoutFallbackThatNeedsMoreSharedMemoryThanTheDeviceHasIsRefusedWithOneLine() {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = runtime(d)) {
            GreedyRng k = new GreedyRng();
            I32Array a = rt.allocI32(2);
            F32Array f = rt.allocF32(2);
            KernelArgs args = k.args().seeds(a).streams(a).indices(a).bits(a).uniform(f).ranged(f).ints(a);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> rt.launch(k, 2, args));
            assertTrue(e.getMessage().startsWith("kernel tg_test_rng needs 300000 bytes of shared memory"), e.getMessage());
            assertTrue(e.getMessage().contains("no global-memory fallback") && !e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(d.log.stream().noneMatch(s -> s.equals("launch tg_test_rng")), "launched anyway: " + d.log);
    }

    @Test
    void theValidityGateRunsWithoutSharedMemoryWhereTheDeviceCannotGiveIt() {
        // 8 * 6200 bytes > 48 KiB: on a device without opt-in the gate is launched with none and
        // must give the CPU's verdicts (the twins test compares its no-scratch path element by element)
        TrackGenConfig cfg = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(3).runtime("cpu").nMax(6200)
                .build();
        TrackSnapshot cpu;
        try (CpuRuntime host = new CpuRuntime(2, false)) {
            cpu = run(cfg, 1, host, 1);
        }
        EmulatedDriver d = new EmulatedDriver(Twins.harness(), 48 * 1024);
        try (CudaRuntime rt = runtime(d)) {
            assertSameBatch(cpu, run(cfg, 1, rt, 1));
        }
        assertTrue(d.log.contains("launch tg_validity"));
        assertTrue(d.log.stream().noneMatch(s -> s.startsWith("allowDynamicShared tg_validity")));
    }

    @Test
    void aRuntimeSharedBetweenThreadsNeverPutsOneThreadsWorkIntoAnothersCapture() throws Exception {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = runtime(d)) {
            I32Array flags = rt.allocI32(8);
            rt.supports(FillI32Kernel.INSTANCE); // loads the module outside the capture
            CountDownLatch inCapture = new CountDownLatch(1);
            CountDownLatch otherStarted = new CountDownLatch(1);
            AtomicReference<Throwable> other = new AtomicReference<>();
            AtomicReference<F32Array> made = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    inCapture.await(10, TimeUnit.SECONDS);
                    otherStarted.countDown();
                    F32Array a = rt.allocF32(16);   // another generator being built meanwhile
                    rt.upload(new float[16], a);
                    made.set(a);
                } catch (Throwable e) {
                    other.set(e);
                }
            });
            t.start();
            CapturedGraph g = rt.capture(() -> {
                inCapture.countDown();
                try {
                    assertTrue(otherStarted.await(10, TimeUnit.SECONDS));
                    Thread.sleep(200); // the other thread is inside allocF32 by now, waiting for the lock
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                rt.launch(FillI32Kernel.INSTANCE, 8, FillI32Kernel.INSTANCE.args().out(flags).value(7));
            });
            t.join(10_000);
            assertNull(other.get(), () -> "the other thread failed: " + other.get());
            assertTrue(made.get() != null, "the other thread's allocation never happened");
            g.replay();
            int[] out = new int[8];
            rt.download(flags, out);
            assertEquals(7, out[3]);
            assertEquals(1, g.size(), "only the capturing thread's launch is in the graph");
        }
    }

    @Test
    void theCallersOwnContextIsCurrentAgainAfterEveryOperation() {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        EmulatedDriver.CURRENT.set("simulator");
        try {
            try (CudaRuntime rt = runtime(d)) {
                I32Array a = rt.allocI32(4);
                assertEquals("simulator", EmulatedDriver.CURRENT.get());
                rt.launch(FillI32Kernel.INSTANCE, 4, FillI32Kernel.INSTANCE.args().out(a).value(3));
                assertEquals("simulator", EmulatedDriver.CURRENT.get());
                int[] out = new int[4];
                rt.download(a, out);
                assertEquals(3, out[0]);
                CapturedGraph g = rt.capture(() -> rt.launch(FillI32Kernel.INSTANCE, 4,
                        FillI32Kernel.INSTANCE.args().out(a).value(5)));
                g.replay();
                rt.synchronize();
                assertEquals("simulator", EmulatedDriver.CURRENT.get());
            }
            assertEquals("simulator", EmulatedDriver.CURRENT.get(), "after close");
            assertTrue(d.outOfContext.isEmpty(), "driver calls outside the runtime's context: " + d.outOfContext);
            assertEquals(0, d.depth);
        } finally {
            EmulatedDriver.CURRENT.remove();
        }
    }

    @Test
    void withSyncEveryLaunchAnAsynchronousFaultNamesItsKernel() {
        for (boolean sync : new boolean[] {false, true}) {
            EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
            d.faultingKernel = FillI32Kernel.INSTANCE.name();
            System.setProperty(CudaRuntime.SYNC_EVERY_LAUNCH, Boolean.toString(sync));
            try (CudaRuntime rt = runtime(d)) {
                I32Array a = rt.allocI32(4);
                if (sync) {
                    CudaException e = assertThrows(CudaException.class,
                            () -> rt.launch(FillI32Kernel.INSTANCE, 4, FillI32Kernel.INSTANCE.args().out(a).value(1)));
                    assertTrue(e.getMessage().startsWith("kernel tg_fill_i32 (dim 4, "), e.getMessage());
                    assertTrue(e.getMessage().contains("CUDA_ERROR_ILLEGAL_ADDRESS"), e.getMessage());
                } else {
                    rt.launch(FillI32Kernel.INSTANCE, 4, FillI32Kernel.INSTANCE.args().out(a).value(1));
                    CudaException e = assertThrows(CudaException.class, rt::synchronize);
                    assertTrue(!e.getMessage().contains("tg_fill_i32"), "without the mode the fault comes later, unnamed");
                }
            } finally {
                System.clearProperty(CudaRuntime.SYNC_EVERY_LAUNCH);
            }
        }
    }

    @Test
    void generatorsOpenedAndClosedOnOneRuntimeGiveItsMemoryBack() {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        TrackGenConfig cfg = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(8).runtime("cpu").build();
        try (CudaRuntime rt = runtime(d)) {
            DeviceMemory before = rt.memory();
            for (int cycle = 0; cycle < 3; cycle++) {
                TrackSnapshot s = run(cfg, cycle, rt, 2);
                assertTrue(s.numEnvs() == 8);
                DeviceMemory after = rt.memory();
                assertEquals(before.runtimeBytes(), after.runtimeBytes(), "cycle " + cycle + ": the runtime holds more");
                assertEquals(before.usedBytes(), after.usedBytes(), "cycle " + cycle + ": the device holds more");
            }
            // an array of a closed generator is refused, not read from freed memory
            dev.trackgen.pipeline.TrackGenerator gen = dev.trackgen.registry.TrackGenLauncher.discover().builder(cfg)
                    .rng(dev.trackgen.api.PerEnvSeededRng.fromScalar(8, 1)).runtime(rt).build();
            gen.generate();
            dev.trackgen.api.runtime.Vec2Array center = gen.track().center();
            gen.close();
            assertThrows(IllegalStateException.class, () -> rt.download(center, new float[2 * center.length()]));
        }
        assertEquals(d.allocations, d.frees);
        assertTrue(d.modulesLoaded > 0);
        assertEquals(d.modulesLoaded, d.modulesUnloaded, "every module is unloaded on close");
    }

    @Test
    void theRelaxationsGlobalScratchIsAllocatedOnlyWhereSharedMemoryCannotHoldATrack() {
        TrackGenConfig cfg = TrackGenConfig.builder().declare(BuiltinKnobs.all()).numEnvs(64).runtime("cpu").nMax(700)
                .build();
        long[] held = new long[2];
        int[] maxShared = {227 * 1024, 48 * 1024};
        for (int i = 0; i < 2; i++) {
            EmulatedDriver d = new EmulatedDriver(Twins.harness(), maxShared[i]);
            try (CudaRuntime rt = runtime(d);
                 dev.trackgen.pipeline.TrackGenerator gen = dev.trackgen.registry.TrackGenLauncher.discover()
                         .builder(cfg).rng(dev.trackgen.api.PerEnvSeededRng.fromScalar(64, 3)).runtime(rt).build()) {
                gen.generate();
                held[i] = rt.memory().runtimeBytes();
            }
        }
        int slots = 16;
        long rowBytes = 700L * (8 + 8 + 4 + 4 + 4 + 4 * slots) + 4L * dev.trackgen.pipeline.relax.XpbdRelaxKernel.boxFloats(700);
        // the fallback device binds 63 more scratch rows than the one that holds tracks in shared memory
        assertEquals(63 * rowBytes, held[1] - held[0], "held " + held[0] + " vs " + held[1]);
    }

    @Test
    void theGpuReportListsEveryKernelsResourcesTheBoundaryBatchesAndTheMemory() {
        EmulatedDriver d = EmulatedCudaRuntimeTest.driver();
        try (CudaRuntime rt = runtime(d)) {
            DeviceMemory before = rt.memory();
            I32Array a = rt.allocI32(1000);
            assertEquals(4000, rt.memory().runtimeBytes() - before.runtimeBytes());
            assertEquals(before.usedBytes() + 4000, rt.memory().usedBytes());
            String report = GpuReport.report(rt, false);
            assertTrue(report.contains("| tg_xpbd_relax | 32 | "), report);
            assertTrue(report.contains("| tg_validity | 32 | "), report);
            assertTrue(report.contains("N_max = 702, relax_sep_cache_slots = 8: "), report);
            assertTrue(!report.contains("FAILED"), report);
            assertTrue(report.contains("memory after: "), report);
        }
    }

    @Test
    void perEnvironmentKernelsLaunchInSmallBlocksAndLinearGridsDoNotOverflow() {
        LaunchShape walk = dev.trackgen.pipeline.inflate.ArcLengthKernel.INSTANCE.cudaLaunchShape(4096, null);
        assertEquals(LaunchShape.PER_ENVIRONMENT_BLOCK, walk.blockX());
        assertEquals(4096 / LaunchShape.PER_ENVIRONMENT_BLOCK, walk.gridX());
        LaunchShape big = LaunchShape.linear(Integer.MAX_VALUE);
        assertTrue(big.gridX() > 0 && (long) big.gridX() * big.blockX() >= Integer.MAX_VALUE, big.toString());
        assertEquals((Integer.MAX_VALUE - 100) / 256 + 1, LaunchShape.linear(Integer.MAX_VALUE - 100).gridX());
    }
}
