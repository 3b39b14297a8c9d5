package dev.trackgen.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.generator.PlannedGenerator;
import dev.trackgen.api.generator.PlannedScratch;
import dev.trackgen.api.kernel.ArcResampleLookupKernel;
import dev.trackgen.api.kernel.ArcResampleScanKernel;
import dev.trackgen.api.kernel.FillI32Kernel;
import dev.trackgen.api.kernel.SelectRowsKernel;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.Kernel;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;
import dev.trackgen.generators.curves.LoopDenseKernel;
import dev.trackgen.generators.curves.LoopResampleHostKernel;
import dev.trackgen.runtime.cpu.CpuRuntime;
import org.junit.jupiter.api.Test;

/** What {@link PlannedGenerator} checks on a generator's first plan. */
class PlannedGeneratorTest {

    /** What the probe launches after its fill. */
    private enum Extra { NONE, SELECT_ROWS, LOOP_RESAMPLE_HOST }

    /** Writes the flags (when asked) and, when asked, launches a kernel it may not name. */
    private static final class Probe extends PlannedGenerator<Probe.Scratch> {
        private final boolean writesFlags;
        private final Extra extra;

        Probe(boolean writesFlags, boolean extraKernel) {
            this(writesFlags, extraKernel ? Extra.SELECT_ROWS : Extra.NONE, FillI32Kernel.INSTANCE);
        }

        Probe(boolean writesFlags, Extra extra, Kernel... named) {
            super(named);
            this.writesFlags = writesFlags;
            this.extra = extra;
        }

        @Override
        public String name() {
            return "probe";
        }

        @Override
        protected Scratch newScratch(ComputeRuntime runtime, TrackGenConfig config) {
            return new Scratch(runtime, config.numEnvs(), config.numPoints());
        }

        final class Scratch extends PlannedScratch {
            private final int envs;
            private final int n;
            private final I32Array other;
            private final I32Array countReal;
            private final I32Array countOut;

            Scratch(ComputeRuntime rt, int envs, int n) {
                this.envs = envs;
                this.n = n;
                this.other = rt.allocI32(envs);
                this.countReal = rt.allocI32(envs);
                this.countOut = rt.allocI32(envs);
            }

            @Override
            protected LaunchPlan buildPlan(I32Array seeds, Vec2Array out, I32Array valid) {
                LaunchPlan.Builder b = LaunchPlan.builder()
                        .launch(envs, FillI32Kernel.INSTANCE.args().out(writesFlags ? valid : other).value(1));
                if (extra == Extra.SELECT_ROWS) {
                    b.launch(envs * n, SelectRowsKernel.INSTANCE.args().a(out).b(out).flag(other).n(n).out(out));
                } else if (extra == Extra.LOOP_RESAMPLE_HOST) {
                    b.launch(envs, LoopResampleHostKernel.INSTANCE.args().ctrl(out).stride(n).count(other).npseg(1)
                            .withEnd(0).polygon(0).active(other).centripetal(0).num(n).countReal(countReal)
                            .countOut(countOut).out(out));
                }
                return b.build();
            }
        }
    }

    private static void run(Probe probe) {
        TrackGenConfig config = TrackGenConfig.builder().numEnvs(4).build();
        try (CpuRuntime cpu = new CpuRuntime(1, false);
             TrackGenerator gen = TrackGenerator.builder(config).generator(probe)
                     .rng(dev.trackgen.api.PerEnvSeededRng.fromScalar(4, 0)).runtime(cpu).build()) {
            gen.generate();
        }
    }

    @Test
    void aPlanThatNeverWritesTheFlagsIsRefusedByName() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(new Probe(false, false)));
        assertTrue(e.getMessage().contains("generator 'probe' never writes the flags array"), e.getMessage());
    }

    @Test
    void aKernelThePlanLaunchesButTheGeneratorDoesNotNameIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(new Probe(true, true)));
        assertTrue(e.getMessage().contains("launches tg_select_rows but does not name it"), e.getMessage());
    }

    @Test
    void aHostFusedKernelCountsAsTheKernelsItStandsForAndNoOthers() {
        run(new Probe(true, Extra.LOOP_RESAMPLE_HOST, FillI32Kernel.INSTANCE, LoopDenseKernel.INSTANCE,
                ArcResampleScanKernel.INSTANCE, ArcResampleLookupKernel.INSTANCE));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(new Probe(true,
                Extra.LOOP_RESAMPLE_HOST, FillI32Kernel.INSTANCE, ArcResampleScanKernel.INSTANCE,
                ArcResampleLookupKernel.INSTANCE)));
        assertTrue(e.getMessage().contains("launches tg_loop_resample_host but does not name it"), e.getMessage());
    }

    @Test
    void aGoodPlanRunsAndTheBaseSuppliesTheRestOfTheSpi() {
        Probe p = new Probe(true, false);
        run(p);
        assertEquals(java.util.List.of(FillI32Kernel.INSTANCE), p.kernels());
        assertTrue(p.capturable());
    }
}
