package dev.trackgen.api.kernel;

import dev.trackgen.api.runtime.ComputeRuntime;
import dev.trackgen.api.runtime.F32Array;
import dev.trackgen.api.runtime.I32Array;
import dev.trackgen.api.runtime.LaunchPlan;
import dev.trackgen.api.runtime.Vec2Array;

/**
 * Arc-length resampling of a batch of dense closed loops to {@code n} points each, as two launches
 * ({@link ArcResampleScanKernel}, {@link ArcResampleLookupKernel}) over buffers allocated once:
 * the step most generators end with, between their dense curve and their output.
 *
 * <p>Shapes: dense input {@code [E * m]} pairs (NaN points skipped), output {@code [E * n]} pairs;
 * scratch {@code [E]} counts, and on a runtime that runs only device bodies (CUDA)
 * {@code [E * m]} real points and segment lengths and {@code [E * (m + 1)]} cumulative arc length.
 * A runtime that runs Java bodies (the CPU runtime) gets one fused launch instead, whose
 * per-env scratch lives in buffers of the worker thread (same results bit for bit; the
 * {@link HostFusion} chooses).
 */
public final class ArcResampler {
    private final int envs;
    private final int m;
    private final int n;
    private final HostFusion fusion;
    private final Vec2Array real;
    private final F32Array seg;
    private final F32Array s;
    private final I32Array countReal;
    private final I32Array countOut;

    /**
     * @param runtime the runtime to allocate on
     * @param envs    batch size {@code E}
     * @param m       dense points per env
     * @param n       output points per env
     * @throws IllegalArgumentException if a size is not positive
     */
    public ArcResampler(ComputeRuntime runtime, int envs, int m, int n) {
        if (envs < 1 || m < 1 || n < 1) {
            throw new IllegalArgumentException("arc resampling needs envs, m and n >= 1, got " + envs + ", " + m + ", " + n);
        }
        this.envs = envs;
        this.m = m;
        this.n = n;
        this.fusion = new HostFusion(runtime, ArcResampleHostKernel.INSTANCE);
        this.real = fusion.deviceVec2(envs * m);
        this.seg = fusion.deviceF32(envs * m);
        this.s = fusion.deviceF32(envs * (m + 1));
        this.countReal = runtime.allocI32(envs);
        this.countOut = runtime.allocI32(envs);
    }

    /**
     * The two launches, bound once.
     *
     * @param dense        {@code [E * m]} input loops
     * @param active       {@code [E]} env selection, read when {@code selectedOnly}
     * @param selectedOnly resample only envs with {@code active[e] > 0}, leaving the others' output rows as they are
     * @param out          {@code [E * n]} output; NaN for an env with fewer than 2 real points
     * @return the plan, to {@link LaunchPlan.Builder#append} into a generator's plan
     */
    public LaunchPlan plan(Vec2Array dense, I32Array active, boolean selectedOnly, Vec2Array out) {
        int selected = selectedOnly ? 1 : 0;
        return fusion.plan(envs, ArcResampleHostKernel.INSTANCE.args().dense(dense).M(m).num(n).active(active)
                .selectedOnly(selected).countReal(countReal).countOut(countOut).out(out), b -> b
                .launch(envs, ArcResampleScanKernel.INSTANCE.args().dense(dense).M(m).num(n).active(active)
                        .selectedOnly(selected).real(real).seg(seg).s(s).countReal(countReal).countOut(countOut))
                .launch(envs * n, ArcResampleLookupKernel.INSTANCE.args().real(real).seg(seg).s(s)
                        .countReal(countReal).M(m).num(n).out(out)));
    }

    /** @return {@code [E]}: after a plan ran, {@code n} for every resampled env with 2 or more real points, else 0 */
    public I32Array counts() {
        return countOut;
    }
}
