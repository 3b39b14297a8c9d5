package dev.trackgen.generators.curves;

import dev.trackgen.api.kernel.ArcResampler;
import dev.trackgen.api.kernel.HostFusion;
import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Dense closed-loop samples through control points ({@link LoopDenseKernel}) resampled to
 * {@code n} points at equal arc length ({@link ArcResampler}), over buffers allocated once: the
 * end of the generators with a polygon fallback (a spline pass for every env, a straight-polygon
 * pass for the envs whose spline crossed itself).
 *
 * <p>On a runtime that runs only device bodies (CUDA) it allocates the {@code [E * stride * npseg]}
 * dense pairs and launches the dense kernel then the resampler's kernels; on a runtime that runs
 * Java bodies (the CPU runtime) one {@link LoopResampleHostKernel} launch per pass, whose dense
 * loop lives in the worker's buffers (same output bit for bit; {@link HostFusion} chooses). Either
 * way {@code [E]} counts.
 */
public final class LoopResampler {
    private final int envs;
    private final int stride;
    private final int npseg;
    private final int n;
    private final HostFusion fusion;
    private final Vec2Array dense;
    private final ArcResampler arc;
    private final I32Array countReal;

    /**
     * @param runtime the runtime to allocate on
     * @param envs    batch size {@code E}
     * @param stride  control-point slots per env
     * @param npseg   samples per segment
     * @param n       output points per env
     * @throws IllegalArgumentException if a size is not positive
     */
    public LoopResampler(ComputeRuntime runtime, int envs, int stride, int npseg, int n) {
        if (envs < 1 || stride < 1 || npseg < 1 || n < 1) {
            throw new IllegalArgumentException("loop resampling needs envs, stride, npseg and n >= 1, got " + envs
                    + ", " + stride + ", " + npseg + ", " + n);
        }
        this.envs = envs;
        this.stride = stride;
        this.npseg = npseg;
        this.n = n;
        this.fusion = new HostFusion(runtime, LoopResampleHostKernel.INSTANCE);
        this.dense = fusion.deviceVec2(envs * stride * npseg);
        this.arc = new ArcResampler(runtime, envs, stride * npseg, n);
        this.countReal = runtime.allocI32(envs);
    }

    /**
     * One pass, bound once.
     *
     * @param ctrl        {@code [E * stride]} control points
     * @param count       {@code [E]} control points per env
     * @param withEnd     whether both ends of a segment are sampled ({@link LoopDenseKernel})
     * @param polygon     the straight polygon of the envs with {@code active[e] > 0} only (the others'
     *                    output rows are left as they are), instead of the spline of every env
     * @param active      {@code [E]} env selection, read when {@code polygon}
     * @param centripetal centripetal instead of uniform Catmull-Rom
     * @param out         {@code [E * n]} output; NaN for an env with fewer than 2 real points
     * @return the plan, to {@link LaunchPlan.Builder#append} into a generator's plan
     */
    public LaunchPlan plan(Vec2Array ctrl, I32Array count, boolean withEnd, boolean polygon, I32Array active,
                           boolean centripetal, Vec2Array out) {
        int end = withEnd ? 1 : 0;
        int straight = polygon ? 1 : 0;
        int centri = centripetal ? 1 : 0;
        return fusion.plan(envs, LoopResampleHostKernel.INSTANCE.args().ctrl(ctrl).stride(stride).count(count)
                .npseg(npseg).withEnd(end).polygon(straight).active(active).centripetal(centri).num(n)
                .countReal(countReal).countOut(arc.counts()).out(out), b -> b
                .launch(envs * stride * npseg, LoopDenseKernel.INSTANCE.args().ctrl(ctrl).stride(stride)
                        .count(count).npseg(npseg).withEnd(end).polygon(straight).active(active)
                        .centripetal(centri).out(dense))
                .append(arc.plan(dense, active, polygon, out)));
    }

    /** @return {@code [E]}: after a pass ran, {@code n} for every resampled env with 2 or more real points, else 0 */
    public I32Array counts() {
        return arc.counts();
    }
}
