package dev.trackgen.pipeline.relax;

import dev.trackgen.api.config.RelaxKnobs;
import dev.trackgen.api.config.TrackGenConfig;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The relaxation stage: a fixed number of XPBD Jacobi sweeps over each constant-spacing bead
 * chain, opening self-approaches to the separation target {@code 2 * hw * (1 + margin)} and
 * rounding corners tighter than {@code hw * (1 + margin)}, so a constant half-width band can be
 * inflated around the result (see {@link XpbdRelaxKernel} for the method).
 *
 * <p>The schedule (sweep count, cache refresh cadence, Chebyshev weights, smoothing tail) is fixed
 * by the configuration and computed here once, so the stage is one capturable launch that
 * allocates nothing per call. Defaults follow the original implementation's docs/relaxation/
 * (AntoineRichard/TrackGen).
 *
 * <p>Memory per env: the output row and three ints ({@code band}, {@code l0}, {@code overflow}); on
 * a host-resident runtime the relaxation's working state lives in per-worker buffers, on CUDA in
 * shared memory per block with per-env global scratch rows as the fallback
 * ({@link XpbdRelaxKernel#globalScratchEnvs}).
 */
public final class XpbdRelaxation {
    private final LaunchPlan plan;
    private final I32Array band;
    private final F32Array l0;
    private final I32Array overflow;

    /**
     * Allocates the stage's buffers and binds its launch.
     *
     * @param runtime where arrays live
     * @param config  the configuration (half-width and {@code relax_*} knobs)
     * @param in      {@code [E * N_max]} constant-spacing centerlines (read only)
     * @param count   {@code [E]} real beads per track
     * @param relaxed {@code [E * N_max]} output; NaN padding preserved
     */
    public XpbdRelaxation(ComputeRuntime runtime, TrackGenConfig config, Vec2Array in, I32Array count,
                          Vec2Array relaxed) {
        int e = config.numEnvs();
        int nMax = config.nMax();
        float hw = (float) config.relaxHalfWidth();
        float margin = config.get(RelaxKnobs.MARGIN).floatValue();
        float target = 2f * hw * (1f + margin);
        int iters = config.get(RelaxKnobs.ITERS);
        int slots = config.get(RelaxKnobs.SEP_CACHE_SLOTS);
        boolean cheby = "chebyshev".equals(config.get(RelaxKnobs.ACCEL));
        int chebyStart = cheby ? config.get(RelaxKnobs.CHEBY_START) : Integer.MAX_VALUE;
        float[] omegas = ChebyshevSchedule.omegas(Math.max(iters, 1), config.get(RelaxKnobs.CHEBY_RHO),
                config.get(RelaxKnobs.CHEBY_START));
        F32Array omegaArray = runtime.allocF32(omegas.length);
        runtime.upload(omegas, omegaArray);
        Integer bandOverride = config.get(RelaxKnobs.BAND);

        // The Java body keeps a track's working state in per-worker buffers; only a device body
        // (CUDA, when its shared memory cannot hold a track) works in per-env global scratch rows.
        int scratchEnvs = XpbdRelaxKernel.globalScratchEnvs(runtime, e, nMax, slots);
        this.band = runtime.allocI32(e);
        this.l0 = runtime.allocF32(e);
        this.overflow = runtime.allocI32(e);
        this.plan = LaunchPlan.builder()
                .launch(e, XpbdRelaxKernel.INSTANCE.args()
                        .in(in).count(count).nMax(nMax).twoHalfWidth(2f * hw)
                        .bandOverride(bandOverride == null ? 0 : bandOverride).target(target)
                        .rMin(hw * (1f + margin))
                        .sepScale(config.get(RelaxKnobs.SEP_RELAX).floatValue())
                        .spcScale(config.get(RelaxKnobs.SPC_RELAX).floatValue())
                        .bendScale(config.get(RelaxKnobs.BEND_RELAX).floatValue())
                        .iters(iters).sepEvery(config.get(RelaxKnobs.SEP_EVERY)).slots(slots)
                        .cacheRadius(target * (1f + config.get(RelaxKnobs.SEP_CACHE_SKIN).floatValue()))
                        .chebyStart(chebyStart).omegas(omegaArray)
                        .gamma(config.get(RelaxKnobs.CHEBY_GAMMA).floatValue())
                        .smoothPasses(config.get(RelaxKnobs.SMOOTH_PASSES))
                        .polishIters(config.get(RelaxKnobs.SMOOTH_SPACING_ITERS))
                        .bufA(relaxed)
                        .bufB(runtime.allocVec2(scratchEnvs * nMax)).bufC(runtime.allocVec2(scratchEnvs * nMax))
                        .edgeLen(runtime.allocF32(scratchEnvs * nMax)).edgeFactor(runtime.allocF32(scratchEnvs * nMax))
                        .cacheCount(runtime.allocI32(scratchEnvs * nMax))
                        .cacheIdx(runtime.allocI32(scratchEnvs * nMax * Math.max(slots, 1)))
                        .overflow(overflow)
                        .boxes(runtime.allocF32(scratchEnvs * XpbdRelaxKernel.boxFloats(nMax)))
                        .band(band).l0(l0))
                .build();
    }

    /** @return the stage's launches */
    public LaunchPlan plan() {
        return plan;
    }

    /** @return {@code [E]} separation band per track */
    public I32Array band() {
        return band;
    }

    /** @return {@code [E]} rest edge length per track */
    public F32Array restLength() {
        return l0;
    }

    /** @return {@code [E]} beads whose candidate list overflowed at the last cache refresh */
    public I32Array cacheOverflow() {
        return overflow;
    }
}
