package dev.trackgen.pipeline.resample;

import dev.trackgen.api.kernel.HostFusion;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * The constant-spacing resample stage: {@code [E * N]} dense closed centerlines become
 * {@code [E * N_max]} points at a constant arc spacing, NaN-padded past each track's
 * {@code count[e] = floor(perimeter / spacing) + 1} (capped at {@code N_max}; a capped track is
 * marked invalid). Relaxing at a spacing tied to the half-width rather than a fixed point count
 * is what lets the fixed sweep budget converge (original implementation,
 * AntoineRichard/TrackGen docs/how-it-works/resample.rst).
 *
 * <p>On a runtime that runs Java bodies (CPU) it is one fused launch whose per-env scratch lives
 * in the worker thread ({@link ConstantSpacingHostKernel}); elsewhere (CUDA) two launches over
 * {@code [E * N]} and {@code [E * (N + 1)]} scratch ({@link HostFusion} chooses). Same results either way.
 */
public final class ConstantSpacingResample {
    private final LaunchPlan plan;

    /**
     * Allocates the stage's scratch and binds its launches.
     *
     * @param runtime  where arrays live
     * @param numEnvs  batch size E
     * @param n        dense points per input centerline
     * @param spacing  output spacing, world units, {@code > 0}
     * @param nMax     output stride
     * @param in       {@code [E * n]} input centerlines
     * @param out      {@code [E * nMax]} output points
     * @param count    {@code [E]} output real-point counts
     * @param valid    {@code [E]} flags, cleared for truncated or degenerate tracks
     */
    public ConstantSpacingResample(ComputeRuntime runtime, int numEnvs, int n, float spacing, int nMax,
                                   Vec2Array in, Vec2Array out, I32Array count, I32Array valid) {
        HostFusion fusion = new HostFusion(runtime, ConstantSpacingHostKernel.INSTANCE);
        F32Array seg = fusion.deviceF32(numEnvs * n);
        F32Array s = fusion.deviceF32(numEnvs * (n + 1));
        this.plan = fusion.plan(numEnvs, ConstantSpacingHostKernel.INSTANCE.args().center(in).N(n).spacing(spacing)
                .nMax(nMax).count(count).valid(valid).out(out), b -> b
                .launch(numEnvs, ConstantSpacingScanKernel.INSTANCE.args()
                        .center(in).N(n).spacing(spacing).nMax(nMax).seg(seg).s(s).count(count).valid(valid))
                .launch(numEnvs * nMax, ConstantSpacingLookupKernel.INSTANCE.args()
                        .center(in).seg(seg).s(s).N(n).spacing(spacing).nMax(nMax).count(count).out(out)));
    }

    /** @return the stage's launches */
    public LaunchPlan plan() {
        return plan;
    }
}
